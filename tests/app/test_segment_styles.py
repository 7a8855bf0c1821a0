"""Every Segment and blank Strip River TUI builds carries a Style.

Textual's Monochrome filter (what NO_COLOR turns on) reads ``segment.style.color``
of every segment a widget draws, and a segment without a style crashed it. This
reads the source, so a new Line API widget cannot bring the crash back unnoticed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import river_tui

SOURCE = Path(river_tui.__file__).parent


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return f"{_name(func.value)}.{func.attr}"
    return ""


def _style_given(call: ast.Call, position: int) -> bool:
    """Whether the call passes a style, by position or by keyword, other than None."""
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return True
    style = call.args[position] if len(call.args) > position else None
    for keyword in call.keywords:
        if keyword.arg == "style" or keyword.arg is None:
            style = keyword.value
    return style is not None and not (isinstance(style, ast.Constant) and style.value is None)


def unstyled_lines(source: str) -> list[int]:
    """Lines of ``source`` that build a Segment or a blank Strip without a style
    (the style is the second argument of both)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and _name(node.func) in ("Segment", "Strip.blank") and not _style_given(node, 1)
    ]


def test_every_segment_and_blank_strip_has_a_style():
    found = [
        f"{path.relative_to(SOURCE.parent)}:{line}"
        for path in sorted(SOURCE.rglob("*.py"))
        for line in unstyled_lines(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"built without a Style (NO_COLOR's Monochrome filter crashes on them): {found}"


def test_the_check_sees_a_segment_without_a_style():
    sample = 'A = Segment("  ")\nB = Segment(" ", None)\nC = Segment(" ", style=BOLD)\nD = Strip.blank(4)\n'
    assert sorted(unstyled_lines(sample)) == [1, 2, 4]
