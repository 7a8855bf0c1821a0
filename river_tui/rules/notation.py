"""A short move notation: one line of words per action, typed by a player in plain
mode, sent by a program playing a seat, written by ``river-tui export``.

A move is a verb and its fields, each one word: ``place Wh,Wh h``, ``reserve C4``.
Each game names its verbs and how its fields are written in its own
``notation.py`` (``NOTATION``); a game without one (a test's toy game) gets the
plain form built from its action classes: the class name in lower case and each
field as it is (numbers, words, ``yes``/``no``, ``-`` for nothing, lists joined by
commas). docs/notation.md lists every game's verbs.

`Notation.parse` reads only what a player could type: it never evaluates anything,
reads at most `MOST_CHARACTERS`, and says what is wrong in one sentence
(`NotationError`). Whether a well-formed move is legal is the rules' business.
"""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Action, Game, quoted

MOST_CHARACTERS = 400
"""The longest move read; longer text is refused before it is looked at."""

NOTHING = "-"
"""How an absent value (None, an empty list) is written."""


REQUIRED: Any = object()
"""The default of a field that may not be left out."""


class NotationError(ValueError):
    """A move that cannot be read; ``reason`` is one sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Field:
    """How one field of an action is written as one word and read back.

    ``write`` turns a value into a word without spaces; ``read`` turns a word back
    (raising ValueError with a sentence); ``what`` names the word in errors ("a
    square such as C4"). A trailing field equal to ``default`` may be left out.
    """

    write: Callable[[Any], str]
    read: Callable[[str], Any]
    what: str
    default: Any = REQUIRED


def _read_int(word: str) -> int:
    if not (word.isascii() and word.lstrip("-").isdigit()) or len(word) > 6:
        raise ValueError
    return int(word)


INT = Field(str, _read_int, "a number")
WORD = Field(str, str, "a word")
YES_NO = Field(lambda v: "yes" if v else "no", lambda w: {"yes": True, "no": False}[w.lower()], "yes or no")


def optional(inner: Field, default: Any = REQUIRED) -> Field:
    """``inner`` or nothing (``-``)."""
    return Field(
        lambda v: NOTHING if v is None else inner.write(v),
        lambda w: None if w == NOTHING else inner.read(w),
        f"{inner.what} or {NOTHING}",
        default,
    )


def listed(inner: Field, default: Any = REQUIRED) -> Field:
    """A tuple of ``inner`` values joined by commas (``-`` when empty)."""
    return Field(
        lambda v: ",".join(inner.write(x) for x in v) or NOTHING,
        lambda w: () if w == NOTHING else tuple(inner.read(x) for x in w.split(",")),
        f"{inner.what}, or several joined by commas",
        default,
    )


def named(names: Mapping[Any, str], what: str, default: Any = REQUIRED) -> Field:
    """One of a fixed set of values, each written as its name, read in any case
    unless two names differ only in case (We All Take's ``W1`` and ``w1``)."""
    folded = {name.lower(): value for value, name in names.items()}
    if len(folded) == len(names):
        return Field(names.__getitem__, lambda w: folded[w.lower()], what, default)
    exact = {name: value for value, name in names.items()}
    return Field(names.__getitem__, exact.__getitem__, what, default)


@dataclass(frozen=True)
class Verb:
    """An action class, the word that starts it and how each of its fields is written."""

    cls: type
    word: str
    fields: tuple[Field, ...] = ()


class Notation:
    """The notation of one game: format an action, parse a line back."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.verbs = tuple(verbs)
        self._by_class = {v.cls: v for v in self.verbs}
        self._by_word = {v.word: v for v in self.verbs}
        if len(self._by_word) != len(self.verbs) or len(self._by_class) != len(self.verbs):
            raise ValueError("Each verb names one action class.")
        for verb in self.verbs:
            if len(verb.fields) != len(dataclasses.fields(verb.cls)):
                raise ValueError(f"{verb.word} writes {len(verb.fields)} fields of {verb.cls.__name__}.")

    def format(self, action: Action) -> str:
        verb = self._by_class[type(action)]
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
        words = [field.write(value) for field, value in zip(verb.fields, values)]
        while words and _omittable(verb.fields[len(words) - 1], values[len(words) - 1]):
            words.pop()
        return " ".join([verb.word, *words])

    def parse(self, text: str) -> Action:
        if len(text) > MOST_CHARACTERS:
            raise NotationError(f"A move is at most {MOST_CHARACTERS} characters.")
        words = text.split()
        if not words:
            raise NotationError("Type a move.")
        verb = self._by_word.get(words[0].lower())
        if verb is None:
            known = ", ".join(v.word for v in self.verbs)
            raise NotationError(f"There is no move {quoted(words[0])}; the moves are: {known}.")
        given = words[1:]
        needed = sum(1 for f in verb.fields if f.default is REQUIRED)
        if not needed <= len(given) <= len(verb.fields):
            raise NotationError(f"{verb.word} takes {_counted(needed, len(verb.fields))}: {self.usage(verb)}.")
        values = []
        for field, word in zip(verb.fields, given):
            try:
                values.append(field.read(word))
            except (ValueError, KeyError, IndexError):
                raise NotationError(f"{quoted(word)} is not {field.what} ({self.usage(verb)}).") from None
        values += [f.default for f in verb.fields[len(given) :]]
        return verb.cls(*values)

    def usage(self, verb: Verb) -> str:
        """"place PIECES TILE" with each field's words named."""
        names = [f.name.upper() for f in dataclasses.fields(verb.cls)]
        parts = [n if f.default is REQUIRED else f"[{n}]" for n, f in zip(names, verb.fields)]
        return " ".join([verb.word, *parts])


def _omittable(field: Field, value: Any) -> bool:
    return field.default is not REQUIRED and value == field.default


def _counted(least: int, most: int) -> str:
    if least == most:
        return f"{most} word{'s' if most != 1 else ''}"
    return f"{least} to {most} words"


# --- the plain notation, for a game without a notation.py --------------------------

def _field_for(hint: Any, default: Any) -> Field:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if args and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return optional(_field_for(inner, REQUIRED), default)
    if origin is tuple:
        return listed(_field_for(args[0], REQUIRED), default)
    if hint is bool:
        return dataclasses.replace(YES_NO, default=default)
    if hint is int:
        return dataclasses.replace(INT, default=default)
    return dataclasses.replace(WORD, default=default)


def plain_verb(cls: type, word: str | None = None, **fields: Field) -> Verb:
    """``cls`` written as its class name (or ``word``) and its fields as they are,
    except those given by name in ``fields``."""
    hints = typing.get_type_hints(cls)
    return Verb(
        cls,
        word or cls.__name__.lower(),
        tuple(fields.get(f.name) or _field_for(hints[f.name], _default(f)) for f in dataclasses.fields(cls)),
    )


def _default(field: dataclasses.Field) -> Any:
    return REQUIRED if field.default is dataclasses.MISSING else field.default


def notation_of(game: Game) -> Notation:
    """``game``'s notation: its package's ``notation.NOTATION``, else the plain one."""
    package = type(game).__module__.rpartition(".")[0]
    if package.startswith(__package__ + "."):
        try:
            return importlib.import_module(package + ".notation").NOTATION
        except ModuleNotFoundError:
            pass
    return Notation(plain_verb(cls) for cls in game.action_types)


def written(notation: Notation, actions: Sequence[Action]) -> dict[str, Action]:
    """The legal actions by how they are written (to look up what a player typed)."""
    return {notation.format(action): action for action in actions}
