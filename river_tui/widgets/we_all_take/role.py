"""The viewing seat's own role card and its objectives, each marked met or not yet.

"Players should only see their own role card": the panel draws only from the
seat's view, where every other seat's role is face down, and shows nothing at all
while nobody is looking (the handover between seats at one keyboard) or to a
server table's watcher.
"""

from __future__ import annotations

from rich.text import Text

from ...rules.we_all_take.components import (
    AGRICULTURE, ALL_ROLES, CAPITAL, CHARITY, CONSERVATION, DEVELOPMENT, OBJECTIVES,
)
from ...rules.we_all_take.scoring import judge_objective
from ...rules.we_all_take.state import OVER, WeState
from ..border_text import set_border_title
from .panel import Panel
from .river import seat_tag
from ..palette import ink


ASKS = {
    CONSERVATION: "no pollution",
    AGRICULTURE: "15 fish",
    DEVELOPMENT: "the city",
    CAPITAL: "most gold",
    CHARITY: "all others meet one objective",
}
"""What each objective asks, in a few words: with its figures, one line of the side at
120 columns (the rulebook's sentences are in help)."""
MARKS = {True: ("✔", "green"), False: ("✘", "red"), None: ("?", "yellow")}


def live_objectives(s: WeState, seat: int) -> list[tuple[int, bool | None, str]]:
    """(objective, met now, the figures behind it) for the seat's role; Charity is
    None until the end: it "depends on" the others' objectives, which are hidden."""
    out = []
    for objective in ALL_ROLES[s.roles[seat]].objectives:
        if objective == CHARITY:
            out.append((objective, None, "judged at the end"))
        else:
            # The engine's own judgement of one objective, the one the end of the game uses.
            judged = judge_objective(s, seat, objective)
            out.append((objective, judged.met, judged.figures))
    return out


class RolePanel(Panel):
    """Your role card (private) with a live "met / not yet" per objective."""

    TITLE = "Your secret role"  # whole on the border at 80 columns
    WATCHERS = "Each player sees only their own role; watchers see them all when the game ends."

    def show(self, s: WeState, viewer: int | None, names: list[str], watching: bool = False) -> None:
        """``watching``: a server table's watcher, who holds no role and sees none."""
        if s.phase == OVER:
            set_border_title(self, "Roles revealed")
            self.show_lines([self._revealed(s, seat, names) for seat in range(s.seats)])
            return
        if watching:
            set_border_title(self, "Secret roles")
            self.show_lines([Text(self.WATCHERS, style="dim")])
            return
        set_border_title(self, self.TITLE)
        if viewer is None or s.roles[viewer] is None:
            self.show_lines([Text("Hidden until a seat looks at the screen.", style="dim")])
            return
        role = ALL_ROLES[s.roles[viewer]]
        lines = [Text.assemble((role.name, "bold"), ": every objective to win (✔ met, ✘ not yet)")]
        for objective, met, figures in live_objectives(s, viewer):
            mark, colour = MARKS[met]
            lines.append(Text.assemble((mark, f"bold {ink(colour)}"), " ", (OBJECTIVES[objective], "bold"),
                                       f" ({ASKS[objective]}): ", (figures, "dim")))
        self.show_lines(lines)

    def _revealed(self, s: WeState, seat: int, names: list[str]) -> Text:
        role = ALL_ROLES[s.roles[seat]]
        return Text.assemble(seat_tag(s, seat, names), f": {role.name} — " + ", ".join(OBJECTIVES[o] for o in role.objectives))
