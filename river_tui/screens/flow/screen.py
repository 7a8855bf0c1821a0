"""Flow: Untamed Rivers at the table: the board, the hand, the preview at the
cursor, the piles and the score track."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from ...rules.flow.actions import PlaceReservation, PlaceTile
from ...rules.flow.board import BOARD_SIZE, FACE_INDEX, FACES, LAIR_FACE_IDS, square_name
from ...rules.flow.components import LAIR_TOKENS_PER_SPECIES, POINT_TILES, SPECIES
from ...rules.flow.turn import actions_per_turn
from ...rules.flow.outlook import (LairOutlook, in_the_last_rounds, lair_loss, lair_outlook, open_lair_rivers,
                                   open_rivers_of, rounds_left)
from ...rules.flow.preview import PlacementPreview, good_fits, preview_placement
from ...rules.flow.scoring import scores
from ...rules.flow.state import LAKE, LOOP, RESERVATION_IN_HAND, FlowState
from ...widgets.flow.hand import FlowHand
from ...widgets.flow.track_notes import TrackNotes
from ...widgets.chat_pane import ChatPane
from ...widgets.game_log import GameLog
from ...widgets.last_move import LastMove
from ...widgets.status_bar import StatusBar
from ...widgets.flow.tile_grid import Ghost, TileGrid, board_size, species_style
from ..game_base import GameScreen
from ..pick_prompt import key_shown
from ...widgets.palette import ink

CHROME_LINES = 3
"""The header, the status line and the footer around the board (the header goes
when the board needs its line: the round is on the score track too)."""
SIDE_LINES = 20
"""What the side needs besides the log: the last move, the hand, the preview, the track."""
LOG_LINES = 8
SIDE_COLUMNS = 44
"""The hand, the preview and the score track need this many columns beside the board."""
NAME_WIDTH = 10
"""A seat's name on the score track ("Computer 2" fits)."""


class FlowScreen(GameScreen):
    """A game of Flow seen from one seat: the board with a cursor, that seat's hand
    (the chosen tile turned as it will lie), what placing it at the cursor would do,
    and everyone's score."""

    BINDINGS: list[BindingType] = [
        # The final board's (b on the scores), before the board's own Enter.
        Binding("enter", "scores", "Scores", id="flow_scores", priority=True),
        Binding("r", "rotate(1)", "Rotate", id="flow_rotate"),
        Binding("R", "rotate(3)", "Rotate back", id="flow_rotate_back", show=False),
        Binding("n", "next_tile", "Next tile", id="flow_next_tile"),
        Binding("f", "next_fit", "Fits", id="flow_next_fit"),
        Binding("v", "reserve", "Reserve", id="flow_reserve"),
        # v while the rules allow no reservation: out of the footer, says why.
        Binding("v", "reserve_refused", "Reserve", id="flow_reserve_refused", show=False),
        # Out of the footer, so the turn's keys fit in 80 columns: named beside the board,
        # and in help; s, as every move is saved anyway.
        Binding("t", "toggle_territories", "Territories", id="flow_territories", show=False),
        Binding("s", "save", "Save", id="save", show=False),
        *(Binding(str(n), f"pick({n - 1})", f"Tile {n}", id=f"flow_tile_{n}", show=False) for n in range(1, 7)),
    ]
    PLAY_ACTIONS = GameScreen.PLAY_ACTIONS | {"rotate", "next_tile", "next_fit", "pick", "reserve", "reserve_refused",
                                              "choose"}
    """With "choose", the board's Enter (Place): a watcher has neither."""
    PALETTE_IN_FOOTER = False  # the turn's keys need the room at 80 columns
    LAST_MOVE_IN_BOARD = True  # beside the board: at 80x24 the board needs every line
    LOG_IN_BOARD = True  # beside the board too, so showing it never hides a row of the board

    CSS_PATH = "screen.tcss"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.chosen = 0
        self.rotation = 0
        self.show_territories = False
        self._viewer_seen: int | None = None
        self._may_reserve = False
        """Whether the viewing seat may place its Reservation Tile now (from the rules)."""

    # --- layout ---------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Horizontal(id="flow-table"):
            grid = TileGrid(id="grid")
            # A replay's keys are the move list's: the board's Enter would place a tile.
            grid.can_focus = self.replay is None
            yield grid
            with Vertical(id="flow-side"):
                yield LastMove(id="last-move", grows=False)
                yield Static(id="hand-title")
                yield FlowHand(id="hand")
                yield Static(id="preview")
                yield Static(id="track")
                yield TrackNotes(id="track-notes")
                yield from self.compose_log()

    def on_mount(self) -> None:
        # Textual also runs GameScreen.on_mount (handlers run along the MRO).
        self._fit(self.app.size.width, self.app.size.height)
        if self.replay is None:
            # Beside the board, the log wraps at its own width (Textual's least is 78).
            self.query_one("#log", GameLog).min_width = 20
            # The board keeps the keys: Tab or a click on the log (shown with L) would
            # take the arrows and Enter from it; < and > page the log, as does the wheel.
            self.query_one("#log").can_focus = False
            self.query_one(TileGrid).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Big squares when the terminal has room for them, and the header when the
        board leaves it a line. The log (a replay's move list) sits beside the
        board: shown from the start when the side has room for it below the score
        track, and always in a replay, whose control it is (`L` shows or hides it
        at any size)."""
        grid = self.query_one(TileGrid)
        roomy = board_size(2)
        grid.scale = 2 if width >= roomy.width + 1 + SIDE_COLUMNS and height >= roomy.height + CHROME_LINES else 1
        board = board_size(grid.scale)
        grid.styles.width = board.width + 1
        self.query_one(Header).display = height >= board.height + CHROME_LINES
        self.query_one("#log").set_class(self.replay is None and not self._side_has_room(height), "-hidden")
        for chat in self.query(ChatPane):  # likewise the chat (its lines then come as notices; C shows it)
            chat.display = self._side_has_room(height)
        self._fit_side()

    def _side_has_room(self, height: int) -> bool:
        return height >= CHROME_LINES + SIDE_LINES + LOG_LINES

    def _fit_side(self) -> None:
        """With the log shown on a small terminal, the log takes the score track's place."""
        log_shown = not self.query_one("#log").has_class("-hidden")
        track = not log_shown or self._side_has_room(self.app.size.height)
        self.query_one("#track").display = self.query_one(TrackNotes).display = track
        self.query_one(TrackNotes).take_all_rows(log_shown)
        if self.replay is not None and self.is_mounted:
            self.query_one(StatusBar).message = self._status_text()

    def seat_style(self, seat: int | None) -> Style:
        """A player's name in the chat in their species' colour."""
        return species_style(seat) if seat is not None else super().seat_style(seat)

    def action_toggle_log(self) -> None:
        super().action_toggle_log()
        self._fit_side()

    # --- what the viewing seat holds ---------------------------------------------------------
    def _hand(self, view: FlowState) -> tuple[str, ...]:
        return view.hands[self.viewer] if self.viewer is not None else ()

    def _tile(self, view: FlowState) -> str | None:
        hand = self._hand(view)
        if not hand:
            return None
        self.chosen = min(self.chosen, len(hand) - 1)
        return hand[self.chosen]

    def _my_turn(self) -> bool:
        return self.replay is None and self.viewer is not None and self.viewer in self.table.to_act()

    # --- drawing ------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        if self.viewer != self._viewer_seen:  # another seat's hand: start from its first tile, unturned
            self._viewer_seen, self.chosen, self.rotation = self.viewer, 0, 0
        view = self.view
        legal = self.legal_actions()
        self._may_reserve = any(isinstance(a, PlaceReservation) for a in legal)
        grid = self.query_one(TileGrid)
        if self.new_step(legal):
            self._cursor_where_it_fits(view, legal, grid)
        highlight = (
            frozenset(step for t in view.territories for step in t.steps) if self.show_territories else frozenset()
        )
        preview = self._preview(view, grid.cursor)
        mine = open_rivers_of(view, self.viewer) if self.viewer is not None else frozenset()
        grid.show(view, self._ghost(view, preview), highlight, self.recent.marks, mine, self.viewer)
        self.query_one(FlowHand).show(self._hand(view), self.chosen, self.rotation, self.viewer)
        self.query_one("#hand-title", Static).update(self._hand_title())
        self.query_one("#preview", Static).update(self._preview_text(view, grid.cursor, preview))
        self.query_one("#track", Static).update(self._track(view))
        self.query_one(TrackNotes).show(self._track_notes(view))

    def _cursor_where_it_fits(self, view: FlowState, legal: list, grid: TileGrid) -> None:
        """A new step of the seat's turn (its turn come, its first of two tiles laid):
        where the cursor's square takes the tile in hand no more (the tile just laid,
        another seat's) or would end one of the seat's own Lair rivers (`lair_loss`)
        while another square would not, it goes to the nearest square where the tile,
        turned as shown, does something (as `f` would), else to the nearest where it
        may lie so; harming none of the seat's Lairs, where it can."""
        tile = self._tile(view)
        fits = [a for a in legal if isinstance(a, PlaceTile) and a.tile == tile and a.rotation == self.rotation]
        fits = [a for a in fits if not lair_loss(view, self.viewer, a)] or fits
        if not fits or any(a.square == grid.cursor for a in fits):
            return
        squares = good_fits(view, self.viewer, fits) or {a.square for a in fits}
        row, col = divmod(grid.cursor, BOARD_SIZE)
        grid.cursor = min(squares, key=lambda s: (abs(s // BOARD_SIZE - row) + abs(s % BOARD_SIZE - col), s))

    def _preview(self, view: FlowState, square: int) -> PlacementPreview | None:
        tile = self._tile(view)
        if tile is None or self.viewer is None:
            return None
        return preview_placement(view, self.viewer, PlaceTile(tile, self.rotation, square))

    def _ghost(self, view: FlowState, preview: PlacementPreview | None) -> Ghost | None:
        tile = self._tile(view)
        if tile is None or preview is None or not self._my_turn():
            return None
        return Ghost(FACE_INDEX[tile] * 4 + self.rotation, preview.allowed, self.viewer)

    def _hand_title(self) -> Text:
        if self.viewer is None:
            return Text("Watching: hands are hidden.", style="italic")
        seat = self.viewer
        text = Text()
        text.append(f"{SPECIES[seat].glyph} ", species_style(seat))
        return text.append(f"{self.seat_name(seat)} ({SPECIES[seat].short}): hand")

    def _preview_text(self, view: FlowState, square: int, preview: PlacementPreview | None) -> Text:
        text = Text()
        tile = self._tile(view)
        if tile is not None:
            face = FACES[FACE_INDEX[tile]]
            kind = f"lair {face.name}" if tile in LAIR_FACE_IDS else face.name
            text.append(f"Tile {self.chosen + 1}: {kind}, turned {self.rotation * 90}°\n")
        text.append(f"{square_name(square)}: ", style="bold")
        if view.over:
            return text.append("the board is full.")
        if not self._my_turn():
            return text.append(f"{self._whose_turn(view)}.")
        if preview is None:
            return text.append("you hold no tile.")
        if not preview.allowed:
            fits = f"\n{key_shown(self.app, 'flow_next_fit', 'f')}: a square where it fits"
            if view.tiles[square] >= 0:  # where the cursor stays after a placement: no refusal to read
                face = FACES[view.tiles[square] // 4]
                owner = view.lair_owner[square]  # a Lair's name is its own: "holds Igapó Pool, Ann's Lair"
                held = f"{face.name}, {self.seat_name(owner)}'s Lair" if owner >= 0 else f"a {face.name}"
                return text.append(f"holds {held}.").append(fits, style="dim")
            reason = preview.reason.removeprefix(f"{square_name(square)} ")  # "D3: not on the outer ring..."
            text.append(reason, style=ink("red"))
            return text.append(fits, style="dim")
        text.append("fits", style=f"{ink('green')} bold")
        if preview.joins:  # "joins 0 rivers" said nothing a newcomer could use
            text.append(f", joins {preview.joins} river{'s' * (preview.joins != 1)}")
        if preview.dams:  # against a dry side, the edge or a shut square: it can never close
            rivers = f"{preview.dams} river{'s' * (preview.dams != 1)}"
            text.append(f", {rivers} can never close", style=ink("sand"))  # into a Territory
        outlook = lair_outlook(view, self.viewer, self.highlighted_square_action(view, square))
        text.append(". ")
        self._points_words(text, view, preview, outlook)
        # Not the Lair being laid here: its river is in plain sight.
        outlook = LairOutlook(tuple(lair for lair in outlook.opened if lair.lair != square), outlook.ended)
        for territory in preview.closes:
            gains = ", ".join(f"{self.seat_name(s)} +{p}" for s, p in territory.points().items())
            text.append(f"\n  closes {territory.title} L={territory.length}: {gains}", style="bold")
        return self._outlook_text(text, outlook)

    def _points_words(self, text: Text, view: FlowState, preview: PlacementPreview, outlook: LairOutlook) -> None:
        """What the placement makes or loses for the viewing seat, in points: the
        Territories it closes now ("You +3 now"); what its open Lair rivers gain or
        lose, each worth at least its length + 1 once closed ("your Lair rivers +1
        once closed", "You lose 4+: your Lair D2 can never close"); else that it scores
        nothing for you. Who else scores, and how, follows line by line."""
        me = self.viewer
        worth = {lair.lair: lair.length + 1 for lair in open_lair_rivers(view) if lair.owner == me}
        grows = sum(lair.length + 1 - worth.get(lair.lair, 0) for lair in outlook.opened if lair.owner == me)
        lost = sum(worth[lair.lair] for lair in outlook.ended if lair.owner == me)
        said = []
        if preview.points[me]:
            said.append((f"You +{preview.points[me]} now", f"bold {ink('green')}"))
        if grows > 0:
            said.append((f"your Lair rivers +{grows} once closed", ink("green")))
        if lost:
            said.append((f"you lose {lost}+: your Lair can never close", f"bold {ink('red')}"))
        if not said:
            said.append(("No points for you" + (" now" if preview.closes else ""), "dim"))
        for index, (words, style) in enumerate(said):
            text.append(", " if index else "")
            text.append(words[0].upper() + words[1:] if not index else words, style=style)
        text.append(".")

    def _outlook_text(self, text: Text, outlook: LairOutlook) -> Text:
        """The Lair rivers the placement leaves open (a chance for their owner,
        whoever lays the closing tile) or ends for good, one line each."""
        for lair in outlook.opened:
            where = f"Lair {square_name(lair.lair)} L={lair.length}, open at {square_name(lair.opening)}"
            if lair.owner == self.viewer:
                text.append(f"\n  your {where}", style=ink("green"))
            else:
                text.append(f"\n  sets up {self.seat_name(lair.owner)}: {where}", style=f"bold {ink('sand')}")
        for lair in outlook.ended:
            if lair.owner == self.viewer:
                text.append(f"\n  ends your Lair {square_name(lair.lair)} for good", style=f"bold {ink('red')}")
            else:
                text.append(f"\n  ends {self.seat_name(lair.owner)}'s Lair {square_name(lair.lair)} for good")
        return text

    def _whose_turn(self, view: FlowState) -> str:
        seat = view.turn_seat
        return f"{SPECIES[seat].glyph} {self.seat_name(seat)} is playing"

    def _track(self, view: FlowState) -> Text:
        """The score track: points so far, point tiles, Lairs placed, reservation, hand,
        above it what its ● and R mean (here, never left out for a tall preview)."""
        totals = scores(view)
        taken = sum(1 for t in view.territories if t.kind in (LAKE, LOOP))
        text = Text(style="bold")
        if not self.query_one(Header).display:  # the board took the header's line
            text.append(f"{self.sub_title} · pile {view.pile_size}\n")  # "River pile" wraps at 80x24
        else:
            text.append(f"River pile {view.pile_size}\n")
        text.append(f"● point tile ({max(POINT_TILES - taken, 0)} left) · R reservation\n")
        text.append(f"   {'':<{NAME_WIDTH}} pts       lairs  hand\n", style="dim")
        for seat in range(view.seats):
            tiles = sum(1 for t in view.territories if t.kind in (LAKE, LOOP) and t.placer == seat)
            lairs = sum(1 for owner in view.lair_owner if owner == seat)
            turn = "▶" if seat == view.turn_seat and not view.over else " "
            text.append(f"{turn}{SPECIES[seat].glyph} ", species_style(seat))
            text.append(f"{self.seat_name(seat)[:NAME_WIDTH]:<{NAME_WIDTH}} {totals[seat]:>3} ", style="bold")
            reserve = "R" if view.reservations[seat] == RESERVATION_IN_HAND else " "
            point_tiles = "●" * tiles if tiles <= 3 else f"{tiles}●"
            text.append(f"{point_tiles:<4}  {lairs}/{LAIR_TOKENS_PER_SPECIES} {reserve} {len(view.hands[seat]):>4}\n")
        text.rstrip()
        return text

    def _track_notes(self, view: FlowState) -> list[Text]:
        """Under the track, the most needed first: in the last rounds what is still at
        stake, the animals the log names beside each seat and the `t` key (where the
        preview leaves the side too few rows, the last of them are left out)."""
        animals = Text(style="bold")
        for seat in range(view.seats):
            animals.append(f"{SPECIES[seat].glyph} ", species_style(seat)).append(f"{SPECIES[seat].short}  ")
        animals.rstrip()
        if in_the_last_rounds(view):
            return [self._at_stake(view), animals]
        return [self._how_to_score(), animals,
                Text(style="bold").append("t: light up the completed territories", style="dim")]

    def _how_to_score(self) -> Text:
        """The legend of the heavy rivers, and what scores: "━━ your Lair river to ◦ or
        a Lair: +L" (its length), the rivers in the viewing seat's colour."""
        text = Text(style="bold")
        if self.viewer is None:
            return text.append("A Lair river to ◦ or a Lair: +L")
        text.append("━━", species_style(self.viewer))
        return text.append(" your Lair river to ◦ or a Lair: +L")

    def _at_stake(self, view: FlowState) -> Text:
        """In the last rounds, in the legend's place: how little is left and the Lairs
        that may still score (each one's owner gets at least L+1 when it closes)."""
        rounds = rounds_left(view)
        text = Text(style="bold")
        text.append(f"Last round{'s' * (rounds != 1)}: {view.empty_squares} squares left", style=f"bold {ink('sand')}")
        lairs = open_lair_rivers(view)
        text.append("\nStill open: " if lairs else "\nNo Lair can score any more.", style="bold")
        for index, lair in enumerate(lairs):
            text.append(" · " if index else "")
            text.append(SPECIES[lair.owner].glyph, species_style(lair.owner))
            text.append(f" {square_name(lair.lair)} L={lair.length}")
        return text

    def prompt(self) -> str:
        view = self.view
        per_turn = actions_per_turn(view.variant)
        actions = f"action {per_turn - view.actions_left + 1} of {per_turn}: " if per_turn > 1 else ""
        reserve = ", v reserve" if self._may_reserve else ""
        return f"{actions}Enter place, r rotate, n next tile{reserve}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reserve" and self.replay is None:
            return self._may_reserve  # the footer offers v only while the rules allow a reservation
        return super().check_action(action, parameters)

    # --- keys ------------------------------------------------------------------------------------
    def on_tile_grid_cursor_moved(self, message: TileGrid.CursorMoved) -> None:
        view = self.view
        preview = self._preview(view, message.place)
        message.board.set_ghost(self._ghost(view, preview))
        self.query_one("#preview", Static).update(self._preview_text(view, message.place, preview))

    def highlighted_action(self, view, legal):
        """The tile in hand, turned as shown, on the square under the cursor."""
        return self.highlighted_square_action(view, self.query_one(TileGrid).cursor)

    def highlighted_square_action(self, view, square: int) -> PlaceTile | None:
        """The tile in hand, turned as shown, on ``square``."""
        tile = self._tile(view)
        return None if tile is None else PlaceTile(tile, self.rotation, square)

    def on_tile_grid_chosen(self, message: TileGrid.Chosen) -> None:
        if self.replay is not None:
            return  # a click on a replay's board places nothing
        tile = self._tile(self.view)
        if tile is None or not self._my_turn():
            self.not_your_turn("It is not your turn to place a tile.")
            return
        # The next tile starts unturned: set before the move, whose redraw draws the
        # hand (set after it, the hand kept the old turn while the preview said 0°).
        rotation, self.rotation = self.rotation, 0
        if not self.play(PlaceTile(tile, rotation, message.place)):
            self.rotation = rotation

    def on_flow_hand_selected(self, message: FlowHand.Selected) -> None:
        self.action_pick(message.index)

    def action_rotate(self, quarter_turns: int) -> None:
        self.rotation = (self.rotation + quarter_turns) % 4
        self.refresh_board()

    def action_next_tile(self) -> None:
        hand = self._hand(self.view)
        if hand:
            self.action_pick((self.chosen + 1) % len(hand))

    def action_next_fit(self) -> None:
        """f: the cursor to the next square, row by row after it (round to the first),
        where the tile in hand does something (the rules' `good_fits`: its river meets
        another, or it closes a Territory), turned its best way there; where it does
        nothing anywhere, to the next square it may lie on at all, and says so."""
        tile = self._tile(self.view)
        if tile is None or not self._my_turn():
            self.not_your_turn("It is not your turn to place a tile.")
            return
        fits = [a for a in self.legal_actions() if isinstance(a, PlaceTile) and a.tile == tile]
        if not fits:
            self.notify("The tile in hand fits nowhere: n picks another.", severity="warning")
            return
        grid = self.query_one(TileGrid)
        good = good_fits(self.view, self.viewer, fits)
        squares = sorted(good) or sorted({a.square for a in fits})
        square = next((s for s in squares if s > grid.cursor), squares[0])
        if square in good:
            self.rotation = good[square].rotation
        else:
            turns = sorted(a.rotation for a in fits if a.square == square)
            if self.rotation not in turns:
                self.rotation = turns[0]
            self.notify("The tile in hand meets no river anywhere: f goes to every square it may lie on.",
                        markup=False)
        grid.cursor = square
        self.refresh_board()

    def action_pick(self, index: int) -> None:
        if index < len(self._hand(self.view)):
            self.chosen, self.rotation = index, 0
            self.refresh_board()

    def action_reserve(self) -> None:
        if not self._my_turn():
            self.not_your_turn()
            return
        self.play(PlaceReservation(self.query_one(TileGrid).cursor))

    def action_reserve_refused(self) -> None:
        self.action_reserve()  # the rules' reason

    def action_toggle_territories(self) -> None:
        self.show_territories = not self.show_territories
        count = len(self.view.territories)
        if self.show_territories:
            self.notify(f"{count} completed territor{'y' if count == 1 else 'ies'} lit up." if count
                        else "No territory is complete yet.")
        self.refresh_board()
