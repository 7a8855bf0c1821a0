"""The words of the game's last trading window: the site's step of the last season is
every seat's last chance to trade before the scores, and the river panel and the list
of choices say so (not "the city's construction site" and "Done adding to the city",
which a seat with nothing to add would not read as its last chance to trade)."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE
from river_tui.rules.we_all_take.seasons import advance, end_season
from river_tui.rules.we_all_take.state import CONTRIBUTE
from river_tui.screens.we_all_take.screen import last_trades_words
from river_tui.widgets.we_all_take.choices import choices
from river_tui.widgets.we_all_take.river import phase_words

from support.wat_helpers import at_turn, new_table, tile


def site_step(last: bool):
    """Three seats at the site's step of a season's end (the game's last with ``last``),
    the city's site placed on the top tile and every seat holding a fish, a tree and a
    gravel for it."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    if last:
        s.season = s.last_season
    s = at_turn(s, 4, 0)
    s.city = tile("W1")
    end_season(s)
    advance(s)
    while s.phase != CONTRIBUTE:
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, DONE)
    return s


def done_words(s) -> str:
    seat = min(GAME.to_act(s))
    listed = choices(GAME.view(s, seat), seat, list(GAME.legal_actions(s, seat)))
    return next(c.label.plain for c in listed if c.action == DONE)


def test_the_last_window_reads_as_the_last_trades_before_the_scores():
    s = site_step(last=True)
    assert phase_words(s) == "the last trades before the scores"
    assert done_words(s) == "Done: no more trades before the scores"


def test_an_earlier_season_end_still_reads_as_the_citys_site():
    s = site_step(last=False)
    assert phase_words(s) == "end of season: the city's construction site"
    assert done_words(s) == "Done adding to the city"


def test_the_status_line_offers_the_site_only_to_a_seat_holding_what_it_needs():
    s = site_step(last=True)
    seat = min(GAME.to_act(s))
    assert last_trades_words(GAME.view(s, seat), seat) == "last trades: trade (t), add to the site, or d when done."
    # Whole on the status line at 80 columns, after "Player 1 to act: " (it ended "add to the site, o…").
    assert len(f" Player 1 to act: {last_trades_words(GAME.view(s, seat), seat)}") < 80
    s.city_complete = True  # a complete city takes nothing more
    assert last_trades_words(GAME.view(s, seat), seat) == "last trades: trade (t), or d when done."
