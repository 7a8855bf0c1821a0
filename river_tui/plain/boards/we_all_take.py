"""We All Take from the River in text: the season and the water, each tile (by its
code, as the move notation names it) with its tokens and structures, the city
and the policies, each seat's stockpile, your own role, and the offers and vote
under way."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.we_all_take.components import EMPTY, KINDS, TILES, WATER, WEATHER
from ...rules.we_all_take.narration import counted, policy_text, role_card, round_label
from ...rules.we_all_take.state import WeState
from . import Section


def tile_lines(view: WeState, names: Sequence[str]) -> list[str]:
    out = []
    for tile in TILES:
        slots = [f"slot {s} {KINDS[view.slots[s]] if view.slots[s] != EMPTY else 'empty'}" for s in tile.slots]
        if tile.kind == WATER and tile.row < len(view.loose) // 4:
            loose = view.loose[4 * tile.row : 4 * tile.row + 4]
            slots.append(f"loose {counted(list(loose) + [0])}")
        structures = [
            f"{names[st.owner]}'s {st.kind} {st.id}" for st in view.structures.values() if st.place == tile.id
        ]
        marks = [word for word, on in (
            ("flooded", tile.id in view.flooded), ("protected", tile.id in view.protected),
            ("the city", view.city == tile.id),
        ) if on]
        said = [f"{tile.code} {tile.label}{''.join(f', {m}' for m in marks)}", ", ".join(slots) or "no slots"]
        if structures:
            said.append(", ".join(structures))
        out.append("; ".join(said) + ".")
    return out


def sections(view: WeState, seat: int | None, names: Sequence[str]) -> list[Section]:
    weather = WEATHER[view.almanac[0]].name if view.almanac else "none yet"
    season = [
        f"{round_label(view)}. Water level {view.water}; weather {weather}.",
        f"Pollution subsidy: {'in force' if view.subsidy else 'not in force'}; "
        f"city site: {counted(list(view.site) + [0, 0])}{', complete' if view.city_complete else ''}.",
    ]
    if view.proposal is not None:
        votes = ", ".join(
            f"{names[s]} {'undecided' if v is None else 'for' if v else 'against'}" for s, v in enumerate(view.votes)
        )
        season.append(f"Proposal by {names[view.proposal.by]}: "
                      f"{policy_text(view.proposal.policy, view.proposal.tile, short=True)}; votes: {votes}.")
    for offer in view.offers:
        season.append(f"{names[offer.by]} offers {names[offer.to]} {counted(offer.give)} "
                      f"for {counted(offer.get)}.")
    out: list[Section] = [("season", season), ("map", tile_lines(view, names))]
    for index, name in enumerate(names):
        colour = view.colours[index] or "no colour yet"
        lines = [f"{name} ({colour}): stockpile {counted(view.stock[index])}."]
        if view.roles[index] is not None:  # the view shows your own role, and every role once the game is over
            lines.append(f"  role: {role_card(view.roles[index])}")
        out.append((name, lines))
    return out
