"""An offer made to you, put to you whole when it arrives: what you give, what you
get, your stockpile after, and what it does for your role's objectives (from your
own view: your role only). y accepts, x declines, c counters (an offer back, where
the rules allow one now), Esc answers later from the list; Enter answers nothing,
so a key meant for the board when the offer arrived never trades, and q says to
press Esc first.

The board under it is left as it was (its cursor, the highlighted choice, which of
the map and the list has the keys). Which answers there are comes from
``legal_actions``; what they do, from the rules' own preview of accepting.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...rules.we_all_take.actions import ACCEPT, DECLINE, Offer
from ...rules.we_all_take.components import ALL_ROLES, OBJECTIVES
from ...rules.we_all_take.preview import objectives_after, preview
from ...rules.we_all_take.state import PendingOffer, WeState
from ...rules.we_all_take.trading import offer_problem
from ...widgets.game_footer import GameFooter
from ...widgets.we_all_take.glyphs import counts_text
from ..box_screen import BoxScreen

ACCEPTED, DECLINED, COUNTER = "accept", "decline", "counter"
"""What the player answered (None: later)."""


def for_your_role(s: WeState, seat: int, when: str, *moves: tuple[int, object]) -> list[RenderableType]:
    """"<when>, for your role (Grocer):" and each objective of the seat's role after
    ``moves`` (✔ met, ✘ not yet), its figures now and then; a wrapped line is indented
    under its objective's name. From the seat's own view: its role only."""
    return role_lines(s, seat, when, objectives_after(s, seat, *moves))


def changed(before: str, after: str) -> str:
    """"1 → 0 fish stockpiled, 15 needed": figures before and after, the words they begin
    and end with alike said once (it read "1 fish stockpiled, 15 needed → 0 fish
    stockpiled, 15 needed", two lines in the box at 80 columns)."""
    old, new = before.split(), after.split()
    most = min(len(old), len(new)) - 1  # a word of each is left to differ
    end = 0
    while end < most and old[-1 - end] == new[-1 - end]:
        end += 1
    start = 0
    while start < most - end and old[start] == new[start]:
        start += 1
    words = [*new[:start], " ".join(old[start:len(old) - end]), "→", " ".join(new[start:len(new) - end]), *new[len(new) - end:]]
    return " ".join(words)


def role_lines(s: WeState, seat: int, when: str, outlook: list) -> list[RenderableType]:
    """`for_your_role`'s lines from ``outlook``, `objectives_after`'s judgements."""
    role = s.roles[seat]
    if role is None:
        return []
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=3, justify="right")
    grid.add_column(ratio=1)
    for objective, before, after in outlook:
        name = OBJECTIVES[objective]
        if before is None or after is None:
            grid.add_row("?", Text.assemble((name, "bold"), ": judged at the end (the others' roles are hidden)"))
            continue
        change = f"unchanged, {after.figures}" if before.figures == after.figures else changed(before.figures, after.figures)
        if after.met != before.met:
            change += " (becomes met)" if after.met else " (no longer met)"
        grid.add_row("✔" if after.met else "✘", Text.assemble((name, "bold"), f": {change}"))
    return [Text(f"{when}, for your role ({ALL_ROLES[role].name}):", style="bold"), grid]


class OfferToYouScreen(BoxScreen[str | None]):
    """The offer waiting for ``seat``, and the keys that answer it."""

    BINDINGS = [
        Binding("y", "answer('accept')", "Accept", id="offer_accept"),
        Binding("x", "answer('decline')", "Decline", id="offer_decline"),
        Binding("c", "answer('counter')", "Counter", id="offer_counter"),
        Binding("escape", "later", "Later", id="offer_later"),
        Binding("enter", "enter", "", id="offer_enter", show=False),
        Binding("q", "leave", "", id="offer_leave", show=False),
    ]

    DEFAULT_CSS = """
    OfferToYouScreen { align: center middle; background: $background 60%; }
    OfferToYouScreen #offer { width: 74; max-width: 100%; height: auto; max-height: 100%;
                              border: heavy $accent; padding: 0 1; background: $surface; }
    OfferToYouScreen #offer-text { height: auto; }
    """

    def __init__(self, s: WeState, seat: int, offer: PendingOffer, legal: list, names: list[str]) -> None:
        super().__init__()
        self.seat, self.offer, self.names = seat, offer, names
        self.s, self.legal = s, legal
        self._text = Static(id="offer-text")
        self._drawn: tuple | None = None  # what the box said when last drawn, the answers its keys allowed last

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="offer"):
            yield self._text
        yield GameFooter()  # Textual's Footer mounts a widget per key, again whenever told, laying the box out

    def on_mount(self) -> None:
        self._draw()

    def show(self, s: WeState, legal: list) -> None:
        """The position moved on (another seat's move) with the offer still waiting. Most
        such moves change nothing the box says nor which answers its keys allow: then it
        neither redraws (its text's height lays the box out) nor tells its footer."""
        self.s, self.legal = s, legal
        if self.is_mounted:  # else `on_mount` draws it
            answers = self._drawn[-1] if self._drawn else None
            self._draw()
            if answers != self._answers():
                self.refresh_bindings()

    # --- what it says ------------------------------------------------------------------------------------
    def _by(self) -> str:
        return self.names[self.offer.by]

    def _draw(self) -> None:
        """Draw what the box says, if it changed since it was last drawn."""
        offer, s = self.offer, self.s
        accepting = preview(s, self.seat, ACCEPT)
        stock = s.stock[self.seat]
        after = tuple(n - cost + gain for n, cost, gain in zip(stock, accepting.cost, accepting.gain))
        outlook = objectives_after(s, self.seat, (self.seat, ACCEPT))
        why = None if self._may_counter() else offer_problem(s, self.seat, offer.by, offer.get, offer.give)
        drawn = (self._by(), tuple(stock), after, tuple(outlook), why, self._answers())
        if drawn == self._drawn:
            return
        self._drawn = drawn
        gift = not any(offer.get)
        self.query_one("#offer", VerticalScroll).border_title = f"{self._by()} offers you a {'gift' if gift else 'trade'}"
        lines = [
            Text.assemble(("You give  ", "bold"), counts_text(offer.get, names=True)),
            Text.assemble(("You get   ", "bold"), counts_text(offer.give, names=True)),
            Text.assemble("Your stockpile ", counts_text(stock), "  →  ", counts_text(after)),
            Text(""),
            *role_lines(s, self.seat, "If you accept", outlook),
            Text(""),
            *self._keys(why),
        ]
        self._text.update(Group(*lines))  # held, not queried: the box may go before it is mounted

    def _keys(self, why: str | None) -> list[Text]:
        """The keys' line; and where no offer back is allowed now, why (``why``: `offer_problem`'s)."""
        keys = Text.assemble(("y", "bold reverse"), " accept   ", ("x", "bold reverse"), " decline   ")
        if self._may_counter():
            keys.append_text(Text.assemble(("c", "bold reverse"), " counter (an offer back)   "))
        keys.append_text(Text.assemble(("Esc", "bold reverse"), " later"))
        lines = [keys]
        if not self._may_counter():
            lines.append(Text(f"No counter now: {why or 'you may make no offer back this step.'}", style="dim"))
        lines.append(Text("Enter does not answer: your board stays as you left it.", style="dim"))
        return lines

    # --- what the keys do --------------------------------------------------------------------------------
    def _answers(self) -> tuple[bool, bool, bool]:
        """Whether the rules allow accepting, declining and an offer back now."""
        return ACCEPT in self.legal, DECLINE in self.legal, self._may_counter()

    def _may_counter(self) -> bool:
        """An offer back to its maker is among what the rules allow now."""
        return any(isinstance(a, Offer) and a.to == self.offer.by for a in self.legal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            wanted = {ACCEPTED: ACCEPT, DECLINED: DECLINE}.get(str(parameters[0]))
            allowed = self._may_counter() if wanted is None else wanted in self.legal
            return True if allowed else None  # None: shown dimmed in the footer
        return True

    def action_answer(self, how: str) -> None:
        self.dismiss(how)

    def action_later(self) -> None:
        self.dismiss(None)

    def action_enter(self) -> None:
        self.notify("Enter does not answer an offer: y accepts, x declines, Esc answers later.",
                    severity="information", markup=False)

    def action_leave(self) -> None:
        """q, meant for the board under the box: says what to do first."""
        self.notify("Esc first (the offer waits for your answer in the list), then q.",
                    severity="information", markup=False)
