"""Each of our games as an OpenSpiel Python game, through the Game contract only.

- A move's number is its place in the acting seat's `legal_actions` (which a
  seat's view alone decides, so the numbers mean the same moves in every state a
  seat cannot tell apart, as information-set search needs).
- Seats that act at once (Riverside's phases, votes) move one after another,
  the lowest seat first: each commits without seeing the others' choices, as
  the rules already hide them in a seat's view.
- Dice, shuffles and draws come from the RNG our state carries, seeded by the
  game's ``rng_seed`` parameter (the seed of ``river-tui new GAME --seed``): to
  OpenSpiel a game is deterministic, its chance hidden in the seed no seat sees,
  so a state is one of ours and nothing more. (OpenSpiel's "sampled stochastic"
  mode would need the game to give its RNG's state to pickle a game or state,
  which a Python game cannot.)
- A seat's information state and observation are its `view` (what our rules let
  it see; our own search decides from that alone), named by its digest.
  `resample_from_infostate` fills in what the view hides with the game's own
  determinizer (the one our search uses) and a fresh RNG.
- Returns are each seat's share of the victory: 1 for a sole winner, 1/k each
  for k seats sharing it, 0 otherwise (We All Take's seats all lose together).
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..rules.bots.hints import hints_for
from ..rules.core import Game, State
from ..rules.registry import GAMES, GameEntry, get_game

MOST_MOVES = {"glassworks": 256, "riverside": 64, "flow": 2048, "we-all-take": 4096}
"""Move numbers each game may use: far above the most legal actions seen in 30
random games at each of 2-3 seat counts (46, 11, 780 and 65)."""

LONGEST = {"glassworks": 1_000, "riverside": 5_000, "flow": 500, "we-all-take": 20_000}
"""Actions a game may take at most, far above the longest of those random games
(136, 550, 49 and 752)."""


def game_name(game_id: str) -> str:
    """The name a game of ours is registered under in OpenSpiel."""
    return "river_tui_" + game_id.replace("-", "_")


GAME_NAMES = {entry.id: game_name(entry.id) for entry in GAMES}
"""OpenSpiel's name of each of our games, by our game id."""


class Position:
    """One of our states and what the adapter works out from it once. Our `apply`
    never changes a state, so a position is never changed after it is made and
    clones share it (OpenSpiel deep-copies a Python state to clone it)."""

    __slots__ = ("rules", "state", "to_act", "_legal", "_seen")

    def __init__(self, rules: Game, state: State) -> None:
        self.rules = rules
        self.state = state
        self.to_act = rules.to_act(state)
        self._legal: list[Any] | None = None
        self._seen: dict[int, str] = {}

    def __deepcopy__(self, memo: dict) -> Position:
        return self

    def __reduce__(self) -> tuple:
        return _position_of, (self.rules.id, self.state)

    def legal(self, seat: int) -> list[Any]:
        """The acting seat's legal actions, in the rules' order."""
        if self._legal is None:
            self._legal = list(self.rules.legal_actions(self.state, seat))
        return self._legal

    def seen(self, seat: int) -> str:
        """What ``seat`` sees, named by the digest of its view."""
        if seat not in self._seen:
            rules = self.rules
            self._seen[seat] = f"seat {seat} sees {rules.digest(rules.view(self.state, seat))}"
        return self._seen[seat]

    def after(self, seat: int, action: int) -> Position:
        """The position after ``seat`` makes its move numbered ``action``."""
        return Position(self.rules, self.rules.apply(self.state, seat, self.legal(seat)[action]))


def _position_of(game_id: str, state: State) -> Position:
    """A pickled position back (its rules by the game's id)."""
    return Position(get_game(game_id), state)


class RiverState(pyspiel.State):
    """A game in progress: one of our states, one OpenSpiel move at a time."""

    def __init__(self, game: RiverGame, position: Position | None = None) -> None:
        super().__init__(game)
        # OpenSpiel clones a state by making a new one and copying this over: a
        # new state deals its game only when first looked at.
        self._now = position

    @property
    def position(self) -> Position:
        if self._now is None:
            self._now = self.get_game().deal()
        return self._now

    @property
    def rules_state(self) -> State:
        """Our state (River TUI's rules), with every secret in it."""
        return self.position.state

    def current_player(self) -> int:
        acting = self.position.to_act
        return min(acting) if acting else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        count = len(self.position.legal(player))
        if count > self.get_game().num_distinct_actions():
            raise pyspiel.SpielError(f"{self.position.rules.title} offers {count} moves, more than its adapter numbers.")
        return list(range(count))

    def _apply_action(self, action: int) -> None:
        self._now = self.position.after(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action as our rules name it (its fields: a log line may read the
        same for two moves, such as a tile turned to a side that looks alike)."""
        position = self.position
        if player not in position.to_act:
            return f"move {action}"
        return repr(position.legal(player)[action])

    def is_terminal(self) -> bool:
        return not self.position.to_act

    def returns(self) -> list[float]:
        seats = self.get_game().num_players()
        if not self.is_terminal():
            return [0.0] * seats
        winners = self.position.rules.result(self.position.state).winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)]

    def view_name(self, player: int) -> str:
        """The seat's information state and observation (see the module's docstring)."""
        return self.position.seen(player)

    def resample_from_infostate(self, player: int, sampler: Any) -> RiverState:
        """A state ``player`` cannot tell from this one: its view with the hidden
        parts and the RNG filled in by the game's determinizer, seeded from
        ``sampler`` (OpenSpiel's source of uniform numbers in [0, 1))."""
        rules = self.position.rules
        view = rules.view(self.position.state, player)
        rng = random.Random(int(sampler() * (1 << 53)))
        game = self.get_game()
        return RiverState(game, position=Position(rules, game.determinize(view, player, rng)))

    def __str__(self) -> str:
        rules, state = self.position.rules, self.position.state
        return f"{rules.title}, {rules.round_label(state) or 'the start'}: {rules.digest(state)}"


class ViewObserver:
    """OpenSpiel's observer of a seat: its view, as a string (no tensor)."""

    tensor = None
    dict: dict = {}

    def set_from(self, state: RiverState, player: int) -> None:
        """Nothing to fill in: this observer has no tensor."""

    def string_from(self, state: RiverState, player: int) -> str:
        return state.view_name(player)


class RiverGame(pyspiel.Game):
    """One of our games for OpenSpiel. Parameters: ``players`` (the seats),
    ``variant`` ("" for the game's usual one at that many seats) and
    ``rng_seed`` (the seed the game is dealt from)."""

    rules: Game

    def __init__(self, params: dict | None = None) -> None:
        params = {**_defaults(self.rules), **(params or {})}
        players = int(params["players"])
        self.rules.check_seats(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=MOST_MOVES[self.rules.id],
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=LONGEST[self.rules.id],
        )
        super().__init__(_game_type(self.rules), info, params)
        self._options = {"variant": params["variant"] or self.rules.default_variant(players)}
        self.rules.check_options(self._options)
        self._seed = int(params["rng_seed"])
        self.determinize = hints_for(self.rules).determinize

    def new_initial_state(self) -> RiverState:
        return RiverState(self)

    def deal(self) -> Position:
        """The game's start, dealt from ``rng_seed``."""
        return Position(self.rules, self.rules.new(self.num_players(), self._options, self._seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"{self.rules.title} takes no observation parameters.")
        return ViewObserver()


def _defaults(rules: Game) -> dict[str, Any]:
    return {"players": max(2, rules.min_seats), "variant": "", "rng_seed": 0}


def _game_type(rules: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=game_name(rules.id),
        long_name=f"River TUI {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_seats,
        min_num_players=rules.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_defaults(rules),
    )


def _game_class(entry: GameEntry) -> type[RiverGame]:
    """The `RiverGame` of one game; a name of this module, as pickle finds a class."""
    name = "RiverGame_" + entry.id.replace("-", "_")
    cls = type(name, (RiverGame,), {"rules": get_game(entry.id), "__module__": __name__})
    globals()[name] = cls
    return cls


GAME_CLASSES = {entry.id: _game_class(entry) for entry in GAMES}


def register() -> None:
    """Register every game of ours with OpenSpiel (once; again does nothing)."""
    known = set(pyspiel.registered_names())
    for game_id, cls in GAME_CLASSES.items():
        if game_name(game_id) not in known:
            pyspiel.register_game(_game_type(cls.rules), cls)
