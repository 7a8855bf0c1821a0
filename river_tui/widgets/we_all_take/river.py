"""The state of the river: season and turn, the water level, the almanac's three
weather cards, the policies in force, what flowed out to sea, who acts in what
order this turn, and the vote under way with every vote and bought vote."""

from __future__ import annotations

from rich.text import Text

from ...rules.we_all_take.components import CITY_NEEDS, FISH, GRAVEL, ROW_RIVER, TILES, TREE, WEATHER
from ...rules.we_all_take.narration import policy_text
from ...rules.we_all_take.season_end import last_trading_window, tally
from ...rules.we_all_take.seasons import group_can_act
from ...rules.we_all_take.state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, OVER, PROPOSE, VOTE, WeState
from ..position_drawings import drawings_of
from .glyphs import counts_text, owner_letter, owner_style, token
from .panel import Panel
from ..palette import ink

PHASE_WORDS = {
    CAMPS: "setup: placing camps",
    EXCHANGE: "end of season: exchange for gold",
    PROPOSE: "end of season: policies",
    VOTE: "end of season: the vote",
    CONTRIBUTE: "end of season: the city's construction site",
    OVER: "the game is over",
}
LAST_WINDOW_WORDS = "the last trades before the scores"
"""The site's step of the game's last season, which is every seat's last trading window."""


def phase_words(s: WeState) -> str:
    """What the table is doing now, between turns: "end of season: the vote"."""
    return LAST_WINDOW_WORDS if last_trading_window(s) else PHASE_WORDS.get(s.phase, s.phase)


def seat_tag(s: WeState, seat: int, names: list[str]) -> Text:
    """"R Ann": the seat's colour letter, painted, and its name."""
    colour = s.colours[seat]
    return Text.assemble((owner_letter(colour), owner_style(colour)), f" {names[seat]}")


class RiverPanel(Panel):
    """Season, turn, water level, almanac, policies, acting order and the vote. It
    keeps its tallest height through a phase of a season: the acting order
    shortens as groups act, the vote's line grows as votes come in, and each
    change of its height would lay every seat's screen out again."""

    TITLE = "The river"

    def show(self, s: WeState, names: list[str]) -> None:
        """Show the position ``s``, the watchers' view of it (the panel shows nothing
        secret): its lines are built once for every seat's panel (`position_drawings`)."""
        drawn, key = drawings_of(s), ("river lines", tuple(names))
        lines = drawn.get(key)
        if lines is None:
            lines = drawn[key] = self._lines_of(s, names)
        self.show_lines(lines, steady=(s.season, s.phase))  # the acting order and the vote come and go

    def _lines_of(self, s: WeState, names: list[str]) -> list[Text]:
        lines = [self._season(s), self._almanac(s), self._policies(s)]
        if any(s.sea):
            sea = Text.assemble("Out to sea so far: ", counts_text(s.sea))
            if s.city < 0 and not s.protected:  # beside "no subsidy" (one line at 120 columns)
                lines[-1].append(" · ").append_text(sea)
            else:
                lines.append(sea)
        if s.phase == ACTIONS and s.groups:
            lines.append(self._acting(s, names))
        if s.phase == VOTE and s.proposal is not None:
            lines += self._vote(s, names)
        return lines

    def _season(self, s: WeState) -> Text:
        if s.phase == CAMPS or s.season == 0:
            return Text(PHASE_WORDS[CAMPS], style="bold")
        text = Text(f"Season {s.season} of {s.last_season}", style="bold")
        if s.storm:
            text.append(" · the Storm: turns run from the estuary up", style=f"bold {ink('red')}")
        if s.phase == ACTIONS:
            text.append(f" · turn {s.turn + 1} of {len(s.order)}: row {s.row + 1} ({TILES[ROW_RIVER[s.row]].code})")
            if s.tutorial:
                text.append(f" · tutorial: {s.season - 1} season(s) passed")
            else:
                text.append(" · water level ")
                text.append(f"[{s.water}]", style="bold reverse")
        else:
            text.append(f" · {phase_words(s)}")
        return text

    def _almanac(self, s: WeState) -> Text:
        """The three weather cards in one line at 120 columns: "now" the current season's,
        then the next two in order."""
        if s.tutorial:
            return Text("Tutorial mode: no weather, no water level", style="dim")
        text = Text("Almanac: ")
        for n, card in enumerate(s.almanac):
            weather = WEATHER[card]
            text.append(("now " if n == 0 else ", then " if n == 1 else ", "), style="dim")
            text.append(weather.name, style=f"bold {ink('red')}" if weather.storm else "bold")
            text.append(f"{weather.modifier:+d}")  # "Showers+1": three cards in one line at 120 columns
        return text

    def _policies(self, s: WeState) -> Text:
        text = Text("Policies: ")
        text.append("pollution subsidy ✔" if s.subsidy else "no subsidy", style="bold" if s.subsidy else "dim")
        if s.protected:
            text.append(" · ◈ protected: " + ", ".join(TILES[t].code for t in sorted(s.protected)))
        if s.city >= 0:
            code = TILES[s.city].code
            if s.city_complete:
                flooded = " (flooded)" if s.city in s.flooded else ""
                text.append(f" · ▦ city on {code}{flooded}")
            else:
                text.append(f" · ▣ city site on {code}: ")
                for k in (FISH, TREE, GRAVEL):
                    text.append_text(token(k))
                    text.append(f"{s.site[k]}/{CITY_NEEDS[k]}" + (" " if k != GRAVEL else ""))
        return text

    def _acting(self, s: WeState, names: list[str]) -> Text:
        """The group acting now, then those still to act (the engine skips a group with
        nothing left to do, such as a boat that has moved away)."""
        text = Text("Acting order: ")
        groups = s.groups[:1] + [g for g in s.groups[1:] if group_can_act(s, *g)]
        for n, (seat, tile) in enumerate(groups):
            if n:
                text.append(" → ", style="dim")
            text.append("▶ " if n == 0 else "")
            text.append_text(seat_tag(s, seat, names))
            text.append(f" on {TILES[tile].code}")
        return text

    def _vote(self, s: WeState, names: list[str]) -> list[Text]:
        proposal = s.proposal
        yes, total = tally(s)
        head = Text.assemble(
            ("Vote: ", "bold"), seat_tag(s, proposal.by, names), f" proposes {policy_text(proposal.policy, proposal.tile)}"
        )
        count = Text(f"  {yes} of {total} votes in favour: more than half passes")
        votes = Text("  ")
        for n, seat in enumerate(s.voters):
            if n:
                votes.append(" │ ", style="dim")
            votes.append_text(seat_tag(s, seat, names))
            vote = s.votes[seat]
            votes.append(": " + ("not yet" if vote is None else "for" if vote else "against"))
            if s.bought[seat]:
                votes.append(f" +{s.bought[seat]} bought", style="bold")
        return [head, count, votes]
