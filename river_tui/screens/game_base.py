"""The base of every game's screen: a table seen from one seat.

A game screen subclasses `GameScreen`, composes its board in `compose_board`
and redraws it in `refresh_board` from ``self.view`` (the viewing seat's
`Game.view`, never the true state). To play, it calls ``self.play(action)``
with an action it took from ``self.legal_actions()``; a rejected action shows the
rules' reason and changes nothing.

The screen talks to its table only through `TableWindow` (table_window.py),
whichever of the three tables it holds; its modes below (a server's table, a
watcher's, a replay) follow from the table's capabilities, never from flags.

The base handles everything around the board: the status line (whose turn, what
they may do), the game log, undo, save, help, computer seats thinking in a worker
thread, the handover screen between human seats at one keyboard when the game has
secrets, and the scores screen at the end. At a server table (a table whose ``chat`` is
set, net/chat.py) it also holds the table's chat: a pane beside the log (under it
where the board places the log), ``c`` to write a line, ``C`` to hide or show the
pane, ``W`` to hide or show the watchers' lines. A game at one keyboard has none.

At a server's table (``served``: a table that tells who is at it, its ``presence``)
the keys and help are the server's: ``q`` goes back to the lobby, ``s`` names no
file, ``?`` describes the server; a session without a seat there (``watching``) is
offered only the keys a watcher has, and a play key tells it that it is watching.
A seat lost to a newer session of the same key is told through
`Presence.seat_lost` (`seat_lost`): the screen watches from then on.

Given the table as it stood at a replay's position (`TableAtPosition`,
records/replay.py; its ``replay`` is set), the screen is read-only: it accepts no
move, and shows the move list of screens/replay.py in place of the log (see
`open_replay`).
"""

from __future__ import annotations

import random
import time
from typing import ClassVar

from rich.style import Style
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.reactive import Reactive
from textual.screen import Screen

from ..patches import footer_keys
from ..play.replay import Replay
from ..rules.changes import Recent
from ..rules.core import Action, IllegalAction
from ..safe_text import plain, shortened
from ..play.table import UndoRefused, not_saved_sentence
from ..play.window import TableWindow
from ..widgets.chat_pane import ChatPane
from ..widgets.game_footer import GameFooter
from ..widgets.game_header import GameHeader
from ..widgets.game_log import GameLog
from ..widgets.key_bindings import bound_to, priority_actions
from ..widgets.last_move import LastMove
from ..widgets.palette import ink
from ..widgets.presence_line import PresenceLine, fitted
from ..widgets.since_last_turn import SinceLastTurn, recap_words
from ..widgets.status_bar import StatusBar
from .gone_choice import ChoiceWatch


PRESENCE_ROOM = 30
"""Rows a screen needs for a server table's presence line of its own (below, it joins the status line)."""

SEAT_INKS = ("red", "orange", "yellow", "purple", "blue")
"""The chat's seat colours in a game that has none of its own (We All Take's
camp colours: they stay apart in 256 and 16 colours)."""


class GameScreen(Screen):
    """A table in play, seen by the human seats at this keyboard (``local_seats``)."""

    BINDINGS: list[BindingType] = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("s", "save", "Save", id="save"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("L", "toggle_log", "Log", id="toggle_log"),
        Binding("q", "leave", "Menu", id="leave"),
        Binding("q", "leave_table", "Lobby", id="table_leave"),  # at a server's table: back to its lobby
        Binding("q", "leave_replay", "Back", id="replay_leave"),  # a replay goes back where it came from
        Binding("a", "since_last_turn", "Recap", id="since_last_turn", show=False),
        # Esc backs out one step; a game's own Esc (a step of its turn) takes its place.
        Binding("escape", "back", "Back", id="back", show=False),
        Binding("exclamation_mark", "hint", "Hint", id="hint"),
        Binding("H", "hand_over", "Hand seat", id="hand_over"),  # a server table's gone player's
        # The chat pane's title names c: the footer keeps its room for the turn's keys.
        Binding("c", "chat", "Chat", id="chat", show=False),
        Binding("C", "toggle_chat", "Chat pane", id="toggle_chat", show=False),
        Binding("W", "chat_watchers", "Watchers' lines", id="chat_watchers", show=False),
        # The log never takes the board's keys (PgUp/PgDn scroll a board that does not fit),
        # so these page it from anywhere; a hidden log is shown first.
        Binding("less_than_sign", "page_log(-1)", "Log back", id="page_log_back", show=False),
        Binding("greater_than_sign", "page_log(1)", "Log on", id="page_log_on", show=False),
    ]

    CHAT_ACTIONS: ClassVar[frozenset[str]] = frozenset({"chat", "toggle_chat", "chat_watchers"})
    """The chat's keys: only at a server table."""

    PLAY_ACTIONS: ClassVar[frozenset[str]] = frozenset({"undo", "save", "hint"})
    """The screen's actions that make, prepare or take back a move (names without
    parameters). A replay neither shows nor runs them: its footer keeps only the
    move list's keys and those that change what is seen (help, log, another
    board). A subclass adds its own: ``GameScreen.PLAY_ACTIONS | {...}``."""

    LAST_MOVE_IN_BOARD: ClassVar[bool] = False
    """Whether the game's board places the "Last: ..." line (`LastMove`) itself;
    else it sits under the status line."""

    LAST_MOVE_GROWS_FROM: ClassVar[int] = PRESENCE_ROOM
    """The terminal's height from which the "Last: ..." line may take a second row
    where its words need one (below it, a longer line ends in "…"; the log, L, has
    it whole): a board with rows to spare on a small terminal lowers it."""

    LOG_IN_BOARD: ClassVar[bool] = False
    """Whether the game's board places the log (or a replay's move list) itself, with
    `compose_log`; else it sits under the board."""

    WATCHING: ClassVar[str] = "You are watching this table; only its seated players move."
    """What a watcher is told when they press a key that would play."""

    PALETTE_IN_FOOTER: ClassVar[bool] = True
    """Whether the footer ends with the command palette's key (^p). A screen whose
    own keys need those 12 columns at 80 wide leaves it out (ctrl+p still works)."""

    DEFAULT_CSS = """
    GameScreen #board { height: 1fr; }
    GameScreen GameLog.-hidden { display: none; }
    GameScreen #log-row { height: auto; }
    """

    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    """The round label. Textual's own repaints the whole screen when it changes,
    though only the Header shows it (and updates itself): a full-screen frame
    per new round, twice the bytes of a move's frames over SSH."""

    def __init__(self, table: TableWindow, local_seats: set[int] | None = None, drives_bots: bool = True) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        if self.replay is not None:
            local_seats, drives_bots = set(), False
        self.local_seats = (
            {i for i, seat in enumerate(table.seats) if seat.is_human} if local_seats is None else set(local_seats)
        )
        self.drives_bots = drives_bots
        self.viewer: int | None = None
        """The seat whose eyes the board shows; None (a spectator's) until the
        person at the keyboard is known: a table opened at one keyboard with
        secrets shows nothing private before its first handover."""
        if self.replay is not None:
            self.viewer = self.replay.viewer
        elif not self._needs_handover():
            self.viewer = self._next_viewer()
        self._handover_open = False
        self._bot_busy = False
        self._scores_shown = False
        self._footer_keys: tuple = ()
        self.recent = Recent()
        """What the viewing seat is shown of the latest moves: ``recent.marks`` are
        what a screen marks on its board (see `Table.recent`)."""
        self._acting_seen: tuple[int | None, bool] = (None, False)
        self._handed_over = False
        self._told_on_handover: tuple[str, ...] = ()
        """The summary the last handover showed (public: the seat's own may say more)."""
        self._choices_seen: tuple = ()
        self._choice_watch = ChoiceWatch()
        """Says when the highlighted choice goes because the table moved on (gone_choice)."""
        self.since = SinceLastTurn(self)
        """The "since your last turn" summary, drawn over the screen when on show."""
        self.title = table.game.title
        self.chat = table.chat
        """The table's chat as this window sees it (net/chat.py); None at one keyboard and in a replay."""

    # --- the modes, from the table's capabilities ------------------------------------------
    @property
    def replay(self) -> Replay | None:
        """The replay whose position the screen shows, read-only; None: a game in play."""
        return self.table.replay

    @property
    def served(self) -> bool:
        """Whether this is a server's table seen over SSH (the table tells who is at it)."""
        return self.table.presence is not None

    def seat_lost(self) -> None:
        """The server gave this window's seat to a newer session of the same key: the
        screen watches from now on (`Presence.seat_lost`)."""
        self.local_seats = set()
        self.viewer = None

    # --- for subclasses ----------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """Yield the game's board widgets."""
        raise NotImplementedError

    def refresh_board(self) -> None:
        """Redraw the board from ``self.view``."""
        raise NotImplementedError

    def prompt(self) -> str:
        """What the viewing seat may do now, in a few words (override for detail)."""
        count = len(self.legal_actions())
        return f"{count} possible move{'s' if count != 1 else ''}" if count else ""

    def final_words(self) -> str | None:
        """For a game whose last step shows something on the board (Riverside's
        final roll): what the status line says on the final board, which then stays
        up until a key bound to the ``scores`` action opens the scores (the screen
        binds it, with priority: Enter). None (the default): the scores at once."""
        return None

    def fitted(self, prompt: str, keys: str) -> str:
        """``prompt · keys`` if the status line shows it whole after "Name to act: ",
        else the prompt and a pointer to help (which lists every key), else the
        prompt alone: the line is cut at the screen's edge, so what comes first stays."""
        return self.first_whole(f"{prompt} · {keys}", f"{prompt} · ?: keys", prompt)

    def first_whole(self, *lines: str, keys: str | tuple[str, ...] = "") -> str:
        """The first of ``lines`` (the longest, most telling first) that the status line
        shows whole after "Name to act: ", else the last. ``keys``, the keys the player
        needs next ("Enter: place · d: draw"; or its forms, longest first, each line
        trying them in turn), end the line after " · " and are never what is cut: where
        even the last line leaves the shortest no room (a long name), its words are
        shortened, ending in "…"."""
        forms = (keys,) if isinstance(keys, str) else keys
        tails = [f" · {form}" if form else "" for form in forms]
        room = self.size.width - 2 - len(f"{self.status_name(self.viewer)} to act: ")
        for line in lines:
            for tail in tails:
                if not self.size.width or len(line) + len(tail) <= room:
                    return line + tail
        line, tail = lines[-1], tails[-1]
        if tail and len(line) + len(tail) > room > len(tail) + 1:
            line = f"{line[:room - len(tail) - 1].rstrip()}…"
        return line + tail

    @property
    def view(self):
        return self.table.view(self.viewer)

    def new_step(self, legal: list[Action]) -> bool:
        """Whether the viewing seat faces other choices (``legal``, its legal
        actions now) than at the last call: its own move, its turn coming, another
        seat at the keyboard, an undo. A screen then puts its cursors where the
        step begins. Another seat's move that leaves this seat's choices as they
        were (a computer ending its phase of a simultaneous phase, another player
        at a server table) is no new step: the cursors, picks and boards on show
        stay where the player put them."""
        seen = (self.viewer, tuple(legal))
        changed, self._choices_seen = seen != self._choices_seen, seen
        return changed

    def suggested_action(self) -> Action | None:
        """A move the screen's cursors start on when the viewing seat's step begins (a
        guided game's suggestion: `GuidedPlay`); None: the screen's own choice."""
        return None

    def highlighted_action(self, view, legal: list[Action]) -> Action | None:
        """The move the highlighted choice stands for, in ``view`` with ``legal`` (what
        the screen drew): a screen's cursor as Enter would play it (None: no choice)."""
        return None

    def legal_actions(self) -> list[Action]:
        """The viewing seat's legal actions now (empty when it may not act)."""
        if self.replay is not None or self.viewer is None or self.viewer not in self.table.to_act():
            return []
        return list(self.game.legal_actions(self.view, self.viewer))

    def play(self, action: Action) -> bool:
        """Play ``action`` for the viewing seat; show the reason if the rules refuse."""
        if self.replay is not None:
            self.notify("This is a replay: no move can be made here.", severity="warning")
            return False
        if self.viewer is None:
            self.notify(self.WATCHING if self.watching else "No seat may move now.", severity="warning")
            return False
        try:
            with self._choice_watch.own_change():
                self.table.apply(self.viewer, action)
        except IllegalAction as err:
            self.notify(err.reason, title="Not allowed", severity="warning", markup=False)
            return False
        return True

    def take_back(self, seat: int | None) -> int:
        """Undo as the viewing seat's own change (its highlighted choice goes by its own
        hand: no "no longer possible" notice); raises UndoRefused."""
        with self._choice_watch.own_change():
            return self.table.undo(seat=seat)

    def not_your_turn(self, sentence: str = "It is not your turn.") -> None:
        """Say why a move cannot be made now: ``sentence``, or to a watcher that they watch."""
        self.notify(self.WATCHING if self.watching else sentence, severity="warning", markup=False)

    @property
    def watching(self) -> bool:
        """A session at a server's table without a seat there (a guest, someone who
        chose to watch, or whose seat went to their newer session)."""
        return self.served and not self.local_seats

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else self.table.seats[seat].name

    def status_name(self, seat: int | None) -> str:
        """A seat's name as the status line gives it: whole, or where it would take
        more than a third of the line, its first letters and "…" (the sheets, the log
        and the scores give it whole), so the line has room for what to do."""
        name = self.seat_name(seat)
        return shortened(name, max(12, self.size.width // 3)) if self.size.width else name

    def seat_style(self, seat: int | None) -> Style:
        """How the chat writes a seat's name: in the seat's colour (the game's own,
        else one per seat); a watcher's (None) plainly."""
        return Style(bold=True) if seat is None else Style(color=ink(SEAT_INKS[seat % len(SEAT_INKS)]), bold=True)

    # --- layout --------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield GameHeader()
        yield StatusBar(id="status")
        if self.table.presence is not None:  # a table on a server: who is there (a child of the screen)
            yield PresenceLine(self.table.presence, id="presence")
        if not self.LAST_MOVE_IN_BOARD:
            yield LastMove(id="last-move")
        with Vertical(id="board"):
            yield from self.compose_board()
        if not self.LOG_IN_BOARD:
            yield from self.compose_log()
        yield GameFooter(show_command_palette=self.PALETTE_IN_FOOTER)

    def compose_log(self) -> ComposeResult:
        """The game log, or a replay's move list (id ``log``); at a server table, the
        chat pane beside it (under it when the board places the log)."""
        if self.replay is None:
            log = GameLog(id="log")
            if self.chat is None:
                yield log
            elif self.LOG_IN_BOARD:
                yield log
                yield ChatPane(self.chat, self.seat_style, id="chat")
            else:
                log.min_width = 20  # the row's half wraps at its own width
                yield Horizontal(log, ChatPane(self.chat, self.seat_style, id="chat"), id="log-row")
        else:
            from .replay import MoveList

            yield MoveList(self.replay, id="log")

    def on_mount(self) -> None:
        if self.replay is not None:
            self._redraw()
            self.call_after_refresh(self.query_one("#log").focus)
            return
        if self._table_changed in self.table.listeners:
            return  # a subclass's on_mount called ours again (Textual already runs each class's)
        self.table.listeners.append(self._table_changed)
        if self.table.presence is not None:
            self.table.presence.seat_lost.append(self.seat_lost)
        self.sub_title = self.game.round_label(self.table.state)
        self._redraw()
        self.call_after_refresh(self._advance)

    def on_unmount(self) -> None:
        if self._table_changed in self.table.listeners:
            self.table.listeners.remove(self._table_changed)
        presence = self.table.presence
        if presence is not None and self.seat_lost in presence.seat_lost:
            presence.seat_lost.remove(self.seat_lost)
        self.table.close()  # at one keyboard: another River TUI may open this save now

    # --- the flow of play ----------------------------------------------------------
    def _table_changed(self, table: TableWindow) -> None:
        self._advance()
        self._tell_save_problem()  # after: a seat handed the keyboard is told too

    def _tell_save_problem(self) -> None:
        """Say once that the game is not being saved, and why (a full disk, a read-only folder)."""
        notice = self.table.save_notice()  # a local table's, or an SSH window's onto a shared one
        if notice:
            self._say_not_saved(notice)

    def _say_not_saved(self, notice: str) -> None:
        self.notify(notice, title="Not saved", severity="error", markup=False, timeout=15)

    def _next_viewer(self) -> int | None:
        """The local human seat that acts next, else the current viewer, else the first local seat."""
        acting = [s for s in self.table.human_seats_to_act() if s in self.local_seats]
        if acting:
            return acting[0]
        current = getattr(self, "viewer", None)
        if current is not None:
            return current
        return min(self.local_seats) if self.local_seats else None

    def _advance(self) -> None:
        """After any change: pick who looks next, let computer seats move, or end."""
        if not self.still_shown:
            return
        if self.table.finished:
            self._redraw()
            if self.final_words() is None:
                self._show_scores()
            return
        if self._handover_open:
            return  # the seat it names is not at the keyboard yet: Enter there comes back here
        nxt = self._next_viewer()
        if nxt != self.viewer and self.viewer is not None and len(self.local_seats) > 1:
            # The keyboard passes: what the last seat was told (a refusal, a note) goes with
            # it; that the game is not being saved concerns everyone, so it stays.
            self.app.clear_notifications()
            if self.table.save_problem is not None:
                self._say_not_saved(not_saved_sentence(self.table.save_problem))
        if nxt != self.viewer and self._needs_handover():
            self._acting_seen = (None, False)
            self.viewer = None  # hide the previous seat's secrets until the next seat is ready
            self._redraw()
            if self.app.screen is self:  # else (help, say, on top) when this screen is back
                self._open_handover(nxt)
            return
        self.viewer = nxt
        self._redraw()
        self._recap_if_turn_begins()
        self._run_bots()

    def on_screen_resume(self) -> None:
        """Back from help (or another screen on top): the seat that left may not be
        the one to see the board now. Back from the scores (their ``b``): the final
        board, whose Enter (a ``scores`` binding of the game's screen) shows them again."""
        playing = self._table_changed in self.table.listeners  # mounted, not a replay
        if playing and self.viewer is None and self._needs_handover():
            self._advance()
        elif playing and self.table.finished and self._scores_shown:
            self._scores_shown = False
            self.refresh_status()
            self.refresh_bindings()

    @property
    def still_shown(self) -> bool:
        """Still on show: not gone, nor being taken down (its widgets may be gone
        already while the app closes; Textual's ``display`` is False then)."""
        return self.is_attached and self.display

    def _needs_handover(self) -> bool:
        return self.game.hidden_information and len(self.local_seats) > 1

    def _open_handover(self, seat: int | None) -> None:
        from .handover import HandoverScreen

        self._handover_open = True
        told = self.table.recent(seat, public=True) if seat is not None else Recent()
        self._told_on_handover = told.summary
        recap = recap_words(self.seat_name(seat), told.summary, first=not told.acted) if told.summary else None
        self.app.push_screen(HandoverScreen(self.seat_name(seat), recap), lambda ready: self._hand_to(seat, ready))

    def _hand_to(self, seat: int | None, ready: bool | None) -> None:
        """The handover screen closed: ``seat``'s player is at the keyboard (Enter),
        or went back to the menu (Esc) without seeing anything."""
        self._handover_open = False
        if not self.still_shown:
            return
        if not ready:
            self.action_leave()
            return
        self.viewer = seat
        self._handed_over = True  # its player is told what happened since its last turn
        self._advance()  # the table may have moved on meanwhile (a computer's move)

    def _recap_if_turn_begins(self) -> None:
        """When the viewing seat's turn comes after others moved (with news the game
        calls for it: `Game.summary_alerts`), or after a handover, say what happened
        since it last acted. (Alone at the table, the board and the log say what the
        rules did after your own move.)"""
        acting = self.viewer is not None and self.viewer in self.table.to_act()
        begins = acting and self._acting_seen != (self.viewer, True)
        self._acting_seen = (self.viewer, acting)
        handed_over, self._handed_over = self._handed_over, False
        told, self._told_on_handover = self._told_on_handover, ()
        if told and self.recent.summary == told:
            return  # the handover said it all: the seat's first key is its own
        if ((begins and self.recent.others and self._news_alerts()) or handed_over) and self.recent.summary:
            self.action_since_last_turn()

    def _news_alerts(self) -> bool:
        """Whether the summary holds news that brings it up by itself (`Game.summary_alerts`)."""
        alerts = self.game.summary_alerts
        return alerts is None or any(line.startswith(f"{heading}: ") for heading in alerts for line in self.recent.summary)

    def on_move_list_changed(self) -> None:
        self.viewer = self.replay.viewer
        self._redraw()

    def _redraw(self) -> None:
        pointed = self._choice_watch.before(self)
        self.sub_title = self.game.round_label(self.table.state)
        self.recent = self.table.recent(self.viewer)
        self.query_one(LastMove).show(self.recent.last)
        if self.replay is None:
            self.query_one(GameLog).show_lines(self.table.log_lines, tuple(seat.name for seat in self.table.seats))
        self.refresh_board()  # first: a screen's prompt may follow cursors the redraw places
        for line in self.query_children(PresenceLine):
            line.write()
        self.refresh_status()
        self.refresh_bindings()
        self._choice_watch.after(self, pointed)

    def _status_text(self) -> str:
        if self.replay is not None:
            if self.query_one("#log").has_class("-hidden"):  # the move list is not in view: say the move here
                return self.within_width(f"{self.replay.status()} · {self.replay.move_words()}")
            return self.within_width(self.replay.status())
        if self.table.finished:
            return self.final_words() or "The game is over. Enter: the scores."
        acting = sorted(self.table.to_act())
        if self.viewer in acting:
            return f"{self.status_name(self.viewer)} to act: {self.prompt()}"
        names = [self.status_name(s) for s in acting]
        waiting = f"Waiting for {', '.join(names)}."
        if self.size.width and len(waiting) > self.size.width - 2:
            waiting = f"Waiting for {names[0]} and {len(names) - 1} more."
        return f"{waiting}{self._presence_here(len(waiting))}"

    def within_width(self, line: str) -> str:
        """``line`` as the status line shows it: whole, or ending in "…" where it is
        wider than the screen (for a line whose whole words are a key away: a
        replay's move, in its move list, L)."""
        room = self.size.width - 2
        return line if not self.size.width or len(line) <= room else line[: room - 1].rstrip() + "…"

    def _presence_here(self, used: int) -> str:
        """Who is at a server table, for the status line when the screen has no room
        for its own line: said in the room the line has left after ``used`` columns."""
        line = self.query_children(PresenceLine)
        if not line or line.first().display:
            return ""
        room = self.query_one(StatusBar).content_region.width - used - 1
        return f" {fitted(self.table.presence.words(), room)}" if room > 0 else ""

    def refresh_status(self) -> None:
        self.query_one(StatusBar).message = self._status_text()

    def on_resize(self, event: events.Resize) -> None:
        """A server table's presence line takes a row of its own only where the board
        can spare it; so does the "Last: ..." line's second row. The status line is
        fitted again (`first_whole`, `within_width`): what fits was guessed while the
        screen had no width yet (a computer may move before the first layout)."""
        for line in self.query_children(PresenceLine):
            line.display = event.size.height >= PRESENCE_ROOM
        if not self.LAST_MOVE_IN_BOARD:
            self.query_one(LastMove).grows = event.size.height >= self.LAST_MOVE_GROWS_FROM
        self.refresh_status()

    def _run_bots(self) -> None:
        if not self.drives_bots or self._bot_busy:
            return
        bots = self.table.bot_seats_to_act()
        if bots:
            self._bot_busy = True
            self._think(bots[0], len(self.table.log))

    @work(thread=True, group="bot")  # one at a time: _bot_busy guards it
    def _think(self, seat: int, moves: int) -> None:
        """A computer seat decides in a worker thread, so the screen stays responsive."""
        started = time.monotonic()
        action = self.table.bot_choice(seat, random.Random(self.table.seed * 7919 + moves))
        # A short pause so players can follow the computer's moves one by one.
        time.sleep(max(0.0, self.app.bot_delay - (time.monotonic() - started)))
        self.app.call_from_thread(self._bot_decided, seat, moves, action)

    def _bot_decided(self, seat: int, moves: int, action: Action) -> None:
        self._bot_busy = False
        if not self.still_shown:
            return  # the player left (or quit) while the computer thought: it thinks again on return
        if len(self.table.log) != moves or seat not in self.table.to_act():
            self._advance()  # the table moved on meanwhile (undo); think again
            return
        self.table.apply(seat, action)

    def _show_scores(self) -> None:
        if self._scores_shown:
            return
        self._scores_shown = True
        self.app.push_screen(self.scores_screen())
        if self.table.records_notice:
            self.notify(self.table.records_notice, title="Records", severity="warning", markup=False)

    def scores_screen(self) -> Screen:
        """The screen the finished game's scores are shown on."""
        from .scores import ScoresScreen

        return ScoresScreen(self.table)

    def refresh_bindings(self) -> None:
        """Tell the footer only when the keys it shows change: most moves and focus
        changes leave them as they were, and the footer need not read and place
        them again (rebuilding Textual's own was most of a move's time)."""
        shown = self.shown_keys()
        if shown != self._footer_keys:
            self._footer_keys = shown
            super().refresh_bindings()

    def shown_keys(self) -> tuple[tuple[str, str, bool], ...]:
        """(key, action, enabled) of each key the footer shows, as Textual's
        ``active_bindings`` resolves them (the first binding in the chain whose action is
        not hidden, a priority one before others), but asking ``check_action`` only for
        the keys that have a shown binding: every seat's screen asks after every move,
        and the map's and list's own keys (arrows, letters) are many and never shown."""
        quick = footer_keys(self)
        if quick is not None:
            return quick
        shown = self.active_bindings.items()
        return tuple((key, active.binding.action, active.enabled) for key, active in shown if active.binding.show)

    # --- actions ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A replay changes nothing: its keys that would play (``PLAY_ACTIONS``)
        are hidden and do nothing; and the game's priority keys (there to beat the
        game log to the arrows) give way to the move list's. A watcher's
        ``PLAY_ACTIONS`` are hidden too (`on_key` says why they do nothing).
        (Subclasses that override this should return ``super().check_action(...)``
        where they have no say.)"""
        if action in self.CHAT_ACTIONS:
            return self.chat is not None
        if action == "scores":  # the final board's key, until the scores are shown
            return self.replay is None and self.table.finished and not self._scores_shown
        if self.replay is None and self.table.finished and action in self.PLAY_ACTIONS - {"undo", "save"}:
            return False  # the final board: nothing left to play (its Enter shows the scores)
        if action == "hint":  # where the table offers hints
            return self.table.hints is not None and self.replay is None and not self.watching
        if action == "hand_over":  # shown to seated players while a gone player has the move
            stand_ins = self.table.stand_ins
            return self.viewer is not None and stand_ins is not None and stand_ins.gone_to_act()
        if self.replay is None:
            if action in ("leave", "leave_table"):  # "q Menu" at one keyboard, "q Lobby" at a server's table
                return (action == "leave_table") == self.served
            return action != "leave_replay" and not (self.watching and action in self.PLAY_ACTIONS)
        if action in self.PLAY_ACTIONS or action in ("leave", "leave_table"):
            return False
        return action not in priority_actions(self)

    def on_key(self, event: events.Key) -> None:
        """A watcher's play keys are out of the footer and do nothing (see
        `check_action`): they say why instead of doing nothing silently."""
        if not self.watching:
            return
        plays = False
        for namespace in (self.focused or self).ancestors_with_self:  # as Textual looks for a key's binding
            for binding in bound_to(namespace, event.key, self.app.keymap_entries):
                action = binding.action.partition("(")[0]
                if action in self.PLAY_ACTIONS:
                    plays = True
                elif namespace.check_action(action, ()) is not False:
                    return  # the key does something a watcher may (c writes to the chat whatever a game binds)
        if plays:
            event.stop()
            event.prevent_default()
            self.not_your_turn()

    def action_undo(self) -> None:
        if self.viewer is None or not self.table.seats[self.viewer].is_human:
            self.notify("There is no move of yours to take back.", severity="warning")
            return
        try:
            # At one keyboard with nothing hidden, anyone may take back the last
            # move; once a handover has hidden it, only its own player may.
            shared = len(self.local_seats) > 1 and not self._needs_handover()
            count = self.take_back(seat=None if shared else self.viewer)
        except UndoRefused as err:
            self.notify(str(err), title="Undo", severity="warning", markup=False)
            return
        self.notify(f"Took back {count} move{'s' if count > 1 else ''}.")

    def action_hint(self) -> None:
        """What the computer would do for the viewing seat, and why (screens/hint_panel.py)."""
        if self.viewer is None or self.viewer not in self.table.to_act() or self.table.finished:
            self.notify("A hint is for your own move: it is not your turn.", severity="warning")
            return
        from .hint_panel import HintPanel, hint_seed

        seat = self.viewer
        self.table.hints.note(seat)
        seed = hint_seed(self.table.seed, len(self.table.log))
        view = self.view

        def words(action: Action) -> str:
            # The seat's own move, in full (what the log keeps from the others
            # until later, Riverside's dice, is the seat's own to read here), said
            # as what to do now ("Place ..."), not as the log's past.
            return self.table.named(self.game.describe_as_advice(view, seat, action))

        def chosen(action: Action | None) -> None:
            if action is not None and self.viewer == seat:
                self.play(action)

        self.app.push_screen(HintPanel(self.game, view, seat, seed, words), chosen)

    def action_scores(self) -> None:
        self._show_scores()

    def action_back(self) -> None:
        """Esc where the game has no step to back out of: a replay goes back where it
        was opened; else the player is told what the keys do instead of nothing."""
        if self.replay is not None:
            self.action_leave_replay()
            return
        where = "the lobby" if self.served else "the menu"
        self.notify(f"Nothing to back out of here: u takes back your last move, q goes to {where}.", markup=False)

    def action_save(self) -> None:
        if self.table.save() is False:
            notice = self.table.save_notice() or f"The game is still not saved: {self.table.save_problem}."
            self.notify(notice, title="Not saved", severity="error", markup=False)
            return
        if self.served:  # the server's files are none of a remote player's business
            self.notify("Saved on the server. Every move is saved there as it is made.", markup=False)
            return
        where = plain(self.table.path.name) if self.table.path else "memory"
        self.notify(f"Saved to {where}. Every move is also saved as it is made.", markup=False)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.game.id, served=self.served))

    def action_toggle_log(self) -> None:
        self.query_one("#log").toggle_class("-hidden")
        if self.replay is not None:
            self.query_one(StatusBar).message = self._status_text()

    def action_page_log(self, direction: int) -> None:
        log = self.query_one("#log")
        if log.has_class("-hidden"):
            self.action_toggle_log()  # shown at its latest lines; the next key pages
            return
        (log.scroll_page_down if direction > 0 else log.scroll_page_up)(animate=False)

    def action_since_last_turn(self) -> None:
        if not self.recent.summary:
            self.notify("Nothing has happened since your last turn.", markup=False)
            return
        self.since.tell(self.seat_name(self.viewer), self.recent.summary, first=not self.recent.acted)

    def recap_area(self) -> Region | None:
        """Where on the screen the "since your last turn" box goes (None: over the
        middle of it); a game screen whose board the box would hide says where it hides
        least."""
        return None

    @property
    def recap_shown(self) -> bool:
        """Whether the "since your last turn" summary is on show."""
        return self.since.shown

    def put_away_recap(self) -> bool:
        """Hide the "since your last turn" summary; whether it was on show."""
        return self.since.put_away()

    def action_hand_over(self) -> None:
        stand_ins = self.table.stand_ins
        seats, why = stand_ins.may_hand_over()
        if not seats:
            self.notify(why, title="Hand seat", severity="warning", markup=False)
            return
        from .stand_in import StandInScreen

        names = [(seat, self.seat_name(seat)) for seat in seats]
        self.app.push_screen(StandInScreen(names, stand_ins.levels()), self._hand_over)

    def _hand_over(self, choice: tuple[int, str] | None) -> None:
        if choice is None:
            return
        try:
            self.table.stand_ins.hand_to_computer(*choice)
        except ValueError as err:  # the player came back, or another player did it first
            self.notify(str(err), title="Hand seat", severity="warning", markup=False)
    def action_chat(self) -> None:
        from .chat_input import ChatInputScreen

        self.app.push_screen(ChatInputScreen(self.chat))

    def action_toggle_chat(self) -> None:
        pane = self.query_one(ChatPane)
        pane.display = not pane.display
        self.notify("Chat pane shown." if pane.display else "Chat pane hidden: new lines come as notices.")

    def action_chat_watchers(self) -> None:
        if self.chat.seat is None:
            self.notify("You are watching: only seated players hide the watchers' lines.", severity="warning")
            return
        pane = self.query_one(ChatPane)
        pane.hide_watchers = not pane.hide_watchers
        self.notify("Watchers' lines hidden." if pane.hide_watchers else "Watchers' lines shown.")

    def action_leave(self) -> None:
        self.table.save()
        self.app.pop_screen()

    def action_leave_table(self) -> None:
        self.action_leave()  # the lobby is the screen under a server's table

    def action_leave_replay(self) -> None:
        self.app.pop_screen()  # to the scores or the saves it was opened from
