"""The Game contract: the one interface every layer above the rules talks through.

Screens, saves, bots, the SSH server and the benchmarks know a game only as a
`Game`: they ask who may act (`to_act`), what they may do (`legal_actions`), do it
(`apply`, pure, raising `IllegalAction` with a sentence a player understands),
look at what a seat may see (`view`) and read the final `Result`.

Actions are small frozen dataclasses whose fields are ints, strs, bools, None or
tuples of those; `encode_action`/`Game.decode_action` give them a stable msgpack
encoding (``[class name, field, ...]``).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .changes import Changes
from .rng import Rng

Action = Any
State = Any
Options = Mapping[str, Any]


QUOTED_MOST = 40
"""Characters of a name from a file or a player that a sentence quotes at most."""


def quoted(value: Any) -> str:
    """``value`` quoted in a sentence: its text (or its repr) in quotes, shortened to
    `QUOTED_MOST` characters with an ellipsis, so a long name never pushes the
    sentence's own end past what is shown."""
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= QUOTED_MOST else text[: QUOTED_MOST - 1] + "…")


class IllegalAction(Exception):
    """Raised by `Game.apply` for a move the rules forbid.

    ``reason`` is one sentence a player understands, shown as it is.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Variant:
    """A way to play a game that the setup screen and ``--variant`` offer."""

    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class ScoreLine:
    """One line of a seat's score breakdown, as the rulebook's scoring counts it."""

    label: str
    points: int


@dataclass(frozen=True)
class Result:
    """The end of a game: scores, how each was made, and who won.

    ``winners`` holds every seat that shares the victory; ``notes`` carries
    per-seat text the rulebook adds to the scores (achievements, revealed roles).
    An empty ``winners`` means everyone lost (We All Take's ecosystem loss).
    """

    scores: tuple[int, ...]
    breakdown: tuple[tuple[ScoreLine, ...], ...]
    winners: frozenset[int]
    notes: tuple[str, ...] = ()
    summary: str = ""

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1


class Game:
    """Base class of every game. Subclasses fill in the rules.

    ``apply`` never mutates its input state. ``legal_actions`` must also work on
    ``view(state, seat)`` for that seat, so bots and remote screens never need the
    true hidden state.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    variants: ClassVar[tuple[Variant, ...]] = ()
    hidden_information: ClassVar[bool] = False
    """True when seats hold secrets (hands, roles, pending choices) that the
    handover screen must hide between human seats at one keyboard."""
    action_types: ClassVar[tuple[type, ...]] = ()
    rules_version: ClassVar[int] = 1
    #: What `reveals_information` guards against, in the game's words ("a roll of the dice").
    revealing_step: ClassVar[str] = "a roll or a draw"
    """Raised by a rules change after which some older saves may no longer replay;
    each save records it, so one that will not replay can say why."""

    # --- the contract --------------------------------------------------------
    def new(self, seats: int, options: Options, seed: int) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> frozenset[int]:
        """The seats play waits for now; several in simultaneous phases; empty at the
        end. Computer seats are asked to move when they are here."""
        raise NotImplementedError

    def may_act(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may make some move now. The seats in `to_act`, and in a game
        where some moves may be made at any time (We All Take's trade offers) other
        seats too: their `legal_actions` list those moves, though play does not wait
        for them."""
        return seat in self.to_act(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> State:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (``None``: a spectator). Never holds the RNG."""
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    # --- helpers with sensible defaults ------------------------------------
    def default_variant(self, seats: int) -> str | None:
        """The variant a new game of ``seats`` uses unless the player picks another."""
        return self.variants[0].id if self.variants else None

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(
                f"{self.title} is played by {self.min_seats} to {self.max_seats} seats, not {seats}."
            )

    def check_options(self, options: Options) -> None:
        variant = options.get("variant")
        known = {v.id for v in self.variants}
        if variant is not None and variant not in known:
            choices = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{self.title} has no variant {quoted(variant)} (choices: {choices}).")

    def describe(self, state: State, seat: int, action: Action) -> str:
        """One log line for ``action`` by ``seat`` in ``state``, in the game's language."""
        return str(action)

    def describe_in_full(self, state: State, seat: int, action: Action) -> str:
        """``action`` in words that may tell what `describe` keeps from the other
        seats until later (for a finished game's analysis, where all is revealed)."""
        return self.describe(state, seat, action)

    def describe_as_advice(self, state: State, seat: int, action: Action) -> str:
        """``action`` said to ``seat``'s own player as what to do now, for a hint
        ("Place a bend on D3, turned 90°."), naming as much as `describe_in_full`.
        A game says it through its narration's `Voice` (rules/voice.py); this
        default is the log's words."""
        return self.describe_in_full(state, seat, action)

    def events(self, before: State, after: State) -> list[str]:
        """Log lines for the automatic rules steps between two states (dice, refills)."""
        return []

    logs_each_step: ClassVar[bool] = True
    """Whether the game log shows `describe`'s line for every action. False for a game
    whose `events` sum up each seat's steps instead (Riverside: one line per seat and
    phase, when the phase resolves); the replay's move list still shows every step."""

    summary_headings: ClassVar[tuple[str, ...]] = ()
    """The headings of the "since your last turn" summary, in the order shown."""

    summary_alerts: ClassVar[tuple[str, ...] | None] = None
    """The summary headings whose news brings the summary up by itself when a seat's
    turn comes with no handover before it (the others' moves made in sight of the
    keyboard, on the board and in the log): only news that changes the seat's plans
    (Glassworks' end triggered). None: any news (the seat's view hides much of what
    the others did). After a handover, or on its key, the summary shows in any case."""

    summary_own_aftermath: ClassVar[bool] = True
    """Whether the summary starts with what the seat's own last move set off: the rules'
    steps after it (We All Take's water, floods and flow), which its player has not
    seen worked out. A game whose aftermath is the mover's own doing, seen as it was
    made (Flow's territories closed by the tile placed), says False."""

    def changes(self, before: State, after: State, actor: int) -> Changes:
        """What ``actor``'s move changed between two views of one seat (``view(state,
        seat)`` before and after the move): the places to mark on the board and what
        happened, in the game's words. Given views only, it cannot tell what they hide.
        See rules/changes.py."""
        return Changes()

    def reveals_information(self, before: State, after: State) -> bool:
        """Whether going from ``before`` to ``after`` showed something new (a roll,
        a draw), so undo must not step back over it. By default: the RNG was used."""
        return state_rng(before) != state_rng(after)

    def undo_stop(self, before: State, after: State) -> str | None:
        """Why undo must not step back over the move from ``before`` to ``after``, in
        words that finish "That move cannot be taken back: ..." (None: it may). By
        default: it revealed `revealing_step` (`reveals_information`)."""
        return f"it revealed {self.revealing_step}" if self.reveals_information(before, after) else None

    def tallies(self, moves: Sequence[tuple[State, int, Action]], final: State) -> dict[str, float]:
        """Figures of one finished computer-only game for `river-tui simulate` to gather
        across games, by name: a count, or 1 and 0 for something that happened or not.
        ``moves`` holds every (position before, seat, action) of the game. None by default."""
        return {}

    achievements: ClassVar[tuple[str, ...]] = ()
    """The game's table of achievements, lowest first (a player's record shows the
    highest reached); none by default."""

    def achievement(self, result: Result, seat: int) -> str | None:
        """The line of `achievements` that ``seat`` reached in a finished game's
        ``result`` (None: none, or a game without such a table)."""
        return None

    def round_label(self, state: State) -> str:
        """Where the game stands ("Round 3", "Season 2, turn 4"), for lists and logs."""
        return ""

    def round_of(self, state: State) -> str:
        """The round ``state`` is in, as the replay's [ and ] and its jump list count
        rounds: `round_label` unless that also names a step within the round."""
        return self.round_label(state)

    def decode_action(self, data: Sequence[Any]) -> Action:
        """Rebuild an action from `encode_action`'s output, or raise ValueError."""
        by_name = {cls.__name__: cls for cls in self.action_types}
        if not data or not isinstance(data[0], str) or data[0] not in by_name:
            raise ValueError(f"{self.title} has no action {quoted(data[0] if data else '')}.")
        return _rebuild(by_name[data[0]], list(data[1:]))

    def bots(self) -> dict[str, Bot]:
        """The computer seats this game offers, by name; "greedy" is the default one."""
        return {"random": RANDOM_BOT}

    def digest(self, state: State) -> str:
        """A stable fingerprint of a state, used to verify that a save replays exactly."""
        return hashlib.sha256(canonical_bytes(state)).hexdigest()[:32]


def seen_changes(game: Game, before: State, after: State, actor: int, seat: int | None) -> Changes:
    """What ``actor``'s move from ``before`` to ``after`` changed, as ``seat`` sees it."""
    return game.changes(game.view(before, seat), game.view(after, seat), actor)


def state_rng(state: State) -> Rng | None:
    return getattr(state, "rng", None)


def encode_action(action: Action) -> list[Any]:
    """``[class name, field values...]``; tuples become lists; nested actions recurse."""
    return [type(action).__name__, *(_plain(getattr(action, f.name)) for f in dataclasses.fields(action))]


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return encode_action(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _rebuild(cls: type, values: list[Any]) -> Action:
    fields = dataclasses.fields(cls)
    if len(values) != len(fields):
        raise ValueError(f"{cls.__name__} takes {len(fields)} values, not {len(values)}.")
    hints = _field_types(cls)
    for f, value in zip(fields, values):
        if not _conforms(value, hints.get(f.name, Any)):
            raise ValueError(f"{cls.__name__}'s {f.name} is not of its kind.")
    return cls(*(_tuplify(v) for v in values))


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _conforms(value: Any, hint: Any) -> bool:
    """Whether a decoded value fits an action field's annotation (a tuple arrives
    as a list); what the annotation does not pin down passes."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, arm) for arm in args)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args))
    return True


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def canonical_bytes(value: Any) -> bytes:
    """A deterministic byte encoding of nested game state (sets sorted, dataclasses by field)."""
    out: list[str] = []
    _canon(value, out)
    return "".join(out).encode()


_SCALARS = frozenset({int, str, bool, float, type(None)})
"""Types written as their repr (most of a state's values): looked up before anything else."""
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
"""A dataclass type's field names in order, None for any other type; worked out once per type
(a save's digest walks the whole state after every move, at every table of a server)."""


def _field_names(kind: type) -> tuple[str, ...] | None:
    names = _FIELD_NAMES.get(kind, ())
    if names == ():
        names = tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None
        _FIELD_NAMES[kind] = names
    return names


def _canon(value: Any, out: list[str]) -> None:
    kind = type(value)
    if kind in _SCALARS:
        out.append(repr(value))
        return
    names = _field_names(kind)
    if names is not None:
        out.append(kind.__name__ + "(")
        for name in names:
            _canon(getattr(value, name), out)
            out.append(",")
        out.append(")")
    elif isinstance(value, Mapping):
        out.append("{")
        for k in sorted(value, key=repr):
            out.append(repr(k) + ":")
            _canon(value[k], out)
            out.append(",")
        out.append("}")
    elif isinstance(value, (set, frozenset)):
        out.append("{" + ",".join(sorted(repr(v) for v in value)) + "}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for v in value:
            _canon(v, out)
            out.append(",")
        out.append("]")
    else:
        out.append(repr(value))


def ranked_winners(scores: Sequence[int], *tiebreaks: Sequence[int]) -> frozenset[int]:
    """The seats with the best score, ties broken by each tiebreak in turn; seats
    still equal after every tiebreak share the victory."""
    keys = [(scores[s], *(t[s] for t in tiebreaks)) for s in range(len(scores))]
    best = max(keys)
    return frozenset(s for s, k in enumerate(keys) if k == best)


@dataclass
class Bot:
    """A computer seat: chooses an action from what its seat may see.

    ``choose`` receives ``game.view(state, seat)``, never the true state, and a
    ``random.Random`` of the bot's own (not the game's RNG).
    """

    name: str
    choose: Any = field(repr=False)  # Callable[[Game, State, int, random.Random], Action]


def _choose_uniformly(game: Game, view: State, seat: int, rng: Any) -> Action:
    return rng.choice(list(game.legal_actions(view, seat)))


RANDOM_BOT = Bot("random", _choose_uniformly)
"""Picks uniformly among the legal actions: the yardstick the game bots must beat."""
