"""Riverside at the table: the river with the cruise ship, the dice tray, and the
viewing seat's score sheet, every step of phases 2 and 3 one key at a time.

Phases 2 and 3 are simultaneous: at one keyboard each human seat works through
its own phase in turn (the base screen hands over between them, hiding the
previous seat's sheet); computer seats commit at once; nothing resolves until all
have committed. The screen never decides what is legal: which step is being made
and what its cursors may point at come from ``legal_actions``, and whatever the
player chooses is sent to the rules, which say why not when it is not allowed.
"""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from ...rules.riverside.actions import (
    ChooseDice,
    Cross,
    EndExcursions,
    LeaveVillage,
    ResolveBonus,
    Score,
    UsePlusOne,
    UsePower,
    Visit,
)
from ...rules.riverside.components import BOATS, CHURCH, COLOURS, LETTERS, POWER_NAMES, POWER_TEXT, POWERS, PRIZE_TICKET as PRIZE, ROWS_PER_BOAT, TILES
from ...rules.riverside.bonuses import one_way_bonus, one_way_bonuses_after
from ...rules.riverside.dice_and_seats import dice_value, fire_cost
from ...rules.riverside.excursions import BOAT_OF, best_excursion, best_score, excursion_score, reach, village_outlook
from ...rules.riverside.narration import final_roll_line
from ...rules.riverside.state import FILL_BONUS
from ...rules.riverside.powers import used_this_round
from ...rules.riverside.scoring import reward_reasons, scores_now
from ...play.table import UndoRefused
from ...widgets.riverside.dice_tray import GREEN, DiceTray, tray_rows
from ...widgets.riverside.board import RiverBoard
from ...widgets.riverside.glyphs import village_label
from ...widgets.riverside.outlook_words import LONG, MEDIUM, SHORT, colour_outlook, target_name, village_outlook_words
from ...widgets.riverside.score_sheet import POWER_ABBREVIATIONS, ScoreSheet
from ...widgets.riverside.short_key import river_key, sheet_key
from ...widgets.riverside.village_list import village_list
from ...widgets.status_bar import StatusBar
from ..confirm import ConfirmScreen
from ..game_base import GameScreen

DICE, CROSS, BONUS, VILLAGE, SCORE, WAIT = "dice", "cross", "bonus", "village", "score", "wait"
LEGEND_MIN_HEIGHT = 34
POWER_KEYS = {"fan_base": "f", "warm_night": "w", "speed_boat": "v", "early_birds": "e"}
"""The key of each royal power used by its own action (the Prize ticket goes with a score: t)."""
STEP_KEYS = {"choose": (DICE, CROSS, BONUS, VILLAGE, SCORE), "done": (VILLAGE,), "leave_village": (SCORE,),
             "list_villages": (VILLAGE,)}
"""The footer keys that only do something in some steps."""


def legend() -> Text:
    """The key to the board's glyphs and the royal powers, for tall terminals."""
    colours = "  ".join(f"{LETTERS[c]} {name}" for c, name in
                        (("white", "white"), ("yellow", "yellow"), ("brown", "brown"), ("blue", "blue"),
                         ("pink", "pink"), (CHURCH, "stave church"), ("green", "green die")))  # fmt: skip
    lines = [
        colours,
        "River: ◆ ship  ⚑ anchor  ○ village pier  ┊ north/south passage  • ◉ in range  ◌ nothing to score  ▾ ▴ cursor",
        "Sheet: ○ seat  ● crossed  ◇ ◆ royal seats  ✓ ticket  +2W bonus: 2 white seats  ! bonus waiting",
        '       [✓] royal power activated  [×] used  ▲ fire symbol  + "+1" symbol  ·· empty box',
        *(f"{POWER_NAMES[p]} ({POWER_ABBREVIATIONS[p]}): {POWER_TEXT[p]}" for p in POWERS),
    ]
    return Text("\n".join(lines), style="dim")


LEGEND = legend()


def village_words(tile_id: str) -> str:
    """"brown 7 / pink 5": a village's colours and values, short enough for the status line
    (the stave church is "church", as the scoring prompt calls it)."""
    return " / ".join(f"{target} {value}" for target, value in TILES[tile_id].village)


def village_letters(tile_id: str) -> str:
    """``P6Y5``: a village as the river shows it."""
    return village_label(TILES[tile_id].village).plain


def vacant_seats(sheet, boat: int) -> int:
    """The seats still free on a guide boat's four rows."""
    return sum(row.seats - sheet.seats(boat, r) for r, row in enumerate(BOATS[boat].rows))


def fill_plan(sheet, boat: int, row: int, left: int) -> list[tuple[int, int]]:
    """Where one Enter puts ``left`` crosses on ``boat``: (row, crosses) from the
    row under the cursor down, then from the top, each row as far as it has room."""
    plan = []
    for r in (*range(row, ROWS_PER_BOAT), *range(row)):
        room = BOATS[boat].rows[r].seats - sheet.seats(boat, r)
        if left and room:
            plan.append((r, min(room, left)))
            left -= plan[-1][1]
    return plan


def plan_words(sheet, boat: int, plan: list[tuple[int, int]]) -> tuple[str, str]:
    """What a fill (`fill_plan`) gives, as the sheet marks it: row by row ("row 3
    completes ✓4 +1B, row 4 (2 more to ✓8)"), and in short (the tickets it completes,
    "completes row 3 ✓4" or "completes ✓4 ✓3 ✓6", else where its last seat goes,
    "row 4 (2 more to ✓8)")."""
    words, done = [], []
    for r, crosses in plan:
        row = BOATS[boat].rows[r]
        left = row.seats - sheet.seats(boat, r) - crosses
        bonus = f"+{row.bonus_seats}{LETTERS[COLOURS[row.bonus_boat]]}"
        words.append(f"row {r + 1} ({left} more to ✓{row.ticket})" if left else f"row {r + 1} completes ✓{row.ticket} {bonus}")
        done += [] if left else [(r + 1, row.ticket)]
    if not done:
        return ", ".join(words), words[-1]
    short = f"row {done[0][0]} ✓{done[0][1]}" if len(done) == 1 else " ".join(f"✓{ticket}" for _, ticket in done)
    return ", ".join(words), f"completes {short}"


def step_of(legal: list) -> str:
    """Which step the viewing seat is making, read from its legal actions."""
    kinds = {type(a) for a in legal}
    if ChooseDice in kinds:
        return DICE
    if Cross in kinds:
        return CROSS
    if ResolveBonus in kinds:
        return BONUS
    if LeaveVillage in kinds:
        return SCORE
    if EndExcursions in kinds:
        return VILLAGE
    return WAIT


class RiversideScreen(GameScreen):
    """Keys: ←/→ (h/l) move along the dice (as the tray lays them out), villages or
    colours; ↑/↓ (k/j) switch between the tray's two rows of dice and the river's
    rows, or pick a row of seats (as do 1-4); g adds the green die; Enter
    chooses (on a row of seats, it crosses every seat the dice give, from that
    row on); + crosses a "+1" symbol; f w v e use Fan base, Warm night, Speed
    boat, Early birds; t adds the Prize ticket to the next score; x ends
    excursions or leaves a village, asking first when a scoring excursion would be
    thrown away; Esc backs out one step (out of a village before scoring it
    takes the visit back, before a seat is crossed the dice); o shows the other sheets. The arrows belong to the
    board even while the log has the focus."""

    CSS_PATH = "screen.tcss"

    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", id="riverside_left", show=False, priority=True),
        Binding("right,l", "move(1)", "Right", id="riverside_right", show=False, priority=True),
        Binding("up,k", "row(-1)", "Up", id="riverside_up", show=False, priority=True),
        Binding("down,j", "row(1)", "Down", id="riverside_down", show=False, priority=True),
        *(Binding(str(n), f"pick_row({n - 1})", f"Row {n}", id=f"riverside_row_{n}", show=False) for n in range(1, 5)),
        Binding("enter", "choose", "Choose", id="riverside_choose"),
        # The final board (the last roll, the ship at the anchor) stays up until Enter.
        Binding("enter", "scores", "Scores", id="riverside_scores", priority=True),
        Binding("g", "toggle_green", "Green die", id="riverside_green", show=False),
        Binding("plus,equals_sign", "plus_one", '"+1"', id="riverside_plus_one", show=False),
        Binding("t", "toggle_prize", "Prize ticket", id="riverside_prize", show=False),
        Binding("f", "power('fan_base')", "Fan base", id="riverside_fan_base", show=False),
        Binding("w", "power('warm_night')", "Warm night", id="riverside_warm_night", show=False),
        Binding("v", "power('speed_boat')", "Speed boat", id="riverside_speed_boat", show=False),
        Binding("e", "power('early_birds')", "Early birds", id="riverside_early_birds", show=False),
        Binding("x", "done", "End excursions", id="riverside_done"),
        Binding("x", "leave_village", "Leave village", id="riverside_leave_village"),
        Binding("escape", "back", "Back", id="riverside_back", show=False),
        Binding("o", "other_sheet", "Sheets", id="riverside_sheets"),
        Binding("V", "list_villages", "Villages", id="riverside_villages", show=False),
        # Every move is saved anyway, and help names it: the footer keeps its room for the turn's keys.
        Binding("s", "save", "Save", id="save", show=False),
    ]
    PLAY_ACTIONS = GameScreen.PLAY_ACTIONS | {
        "move", "row", "pick_row", "choose", "toggle_green", "plus_one", "toggle_prize", "power", "done",
        "leave_village",
    }
    PALETTE_IN_FOOTER = False  # the turn's keys need the room at 80 columns
    LAST_MOVE_GROWS_FROM = 0  # the log below the sheet gives the round's roll its second row at 80x24

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.die_cursor = 0
        self.add_green = False
        self.row_cursor = 0
        self.village_cursor = 0
        self.score_cursor = 0
        self.prize = False
        self.sheet_seat: int | None = None  # another seat's sheet on show
        self._viewer_seen: int | None = None
        self._step_seen = WAIT
        self._filling: tuple[str | None, int | None] = (None, None)  # the boat being filled, by whom
        self._key_shown: Text = LEGEND  # under the sheet: the glyphs' key or the villages
        self.villages_listed = False  # V: every village in the sheet's place, in a short terminal
        self.log_over_sheet = False  # L: the whole log in the sheet's place, in a short terminal
        self._enter_group: tuple[int, int, int] | None = None  # (seat, its moves after, moves made) by one Enter

    # --- layout ------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Horizontal(id="riverside-top"):
            yield RiverBoard(id="river")
            yield DiceTray(id="dice")
        yield ScoreSheet(id="sheet")
        yield Static(LEGEND, id="legend")

    def on_resize(self, event: events.Resize) -> None:
        # The whole key to the glyphs fits only in a tall terminal; a shorter one has it
        # in two lines (or the villages, V), and the width picks each line's wording.
        if self.is_mounted:
            self.refresh_board()

    # --- what the viewing seat is doing -----------------------------------------------
    def draft(self, view):
        if self.viewer is None or not view.drafts:
            return None
        return view.drafts[self.viewer]

    def village_targets(self, view) -> list[str]:
        draft = self.draft(view)
        if draft is None or getattr(draft.turn, "village", -1) < 0:
            return []
        return [target for target, _ in TILES[view.board.tiles[draft.turn.village]].village]

    def _start_step(self, view, legal) -> None:
        """A new step: put each cursor where that step begins. A move that leaves the
        seat choosing dice (a power, a "+1") leaves its dice choice as it was."""
        still_choosing = self._step_seen == DICE == step_of(legal) and self.viewer == self._viewer_seen
        self.prize = False
        if not still_choosing:
            self.add_green = False
            allowed = {COLOURS.index(a.die) for a in legal if isinstance(a, ChooseDice) and not a.green}
            order = [die for row in tray_rows(view.dice, view.temperature) for die in row if die in allowed]
            self.die_cursor = max(order, key=lambda die: self._die_worth(view, die), default=0)
        crosses = [a for a in legal if isinstance(a, Cross)]
        rows = [a.row for a in crosses]
        boat = crosses[0].boat if crosses else None
        if self.row_cursor not in rows or (boat, self.viewer) != self._filling:
            # else keep filling the row chosen while it has room
            self.row_cursor = self._best_start_row(view, rows) if rows else 0
        self._filling = (boat, self.viewer)
        # The cursors start on the best-looking choice (the rules' own count), so Enter
        # twice without looking never fills a box with less than the village offers.
        visits = [view.board.slot_of(a.tile) for a in legal if isinstance(a, Visit)]
        if visits:
            draft = self.draft(view)
            self.village_cursor = max(visits, key=lambda slot: best_excursion(view, draft, slot))
        self.score_cursor = self._best_target(view, legal)
        if self.viewer != self._viewer_seen:
            self._viewer_seen, self.sheet_seat = self.viewer, None

    def _best_start_row(self, view, rows: list[int]) -> int:
        """The row from which one Enter (`fill_plan`) completes the most rows, then
        earns the most ticket points; the first such row: Enter without looking never
        leaves a row one seat short where another start would have completed it."""
        draft = self.draft(view)
        sheet, boat, left = draft.sheet, draft.turn.boat, draft.turn.left

        def completed(start: int) -> tuple[int, int]:
            spec = BOATS[boat].rows
            done = [r for r, n in fill_plan(sheet, boat, start, left) if n == spec[r].seats - sheet.seats(boat, r)]
            return len(done), sum(spec[r].ticket for r in done)

        return max(rows, key=completed)

    def _die_worth(self, view, die: int) -> tuple[bool, bool, int]:
        """How a base die alone looks to a player who presses Enter without looking:
        first one that crosses a seat (not all lost to full rows), then one that costs no
        fire, then the most seats; the tray's order between equals."""
        sheet = self.draft(view).sheet
        seats = min(dice_value(view, sheet, die, False), vacant_seats(sheet, die))
        warm = used_this_round(sheet, "warm_night", view.round)
        return seats > 0, fire_cost(view, die, False, warm) == 0, seats

    def _best_target(self, view, legal) -> int:
        """The village colour that would score the most now, of those the sheet takes."""
        scorable = {a.target for a in legal if isinstance(a, Score)}
        targets = self.village_targets(view)
        if not scorable:
            return 0
        draft = self.draft(view)
        values = dict(TILES[view.board.tiles[draft.turn.village]].village)
        worth = {t: excursion_score(view, draft.sheet, t, values[t], False) for t in scorable}
        return max((i for i, target in enumerate(targets) if target in scorable), key=lambda i: worth[targets[i]])

    # --- drawing -------------------------------------------------------------------------
    def refresh_board(self) -> None:
        view = self.view
        legal = self.legal_actions()
        if self.new_step(legal):
            self._start_step(view, legal)
        step = step_of(legal)
        draft = self.draft(view)
        turn = draft.turn if draft is not None else None
        visited = turn.visited if view.phase == 3 and turn is not None else ()
        self.query_one(RiverBoard).show(
            view.board,
            view.ship,
            reach=reach(view, draft) if step in (VILLAGE, SCORE) else None,
            cursor=self.village_cursor if step == VILLAGE else None,
            visited=visited,
            barren=self._barren(view, legal, draft) if step == VILLAGE else (),
            sailed=next((mark[1:] for mark in self.recent.marks if mark[0] == "ship"), None),
        )
        die, green = self._dice_shown(view, step, turn)
        note = self._dice_note(view, legal, step)
        self.query_one(DiceTray).show(view, cursor=die, green=green, note=note, rolled=("dice",) in self.recent.marks)
        self._show_sheet(view, legal, step, draft)
        self._show_key(view, legal, step, draft)
        # The prompt follows the cursors, which a new step has just put in place; the
        # footer (redrawn by the base screen after this) follows the step.
        self.query_one(StatusBar).message = self._status_text()
        self._step_seen = step

    def _show_key(self, view, legal, step: str, draft) -> None:
        """Under the sheet: in a tall terminal the glyphs' whole key, or while a village
        is chosen, every village with what it would score now; in a shorter one (80x24)
        the key in two lines, or while a village is chosen the best villages in range
        and the river's marks, or (V) every village in the sheet's place."""
        key = self.query_one("#legend", Static)
        width, tall = self.size.width, self.size.height >= LEGEND_MIN_HEIGHT
        listed = step == VILLAGE and (tall or self.villages_listed)
        key.set_class(not tall, "-short")
        logged = self.log_over_sheet and not tall
        key.display = not logged
        self.query_one(ScoreSheet).display = not logged and (not listed or tall)
        if listed:
            board = view.board
            outlooks = {slot: village_outlook(view, draft, slot) for slot in range(len(board.tiles))}
            shown = village_list(board.tiles, board.distance[view.ship], reach(view, draft), outlooks,
                                 self.village_cursor, draft.turn.visited, width)
        elif self.size.height >= LEGEND_MIN_HEIGHT:
            shown = LEGEND
        elif step == VILLAGE:
            shown = river_key(self._best_villages(view, legal, draft), width)
        else:
            shown = sheet_key(width)
        if shown is not self._key_shown and (shown is LEGEND or shown != self._key_shown):
            self._key_shown = shown
            key.update(shown)

    def _best_villages(self, view, legal, draft) -> list:
        """The villages in range, the most they would score now first (the rules' count),
        then the nearest."""
        board = view.board
        slots = [board.slot_of(a.tile) for a in legal if isinstance(a, Visit)]
        distance = board.distance[view.ship]
        slots.sort(key=lambda slot: (-best_excursion(view, draft, slot), distance[slot], slot))
        return [(TILES[board.tiles[slot]].village, distance[slot], village_outlook(view, draft, slot))
                for slot in slots]

    def _barren(self, view, legal, draft) -> list[int]:
        """The villages in range where nothing would score now (the rules' count)."""
        slots = [view.board.slot_of(a.tile) for a in legal if isinstance(a, Visit)]
        return [slot for slot in slots if best_excursion(view, draft, slot) == 0]

    def _show_sheet(self, view, legal, step: str, draft) -> None:
        """The sheet on show; on the viewer's own, the cursor of the step being made."""
        shown = self.shown_seat()
        last = frozenset((kind, *rest) for kind, seat, *rest in (m for m in self.recent.marks if len(m) > 1)
                         if seat == shown and kind != "ship")
        sheets = list(view.sheets)
        if shown == self.viewer and draft is not None:
            sheets[shown] = draft.sheet  # the seat's own choices this phase count at once
        now = (*scores_now(tuple(sheets))[shown], reward_reasons(tuple(sheets))[shown])
        if shown != self.viewer or draft is None:
            self.query_one(ScoreSheet).show(view.sheets[shown], self._sheet_title(shown), last=last, now=now)
            return
        turn, cursor = draft.turn, None
        if step == CROSS:
            cursor = (turn.boat, self.row_cursor)
        elif step == BONUS:
            cursor = turn.pending[0]  # the first earned goes first: the order changes nothing
        waiting = turn.pending if view.phase == 2 else ()
        filling = turn.boat if step == CROSS else None
        self.query_one(ScoreSheet).show(draft.sheet, self._sheet_title(shown), cursor=cursor, waiting=waiting,
                                        filling=filling, last=last, now=now, weighed=self._weighed(view, step, turn))

    def _weighed(self, view, step: str, turn) -> list[int | None]:
        """The boats whose last score the village under the cursor (or the one being
        scored in) would have to beat: marked on the sheet beside the status line's words."""
        if step == VILLAGE:
            targets = [target for target, _ in TILES[view.board.tiles[self.village_cursor]].village]
        elif step == SCORE:
            targets = [target for target in self.village_targets(view) if target not in turn.scored]
        else:
            return []
        return [BOAT_OF[target] for target in targets]

    def _dice_shown(self, view, step: str, turn) -> tuple[int | None, bool]:
        """The dice to bracket: the choice under the cursor, or the dice chosen this round."""
        if step == DICE:
            return self.die_cursor, self.add_green
        if view.phase == 2 and turn is not None and turn.die >= 0:
            return turn.die, turn.green
        return None, False

    def shown_seat(self) -> int:
        """The seat whose sheet is on show: the viewer's own, unless o picked another."""
        if self.sheet_seat is not None:
            return self.sheet_seat
        return self.viewer if self.viewer is not None else 0

    def _sheet_title(self, seat: int) -> str:
        return self.seat_name(seat) if seat == self.viewer else f"{self.seat_name(seat)} (o: back)"

    def _dice_note(self, view, legal, step: str) -> Text:
        if view.over:
            return Text()
        draft = self.draft(view)
        if step == DICE:
            choice = ChooseDice(COLOURS[self.die_cursor], self.add_green)
            if choice not in legal:
                return Text("✗ not allowed now (Enter: why)", style="italic")
            warm = used_this_round(draft.sheet, "warm_night", view.round)
            value = dice_value(view, draft.sheet, self.die_cursor, self.add_green)
            cost = fire_cost(view, self.die_cursor, self.add_green, warm)
            lost = value - vacant_seats(draft.sheet, self.die_cursor)  # "crosses beyond four full rows are lost"
            if lost > 0:
                return Text(f"→ {value} {choice.die}, {lost} lost, {cost} fire", style="bold")
            return Text(f"→ {value} {choice.die} seat{'' if value == 1 else 's'}, {cost} fire", style="bold")
        if step == CROSS:
            plan = fill_plan(draft.sheet, draft.turn.boat, self.row_cursor, draft.turn.left)
            rows = "row" if len(plan) == 1 else "rows"  # four rows at most: the tray's narrowest width holds it
            note = f"Enter: {rows} " + ", ".join(f"{row + 1}×{count}" for row, count in plan)
            return Text(note + self._bonus_note(view, draft, len(note)), style="bold")
        if step in (VILLAGE, SCORE):
            return Text(f"range {reach(view, draft)} · ship on space {view.ship}", style="italic")
        if step == BONUS:
            waiting = len(draft.turn.pending)
            return Text(f"{waiting} bonus{'es' if waiting != 1 else ''} waiting", style="bold")
        return Text(f"phase {view.phase}", style="dim")

    def _bonus_note(self, view, draft, room_taken: int) -> str:
        """What the same Enter then crosses of the bonuses that go one way only:
        " + bonus W4×2" (boat, row, seats), or " + 2 bonus seats" where the tray is
        too narrow for it."""
        after = [step for step in one_way_bonuses_after(view, draft, self._plan(view)) if isinstance(step, Cross)]
        if not after:
            return ""
        rows = Counter((cross.boat, cross.row) for cross in after)  # in the order crossed
        words = " + bonus " + ", ".join(f"{LETTERS[boat]}{row + 1}×{n}" for (boat, row), n in rows.items())
        width = self.query_one(DiceTray).size.width
        if not width or room_taken + len(words) <= width:
            return words
        return f" + {len(after)} bonus seat{'s' if len(after) != 1 else ''}"

    # --- the prompt ---------------------------------------------------------------------
    def final_words(self) -> str:
        """The final roll and the ship at the anchor stay on the board until Enter."""
        view = self.view
        keys = ("Press Enter for the scores.", "Enter: scores")
        lines = [f"{final_roll_line(view, dice)} {key}" for dice in (True, False) for key in keys]
        return next((line for line in lines if len(line) <= self.size.width - 2), lines[-1])

    def prompt(self) -> str:
        view, legal = self.view, self.legal_actions()
        step = step_of(legal)
        powers = "".join(f" · {POWER_KEYS[a.power]}: {POWER_NAMES[a.power]}" for a in legal if isinstance(a, UsePower))
        if step == DICE:  # the royal powers' keys whole, at 80 columns too: the words give way
            return self.first_whole(*(f"{words}{powers}" for words in (
                "choose a base die (←/→), g: add the green die, Enter", "choose a die (←/→), g: green, Enter",
                "die ←/→, g: green, Enter")))
        if step == CROSS:
            draft = self.draft(view)
            turn = draft.turn
            seats = f"{turn.left} seat{'s' if turn.left != 1 else ''}"
            colour = COLOURS[turn.boat]
            # What this row gives, against the other rows: what a choice changes.
            gives, short = plan_words(draft.sheet, turn.boat, fill_plan(draft.sheet, turn.boat, self.row_cursor, turn.left))
            keys = ("row 1-4 or ↑/↓, Enter", "↑/↓, Enter")
            if turn.stage == FILL_BONUS:  # said so: a newcomer wonders why a boat of no die fills
                return self.first_whole(f"a completed row's bonus, {seats} on {colour}: {gives}",
                                        f"bonus, {seats} on {colour}: {gives}", f"bonus, {seats} on {colour}: {short}",
                                        f"bonus: {short}", keys=keys)
            return self.first_whole(f"cross {seats} on {colour}: {gives}", f"{seats} on {colour}: {gives}",
                                    f"{seats} on {colour}: {short}", short, keys=keys)
        if step == BONUS:  # only on coming back to it (a resumed game, u): Enter never stops here
            waiting = len(self.draft(view).turn.pending)
            return self.first_whole(f"{waiting} bonuses waiting (their order changes nothing)", "bonuses waiting",
                                    keys="Enter")
        if step == VILLAGE:
            return self._village_prompt(view, legal)
        if step == SCORE:
            return self._score_prompt(view, legal)
        return super().prompt()

    def _village_prompt(self, view, legal) -> str:
        # The keys as the scoring prompt gives them ("x: none, +: "+1", v: Speed boat"),
        # where the line has room for them (else a pointer to help, which lists them).
        keys = [*(['+: "+1"'] if any(isinstance(a, UsePlusOne) for a in legal) else []),
                *(f"{POWER_KEYS[a.power]}: {POWER_NAMES[a.power]}" for a in legal if isinstance(a, UsePower))]
        if not any(isinstance(a, Visit) for a in legal):
            return " · ".join(["x: done with excursions", ", ".join(keys)] if keys else ["x: done with excursions"])
        others, keys = ", ".join(keys), ", ".join(["x: end excursions", *keys])
        slot = self.village_cursor
        distance, draft = view.board.distance[view.ship][slot], self.draft(view)
        where = f"{village_letters(view.board.tiles[slot])}, {distance} away"
        if slot in draft.turn.visited:
            return self.fitted(f"{where}: visited", keys)
        # What each colour would score now against the boat's last score, and why the
        # sheet would refuse it ("must be higher, tie is not enough"): seen before going,
        # out of range too (a "+1" or the Speed boat may be worth it).
        outlook = village_outlook(view, draft, slot)
        if self._ends_excursions(view, legal):  # Enter ends the excursions: said so
            end = "Enter or x: end excursions"
            forms = (f"{end} · {others}", f"{end} · ?: keys", end, "Enter: end excursions")
            lines = [f"{where}: {village_outlook_words(outlook, length)}; nothing in range scores"
                     for length in (LONG, MEDIUM, SHORT)]
            return self.first_whole(*lines, f"{where}: nothing in range scores", keys=forms)
        if Visit(view.board.tiles[slot]) in legal:
            head, forms = where, (f"Enter go · {keys}", "Enter go · ?: keys", "Enter go")
        else:
            head, forms = f"{where}, out of range {reach(view, draft)}", (keys, "?: keys")
        lines = [f"{head}: {village_outlook_words(outlook, length)}" for length in (LONG, MEDIUM, SHORT)]
        # The keys end the line, never cut: the words give way (at 80 columns, often).
        return self.first_whole(*lines, keys=forms)

    def _score_prompt(self, view, legal) -> str:
        """The colour under the cursor and what it would score, as the sheet will take it."""
        targets = self.village_targets(view)
        if not targets:
            return "x: leave the village"
        draft = self.draft(view)
        target = targets[self.score_cursor % len(targets)]
        prize = any(isinstance(a, Score) and a.prize for a in legal)
        # Short enough for a name of nine letters at 80 columns: "x: leave" must show.
        keys = ", ".join([*(["←/→"] if len(targets) > 1 else []), *(["t: Prize"] if prize else []), "x: leave"])
        what = target_name(target)
        if self._nothing_here(view):  # Enter leaves: said first
            outlook = village_outlook(view, draft, draft.turn.village, self.prize)
            lines = [f"nothing here scores now: {village_outlook_words(outlook, length)}" for length in (LONG, MEDIUM, SHORT)]
            forms = ("Enter or x: leave · t: Prize", "Enter or x: leave") if prize else ("Enter or x: leave",)
            return self.first_whole(*lines, "nothing here scores now", keys=forms)
        if target in draft.turn.scored:
            return f"{what} is scored · {keys}"
        o = next(o for o in village_outlook(view, draft, draft.turn.village, self.prize) if o.target == target)
        if o.refused is not None:
            return self.first_whole(*(colour_outlook(o, length) for length in (LONG, MEDIUM, SHORT)), keys=keys)
        extra = " (Prize +1)" if self.prize else ""
        score = f"{what} {o.value}×{o.tickets} ticket{'s' if o.tickets != 1 else ''}{extra} = {o.points}"
        higher = f", higher than your {o.previous}" if o.previous is not None else ""
        return self.first_whole(f"{score}{higher}?", f"{score}?", keys=f"Enter · {keys}")

    # --- keys ------------------------------------------------------------------------------
    def _moved(self) -> None:
        """A cursor moved: redraw the board and the prompt."""
        self.refresh_board()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing in the step being made leave the footer."""
        steps = STEP_KEYS.get(action)
        if steps is not None and self.replay is None and self._step_seen not in steps:
            return False
        if action == "other_sheet" and len(self.table.seats) == 1:
            return False  # alone, there is no other sheet
        return super().check_action(action, parameters)

    def _step(self) -> str:
        return step_of(self.legal_actions())

    def _tray_rows(self) -> tuple[list[int], list[int]]:
        view = self.view
        return tray_rows(view.dice, view.temperature)

    def action_move(self, step: int) -> None:
        mode = self._step()
        if mode == DICE:  # along the tray as it lies: the heat row, then the row below the tile
            order = [die for row in self._tray_rows() for die in row]
            self.die_cursor = order[(order.index(self.die_cursor) + step) % len(order)]
        elif mode == VILLAGE:
            self.village_cursor = (self.village_cursor + step) % len(self.view.board.tiles)
        elif mode == SCORE:
            self.score_cursor = (self.score_cursor + step) % max(1, len(self.village_targets(self.view)))
        elif mode == CROSS:
            self.action_row(step)
            return
        self._moved()

    def action_row(self, step: int) -> None:
        mode = self._step()
        if mode == DICE:  # to the die above or below in the tray's other row (the nearest one)
            rows = self._tray_rows()
            here = 0 if self.die_cursor in rows[0] else 1
            other = rows[1 - here]
            if other:
                # The heat row starts with the green die: its base dice stand one place right.
                column = rows[here].index(self.die_cursor) + (1 if here == 0 else 0)
                place = column - (1 if here == 1 else 0)
                self.die_cursor = other[max(0, min(place, len(other) - 1))]
        elif mode == CROSS:
            self.row_cursor = (self.row_cursor + step) % ROWS_PER_BOAT
        elif mode == VILLAGE:
            self.village_cursor = (self.village_cursor + step * self.view.board.columns) % len(self.view.board.tiles)
        self._moved()

    def action_pick_row(self, row: int) -> None:
        if self._step() == CROSS:
            self.row_cursor = row
            self._moved()

    def action_toggle_green(self) -> None:
        if self._step() == DICE:
            self.add_green = not self.add_green
            self._moved()

    def action_toggle_prize(self) -> None:
        if self._step() == SCORE:
            self.prize = not self.prize
            self._moved()

    def highlighted_action(self, view, legal):
        """The move under the cursor of the step being made (on a row of seats, its
        first cross: Enter makes every cross the tray's note says)."""
        mode = step_of(legal)
        if mode == DICE:
            return ChooseDice(COLOURS[self.die_cursor], self.add_green)
        if mode == CROSS:
            return Cross(COLOURS[self.draft(view).turn.boat], self.row_cursor)
        if mode == BONUS:
            return one_way_bonus(view, self.draft(view))
        if mode == VILLAGE:  # on a village in range where none would score, Enter ends the excursions
            return EndExcursions() if self._ends_excursions(view, legal) else Visit(view.board.tiles[self.village_cursor])
        if mode == SCORE and self._nothing_here(view):
            return LeaveVillage()  # nothing here would score: Enter leaves (the prompt says so)
        targets = self.village_targets(view) if mode == SCORE else []
        return Score(targets[self.score_cursor % len(targets)], self.prize) if targets else None

    def action_choose(self) -> None:
        view, legal = self.view, self.legal_actions()
        action = self.highlighted_action(view, legal)
        if action is None:
            self.notify(self._status_text(), severity="warning", markup=False)
        elif isinstance(action, (Cross, ResolveBonus)):
            seat, before, moves = self.viewer, self._activated(self.viewer), self._own_moves(self.viewer)
            if isinstance(action, Cross):
                done = self._fill(view)
            else:
                done = self.play(action)
            if done:
                self._fill_one_way_bonuses(seat)
            made = self._own_moves(seat) - moves
            self._enter_group = (seat, moves + made, made) if made > 1 else None
            self._tell_activated(seat, before)
        elif isinstance(action, Score) and self._would_score(view, action) == 0:
            what = "the church" if action.target == CHURCH else f"the {action.target} boat"
            self._ask(f"Score 0 for {action.target}? It fills a box of {what} with 0.",
                      "yes, score 0", "no, choose again", action)
        else:
            self.play(action)

    def _own_moves(self, seat: int | None) -> int:
        """How many moves ``seat`` has in the table's log."""
        return sum(1 for acted, _ in self.table.log if acted == seat)

    def take_back(self, seat: int | None) -> int:
        """Undo (u, or Esc's step back) takes back what one Enter did: every cross of a
        row's fill and the bonus seats that followed it, not its last cross alone
        (while those are still the seat's last moves); raises UndoRefused."""
        group, self._enter_group = self._enter_group, None
        whole = group is not None and group[:2] == (self.viewer, self._own_moves(self.viewer))  # none since
        count = super().take_back(seat)
        if whole:
            for _ in range(group[2] - 1):
                try:
                    count += super().take_back(seat)
                except UndoRefused:
                    break
        return count

    def _activated(self, seat: int) -> frozenset[str]:
        """The royal powers ``seat`` has activated (its own choices this phase count)."""
        view = self.table.view(seat)
        draft = view.drafts[seat] if view.drafts else None
        sheet = draft.sheet if draft is not None else view.sheets[seat]
        return frozenset(power for power, round_ in zip(POWERS, sheet.activated) if round_)

    def _tell_activated(self, seat: int, before: frozenset[str]) -> None:
        """A royal power ``seat`` just activated: what it does and its key, said at once
        (while the keyboard is still that seat's: a handover clears it otherwise)."""
        if seat != self.viewer:
            return
        for power in sorted(self._activated(seat) - before):
            key = "t while scoring" if power == PRIZE else POWER_KEYS[power]
            self.notify(f"{POWER_TEXT[power]} Once, from the next phase on ({key}).",
                        title=f"{POWER_NAMES[power]} activated: both royal seats crossed", markup=False)

    def _ends_excursions(self, view, legal) -> bool:
        """Whether Enter ends the excursions: the village under the cursor is in range,
        and no village in range would score now (the rules' count). (Enter on one out
        of range says why not, as ever: a "+1" may bring it in.)"""
        slots = [view.board.slot_of(a.tile) for a in legal if isinstance(a, Visit)]
        return self.village_cursor in slots and len(self._barren(view, legal, self.draft(view))) == len(slots)

    def _nothing_here(self, view) -> bool:
        """Whether no colour left in the village being visited would score now (the
        rules' count, with the Prize ticket if it is added)."""
        draft = self.draft(view)
        turn = draft.turn
        return not any(o.refused is None and o.points and o.target not in turn.scored
                       for o in village_outlook(view, draft, turn.village, self.prize))

    def _would_score(self, view, action: Score) -> int:
        draft = self.draft(view)
        value = dict(TILES[view.board.tiles[draft.turn.village]].village)[action.target]
        return excursion_score(view, draft.sheet, action.target, value, action.prize)

    # --- the mouse: a click is the cursor moved there and Enter -------------------------------
    def on_dice_tray_clicked(self, message: DiceTray.Clicked) -> None:
        if self._step() != DICE:
            return
        if message.die == GREEN:
            self.action_toggle_green()
        else:
            self.die_cursor = message.die
            self.action_choose()

    def on_score_sheet_clicked(self, message: ScoreSheet.Clicked) -> None:
        if self.shown_seat() != self.viewer:
            return  # another seat's sheet (o) takes no crosses
        legal = self.legal_actions()
        step = step_of(legal)
        if step == CROSS and Cross(COLOURS[message.boat], message.row) in legal:
            self.row_cursor = message.row
            self.action_choose()
        elif step == BONUS:
            self.action_choose()

    def on_river_board_clicked(self, message: RiverBoard.Clicked) -> None:
        if self._step() == VILLAGE:  # a village clicked is gone to (Enter may end the excursions)
            self.village_cursor = message.slot
            self.play(Visit(self.view.board.tiles[message.slot]))

    def _fill(self, view) -> bool:
        """Cross every seat the dice give on this boat, as the dice note shows
        (`fill_plan`), one cross at a time through the rules; stop at a refusal."""
        return all(self.play(cross) for cross in self._plan(view))

    def _plan(self, view) -> list[Cross]:
        """The crosses Enter makes on the row under the cursor (`fill_plan`), one by one."""
        turn = self.draft(view).turn
        plan = fill_plan(self.draft(view).sheet, turn.boat, self.row_cursor, turn.left)
        return [Cross(COLOURS[turn.boat], row) for row, count in plan for _ in range(count)]

    def _fill_one_way_bonuses(self, seat: int) -> None:
        """Take the bonus steps that follow and leave nothing to decide (the rules'
        `one_way_bonus`: the order of bonuses, which changes nothing; a cross that keeps
        every end worth having in reach), so a chain of them takes no Enter of its own;
        stop where the player has a choice."""
        while seat == self.viewer and (draft := self.draft(view := self.view)) is not None:
            action = one_way_bonus(view, draft)
            if action is None or not self.play(action):
                return

    def action_done(self) -> None:
        """x while choosing a village: end this round's excursions, asking first when
        a village in range would score (the rules' count) and goes unvisited."""
        legal = self.legal_actions()
        if step_of(legal) != VILLAGE:
            self.play(EndExcursions())  # the rules say why not
            return
        view = self.view
        draft, tiles = self.draft(view), view.board.tiles
        worth = {a.tile: best_excursion(view, draft, tiles.index(a.tile)) for a in legal if isinstance(a, Visit)}
        scoring = [tile for tile, points in worth.items() if points]
        if not scoring:
            self.play(EndExcursions())  # nothing of value is thrown away
            return
        best = max(scoring, key=worth.get)
        villages = f"{len(scoring)} village{'s' if len(scoring) != 1 else ''} in range that would score"
        self._ask(f"End your excursions for this round? {villages} would go unvisited "
                  f"(the best: {village_letters(best)}, {worth[best]}).",
                  "yes, end my excursions", "no, keep choosing", EndExcursions())

    def action_leave_village(self) -> None:
        """x in a village: leave it, asking first when nothing was scored there and a
        colour would score (the rules' count)."""
        view = self.view
        draft = self.draft(view)
        if self._step() != SCORE or draft.turn.scored or not best_score(village_outlook(view, draft, draft.turn.village)):
            self.play(LeaveVillage())
            return
        village = village_words(view.board.tiles[draft.turn.village])
        after = ("You may still visit another village." if draft.turn.visits
                 else "This ends your excursions for this round.")
        self._ask(f"Leave {village} without scoring? {after}", "yes, leave it", "no, stay and score",
                  LeaveVillage())

    def _ask(self, question: str, yes: str, no: str, action) -> None:
        """Play ``action`` if the player says yes to ``question``."""
        def answered(sure: bool | None) -> None:
            if sure:
                self.play(action)

        self.app.push_screen(ConfirmScreen(question, yes, no), answered)

    def action_back(self) -> None:
        """Esc: one step back. In a village nothing was scored in, the visit is taken
        back (the village is chosen again); after scoring, the village is left; with
        the dice chosen and no seat crossed yet, the choice is taken back; choosing
        dice, the green die is put back; another seat's sheet, or the villages' list (V),
        gives way to one's own sheet."""
        if self.log_over_sheet:
            self.action_toggle_log()
            return
        if self.sheet_seat is not None:
            self.sheet_seat = None
            self._moved()
            return
        step = self._step()
        if step == VILLAGE and self.villages_listed:
            self.action_list_villages()
            return
        if step == SCORE:
            if self.draft(self.view).turn.scored:
                self.play(LeaveVillage())
                return
            self._take_back("Back to choosing a village: the visit is taken back.")
        elif step == CROSS and isinstance(chosen := self._last_own_move(), ChooseDice):
            if self._take_back("Back to choosing dice: the choice is taken back."):
                self.die_cursor, self.add_green = COLOURS.index(chosen.die), chosen.green  # as it was chosen
                self._moved()
        elif step == DICE and self.add_green:
            self.action_toggle_green()
        else:
            super().action_back()

    def _last_own_move(self):
        return next((action for seat, action in reversed(self.table.log) if seat == self.viewer), None)

    def _take_back(self, done: str) -> bool:
        """Take back the viewing seat's last move, saying ``done`` (or why not)."""
        try:
            self.take_back(seat=self.viewer)
        except UndoRefused as err:
            self.notify(str(err), title="Back", severity="warning", markup=False)
            return False
        self.notify(done, markup=False)
        return True

    def action_list_villages(self) -> None:
        """V while a village is chosen in a short terminal: every village, nearest first,
        in the sheet's place (V or Esc again: the sheet); a tall one lists them anyway."""
        if self.size.height >= LEGEND_MIN_HEIGHT:
            self.notify("Every village is listed under the sheet.", markup=False)
            return
        if self.log_over_sheet:
            self.action_toggle_log()
        self.villages_listed = not self.villages_listed
        self._moved()

    def action_toggle_log(self) -> None:
        """L: in a short terminal (80x24), where the log under the sheet has 3 rows, the
        whole log in the sheet's place (< and > page it; L or Esc again: the sheet); in a
        tall one, or a replay, the log (or move list) hidden or shown."""
        if self.size.height >= LEGEND_MIN_HEIGHT or self.replay is not None:
            super().action_toggle_log()
            return
        self.log_over_sheet = not self.log_over_sheet
        log = self.query_one("#log")
        log.remove_class("-hidden")
        log.border_title = "the whole log (<, > page it) · L or Esc: the sheet" if self.log_over_sheet else None
        self._moved()

    def action_plus_one(self) -> None:
        self.play(UsePlusOne())

    def action_power(self, power: str) -> None:
        self.play(UsePower(power))

    def action_other_sheet(self) -> None:
        seats = len(self.table.seats)
        nxt = (self.shown_seat() + 1) % seats
        if self.log_over_sheet:
            self.action_toggle_log()  # a sheet is asked for
        self.villages_listed = False
        self.sheet_seat = None if nxt == self.viewer else nxt
        self._moved()
