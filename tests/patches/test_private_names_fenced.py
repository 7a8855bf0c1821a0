"""Textual's and Rich's private names are used in river_tui/patches/ alone.

A walk of every module outside that package fails on:
- an import of a private module (``textual._compositor``) or name (``_character_to_key``);
- a private attribute read or written on anything (``app._filters``, ``console._color_system``,
  ``self._modal_binding_chain`` in a Screen) that Textual or Rich define, or that River
  TUI itself does not define;
- a method named like a private one of a Textual or Rich class it subclasses
  (overriding ``_parse_rules``), or a replaced class or method (``Strip.__init__ = ...``).
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import textwrap
from pathlib import Path

import river_tui

PACKAGE = Path(river_tui.__file__).parent
FENCE = PACKAGE / "patches"
OUTSIDE = ("textual", "rich")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if FENCE not in p.parents and p.name != "__main__.py")


def _own_private_names() -> set[str]:
    """Every private name River TUI defines: methods, class attributes, attributes set on self."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                    names.add(node.attr)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        names.add(target.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update(alias.asname or alias.name for alias in node.names)
    return {name for name in names if _private(name)}


@functools.cache
def _private_names_of(cls: type) -> set[str]:
    """The private names a Textual or Rich class defines or sets on its objects."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return {name for name in vars(cls) if _private(name)}
    names = {name for name in vars(cls) if _private(name)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return {name for name in names if _private(name)}


ALLOWED = {
    "_replace": "a named tuple's public method",
    "_asdict": "a named tuple's public method",
    "_scheduled": "asyncio's, not Textual's or Rich's (net/sweeper.py says why)",
    "_timer_cancelled_count": "asyncio's, not Textual's or Rich's (net/sweeper.py says why)",
}


def _outside_classes(module) -> dict[str, tuple[str, set[str]]]:
    """Each class the module defines that inherits from Textual or Rich: the first
    such class, and the private names of them all."""
    found: dict[str, tuple[str, set[str]]] = {}
    for name, cls in vars(module).items():
        if inspect.isclass(cls) and cls.__module__ == module.__name__:
            bases = [base for base in cls.__mro__ if base.__module__.split(".")[0] in OUTSIDE]
            if bases:
                found[name] = (bases[0].__name__, set().union(*map(_private_names_of, bases)))
    return found


def _dotted(node: ast.expr) -> str:
    return f"{_dotted(node.value)}.{node.attr}" if isinstance(node, ast.Attribute) else getattr(node, "id", "?")


def uses_outside_the_fence(path: Path, own: set[str]) -> list[str]:
    """What in ``path`` uses a private name of Textual or Rich, or changes their classes."""
    tree = ast.parse(path.read_text())
    name = ".".join(("river_tui", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
    outside_classes = _outside_classes(importlib.import_module(name))
    imported_outside: set[str] = set()  # names bound to Textual's or Rich's modules and classes here
    found: list[str] = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in OUTSIDE:
                    imported_outside.add((alias.asname or alias.name).split(".")[0])
                    if any(_private(part) for part in alias.name.split(".")):
                        say(node, f"imports {alias.name}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in OUTSIDE:
            for alias in node.names:
                imported_outside.add(alias.asname or alias.name)
                if any(_private(part) for part in (*node.module.split("."), alias.name)):
                    say(node, f"imports {alias.name} from {node.module}")
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            base, theirs = outside_classes.get(node.name, ("", set()))
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in theirs:
                    say(item, f"{node.name} replaces {item.name} of {base}")
            for item in ast.walk(node):
                if isinstance(item, ast.Attribute) and item.attr in theirs:
                    on_self = isinstance(item.value, ast.Name) and item.value.id in ("self", "cls")
                    if on_self:
                        say(item, f"{node.name} uses {item.attr} of {base}")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            on_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if not on_self and node.attr not in ALLOWED and node.attr not in own:
                say(node, f"reads or writes {_dotted(node)}")
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                root = target
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(target, ast.Attribute) and isinstance(root, ast.Name) and root.id in imported_outside:
                    say(node, f"replaces {_dotted(target)}")
    return found


def test_no_private_textual_or_rich_name_outside_the_patches_package():
    own = _own_private_names()
    found = [use for path in _modules() for use in uses_outside_the_fence(path, own)]
    assert found == [], "outside river_tui/patches/:\n" + "\n".join(found)


def test_the_guard_sees_each_kind_of_use(tmp_path, monkeypatch):
    """The guard is not blind: each kind of use, written in a module of the package, is found."""
    probe = PACKAGE / "widgets" / "_guard_probe.py"
    probe.write_text(
        "import textual.screen\n"
        "from textual._compositor import Compositor\n"
        "from textual.keys import _character_to_key\n"
        "from textual.strip import Strip\n"
        "from textual.css.stylesheet import Stylesheet\n"
        "from textual.app import App\n"
        "class Sheet(Stylesheet):\n"
        "    def _parse_rules(self, css, read_from):\n"
        "        return []\n"
        "class Shell(App):\n"
        "    def hook(self):\n"
        "        self._filters.append(None)\n"
        "def f(app):\n"
        "    return app.console._color_system\n"
        "def g():\n"
        "    textual.screen.Compositor = None\n"
        "    Strip.__init__ = None\n"
    )
    try:
        found = "\n".join(uses_outside_the_fence(probe, _own_private_names()))
    finally:
        probe.unlink()
    for use in ("imports Compositor from textual._compositor", "imports _character_to_key",
                "Sheet replaces _parse_rules", "Shell uses _filters", "app.console._color_system",
                "replaces textual.screen.Compositor", "replaces Strip.__init__"):  # fmt: skip
        assert use in found
