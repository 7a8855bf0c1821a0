"""We All Take from the River at the table: the hex map, the river's state, the
players, your own role, and what you may do now.

The screen never decides what is legal: the choices it lists (with their costs
and effects) and the hexagons it marks all come from ``legal_actions`` of the
viewing seat's view; trade offers of any size are checked by the engine when they
are made. Every rules step the engine takes between two decisions (the water,
erosion, floods, nets, the flow) arrives in the log one line at a time.

Keys: arrows/hjkl move over the map, Enter on a hex jumps to what you may do
there, Enter in the list does it, Tab/Esc switch between list and map, d is done,
t trades, i shows the river and players on a small terminal.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ..rules.we_all_take.actions import Done, Offer
from ..rules.we_all_take.components import TILES
from ..rules.we_all_take.narration import policy_text
from ..rules.we_all_take.state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, PROPOSE, VOTE
from ..widgets.hex_map import HexMap
from ..widgets.we_all_take_choice_list import ChoiceList
from ..widgets.we_all_take_choices import Choice, OpenTrade, PickColour, choices
from ..widgets.we_all_take_glyphs import LEGEND
from ..widgets.we_all_take_players import PlayersPanel
from ..widgets.we_all_take_river import RiverPanel
from ..widgets.we_all_take_role import RolePanel
from ..widgets.we_all_take_tile import TileDetail
from .game_base import GameScreen

COMPACT_WIDTH, COMPACT_HEIGHT = 110, 34
"""Below this the river, players and role panels share the side with the choices ("i")."""


class WeAllTakeScreen(GameScreen):
    """The map on the left; the river, the players, your role and your choices on the right."""

    CSS_PATH = "we_all_take.tcss"

    BINDINGS = [
        Binding("d", "done", "Done", id="wat_done"),
        Binding("t", "trade", "Trade", id="wat_trade"),
        Binding("i", "info", "Info", id="wat_info"),
        Binding("escape", "to_map", "Map", id="wat_map", show=False),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.colour: str | None = None  # the camp colour picked before placing the camp
        self.names = [seat.name for seat in self.table.seats]

    # --- layout ------------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Horizontal(id="wat-row"):
            with Vertical(id="wat-left"):
                yield HexMap(id="map")
                yield Static(Text("\n".join(LEGEND)), id="legend")
                yield TileDetail(id="tile")
            with Vertical(id="wat-side"):
                yield RiverPanel(id="river")
                yield PlayersPanel(id="players")
                yield RolePanel(id="role")
                yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(HexMap).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT, "-compact")

    # --- drawing ---------------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        view = self.view
        hex_map = self.query_one(HexMap)
        listed = self._choices(view)
        box = self.query_one(ChoiceList)
        box.show(listed, self._list_title(view))
        current = box.current()
        hex_map.show(view, current.tiles if current is not None else frozenset())
        self.query_one(TileDetail).show(view, hex_map.cursor)
        self.query_one(RiverPanel).show(view, self.names)
        self.query_one(PlayersPanel).show(view, self.names, self.viewer, self.table.to_act())
        self.query_one(RolePanel).show(view, self.viewer, self.names)

    def _choices(self, view) -> list[Choice]:
        if self.viewer is None:
            return []
        return choices(view, self.viewer, self.legal_actions(), self.colour)

    def _list_title(self, view) -> str:
        if self.viewer is None:
            return "Watching"
        if self.viewer not in self.table.to_act():
            return f"{self.seat_name(self.viewer)}: waiting"
        return f"{self.seat_name(self.viewer)}: what you may do"

    def prompt(self) -> str:
        view = self.view
        if view.offer is not None:
            return f"answer {self.seat_name(view.offer.by)}'s offer: accept or decline."
        phase = view.phase
        if phase == CAMPS:
            return "choose your colour, then the land tile for your camp."
        if phase == ACTIONS:
            _, tile = view.groups[0]
            return f"act with your structures on {TILES[tile].code}: Enter on a hex or pick from the list; d ends them."
        if phase == EXCHANGE:
            return "exchange two resources for one gold, trade (t), or d when done."
        if phase == PROPOSE:
            return "propose a policy for one gold, or d to propose nothing."
        if phase == VOTE:
            what = policy_text(view.proposal.policy, view.proposal.tile)
            if view.votes[self.viewer] is None:
                return f"vote for or against {what}."
            return f"buy extra votes on {what}, or d to settle."
        if phase == CONTRIBUTE:
            return "add fish, trees or gravel to the city's construction site, or d when done."
        return super().prompt()

    # --- the map and the list ---------------------------------------------------------------------------
    @on(HexMap.CursorMoved)
    def _cursor_moved(self, event: HexMap.CursorMoved) -> None:
        self.query_one(TileDetail).show(self.view, event.tile)

    @on(HexMap.Chosen)
    def _hex_chosen(self, event: HexMap.Chosen) -> None:
        box = self.query_one(ChoiceList)
        index = box.first_touching(event.tile)
        if index is None:
            self.notify(f"Nothing you may do now touches {TILES[event.tile].code}.", severity="information")
            return
        box.point_at(index)
        box.focus()

    @on(ChoiceList.Pointed)
    def _pointed(self, event: ChoiceList.Pointed) -> None:
        self.query_one(HexMap).mark(event.choice.tiles if event.choice is not None else ())

    @on(ChoiceList.Picked)
    def _picked(self, event: ChoiceList.Picked) -> None:
        action = event.choice.action
        if isinstance(action, PickColour):
            self.colour = action.colour
            self.refresh_board()
        elif isinstance(action, OpenTrade):
            self.action_trade()
        else:
            self.play(action)

    # --- keys ---------------------------------------------------------------------------------------------
    def action_done(self) -> None:
        if not any(isinstance(a, Done) for a in self.legal_actions()):
            self.notify("There is nothing to finish now.", severity="warning")
            return
        self.play(Done())

    def action_trade(self) -> None:
        if not any(isinstance(a, Offer) for a in self.legal_actions()):
            self.notify("You may offer a trade when you are to act and no other offer waits.", severity="warning")
            return
        from .we_all_take_trade import TradeScreen

        def offered(offer: Offer | None) -> None:
            if offer is not None:
                self.play(offer)

        self.app.push_screen(TradeScreen(self.view, self.viewer, self.names), offered)

    def action_info(self) -> None:
        self.toggle_class("-info")

    def action_to_map(self) -> None:
        self.query_one(HexMap).focus()
