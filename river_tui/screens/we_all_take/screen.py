"""We All Take from the River at the table: the hex map, the river's state, the
players, your own role, and what you may do now.

The screen never decides what is legal: the choices it lists (with their costs
and effects) and the hexagons it marks all come from ``legal_actions`` of the
viewing seat's view; trade offers of any size are checked by the engine when they
are made. Every rules step the engine takes between two decisions (the water,
erosion, floods, nets, the flow) arrives in the log one line at a time.

Keys: arrows/hjkl move over the map, Tab switches between the map and the list (Esc
goes back to the map). One Enter rule everywhere: Enter picks, Enter on the picked
choice (marked ↵) does it. Enter on a hex picks the first thing you may do there that
spends nothing (n the next one there, spending or not); the arrows in the list pick as they move; a highlight the screen
placed after a move is not picked, so a first Enter there never spends anything. The
list's bottom border says what the highlighted choice would do. d is done, t trades,
o sets the standing answer to offers, i gives the river, players and role panels the
keys (shows them on a small terminal), L shows or hides the log (< and > page it, as
does the mouse wheel). An offer made to you is put to you in a box when it arrives
(`offer_to_you`: y, x, c answer it there; Esc leaves it to the list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region

from .offer_answers import ASK, SETTINGS, WORDS, answer_for, declines, load_answers, set_answer
from .offer_to_you import ACCEPTED, COUNTER, DECLINED, OfferToYouScreen
from ...rules.we_all_take.actions import ACCEPT, DECLINE, Done, Ferry, Move, Offer
from ...rules.we_all_take.components import ACROSS, TILES
from ...rules.we_all_take.narration import policy_text
from ...rules.we_all_take.preview import preview
from ...rules.we_all_take.refusals import why_declined
from ...rules.we_all_take.season_end import last_trading_window, site_needs
from ...rules.we_all_take.state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, PROPOSE, VOTE
from ...rules.we_all_take.trading import offer_to
from ...widgets.game_log import GameLog
from ...widgets.we_all_take.hex_map import HexMap
from ...widgets.we_all_take.panel import Panel, PanelsScroll, SideScroll
from ...widgets.we_all_take.choice_list import ChoiceList
from ...widgets.we_all_take.choices import ENDS_ACTIONS_SHORT, Choice, OpenTrade, PickColour, choices
from ...widgets.we_all_take.glyphs import glyph_counts, owner_style
from ...widgets.we_all_take.players import PlayersPanel
from ...widgets.we_all_take.river import RiverPanel, phase_words
from ...widgets.we_all_take.role import RolePanel
from ...widgets.we_all_take.tile import HexPanel, TileDetail
from ..game_base import GameScreen

if TYPE_CHECKING:
    from .trade import TradeScreen

COMPACT_WIDTH, COMPACT_HEIGHT = 110, 34
"""Below this the river, players and role panels share the side with the choices ("i")."""
LIST_ROOM = 6
"""Lines of choices the list keeps (when it has had that many in this phase of the
season) however tall the river, players and role panels above it grow (a vote, five
players): those scroll instead."""
RECAP_SIDE, RECAP_ROWS = 40, 15
"""A side narrower than RECAP_SIDE columns fits too few words a line for the "since your
last turn" box: it goes across the screen instead, RECAP_ROWS rows at most (`recap_area`)."""


ENDED = {
    EXCHANGE: "Exchange done", PROPOSE: "No policy proposed by you", VOTE: "Your votes are settled",
    CONTRIBUTE: "Done with the city's site", "last": "Done with your last trades",
}
"""What d ended at each step of the season's end (the game's last trades too)."""


def last_trades_words(view, seat: int) -> str:
    """What a seat may do in the last trades before the scores: adding to the site
    only while it holds something the site still needs (no site, a complete city:
    not offered)."""
    site = ", add to the site" if site_needs(view, seat) else ""
    return f"last trades: trade (t){site}, or d when done."  # the title says "before the scores" (80 columns)


class WeAllTakeScreen(GameScreen):
    """The map on the left; the river, the players, your role and your choices on the right."""

    CSS_PATH = "screen.tcss"

    BINDINGS = [
        # The final board's (b on the scores), before the map's and the list's own Enter.
        Binding("enter", "scores", "Scores", id="wat_scores", priority=True),
        Binding("d", "done", "Done", id="wat_done"),
        Binding("t", "trade", "Trade", id="wat_trade"),
        Binding("o", "offer_answers", "Offers", id="wat_offer_answers", show=False),
        Binding("n", "next_here", "Next here", id="wat_next_here"),
        Binding("i", "info", "Info", id="wat_info"),
        Binding("escape", "to_map", "Map", id="wat_map", show=False),
        Binding("tab,shift+tab", "switch", "List/map", id="wat_switch", show=False),
        # Every move is saved anyway, and help names it: the footer keeps its room for the turn's keys.
        Binding("s", "save", "Save", id="save", show=False),
    ]
    PLAY_ACTIONS = GameScreen.PLAY_ACTIONS | {"done", "trade", "next_here", "offer_answers", "choose"}
    """With "choose", the map's Enter: a watcher has neither."""
    PALETTE_IN_FOOTER = False  # the turn's keys need the room at 80 columns
    LOG_IN_BOARD = True
    """The log under the map, in the map's column: the side, with the river, the
    players, your role and your choices, runs down to the footer (a vote's panels and
    the choices fit whole at 120x40). A replay's move list, whose lines are long, and a
    server table's log with its chat beside it stay under both (set per screen)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.LOG_IN_BOARD = self.replay is None and self.chat is None
        self._covered = False  # another screen was shown over this one since it last had the keys
        self._keys_before_info: HexMap | ChoiceList | None = None  # which had the keys before i
        self.colour: str | None = None  # the camp colour picked before placing the camp
        self.names = [seat.name for seat in self.table.seats]
        """The seats' names, kept current in place (an SSH seat taken later gets its
        player's name; an open trade dialog holds this same list)."""
        self._trade: TradeScreen | None = None
        """The trade dialog while it is open (it names the players too)."""
        self._answering: OfferToYouScreen | None = None
        """The offer made to the viewing seat, put to them, while it is shown."""
        self._asked: tuple | None = None  # (seat, offer) last put to its player: once, Esc answers later
        self._told: tuple | None = None  # (seat, offer) last said to be waiting under the trade form
        self._offer_out: tuple | None = None  # (the viewing seat's offer waiting for an answer, the state it waits in)
        self._armed: int | None = None  # the hex whose highlighted choice a second Enter does
        self._seen: tuple | None = None  # (state, viewer, view, legal actions, watchers' view)
        self._pointed_choice: Choice | None = None  # the choice whose hexes are marked
        self._suggested_at = -1  # the moves made when a guided game's suggestion last took the keys to the list
        self._followed: tuple | None = None  # the acting group the cursor was last put on
        self._before: dict[int, tuple] = {}  # moves in the log -> (the cursor, the action) when this screen made the next
        self._moves_seen = 0  # the log's length at the last redraw (shorter now: an undo)
        self._info_room: int | None | str = "unset"  # the panels' max height `_fit_side` last set
        self._side_shows: tuple | None = None  # (small terminal, the panels shown) `_show_side` last scrolled to
        self._list_need: tuple = (None, 0)  # (season and phase, the lines the list has needed in it)

    # --- layout ------------------------------------------------------------------------------------
    # The board's widgets, kept once composed: every seat's screen redraws them after every move.
    _map: HexMap
    _tile: TileDetail
    _hex: HexPanel
    _river: RiverPanel
    _players: PlayersPanel
    _role: RolePanel
    _box: ChoiceList
    _side: SideScroll
    _info: PanelsScroll

    def compose_board(self) -> ComposeResult:
        self._map, self._tile, self._hex = HexMap(id="map"), TileDetail(id="tile"), HexPanel(id="side-hex")
        self._river, self._players, self._role = RiverPanel(id="river"), PlayersPanel(id="players"), RolePanel(id="role")
        self._box = ChoiceList(id="choices")
        self._box.spends = self._spends
        self._box.refuses = lambda choice: self._not_now()
        self._side = SideScroll(id="wat-side", can_focus=False)  # on a small terminal, scrolled to the panels or the list
        self._info = PanelsScroll(id="wat-info", can_focus=False)  # scrolls if it would crowd out the choices
        with Horizontal(id="wat-row"):
            with Vertical(id="wat-left"):
                yield self._map
                yield self._tile
                if self.LOG_IN_BOARD:
                    yield from self.compose_log()
            with self._side:
                with self._info:
                    yield self._hex
                    yield self._river
                    yield self._players
                    yield self._role
                yield self._box

    def on_mount(self) -> None:
        super().on_mount()
        hex_map = self._map
        self.watch(hex_map, "cursor", self._cursor_moved, init=False)
        if self.replay is None:
            # Tab switches between the map and the list only: the log (L shows or hides
            # it) would take the arrows from them; < and > page it, as does the wheel.
            log = self.query_one("#log", GameLog)
            log.can_focus = False
            if self.LOG_IN_BOARD:
                log.min_width = 20  # the map's column is narrower than a log line: they wrap to it
            hex_map.focus()
        else:
            # A replay lists nothing to do: the panels take the list's room (on a
            # small terminal they are shown at once, in place of the list; Tab
            # reaches them, and the arrows scroll them).
            self._box.display = False
            self.add_class("-info", "-replay")
            self._info.can_focus = True
        # A replay's keys are the move list's (Tab takes them to the map to look around).

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT, "-compact")
        self._order_panels()
        self._show_hex(self._map.cursor)
        self.call_after_refresh(self._fit_side)
        self.call_after_refresh(self._show_side, True)  # once the side has its new height

    def _show_side(self, again: bool = False) -> None:
        """On a small terminal the side shows the panels (the river, the players and your
        role: what a seat follows while the others play, or with i) or the list, one
        above the other and each as tall as the side: it is scrolled to the one shown.
        Nothing is shown, hidden or restyled (a display changed did all three, on every
        seat's screen at most changes of turn, and drew the panels anew). A larger
        screen shows both; Tab shows the list (until the next move). ``again``: scroll even
        if it shows the same (a new height)."""
        compact = self.has_class("-compact")
        waiting = self.replay is not None or not self._acting()
        panels = compact and (self.has_class("-info") or waiting and self.focused is not self._box)
        if (compact, panels) != self._side_shows or again:
            self._side_shows = (compact, panels)
            side = self._side
            side.scroll_to(y=side.max_scroll_y if compact and not panels else 0, animate=False, force=True,
                           immediate=True)
            # and laid out with the screen's other changes: a scroll alone, after a layout
            # (most moves have one), has Textual draw the whole screen again.
            side.refresh(layout=True)

    def _order_panels(self) -> None:
        """On a small terminal, where the panels take turns with the list and scroll, i
        shows your secret role first: it is yours alone, and a player should not have to
        scroll past the river's state to learn what they play for. Otherwise (and while
        the others play, when the river and the players are what a seat follows) it
        stays under the river and the players, as at the table."""
        mine = self.has_class("-compact") and self.has_class("-info") and self.replay is None
        first = self._role if mine else self._hex  # the hex is shown only with i on a small terminal, after the role
        if self._info.children[0] is not first:
            if mine:
                self._info.move_child(self._role, before=self._hex)
            else:
                self._info.move_child(self._role, after=self._players)

    def _fit_side(self) -> None:
        """Let the panels above the list take what the list does not keep (`_list_lines`);
        on a small terminal they take turns instead."""
        side = self._side.size.height
        if self.has_class("-compact") or not side or self.replay is not None:
            room = None  # the stylesheet's
        else:
            room = max(side - self._list_lines(), 0)
        if room != self._info_room and not self._fits_either(room):  # a new value lays the whole screen out
            self._info_room = room
            self._info.styles.max_height = room

    def _list_lines(self) -> int:
        """The lines the list keeps, its border with them: the most its choices have
        needed (``LIST_ROOM`` at most, its min-height at least) in this phase of the
        season. A list that shortens as you act, or empties while the others do, leaves
        the panels where they were: a new room for them lays every seat's screen out
        again, and the next turn's list would take it back. The next phase starts afresh."""
        view = self.view
        phase = (view.season, view.phase)
        need = max(min(self._box.option_count, LIST_ROOM), 2) + 2
        if self._list_need[0] == phase:
            need = max(need, self._list_need[1])
        self._list_need = (phase, need)
        return need

    def _fits_either(self, room: int | None) -> bool:
        """Whether the panels, as tall as their lines now are, fit both in ``room`` and in
        the room last set: then nothing on the screen would move (the list's length
        changes room by a line or two after most moves)."""
        if not isinstance(room, int) or not isinstance(self._info_room, int):
            return False
        heights = [panel.height_shown() for panel in self._info.query_children(Panel)]
        return None not in heights and sum(heights) <= min(room, self._info_room)  # type: ignore[arg-type]

    def recap_area(self) -> Region | None:
        """The "since your last turn" box goes over the side (the panels and the list,
        and the log below them), never over the map it tells about; but a side too narrow
        to read it in (80 columns) gives it the screen's whole width, in at most
        ``RECAP_ROWS`` rows above the footer: the title, the last move and the map's
        first rows stay in sight, and the rest of its words scroll."""
        side, size = self._side.region, self.size
        if not side:
            return None
        if side.width >= RECAP_SIDE:
            return Region(side.x, side.y, size.width - side.x, size.height - side.y)
        rows = min(RECAP_ROWS, size.height - 1 - side.y)
        return Region(0, size.height - 1 - rows, size.width, rows)

    # --- drawing ---------------------------------------------------------------------------------------
    @property
    def view(self):
        """The viewing seat's view, worked out once per position and seat: the map's
        cursor, the hex panel and the choices all read it."""
        return self._position()[0]

    def legal_actions(self) -> list:
        return self._position()[1]

    def _public(self):
        """The watchers' view of the position: the map, the hex panel, the river and the
        players panels are drawn from it, what every seat sees alike (at a server table, once for all the seats'
        screens: `position_drawings`)."""
        return self._position()[2]

    def _position(self) -> tuple:
        """(view, legal actions) of the viewing seat in the table's current position,
        and the watchers' view of it."""
        state, viewer = self.table.state, self.viewer
        if self._seen is None or self._seen[0] is not state or self._seen[1] != viewer:
            view = GameScreen.view.fget(self)
            # A replay lists nothing to do, as the base screen's legal_actions (it accepts no move).
            # A seat play does not wait for may still trade ("at any time").
            may_act = viewer is not None and self.game.may_act(view, viewer)
            legal = list(self.game.legal_actions(view, viewer)) if may_act and self.replay is None else []
            self._seen = (state, viewer, view, legal, self.table.view(None))
        return self._seen[2:]

    def _acting(self) -> bool:
        return self.viewer is not None and self.viewer in self.table.to_act()

    def refresh_board(self) -> None:
        self._armed = None
        names = [seat.name for seat in self.table.seats]
        if names != self.names:  # first: the choices name players too; and an open trade dialog at once
            self.names[:] = names
            if self._trade is not None:
                self._trade.names_changed()
        view = self.view
        hex_map = self._map
        undone = self._after_undo(view, hex_map)
        self._follow_turn(view, hex_map)
        listed = self._choices(view)
        self._follow_choices(listed, hex_map)
        box = self._box
        if listed != box.choices:
            self.app.forget_notices_for_now()  # what they said could (not) be done a moment ago
        start = self._suggested(listed)
        if undone is not None:  # the highlight left from the list before means nothing now
            box.start_afresh()
            start = next(((at, False) for at, c in enumerate(listed) if c.action == undone[0]), start)
        box.show(listed, *self._list_titles(), start=start, step=self._game_step(view))
        if start is not None and self._suggested_at != len(self.table.log):
            self._suggested_at = len(self.table.log)
            if not self._info.has_focus:  # the panels (i) keep the keys the player gave them
                self.set_focus(box)  # the suggestion is in the list: Enter there does it
        if self.has_class("-compact") and not self._acting() and self.focused is self._box:
            self.set_focus(self._map)  # the list goes out of sight: its keys would go nowhere
        self._show_side()
        hex_map.show(self._public(), last=frozenset(mark[1] for mark in self.recent.marks if mark[0] == "tile"))
        self._point_at(box.current(), fresh=True)
        self._show_hex(hex_map.cursor)
        self._river.show(self._public(), self.names)
        self._players.show(self._public(), self.names, self.viewer, self.table.to_act())
        self._role.show(view, self.viewer, self.names, self.watching)
        self._fit_side()
        self._keep_offer_current()
        self._tell_why_declined()

    def play(self, action) -> bool:
        self._before[len(self.table.log)] = (self._map.cursor, action)
        return super().play(action)

    def _after_undo(self, view, hex_map: HexMap) -> tuple | None:
        """After an undo the cursor goes back where it was when the move now taken back
        was made (not where that move had put it); if this screen did not make it, to
        the tile of your structures now to act. Returns None if nothing was taken back,
        else (the action taken back, or None if this screen did not make it)."""
        moves = len(self.table.log)
        undone, self._moves_seen = moves < self._moves_seen, moves
        if not undone or self.replay is not None:
            return None
        before, action = self._before.get(moves, (None, None))
        self._before = {n: made for n, made in self._before.items() if n < moves}
        group = view.groups[0] if view.phase == ACTIONS and view.groups and self._acting() else None
        if before is not None:
            hex_map.cursor = before
        elif group is not None:
            hex_map.cursor = group[1]
        self._followed = group  # the cursor is placed: following the turn would move it again
        return (action,)

    def _follow_turn(self, view, hex_map: HexMap) -> None:
        """When your structures on a hex start to act, put the cursor on that hex (once:
        after that the cursor is yours to move)."""
        group = view.groups[0] if view.phase == ACTIONS and view.groups and self._acting() else None
        if group is not None and group != self._followed:
            hex_map.cursor = group[1]
        self._followed = group

    def _follow_choices(self, listed: list[Choice], hex_map: HexMap) -> None:
        """If nothing left to do touches the hex under the cursor on your turn (the camp
        has moved, only its boat acts), put the cursor where the first thing to do is."""
        touched = [c.tiles for c in listed if c.tiles]
        if self._followed is not None and touched and not any(hex_map.cursor in t for t in touched):
            hex_map.cursor = min(touched[0])

    def _choices(self, view) -> list[Choice]:
        if self.viewer is None:
            return []
        return choices(view, self.viewer, self.legal_actions(), self.colour, self.names)

    def _suggested(self, listed: list[Choice]) -> tuple[int, bool] | None:
        """Where a guided game's suggestion puts the list's highlight (the colour first,
        for a camp), picked when it spends nothing: Enter then does it. An offer is
        not suggested (the trade form would open empty)."""
        action = self.suggested_action()
        if action is None:
            return None
        for at, choice in enumerate(listed):
            if choice.action == action or choice.action == PickColour(getattr(action, "colour", None)):
                return at, not self._spends(choice)
        return None

    @staticmethod
    def _game_step(view) -> tuple:
        """The step of the game a list of choices is for: the season, its phase and,
        in the actions, the hex whose structures act (in a vote, the proposal)."""
        if view.phase == ACTIONS and view.groups:
            return view.season, view.phase, view.groups[0]
        return view.season, view.phase, view.proposal if view.phase == VOTE else None

    def _list_titles(self) -> tuple[str, str]:
        """The list's title, whole and short (the name left out where it would not fit)."""
        if self.replay is not None:
            return "Replay", "Replay"
        if self.viewer is None:
            return "Watching", "Watching"
        if not self._acting():
            return f"{self.seat_name(self.viewer)}: waiting", "Waiting"
        return f"{self.seat_name(self.viewer)}: what you may do", "What you may do"

    def prompt(self) -> str:
        view = self.view
        offer = offer_to(view, self.viewer)
        if offer is not None:
            return f"answer {self.seat_name(offer.by)}'s offer: accept, decline or counter (t)."
        phase = view.phase
        if phase == CAMPS:
            return "choose your colour, then the land tile for your camp."
        if phase == ACTIONS:
            _, tile = view.groups[0]
            if self.suggested_action() is not None:  # a guided game's, where the list starts
                return f"on {TILES[tile].code}: Enter takes the suggestion, or choose another; d done."
            return f"on {TILES[tile].code}: Enter picks a move, Enter again does it; d done."
        if phase == EXCHANGE:
            return "exchange two resources for a gold, trade (t), or d when done."
        if phase == PROPOSE:
            return "propose a policy for one gold, or d to propose nothing."
        if phase == VOTE:
            what = policy_text(view.proposal.policy, view.proposal.tile, short=True)
            if view.votes[self.viewer] is None:
                return f"vote for or against {what}."
            return f"buy extra votes on {what}, or d to settle."
        if phase == CONTRIBUTE and last_trading_window(view):
            return last_trades_words(view, self.viewer)
        if phase == CONTRIBUTE:
            return "add fish, trees or gravel to the city site, or d when done."
        return super().prompt()

    # --- the map and the list ---------------------------------------------------------------------------
    def _cursor_moved(self, tile: int) -> None:
        self._armed = None
        self._show_hex(tile)

    def _show_hex(self, tile: int) -> None:
        """The hex under the cursor in words: under the map, or on a small terminal in
        the side while it shows the panels (i); the one out of sight is left alone."""
        if self.has_class("-compact"):
            if self.has_class("-info"):
                self._hex.show(self._public(), tile)
            return
        self._tile.show(self._public(), tile)

    @on(HexMap.Chosen)
    def _hex_chosen(self, event: HexMap.Chosen) -> None:
        """Enter on a hex picks the first thing you may do there that spends nothing
        (`_free_on`); Enter again does it (if it is still the pick: another seat's move
        may have listed other choices). The keyboard stays on the map (n picks the next
        thing there, spending or not, Tab the list)."""
        if self.replay is not None or self._not_now():
            return  # nothing is done in a replay, nor while only the others act (`_not_now` says so)
        box = self._box
        current = box.current()
        if self._armed == event.place and box.picked and current is not None and current.touches(event.place):
            self._do(current)
            return
        self._pick_on(event.place, None, free=True)

    def _free_on(self, tile: int) -> int | None:
        """The first choice touching ``tile`` that neither spends (`_spends`) nor, picked
        from the hex its structure stands on, carries that structure away (a move is
        picked from where it goes): what a first Enter on the hex may pick."""
        return next((at for at, choice in enumerate(self._box.choices) if choice.touches(tile)
                     and not self._spends(choice) and (not choice.ends_actions or self._goes_to(choice, tile))), None)

    def _goes_to(self, choice: Choice, tile: int) -> bool:
        """Whether a move or a ferry takes a structure onto ``tile``."""
        action = choice.action
        if isinstance(action, Ferry):
            return tile == ACROSS[self.view.structures[action.structure].place]
        return isinstance(action, Move) and tile == action.tile

    def _say_what_spends(self, tile: int) -> None:
        """Enter on a hex where all you may do spends something: one sentence saying what
        it offers, and that n picks it (a deliberate key, then Enter does it)."""
        verbs = list(dict.fromkeys(choice.label.plain.split(maxsplit=1)[0].lower().rstrip(":")
                                   for choice in self._box.choices if choice.touches(tile)))
        offers = " or ".join((", ".join(verbs[:-1]), verbs[-1])) if len(verbs) > 1 else verbs[0]
        self.app.notify(f"On {TILES[tile].code}: {offers}, which spends or moves away. n picks each in turn, then Enter "
                        "does it.", severity="information", markup=False, for_now=True)

    def _pick_on(self, tile: int, after: Choice | None, free: bool = False) -> None:
        """Pick the choice touching ``tile`` after ``after`` (round the list; ``free``: a
        first Enter's pick, `_free_on`, saying what the hex offers if it finds none)."""
        box = self._box
        index = self._free_on(tile) if free else box.next_touching(tile, after)
        if index is None and free and box.next_touching(tile) is not None:
            self._armed = None
            self._say_what_spends(tile)
            return
        if index is None:
            self._armed = None
            if box.choices and not any(choice.tiles for choice in box.choices):
                # Nothing to do is on the map (a colour, a vote, Done): the list takes the keys.
                self.set_focus(box)
                self.app.notify("Nothing you may do now is on the map: choose in the list (Tab: back to the map).",
                                severity="information", markup=False, for_now=True)
                return
            self.app.notify(f"Nothing you may do now touches {TILES[tile].code}.", severity="information",
                            markup=False, for_now=True)
            return
        box.point_at(index)
        self._point_at(box.choices[index])
        self._armed = tile

    @on(ChoiceList.Pointed)
    def _pointed(self, event: ChoiceList.Pointed) -> None:
        self._point_at(event.choice)

    def _point_at(self, choice: Choice | None, fresh: bool = False) -> None:
        """Mark the hexes the highlighted choice touches and say what it would do. Called
        at once wherever the screen moves the highlight, so it lands in the same frame;
        the list's own message that follows then finds nothing left to do."""
        if not fresh and choice == self._pointed_choice:
            return
        self._pointed_choice = choice
        self._map.mark(choice.tiles if choice is not None else ())
        self._box.set_outcome(self._outcome(choice))

    def _outcome(self, choice: Choice | None) -> str:
        """What the highlighted choice would do to your stockpile and to the map's
        pollution, as the engine works it out (its own preview of the move)."""
        if choice is None or isinstance(choice.action, (PickColour, OpenTrade)) or self.viewer is None:
            return ""
        outcome = preview(self.view, self.viewer, choice.action)
        if outcome.problem:
            return outcome.problem
        parts = [f"you pay {glyph_counts(outcome.cost)}" if any(outcome.cost) else "",
                 f"you gain {glyph_counts(outcome.gain)}" if any(outcome.gain) else "",
                 f"pollution on the map {outcome.pollution:+d}" if outcome.pollution else "",
                 ENDS_ACTIONS_SHORT if choice.ends_actions else ""]
        return " · ".join(p for p in parts if p)

    def _spends(self, choice: Choice) -> bool:
        """Whether doing ``choice`` takes tokens from your stockpile or adds pollution to
        the map (the engine's preview): a dredge costs the river what a build costs you."""
        if isinstance(choice.action, (PickColour, OpenTrade)) or self.viewer is None:
            return False
        outcome = preview(self.view, self.viewer, choice.action)
        return any(outcome.cost) or outcome.pollution > 0

    def highlighted_action(self, view, legal):
        """The list's highlighted choice (the map's Enter picks its choices there too)."""
        choice = self._box.current()
        return None if choice is None else choice.action

    @on(ChoiceList.Picked)
    def _picked(self, event: ChoiceList.Picked) -> None:
        self._do(event.choice)

    def _do(self, choice: Choice) -> None:
        action = choice.action
        if isinstance(action, PickColour):
            self.colour = action.colour
            self.refresh_board()
        elif isinstance(action, OpenTrade):
            self.action_trade()
        else:
            # Done: the same choice listed again (a second boat) is not picked, so the
            # next Enter only picks it and never spends again unasked.
            self._box.unpick()
            self.play(action)

    # --- keys ---------------------------------------------------------------------------------------------
    def action_done(self) -> None:
        if not any(isinstance(a, Done) for a in self.legal_actions()):
            self.notify("There is nothing to finish now.", severity="warning")
            return
        view = self.view
        finished = view.groups[0] if view.phase == ACTIONS and view.groups else None
        ended, seat = ENDED.get("last" if last_trading_window(view) else view.phase), self.viewer
        if not self.play(Done()):
            return
        if finished is not None:
            self._say_who_acts_next(finished[1])
        elif ended is not None and self.viewer == seat and not self._handover_open:
            self._say_what_is_next(ended)  # (not over a handover: the keyboard passed, and its notices with it)

    def _say_what_is_next(self, ended: str) -> None:
        """After d at the season's end: what it ended, and what comes next (yours to do,
        or whose it is): each step of the season's end takes its own d."""
        if self.table.finished:
            return
        view = self.view
        if self._acting() and view.phase in ENDED:
            nxt = f"Now you {self.prompt()}"
        else:
            who = " and ".join("you" if seat == self.viewer else self.seat_name(seat) for seat in sorted(self.table.to_act()))
            step = phase_words(view) if view.phase in ENDED else self.game.round_label(self.table.state)
            nxt = f"Next: {step}" + (f", {who} to act." if who else ".")
        self.notify(f"{ended}. {nxt}", markup=False)

    def _say_who_acts_next(self, finished: int) -> None:
        """After d on one hex, if more of your structures act this turn, say so: else
        the list asking again looks as if d did nothing."""
        view = self.view
        if view.phase == ACTIONS and view.groups and view.groups[0][0] == self.viewer:
            here = TILES[view.groups[0][1]].code
            self.notify(f"Done on {TILES[finished].code}. Your structures on {here} act next (d when done there too).",
                        markup=False)

    def on_screen_suspend(self) -> None:
        from ..chat_input import ChatInputScreen

        # Covered by a handover, the trade form or help; a chat line, or an offer made
        # to you that arrived while you were in the middle of something, leaves the keys
        # where they were.
        self._covered = self._covered or not isinstance(self.app.screen, (ChatInputScreen, OfferToYouScreen))

    def _hand_to(self, seat: int | None, ready: bool | None) -> None:
        """After a handover the keys go to the list when it is the seat's move: the screen's
        resume may come before the handover's answer names the seat at the keyboard."""
        super()._hand_to(seat, ready)
        if ready and self.still_shown and self.replay is None and self._acting():
            self._box.focus()

    def on_screen_resume(self) -> None:
        """Back from a handover, an offer or help: the keys go to the list of what
        you may do when it is your move. (On first showing the map has them.)"""
        if self._covered and self.replay is None and self._acting():
            self._box.focus()
        self._covered = False
        self._ask_about_offer()  # one that came while help or the trade form was open

    # --- an offer made to you --------------------------------------------------------------------------
    def _offer_waiting(self):
        """The offer waiting for the viewing seat's answer, if a person at this keyboard plays it."""
        seat = self.viewer
        if self.replay is not None or seat is None or seat not in self.local_seats or not self.table.seats[seat].is_human:
            return None
        return offer_to(self.view, seat)

    def _keep_offer_current(self) -> None:
        """After any change: the offer shown stays current (or goes, saying so, when it was
        taken back or answered elsewhere); a new one is put to its player."""
        offer, shown = self._offer_waiting(), self._answering
        if offer is None:
            self._asked = None  # the same offer made again later is asked about again
        if shown is not None:
            if (shown.seat, shown.offer) == (self.viewer, offer):
                shown.show(self.view, self.legal_actions())
                return
            self._answering = None
            if self.app.screen is shown:
                shown.dismiss(None)
            if shown.seat == self.viewer:
                self.notify(f"{self.names[shown.offer.by]}'s offer is no longer waiting for your answer.",
                            title="Offers", markup=False)
        if offer is not None and (self.viewer, offer) != self._asked:
            self.call_after_refresh(self._ask_about_offer)
            if self._trade is not None and (self.viewer, offer) != self._told:
                # Under the trade form: it waits for the form, and an offer made to its
                # maker meanwhile answers it (a counter declines it).
                self._told = (self.viewer, offer)
                by = self.names[offer.by]
                self.notify(f"{by} offers you a trade: it is shown when this form closes (an offer to {by} now "
                            "declines theirs).", title="Offers", markup=False)

    def _tell_why_declined(self) -> None:
        """When a computer seat declines the viewing player's offer (not with an offer
        back, which is put to them), say why in one sentence, from that seat's own
        weighing of the offer in the position it waited in (`refusals`)."""
        state, seat = self.table.state, self.viewer
        out = self._offer_out
        self._offer_out = None
        if seat is None or self.replay is not None:
            return
        mine = next((offer for offer in state.offers if offer.by == seat), None)
        if mine is not None:
            self._offer_out = (mine, state)  # the latest position it waits in
            return
        if out is None:
            return
        offer, before = out
        answer = next((a for a in reversed(state.answered) if a.offer == offer), None)
        if (answer is None or answer.accepted or offer.by != seat or self.table.seats[offer.to].is_human
                or any(other.by == offer.to and other.to == seat for other in state.offers)):
            return
        why = why_declined(self.game.view(before, offer.to), offer.to, offer)
        if why is not None:
            self.notify(f"{self.names[offer.to]} declined your offer: {why}.", title="Offers", markup=False)

    def _ask_about_offer(self) -> None:
        """Put the offer waiting for the viewing seat to its player, once, when this screen
        is on top (else when it is back: after help, the trade form, a handover)."""
        offer = self._offer_waiting()
        if (offer is None or (self.viewer, offer) == self._asked or self._answering is not None
                or not self.still_shown or self.app.screen is not self or self._handover_open):
            return
        self._asked = (self.viewer, offer)
        seat = self.viewer
        self._answering = OfferToYouScreen(self.view, seat, offer, self.legal_actions(), self.names)
        self.app.push_screen(self._answering, lambda how: self._answered(seat, offer, how))

    def _answered(self, seat: int, offer, how: str | None) -> None:
        """The player's answer, given once the box is gone (Esc: later, from the list)."""
        self._answering = None
        if how is not None:
            self.call_next(self._reply, seat, offer, how)

    def _reply(self, seat: int, offer, how: str) -> None:
        if seat != self.viewer or self._offer_waiting() != offer or not self.still_shown:
            return  # taken back meanwhile: `_keep_offer_current` has said so
        if how == COUNTER:
            self.action_trade(counter=True)
        elif how in (ACCEPTED, DECLINED):
            self.play(ACCEPT if how == ACCEPTED else DECLINE)

    def action_trade(self, counter: bool = False) -> None:
        """t: the trade form; ``counter``: an offer back to the seat whose offer waits for you."""
        if not any(isinstance(a, Offer) for a in self.legal_actions()):
            self.notify("No offer can be made now: yours waits for an answer, or you have made all you may this step.",
                        severity="warning")
            return
        from .trade import TradeScreen

        def offered(offer: Offer | None) -> None:
            self._trade = None
            if offer is not None:
                self.play(offer)

        self._trade = TradeScreen(self.view, self.viewer, self.names, counter)
        self.app.push_screen(self._trade, offered)

    def action_offer_answers(self) -> None:
        """o: the viewing player's standing answer to offers steps on (asked, declined
        from computer seats, all declined), kept for their name in the config."""
        seat = self.viewer
        if seat is None or not self.table.seats[seat].is_human:
            self.notify("Only a player at this keyboard has offers to answer.", severity="warning")
            return
        name = self.table.seats[seat].name
        answers, problem = load_answers()
        if problem:
            self.notify(problem, severity="warning", markup=False)
        how = SETTINGS[(SETTINGS.index(answers.get(name, ASK)) + 1) % len(SETTINGS)]
        try:
            set_answer(name, how)
        except OSError as err:
            self.notify(f"The setting could not be kept ({err.strerror or err}).", severity="error", markup=False)
            return
        self.notify(f"{name}: {WORDS[how]}.", title="Offers", markup=False)
        self._advance()  # an offer waiting for this seat may now be declined

    def _advance(self) -> None:
        if not self._decline_by_setting():
            super()._advance()

    def _decline_by_setting(self) -> bool:
        """Decline the offer waiting for a player at this keyboard whose standing answer
        declines it (the decline is a move like any other: logged and saved). True if
        declined: the table's change has already run `_advance` again."""
        if self.replay is not None or not self.still_shown or self.table.finished:
            return False
        for offer in self.table.view(None).offers:
            if offer.to not in self.local_seats or not self.table.seats[offer.to].is_human:
                continue
            receiver, by = self.table.seats[offer.to], self.table.seats[offer.by]
            if declines(answer_for(receiver.name), from_computer=not by.is_human):
                self.notify(f"{receiver.name} declined {by.name}'s offer without being asked (o changes that).",
                            title="Offers", markup=False)
                self.table.apply(offer.to, DECLINE)
                return True
        return False

    def _not_now(self) -> bool:
        """While play waits for other seats only, a key that would pick or do something
        (Enter on the map or the list, n) does nothing and says so in one line: what
        is listed then is the trade form alone, which a stray Enter or two opened."""
        if self.viewer is None or self.replay is not None or self._acting() or self.table.finished:
            return False
        who = " and ".join(self.seat_name(seat) for seat in sorted(self.table.to_act())) or "another seat"
        self.not_your_turn(f"Not your turn: {who} to act. You may trade or give at any time: t.")
        return True

    def action_next_here(self) -> None:
        if self._not_now():
            return
        hex_map = self._map
        self._pick_on(hex_map.cursor, self._box.current() if self._armed == hex_map.cursor else None)

    def action_info(self) -> None:
        """i: the river, players and role panels take the keys (arrows, PgUp/PgDn,
        Home/End scroll them; i, Tab or Esc give the keys back); on a small terminal
        they are shown in place of the list meanwhile."""
        panels = self._info
        if panels.has_focus:
            self._leave_panels()
            return
        self._keys_before_info = self._map if self._map.has_focus else self._box
        if self.has_class("-compact"):
            self.add_class("-info")
            self._order_panels()
            self._show_side()
            self._show_hex(self._map.cursor)
        panels.can_focus = True
        self.set_focus(panels, scroll_visible=False)  # (the side is scrolled to them on a small terminal)

    def _leave_panels(self) -> None:
        """The keys go back where they were before i (the list only while it is your
        move: the map's arrows in the list moved its highlight, round to "Done")."""
        self.remove_class("-info")
        self._order_panels()
        self._panels_let_go()
        back = self._keys_before_info
        self.set_focus(self._box if back is self._box and self._acting() else self._map, scroll_visible=False)
        self._show_side()

    def _panels_let_go(self) -> None:
        """The panels leave the keys' round (Tab and clicks go to the map and the list);
        a replay's stay in it."""
        if self.replay is None:
            for panels in self.query(VerticalScroll):
                panels.can_focus = False

    def seat_style(self, seat: int | None) -> Style:
        """A player's name in the chat in their camp's colour, once they have chosen it."""
        return owner_style(self.view.colours[seat]) if seat is not None else super().seat_style(seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "info" and self.replay is not None:
            return False  # a replay always shows the panels ("i" swaps them with the list)
        return super().check_action(action, parameters)

    def action_switch(self) -> None:
        """Tab: from the map to the list of what you may do, and back (on a small
        terminal showing the river and players with "i", back to the list). A replay's
        move list takes its turn too."""
        if self.replay is not None:
            self.focus_next()
            return
        box = self._box
        if box.has_focus:
            self.set_focus(self._map)
            return
        self.remove_class("-info")
        self._order_panels()
        self._panels_let_go()
        self.set_focus(box, scroll_visible=False)  # at once: an Enter typed right after Tab is the list's
        self._show_side()  # (scrolled to it on a small terminal)

    def action_to_map(self) -> None:
        hex_map = self._map
        self._panels_let_go()
        if not hex_map.has_focus:
            self.set_focus(hex_map)
