"""River Valley Glassworks at the table: the river, the lake, your satchel and
your glassworks, with every step of a turn one key at a time.

The screen never decides what is legal: the tiles it brightens, the choices it
offers and the moves it sends all come from ``legal_actions``; anything else it
sends anyway, so the rules can say why not.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from ...rules.glassworks.actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from ...rules.glassworks.components import COLOURS, OVERFLOW_VP, SATCHEL_LIMIT, SHAPES
from ...rules.glassworks.grid import add_pieces, of_colour
from ...rules.glassworks.pieces import contains
from ...rules.glassworks.river import adjacent_tiles
from ...rules.glassworks.scoring import best_addition, score
from ...rules.glassworks.state import GATHER, ORDER, OVERFLOW, TURN
from ...widgets.glassworks.grid import GlassGrid
from ...widgets.glassworks.info import GlassInfo
from ...widgets.glassworks.pieces import PieceRow, piece_name
from ...widgets.glassworks.river import GlassRiver
from ...widgets.last_move import LAST_MARK
from ...widgets.status_bar import StatusBar
from ..game_base import GameScreen
from ..pick_prompt import key_shown, pick_lines

SATCHEL, RIVER, LAKE, ORDER_ROW = "satchel", "river", "lake", "order"
LAKE_DRAW = 4  # "take 4 pieces from the lake"
OTHER_WIDTH = 40  # a grid, its title and the margin
OTHER_TITLE = OTHER_WIDTH - 1
"""The columns of another board's title (its box, .other in screen.tcss)."""
OTHERS_MIN_HEIGHT = 36  # room for the other boards below one's own


class GlassworksScreen(GameScreen):
    """Keys: ←/→ (h/l) move, Tab/↑/↓ switch between satchel, river and lake,
    Space picks, Enter chooses, Esc clears, 1-6 jump to a river tile, d goes to the
    lake to draw, b shows the next player's board."""

    CSS_PATH = "screen.tcss"

    # Priority: the game log may hold the focus, and must not take the arrows.
    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", id="glass_left", show=False, priority=True),
        Binding("right,l", "move(1)", "Right", id="glass_right", show=False, priority=True),
        Binding("tab,down,j", "zone(1)", "Next row", id="glass_next_row", show=False, priority=True),
        Binding("shift+tab,up,k", "zone(-1)", "Previous row", id="glass_previous_row", show=False, priority=True),
        Binding("space", "pick", "Pick", id="glass_pick", priority=True),
        Binding("enter", "choose", "Choose", id="glass_choose", priority=True),
        Binding("enter", "scores", "Scores", id="glass_scores", priority=True),  # the final board's (b on the scores)
        Binding("escape", "clear", "Clear", id="glass_clear", show=False),
        Binding("d", "lake", "Draw", id="glass_draw"),
        # Out of the footer, so the turn's keys fit in 80 columns: named on the board ("b: next board")
        # and in help; s, as every move is saved anyway.
        Binding("b", "next_board", "Boards", id="glass_boards", show=False),
        Binding("s", "save", "Save", id="save", show=False),
        *(Binding(str(n), f"tile({n - 1})", f"Tile {n}", id=f"glass_tile_{n}", show=False) for n in range(1, 7)),
    ]
    PLAY_ACTIONS = GameScreen.PLAY_ACTIONS | {"move", "zone", "pick", "choose", "clear", "lake", "tile"}
    PALETTE_IN_FOOTER = False  # the turn's keys need the room at 80 columns
    LAST_MOVE_GROWS_FROM = 0  # a long last move reads whole on two rows: the log below gives the second

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.zone: str | None = None
        self.cursors = {SATCHEL: 0, RIVER: 0, LAKE: 0, ORDER_ROW: 0}
        self.picked: frozenset[int] = frozenset()  # satchel indexes
        self.lake_picked: frozenset[int] = frozenset()  # lake indexes
        self.board_seat: int | None = None  # another player's board on show

    # --- layout ------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield GlassRiver(id="river")
        with Horizontal(id="glass-row"):
            yield GlassGrid(id="grid")
            with Vertical(id="glass-side"):
                yield Static(id="glass-title")
                yield PieceRow("Satchel", id="satchel")
                yield PieceRow("New colours", id="order")
                yield GlassInfo(id="info")
        with Horizontal(id="others"):
            for seat in range(len(self.table.seats)):
                with Vertical(id=f"other-{seat}", classes="other"):
                    yield Static(classes="other-title")
                    yield GlassGrid()
                    yield PieceRow("Satchel")

    # --- what may be done now ------------------------------------------------------
    def zones(self, view, legal) -> list[str]:
        """The rows a cursor may visit now, from the legal actions."""
        kinds = {type(a) for a in legal}
        if view.phase == TURN:
            return [z for z, kind in ((SATCHEL, Place), (RIVER, Place), (LAKE, Draw)) if kind in kinds]
        return {GATHER: [RIVER], ORDER: [ORDER_ROW], OVERFLOW: [SATCHEL]}.get(view.phase, []) if legal else []

    def chosen_pieces(self, view) -> tuple[int, ...]:
        """The satchel pieces picked, or the one under the cursor."""
        satchel = view.satchels[view.current]
        indexes = self.picked or ({self.cursors[SATCHEL]} if satchel else set())
        return tuple(sorted(satchel[i] for i in indexes if i < len(satchel)))

    def targets(self, view, legal) -> set[int] | None:
        """The tiles the current choice may use; None when no choice is being made."""
        if view.phase == GATHER and legal:
            return {a.tile for a in legal if isinstance(a, Gather)}
        if view.phase == TURN and legal:
            chosen = self.chosen_pieces(view)
            return {a.tile for a in legal if isinstance(a, Place) and a.pieces == chosen}
        return None

    def new_colours(self, view) -> list[int]:
        return sorted({p >> 3 for p in view.pending})

    # --- drawing -------------------------------------------------------------------
    def refresh_board(self) -> None:
        view = self.view
        legal = self.legal_actions()
        if self.new_step(legal):
            self._start_step(view, legal)
        zones = self.zones(view, legal)
        if self.zone not in zones:
            self.zone = zones[0] if zones else None
        self._clamp(view)
        shown = self.shown_seat(view)
        names = [s.name for s in self.table.seats]
        self.query_one(GlassRiver).show(
            view,
            tile_cursor=self.cursors[RIVER] if self.zone == RIVER else None,
            targets=self.targets(view, legal),
            lake_cursor=self.cursors[LAKE] if self.zone == LAKE else None,
            lake_selected=self.lake_picked,
            last=self.recent.marks,
        )
        board = view.boards[shown]
        next_column = len(board.columns) if view.phase == ORDER and shown == view.current else None
        self.query_one(GlassGrid).show(board, next_column, self._last_columns(shown))
        self._update(self.query_one("#glass-title", Static), self._title(view, shown))
        own = shown == self.viewer
        self.query_one("#satchel", PieceRow).show(
            view.satchels[shown],
            label=f"{self._last_sign(('satchel', shown))}Satchel {len(view.satchels[shown])}/{SATCHEL_LIMIT}",
            cursor=self.cursors[SATCHEL] if self.zone == SATCHEL and own else None,
            selected=self.picked if own else frozenset(),
        )
        order = self.query_one("#order", PieceRow)
        order.display = view.phase == ORDER and shown == view.current  # another's new colours are theirs to order
        if order.display:
            colours = self.new_colours(view)
            firsts = [next(p for p in view.pending if p >> 3 == c) for c in colours]
            order.show(
                firsts,
                label="New colours",
                cursor=self.cursors[ORDER_ROW] if self.zone == ORDER_ROW else None,
                note=f"→ column {len(view.boards[view.current].columns) + 1}",
            )
        then = self._then(view, legal) if shown == self.viewer else None
        self.query_one(GlassInfo).show(view, shown, names, then)
        self._show_others(view, shown)
        # The prompt follows the row the cursor is in (satchel, river or lake).
        self.query_one(StatusBar).message = self._status_text()

    def _then(self, view, legal) -> tuple[int, str] | None:
        """The score the choice under the cursor leads to, and its words: the gather
        there; the best gather a placement there allows ("up to"); the new colour put
        in the next column, the others after it in their best order."""
        action = self.highlighted_action(view, legal) if legal else None
        if action is None or action not in legal:
            return None
        board = view.boards[view.current]
        if isinstance(action, Gather):
            return score(best_addition(board, view.tiles[action.tile])), f"gathering from {self._tile_name(view, action.tile)}"
        if isinstance(action, Place):
            best = max(score(best_addition(board, view.tiles[t])) for t in adjacent_tiles(view.river, action.tile))
            return best, "at best, with the gather"
        if isinstance(action, NewColumn):
            chosen, rest = of_colour(view.pending, action.colour)
            column = len(board.columns) + 1
            return score(best_addition(add_pieces(board, chosen), rest)), f"with {COLOURS[action.colour].letter} in column {column}"
        return None

    def _last_columns(self, seat: int) -> frozenset[int]:
        """The columns of ``seat``'s glassworks the last moves changed."""
        return frozenset(mark[2] for mark in self.recent.marks if mark[:2] == ("column", seat))

    def _last_sign(self, mark: tuple) -> str:
        return f"{LAST_MARK} " if mark in self.recent.marks else ""

    def _show_others(self, view, shown: int) -> None:
        """On a big enough terminal, the other boards stand below, in turn order
        after the one on show, as many as fit."""
        room = self.size.width // OTHER_WIDTH if self.size.height >= OTHERS_MIN_HEIGHT else 0
        order = [(shown + k) % view.seats for k in range(1, view.seats)][:room]
        self.query_one("#others").display = bool(order)  # none shown: its margin's row goes to the log
        for seat in range(view.seats):
            box = self.query_one(f"#other-{seat}")
            box.display = seat in order
            if seat in order:
                board = view.boards[seat]
                changed = self._last_columns(seat) or {("satchel", seat), ("overflow", seat)} & self.recent.marks
                mark = f"{LAST_MARK} " if changed else ""
                figures = f": inventory {board.inventory}, overflow {len(board.overflow)}"
                # The figures always whole; a name too long for the rest ends in "…" (b shows it whole).
                room = OTHER_TITLE - 1 - len(mark) - len(figures)  # a blank before the next box's title
                name = self.seat_name(seat)
                name = name if len(name) <= room else name[: max(room - 1, 1)] + "…"
                self._update(box.query_one(".other-title", Static),
                             Content.assemble((mark, "bold reverse"), (name, "bold"), figures))
                box.query_one(GlassGrid).show(board, last=self._last_columns(seat))
                box.query_one(PieceRow).show(view.satchels[seat], label=f"Satchel {len(view.satchels[seat])}/{SATCHEL_LIMIT}")

    @staticmethod
    def _update(static: Static, content: Content) -> None:
        """Update a label only when its text changes: an update lays the screen out again.
        (Content, never markup: the text holds a player's name, brackets and all.)"""
        if static.content != content:
            static.update(content)

    def on_resize(self) -> None:
        self.refresh_board()

    def shown_seat(self, view) -> int:
        if self.board_seat is not None:
            return self.board_seat
        return self.viewer if self.viewer is not None else view.current

    def _title(self, view, shown: int) -> Content:
        """"Ann's glassworks (1 of 3) · b: next board"; where a long name leaves that no
        room on one line, "glassworks" goes, so the key is never split over two."""
        name = self.seat_name(shown)
        others = " · b: next board" if view.seats > 1 else ""
        tail = f" ({shown + 1} of {view.seats}){others}"
        room = self.query_one("#glass-title").size.width
        whose = f"{name}'s glassworks"
        whose = whose if not room or len(whose) + len(tail) <= room else name
        return Content.assemble((whose, "bold"), tail)

    def _start_step(self, view, legal) -> None:
        """A new step of play: clear the picks and put the cursor where the step begins."""
        self.picked = self.lake_picked = frozenset()
        self.board_seat = None
        self.zone = None
        zones = self.zones(view, legal)
        if view.phase == TURN and SATCHEL not in zones and LAKE in zones:
            self.zone = LAKE
        targets = self.targets(view, legal)
        if view.phase == GATHER and targets:
            self.cursors[RIVER] = min(view.river.index(t) for t in targets)
        self.cursors[SATCHEL] = self.cursors[LAKE] = self.cursors[ORDER_ROW] = 0

    def _clamp(self, view) -> None:
        sizes = {
            SATCHEL: len(view.satchels[view.current]),
            RIVER: len(view.river),
            LAKE: len(view.lake),
            ORDER_ROW: len(self.new_colours(view)),
        }
        for zone, size in sizes.items():
            self.cursors[zone] = max(0, min(self.cursors[zone], size - 1))

    # --- the prompt ------------------------------------------------------------------
    def prompt(self) -> str:
        view, legal = self.view, self.legal_actions()
        if legal == [Pass()]:
            return "you can neither place nor draw: Enter passes."
        if view.phase == TURN:
            return self._turn_prompt(view)
        enter = key_shown(self.app, "glass_choose", "enter")
        if view.phase == GATHER:
            plain = f"gather a bright tile next to the {SHAPES[view.placed].name} tile"
            targets = sorted(self.targets(view, legal) or (), key=view.river.index)
            if not targets:
                return self.first_whole(plain, "gather from a bright tile", keys=f"←/→ · {enter}: gather")
            # Each choice by what it gives, the one under the cursor marked.
            cursor = view.river[self.cursors[RIVER]]
            choices = " or ".join(f"{'▶' if t == cursor else ''}{self._pieces_on(view, t)} from {self._tile_name(view, t)}"
                                  for t in targets)
            others = len(targets) - 1
            this = f"gather {self._pieces_on(view, cursor)} from {self._tile_name(view, cursor)}"
            if cursor not in targets:
                this = plain
            shorter = f"{this} or {others} other{'s' * (others != 1)}" if others and cursor in targets else this
            arrows = "←/→ · " if others or cursor not in targets else ""  # one tile to gather: no choice to move through
            return self.first_whole(f"gather {choices}", shorter, this, plain, "gather from a bright tile",
                                    keys=f"{arrows}{enter}: gather")
        if view.phase == ORDER:
            column = len(view.boards[view.current].columns) + 1
            return self.first_whole(f"which new colour takes column {column}?", keys=f"←/→ · {enter}: choose")
        if view.phase == OVERFLOW:
            satchel = view.satchels[view.current]
            extra = len(satchel) - SATCHEL_LIMIT
            piece = piece_name(satchel[min(self.cursors[SATCHEL], len(satchel) - 1)])
            return self.first_whole(
                f"satchel {len(satchel)} of {SATCHEL_LIMIT}: send {extra} to overflow, {OVERFLOW_VP} VP each",
                f"send {extra} to overflow ({OVERFLOW_VP} VP each)", f"send {extra} to overflow",
                keys=f"←/→ · {enter}: send {piece}")
        return super().prompt()

    def _turn_prompt(self, view) -> str:
        """Place & Gather or Draw: what to do in the row the cursor is in."""
        toggle, enter = key_shown(self.app, "glass_pick", "space"), key_shown(self.app, "glass_choose", "enter")
        if self.zone == LAKE:
            wanted = self._lake_wanted()
            picked = [piece_name(p) for p in self._lake_pieces(view)]
            more = f"{wanted - len(picked)} more" if len(picked) < wanted else ""
            # "Your satchel can only hold 5 pieces. If you go over, place pieces of your
            # choice in overflow": what the draw costs, said before Enter.
            over = len(view.satchels[view.current]) + wanted - SATCHEL_LIMIT
            cost = f", {over} to overflow ({over * OVERFLOW_VP} VP)" if over > 0 else ""
            tasks = (f"draw {wanted} from the lake", f"draw {wanted}")
            return self.first_whole(*pick_lines(tasks, picked, more, toggle, f"{enter}: draw{cost}"))
        if self.zone == RIVER:
            pieces = " ".join(piece_name(p) for p in self.chosen_pieces(view))
            keys = (f"{enter}: place · Esc: back", enter)
            targets = self.targets(view, self.legal_actions()) or set()
            tile = view.river[self.cursors[RIVER]]
            if tile not in targets:
                return self.first_whole(f"place {pieces} on a bright tile (←/→ or 1-6)",
                                        f"place {pieces} on a bright tile", keys=keys)
            # What the placement leads to: the tiles next to it, one of which is gathered;
            # the pieces placed stay on their tile for whoever gathers from it next.
            then = " or ".join(f"{self._pieces_on(view, t)} from {self._tile_name(view, t)}"
                               for t in adjacent_tiles(view.river, tile))
            place = f"place {pieces} on {self._tile_name(view, tile)}"
            left = "left for the next player to gather"
            return self.first_whole(f"{place} ({left}), then gather {then}", f"{place}, {left}", place, keys=keys)
        satchel = view.satchels[view.current]
        picked = [satchel[i] for i in sorted(self.picked) if i < len(satchel)]
        more = "1 or 2 of a shape" if not picked else f"a 2nd {SHAPES[picked[0] & 7].glyph} may join" if len(picked) == 1 else ""
        lines = pick_lines(("place",), [piece_name(p) for p in picked], more, toggle, f"{enter}: place")
        if not picked:  # before "{more} · keys", in more words: what may be picked
            lines[-2:-2] = [f"pick {more} · {lines[-1]}"]
        return self.first_whole(*lines, keys=f"{key_shown(self.app, 'glass_draw', 'd')}: draw")

    @staticmethod
    def _tile_name(view, tile: int) -> str:
        """"3★": a river tile as its header shows it, by place and shape."""
        return f"{view.river.index(tile) + 1}{SHAPES[tile].glyph}"

    @staticmethod
    def _pieces_on(view, tile: int) -> str:
        return " ".join(piece_name(p) for p in view.tiles[tile]) or "nothing"

    def _lake_wanted(self) -> int:
        """How many lake pieces a draw takes now (4, or all that are left), from the legal draws."""
        draw = next((a for a in self.legal_actions() if isinstance(a, Draw)), None)
        return len(draw.pieces) if draw is not None else LAKE_DRAW

    def _lake_pieces(self, view) -> list[int]:
        return [view.lake[i] for i in sorted(self.lake_picked) if i < len(view.lake)]

    # --- keys ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_board" and len(self.table.seats) == 1:
            return False  # alone, there is no other board
        return super().check_action(action, parameters)

    def action_move(self, step: int) -> None:
        """←/→ along the row the cursor is in; on the river, only along the bright
        tiles (those the choice may use: the cursor never rests where Enter is refused)."""
        self.board_seat = None
        view = self.view
        targets = self.targets(view, self.legal_actions()) if self.zone == RIVER else None
        if targets:
            places = sorted(view.river.index(tile) for tile in targets)
            later = [p for p in places if (p - self.cursors[RIVER]) * step > 0]
            if later:
                self.cursors[RIVER] = min(later, key=lambda p: abs(p - self.cursors[RIVER]))
            elif self.cursors[RIVER] not in places:  # at the end of the tiles: it stays, never wraps round
                self.cursors[RIVER] = places[0 if step > 0 else -1]
        elif self.zone is not None:
            self.cursors[self.zone] += step
        self.refresh_board()

    def action_zone(self, step: int) -> None:
        self.board_seat = None
        zones = self.zones(self.view, self.legal_actions())
        if zones:
            index = zones.index(self.zone) if self.zone in zones else -step
            self.zone = zones[(index + step) % len(zones)]
            if self.zone == RIVER:
                self._cursor_to_target()
        self.refresh_board()

    def action_tile(self, position: int) -> None:
        if RIVER in self.zones(self.view, self.legal_actions()):
            self.zone = RIVER
            self.cursors[RIVER] = position
        self.refresh_board()

    def action_lake(self) -> None:
        if LAKE in self.zones(self.view, self.legal_actions()):
            self.zone = LAKE
            self.board_seat = None
            self.refresh_board()
        else:
            self.notify("You cannot draw from the lake now.", severity="warning")

    def action_next_board(self) -> None:
        view = self.view
        self.board_seat = (self.shown_seat(view) + 1) % view.seats
        self.refresh_board()

    def action_clear(self) -> None:
        self.picked = self.lake_picked = frozenset()
        self.board_seat = None
        zones = self.zones(self.view, self.legal_actions())
        self.zone = zones[0] if zones else None
        self.refresh_board()

    def action_pick(self) -> None:
        """Space: mark or unmark a piece in the satchel or the lake; elsewhere it chooses."""
        self.board_seat = None
        view = self.view
        if self.zone == SATCHEL and view.phase == TURN:
            picked = self.picked ^ {self.cursors[SATCHEL]}
            if picked > self.picked and not self._may_place_together(view, picked):
                self._refuse_pick(view)
                return
            self.picked = picked
        elif self.zone == LAKE:
            cursor = self.cursors[LAKE]
            if cursor not in self.lake_picked and len(self.lake_picked) >= self._lake_wanted():
                self.notify(f"{len(self.lake_picked)} picked already: "
                            f"{key_shown(self.app, 'glass_pick', 'space')} on a picked piece unpicks it.",
                            severity="warning", markup=False)
                return
            self.lake_picked = self.lake_picked ^ {cursor}
        else:
            self.action_choose()
            return
        self.refresh_board()

    def _may_place_together(self, view, picked: frozenset[int]) -> bool:
        """Whether some legal placement holds the satchel pieces ``picked`` (by index)."""
        satchel = view.satchels[view.current]
        pieces = sorted(satchel[i] for i in picked if i < len(satchel))
        return any(isinstance(a, Place) and contains(a.pieces, pieces) for a in self.legal_actions())

    def _refuse_pick(self, view) -> None:
        """A piece that cannot join the pick (a third, or one of another shape): why, and how to go on."""
        satchel = view.satchels[view.current]
        names = " ".join(piece_name(satchel[i]) for i in sorted(self.picked))
        unpick = f"{key_shown(self.app, 'glass_pick', 'space')} on a picked piece unpicks it."
        if len(self.picked) >= 2:
            self.notify(f"{names} picked already: {unpick}", severity="warning", markup=False)
        else:
            shape = SHAPES[satchel[min(self.picked)] & 7].glyph
            self.notify(f"Only a 2nd {shape} may join {names}: two pieces placed together have the same shape. "
                        f"{unpick}", severity="warning", markup=False)

    def action_choose(self) -> None:
        """Enter: do what the cursor points at."""
        self.board_seat = None
        view, legal = self.view, self.legal_actions()
        if not legal:
            self.not_your_turn()
            return
        if legal == [Pass()]:
            self.play(Pass())
            return
        cursor = self.cursors.get(self.zone, 0)
        if self.zone == LAKE and len(self._lake_pieces(view)) < self._lake_wanted():
            left = self._lake_wanted() - len(self._lake_pieces(view))
            self.notify(f"Pick {left} more lake piece{'s' * (left != 1)} with "
                        f"{key_shown(self.app, 'glass_pick', 'space')} first: "
                        f"{key_shown(self.app, 'glass_choose', 'enter')} then draws them.",
                        severity="warning", markup=False)
            return
        if self.zone == SATCHEL and view.phase == TURN:
            if not self.picked:
                self.picked = frozenset({cursor})
            if not self.targets(view, legal):  # no tile takes these pieces: the rules say why
                self.play(Place(self.chosen_pieces(view), view.river[self.cursors[RIVER]]))
                self.refresh_board()
                return
            self.zone = RIVER
            self._cursor_to_target()
            self.refresh_board()
        else:
            action = self.highlighted_action(view, legal)
            if action is not None:
                self.play(action)

    def highlighted_action(self, view, legal):
        """The move under the cursor (None while pieces are being picked in the satchel)."""
        cursor = self.cursors.get(self.zone, 0)
        satchel, colours = view.satchels[view.current], self.new_colours(view)
        if self.zone == SATCHEL and view.phase == OVERFLOW and cursor < len(satchel):
            return Overflow(satchel[cursor])
        if self.zone == RIVER and cursor < len(view.river):
            tile = view.river[cursor]
            return Place(self.chosen_pieces(view), tile) if view.phase == TURN else Gather(tile)
        if self.zone == LAKE:
            return Draw(tuple(sorted(view.lake[i] for i in self.lake_picked if i < len(view.lake))))
        if self.zone == ORDER_ROW and cursor < len(colours):
            return NewColumn(colours[cursor])
        return None

    # --- the mouse: a click is the cursor moved there and Space or Enter -----------------
    def on_glass_river_tile_clicked(self, message: GlassRiver.TileClicked) -> None:
        if RIVER in self.zones(self.view, self.legal_actions()):
            self.zone, self.cursors[RIVER] = RIVER, message.position
            self.action_choose()

    def on_glass_river_lake_clicked(self, message: GlassRiver.LakeClicked) -> None:
        if LAKE in self.zones(self.view, self.legal_actions()):
            self.zone, self.cursors[LAKE] = LAKE, message.index
            self.action_pick()

    def on_piece_row_clicked(self, message: PieceRow.Clicked) -> None:
        view = self.view
        zone = {"satchel": SATCHEL, "order": ORDER_ROW}.get(message.row.id or "")
        if zone is None or zone not in self.zones(view, self.legal_actions()) or self.shown_seat(view) != self.viewer:
            return  # another player's satchel, or a row that takes no choice now
        self.zone, self.cursors[zone] = zone, message.index
        if zone == SATCHEL and view.phase == TURN:
            self.action_pick()
        else:
            self.action_choose()

    def _cursor_to_target(self) -> None:
        """Put the river cursor on the first tile the current choice may use."""
        view = self.view
        targets = self.targets(view, self.legal_actions())
        if targets:
            self.cursors[RIVER] = min(view.river.index(t) for t in targets)
