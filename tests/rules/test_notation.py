"""The move notation (docs/notation.md): every legal action of every game is
written as one line that reads back as the same action, no two legal actions are
written alike, and a line that is no move says why in one sentence."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.notation import MOST_CHARACTERS, NotationError, notation_of
from river_tui.rules.registry import get_game
from river_tui.rules.glassworks.actions import Place
from river_tui.rules.flow.actions import PlaceTile
from river_tui.rules.we_all_take.actions import Offer, Propose

from support.toygame import Roll, Step

GAMES = ("glassworks", "riverside", "flow", "we-all-take")


def positions(game_id: str, seats: int, seed: int, every: int = 1):
    """Every ``every``-th position (and its seats to act) of one game of random moves."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(seats, {"variant": game.default_variant(seats)}, seed)
    for step in range(2000):
        acting = sorted(game.to_act(state))
        if not acting:
            return
        seat = rng.choice(acting)
        actions = game.legal_actions(state, seat)
        if step % every == 0:
            yield state, seat, actions
        state = game.apply(state, seat, actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 7)])
def test_every_legal_action_reads_back_as_itself_and_no_two_are_written_alike(game_id, seats, seed):
    game = get_game(game_id)
    seats = max(seats, game.min_seats)
    notation = notation_of(game)
    seen = 0
    for _, _, actions in positions(game_id, seats, seed, every=3):
        written = [notation.format(a) for a in actions]
        assert len(set(written)) == len(actions), "two legal actions are written alike"
        for action, line in zip(actions, written):
            assert "  " not in line and line == line.strip() and "\n" not in line
            assert notation.parse(line) == action, line
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_reads_whatever_the_case_and_spacing_of_its_words(game_id):
    game = get_game(game_id)
    notation = notation_of(game)
    state = game.new(2, {"variant": game.default_variant(2)}, 3)
    seat = min(game.to_act(state))
    for action in list(game.legal_actions(state, seat))[:20]:
        verb, *words = notation.format(action).split()
        assert notation.parse("  " + verb.upper() + "   " + " ".join(words) + " ") == action


def test_the_short_forms_name_the_pieces_as_the_board_prints_them():
    glass = notation_of(get_game("glassworks"))
    assert glass.format(Place((0, 0), 1)) == "place Wh,Wh t"  # two white hearts on the triangle tile
    assert glass.parse("place wh,wh t") == Place((0, 0), 1)
    flow = notation_of(get_game("flow"))
    assert flow.format(PlaceTile("bend", 1, 0)) == "place bend 90 A1"
    wat = notation_of(get_game("we-all-take"))
    assert wat.format(Offer(1, (2, 1, 0, 0, 0), (0, 0, 0, 0, 1))) == "offer 2 2fish+1tree 1gold"
    assert wat.parse("offer 2 1tree+2fish 1gold") == Offer(1, (2, 1, 0, 0, 0), (0, 0, 0, 0, 1))
    assert wat.format(Propose("end subsidy")) == "propose end-subsidy"


@pytest.mark.parametrize(
    "game_id, line, words",
    [
        ("glassworks", "", "Type a move."),
        ("glassworks", "fly Wh", "There is no move 'fly'; the moves are: place, gather, column, draw, overflow, pass."),
        ("glassworks", "place Wh", "place takes 2 words: place PIECES TILE."),
        ("glassworks", "place Zz h", "'Zz' is not a piece such as Wh (a white heart), or several joined by commas"),
        ("flow", "reserve Z9", "'Z9' is not a square such as C4 (reserve SQUARE)."),
        ("we-all-take", "offer 2 3cows nothing", "'3cows' is not tokens such as 2fish+1tree, or nothing"),
        ("riverside", "cross white 5", "'5' is not a row from 1 (top) to 4 (cross BOAT ROW)."),
    ],
)
def test_a_line_that_is_no_move_says_why(game_id, line, words):
    with pytest.raises(NotationError) as caught:
        notation_of(get_game(game_id)).parse(line)
    assert caught.value.reason.startswith(words)


def test_a_line_longer_than_any_move_is_refused_unread():
    with pytest.raises(NotationError, match="at most"):
        notation_of(get_game("flow")).parse("place " + "x" * MOST_CHARACTERS)


def test_a_game_without_a_notation_of_its_own_is_written_from_its_actions():
    notation = notation_of(get_game("toy"))
    assert notation.format(Step(2)) == "step 2"
    assert notation.parse("roll") == Roll()
    with pytest.raises(NotationError, match="'two' is not a number"):
        notation.parse("step two")
