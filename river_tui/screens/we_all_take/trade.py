"""The trade dialog: compose an offer (or a gift) of any tokens to another seat.

"Players may trade with each other at any time, so long as all parties involved
agree to the trade. Players may also give tokens to each other for free." The
dialog only builds the `Offer`; the engine checks it when it is made (and the
other seat accepts or declines it, a gift too, on their own screen).
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from ...rules.we_all_take.actions import ACCEPT, Offer
from ...rules.we_all_take.components import KINDS
from ...rules.we_all_take.narration import counted
from ...rules.we_all_take.state import WeState
from ...rules.we_all_take.trading import offer_problem, offer_to
from ...widgets.we_all_take.glyphs import TOKEN_GLYPH, TOKEN_STYLE
from ...widgets.we_all_take.river import seat_tag
from ..box_screen import BoxScreen
from .offer_to_you import for_your_role

GIVE, GET = 0, 1


class TradeScreen(BoxScreen[Offer | None]):
    """Keys: ←/→ choose the seat (on the first line) or the column, ↑/↓ the token,
    + and - change a count, Enter offers, Esc cancels."""

    BINDINGS = [
        Binding("up,k", "row(-1)", "Up", id="trade_up", show=False),
        Binding("down,j", "row(1)", "Down", id="trade_down", show=False),
        Binding("left,h", "side(-1)", "Left", id="trade_left", show=False),
        Binding("right,l", "side(1)", "Right", id="trade_right", show=False),
        Binding("plus,equals_sign,space", "count(1)", "More", id="trade_more"),
        Binding("minus,backspace", "count(-1)", "Fewer", id="trade_fewer"),
        Binding("enter", "offer", "Make the offer", id="trade_offer"),
        Binding("escape", "cancel", "Cancel", id="trade_cancel"),
    ]

    DEFAULT_CSS = """
    TradeScreen { align: center middle; background: $background 60%; }
    TradeScreen #trade { width: 72; max-width: 100%; height: auto; max-height: 100%; border: heavy $accent;
                         padding: 0 1; background: $surface; }
    TradeScreen #trade-problem { color: $warning; height: auto; }
    """

    def __init__(self, s: WeState, seat: int, names: list[str], counter: bool = False) -> None:
        """``counter``: an offer back to the seat whose offer waits for this one, starting
        from that offer turned round (what they asked, for what they gave)."""
        super().__init__()
        self.s = s
        self.seat = seat
        self.names = names
        self.others = [o for o in range(s.seats) if o != seat]
        waiting = offer_to(s, seat)
        self.to = waiting.by if waiting is not None else self.others[0]  # a counter goes back
        self.row = 0  # 0: the seat; 1..5: a token kind
        self.column = GIVE
        self.counts = [[0] * len(KINDS), [0] * len(KINDS)]
        self.counter = counter and waiting is not None
        if self.counter:
            self.counts = [list(waiting.get), list(waiting.give)]

    def compose(self) -> ComposeResult:
        with Vertical(id="trade"):
            yield Static(id="trade-grid")
            yield Static(id="trade-problem")
        yield Footer()

    def on_mount(self) -> None:
        self._draw()

    def offer(self) -> Offer:
        return Offer(self.to, tuple(self.counts[GIVE]), tuple(self.counts[GET]))

    def _draw(self, problem: str = "") -> None:
        s = self.s
        title = f"Counter {self.names[self.to]}'s offer" if self.counter else "Trade or give"
        self.query_one("#trade", Vertical).border_title = title
        head = Text("▶ " if self.row == 0 else "  ")
        head.append("Offer to: ◀ ")
        head.append_text(seat_tag(s, self.to, self.names))
        head.append(" ▶")
        grid = RichTable(box=None, padding=(0, 1), show_header=True)
        for title in ("", "you give", "you get", "you hold", "they hold"):
            grid.add_column(title, justify="right" if title else "left")
        for kind, name in enumerate(KINDS):
            row = kind + 1
            cells = []
            for column in (GIVE, GET):
                text = str(self.counts[column][kind])
                cells.append(Text(f"[{text}]" if (self.row, self.column) == (row, column) else f" {text} ",
                                  style="reverse" if (self.row, self.column) == (row, column) else ""))
            grid.add_row(
                Text.assemble(("▶ " if self.row == row else "  "), (TOKEN_GLYPH[kind], TOKEN_STYLE[kind]), f" {name}"),
                *cells, Text(str(s.stock[self.seat][kind])), Text(str(s.stock[self.to][kind])),
            )
        offer = self.offer()
        summary = Text(self._summary(offer), style="dim")
        outlook = []  # what it would do for your role, once it is an offer the rules allow
        if any(offer.give + offer.get):
            # Why it could not be made, said as it is composed (not only at Enter).
            problem = problem or offer_problem(s, self.seat, offer.to, offer.give, offer.get) or ""
            if not problem:
                outlook = for_your_role(s, self.seat, "If they accept", (self.seat, offer), (offer.to, ACCEPT))
        self.query_one("#trade-grid", Static).update(Group(head, grid, summary, *outlook))
        self.query_one("#trade-problem", Static).update(Text(problem))  # plain: may name a player

    def _summary(self, offer: Offer) -> str:
        """What the offer is, as it stands: the gift rule only while nothing is asked."""
        to = self.names[offer.to]
        give, get = counted(offer.give), counted(offer.get)
        if not any(offer.give + offer.get):
            if self.counter:
                return "Change the counts: your offer back declines theirs, and they answer yours."
            return "Choose what you give and ask (asking nothing makes it a gift)."
        back = " Your offer back declines theirs." if self.counter else ""
        if not any(offer.get):
            return f"A gift to {to} of {give}: they accept or decline it.{back}"
        if not any(offer.give):
            return f"You ask {to} for {get}, giving nothing.{back}"
        return f"You offer {to} {give} for {get}.{back}"

    def names_changed(self) -> None:
        """A seat was taken (at a server table): the dialog names its player at once."""
        self._draw()

    def action_row(self, delta: int) -> None:
        self.row = (self.row + delta) % (len(KINDS) + 1)
        self._draw()

    def action_side(self, delta: int) -> None:
        if self.row == 0:
            self.to = self.others[(self.others.index(self.to) + delta) % len(self.others)]
            self.counter = False  # an offer to another seat answers nobody's
        else:
            self.column = GET if self.column == GIVE else GIVE
        self._draw()

    def action_count(self, delta: int) -> None:
        if self.row == 0:
            return
        counts = self.counts[self.column]
        counts[self.row - 1] = max(0, counts[self.row - 1] + delta)
        self._draw()

    def action_offer(self) -> None:
        offer = self.offer()
        problem = offer_problem(self.s, self.seat, offer.to, offer.give, offer.get)
        if problem:
            self._draw(problem)
            return
        self.dismiss(offer)

    def action_cancel(self) -> None:
        self.dismiss(None)
