"""What a seat may do now, as choices a player reads: each legal action of the
engine with its cost, what it would do, and the hexagons it touches.

The engine's `legal_actions` is the only source of what is allowed; this module
only words it. Choices are grouped under headings (the structure that acts, the
policy proposed), and two choices are the screen's own steps rather than engine
actions: picking a camp colour before placing the camp, and opening the trade
dialog (offers of any size are checked by the engine when they are made).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text

from ...rules.we_all_take import actions as A
from ...rules.we_all_take.components import (
    ACROSS, ALL_ROLES, BOAT, CITY, CITY_NEEDS, COLOURS, COST, DEVELOPMENT, END_SUBSIDY, EXCAVATOR, FISH, GOLD, KIND_OF, MILL, NET,
    NET_SLOTS,
    POLLUTION, PROPOSAL_FEE, PROTECT, ROW_RIVER, SLOTS, SUBSIDY, TILES, UNPROTECT, land,
)
from ...rules.we_all_take.narration import net_slot_name, policy_text, slot_name
from ...rules.we_all_take.season_end import last_trading_window
from ...rules.we_all_take.structures import adds_pollution, build_cost, build_place
from ...rules.we_all_take.state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, PROPOSE, VOTE, WeState
from ...rules.we_all_take.trading import offer_to
from .glyphs import counts_text, owner_letter, owner_style, token


@dataclass(frozen=True)
class PickColour:
    """The screen's first step of placing a camp: "Each player chooses their color"."""

    colour: str


@dataclass(frozen=True)
class OpenTrade:
    """The screen's step that opens the trade dialog."""


@dataclass(frozen=True)
class Choice:
    """One line of the choices list: ``action`` (an engine action, or a screen step),
    its words, its heading, the hexagons it touches (marked on the map) and the hexagon
    of the structure that acts (``at``: Enter there picks its choices too, a camp's
    harvest of its row's fish before a boat's ferrying it across)."""

    action: Any
    label: Text
    group: str
    tiles: frozenset[int] = frozenset()
    at: int | None = None
    short: Text | None = None
    """The words for a narrow list (the side at 80 columns), where ``label`` would take
    two or three lines: what the heading or the list's bottom border (a cost, the end
    of a structure's actions) says already is left out."""
    explains: bool = False
    """Its whole words say what a policy does (a proposal, a vote): worth two or three
    lines of a wide list (120 columns); the short words only on a narrow one."""
    short_group: str | None = None
    """The heading's words over choices in their short words (a policy's name, not what
    it does: the help says that)."""

    def touches(self, tile: int) -> bool:
        """Whether Enter on ``tile`` picks this choice: it acts there or on it."""
        return tile in self.tiles or tile == self.at

    @property
    def ends_actions(self) -> bool:
        """A move (or a ferry): the structure has no more actions this season."""
        return isinstance(self.action, (A.Move, A.Ferry))


def choices(s: WeState, seat: int, actions: list, colour: str | None = None, names: list[str] | None = None) -> list[Choice]:
    """The seat's ``actions`` (its legal actions in ``s``, a view) as choices, in the
    order a player reads them: structure by structure, then trades, then done.
    ``names``: the seats' names, for the choices that name a player (an offer's answer)."""
    if s.phase == CAMPS and offer_to(s, seat) is None:
        return _camp_choices(s, actions, colour)
    out: list[Choice] = []
    trade = False
    for action in actions:
        if isinstance(action, A.Offer):
            trade = True
            continue
        out.append(_choice(s, seat, action, names))
    out = _tell_apart(out)
    done = [c for c in out if isinstance(c.action, A.Done)]
    out = [c for c in out if not isinstance(c.action, A.Done)]
    if trade:
        out.append(Choice(OpenTrade(), Text("Trade or give tokens to another player…  (t)"), "Trading",
                          short=Text("Trade or give…  (t)")))
    return out + done


def _tell_apart(listed: list[Choice]) -> list[Choice]:
    """Name the slots of choices that would otherwise read the same (three trees on one
    tile: which slot a tree leaves matters to the red mill and to where pollution settles)."""
    seen: dict[str, int] = {}
    for choice in listed:
        seen[choice.label.plain] = seen.get(choice.label.plain, 0) + 1
    out = []
    for choice in listed:
        slots = getattr(choice.action, "slots", None) or (
            (choice.action.slot,) if isinstance(choice.action, A.Plant) else ()
        )
        if seen[choice.label.plain] > 1 and slots:
            where = ", ".join(slot_name(slot, len(choice.tiles) > 1) for slot in slots)
            short = None if choice.short is None else _with_slots(choice.short, slots)
            choice = replace(choice, label=choice.label + Text(f" ({where})"), short=short)
        out.append(choice)
    return out


def _with_slots(short: Text, slots) -> Text:
    """Short words with the slots named, before a "+×" that ends them; slots of two
    hexes name them ("W1#1 W2#1"), in place of the hexes ("W1, W2")."""
    codes = sorted({TILES[SLOTS[slot].tile].code for slot in slots})  # as `_harvest` names them
    where = f" {', '.join(codes)}"
    if len(codes) > 1 and where in short.plain:
        at = short.plain.index(where)
        short = short[:at] + short[at + len(where):]
    mark = ADDS_POLLUTION_SHORT.plain
    if short.plain.endswith(mark):
        return short[: -len(mark)] + Text(f" {_short_slots(slots)}") + ADDS_POLLUTION_SHORT
    return short + Text(f" {_short_slots(slots)}")


def _short_slots(slots) -> str:
    """"#3" (slot 3 of the tile the short words name), or "W1#2 W2#1" for slots of two
    tiles: in one line at 80 columns with "+×" after it; the red mill's slots are left
    to the whole words."""
    tiles = {SLOTS[slot].tile for slot in slots}
    number = {slot: TILES[SLOTS[slot].tile].slots.index(slot) + 1 for slot in slots}
    if len(tiles) == 1:
        return " ".join(f"#{number[slot]}" for slot in slots)
    return " ".join(f"{TILES[SLOTS[slot].tile].code}#{number[slot]}" for slot in slots)


def _camp_choices(s: WeState, actions: list, colour: str | None) -> list[Choice]:
    colours = [c for c in COLOURS if any(a.colour == c for a in actions)]
    if colour not in colours:
        return [
            Choice(PickColour(c), Text.assemble((owner_letter(c), owner_style(c)), f" {c}"), "Choose your colour")
            for c in colours
        ]
    out = []
    for action in actions:
        if action.colour != colour:
            continue
        tile = TILES[action.tile]
        # The heading says "Place your Red camp": each line names where (one line at 80 columns).
        label = Text(f"on {tile.code}, elevation {tile.elevation}")
        out.append(Choice(action, label, f"Place your {colour} camp", frozenset({action.tile})))
    out += [
        Choice(PickColour(c), Text.assemble("Choose ", (owner_letter(c), owner_style(c)), f" {c} instead"), "Other colours",
               short=Text.assemble((owner_letter(c), owner_style(c)), f" {c}"))
        for c in colours if c != colour
    ]
    return out


def _choice(s: WeState, seat: int, action, names: list[str] | None = None) -> Choice:
    kind = type(action)
    if kind in _STRUCTURE_WORDS:
        st = s.structures[action.boat if kind in (A.Dredge, A.Ferry) else action.structure]
        label, tiles, short = _STRUCTURE_WORDS[kind](s, st, action)
        return Choice(action, label, heading(s, st), frozenset(tiles), st.place, short)
    if kind is A.Sell:
        st = s.structures[action.structure]
        label = Text.assemble(f"Sell your {st.kind} on protected {TILES[st.place].code} for ", counts_text(COST[st.kind]))
        return Choice(action, label, "Protected land", frozenset({st.place}))
    if kind is A.Accept or kind is A.Decline:
        return _answer(s, seat, action, names)
    if kind is A.Exchange:
        pair = Text.assemble(token(KIND_OF[action.first]), " + ", token(KIND_OF[action.second]), " for ", token(GOLD))
        return Choice(action, Text("Exchange ") + pair, "Exchange for gold", short=pair)
    if kind is A.CityBuy:
        return Choice(action, Text.assemble("Buy ", token(KIND_OF[action.kind]), " from the city for ", token(GOLD)), "The city's market",
                      short=Text.assemble("Buy ", token(KIND_OF[action.kind]), " for ", token(GOLD)))
    if kind is A.Propose:
        return _proposal(s, seat, action)
    if kind is A.Vote:
        return _vote(s, seat, action)
    if kind is A.BuyVotes:
        n = action.count
        label = Text.assemble(f"Buy {n} extra vote{'s' if n != 1 else ''} for {n} ", token(GOLD))
        short = Text.assemble(f"Buy {n} vote{'s' if n != 1 else ''} for {n} ", token(GOLD))
        return Choice(action, label, "Extra votes (on the side you voted)", short=short)
    if kind is A.Contribute:
        k = KIND_OF[action.kind]
        label = Text.assemble("Add ", token(k), f" {action.kind} to the city site (it holds {s.site[k]} of {CITY_NEEDS[k]})")
        short = Text.assemble("Add ", token(k), f" {action.kind} ({s.site[k]}/{CITY_NEEDS[k]})")
        return Choice(action, label, "The city's construction site" + _yours(s, seat, CITY), frozenset({s.city}), short=short)
    if kind is A.Done:
        words = LAST_WINDOW_DONE if last_trading_window(s) else DONE_WORDS.get(s.phase, "Done")
        short = "Done: no more trades" if last_trading_window(s) else SHORT_DONE_WORDS.get(s.phase)
        return Choice(action, Text(words), "Finish", short=None if short is None else Text(short))
    return Choice(action, Text(str(action)), "Other")


DONE_WORDS = {
    ACTIONS: "End these structures' actions",
    EXCHANGE: "Done exchanging",
    PROPOSE: "Propose no policy",
    VOTE: "Settle: buy no more votes",
    CONTRIBUTE: "Done adding to the city",
}
SHORT_DONE_WORDS = {ACTIONS: "End their actions", EXCHANGE: "Done exchanging", CONTRIBUTE: "Done adding"}
"""The words of Done in a narrow list (their heading says "Finish")."""
LAST_WINDOW_DONE = "Done: no more trades before the scores"
"""Done in the game's last trading window (the site's step of its last season)."""


def heading(s: WeState, st) -> str:
    """"Red camp on W4" — the structure a choice acts with."""
    colour = s.colours[st.owner] or f"Seat {st.owner + 1}"
    return f"{colour} {st.kind} on {TILES[st.place].code}"


# --- structure actions ----------------------------------------------------------------------------------
def _harvest(s: WeState, st, a: A.Harvest):
    taken = [s.slots[slot] for slot in a.slots]
    tiles = {SLOTS[slot].tile for slot in a.slots}
    if a.loose is not None:
        taken.append(KIND_OF[a.loose])
        tiles.add(ROW_RIVER[TILES[st.place].row])
    where = ", ".join(sorted({TILES[t].code for t in tiles}))
    if taken == [POLLUTION]:
        label = Text.assemble("Remove ", token(POLLUTION), f" pollution from {where}")
        return label, tiles, Text.assemble("Remove ", token(POLLUTION), f" from {where}")
    tokens = Text()
    for k in taken:
        tokens.append_text(token(k))
    label = Text("Harvest ") + tokens + Text(f" from {where}")
    short = Text(f"{SHORT_VERB.get(st.kind, 'Harvest')} ") + tokens + Text(f" {where}")
    if a.loose is not None:
        label.append(" (loose in the river)")
        short.append(" loose")
    if adds_pollution(st, (tuple(a.slots), -1 if a.loose is None else KIND_OF[a.loose]), s):
        label.append_text(Text.assemble(", adds ", token(POLLUTION), " to the river"))
        short.append_text(ADDS_POLLUTION_SHORT)
    return label, tiles, short


SHORT_VERB = {MILL: "Cut", EXCAVATOR: "Dig"}
"""A mill's and an excavator's harvest in short words: with two slots of two hexes and
"+×", one line at 80 columns ("Cut ♣♣ W1#1 W2#1 +×"; the heading names the structure)."""
ADDS_POLLUTION_SHORT = Text.assemble(" +", token(POLLUTION))
"""", adds × to the river" in short words (the slot named too, a harvest reads in one line)."""


def _plant(s: WeState, st, a: A.Plant):
    tile = SLOTS[a.slot].tile
    label = Text.assemble("Plant ", token(KIND_OF[a.kind]), f" {a.kind} from your stockpile on {TILES[tile].code}")
    return label, {tile}, Text.assemble("Plant ", token(KIND_OF[a.kind]), f" on {TILES[tile].code}")


def _dredge(s: WeState, st, a: A.Dredge):
    label = Text.assemble("Dredge: gain ", token(KIND_OF["gravel"]), " from the box, adds ", token(POLLUTION), " to the river")
    return label, {st.place}, Text.assemble("Dredge ", token(KIND_OF["gravel"]), ", adds ", token(POLLUTION))


def _build(s: WeState, st, a: A.Build):
    """The short words leave the cost to the list's bottom border ("you pay ...")."""
    place = build_place(st, a.kind, a.net_slot)
    if a.kind == NET:
        net = NET_SLOTS[a.net_slot]
        where = net_slot_name(a.net_slot)
        tiles = {land(net.row, net.side)}
        # A colour's slot as the map marks it ("[p]": Purple's), so it reads in one line at 80 columns.
        code = TILES[land(net.row, net.side)].code
        short = Text(f"Build a net [{owner_letter(net.colour).lower()}] {code}" if net.colour else f"Build a net by {code}")
    else:
        where = TILES[place].code
        tiles = {place}
        short = Text(f"Build a {a.kind}" + ("" if place == st.place else f" on {where}"))  # the heading names its hex
    label = Text(f"Build a {a.kind} on {where} for ")
    fee = build_cost(s, st, a.kind)[FISH] - COST[a.kind][FISH]
    if fee:
        # "A player must always pay one fish in order to take the build action."
        label.append_text(Text.assemble(token(FISH), f"{fee} fee + "))
    label.append_text(counts_text(COST[a.kind]))
    if st.kind != "camp":
        label.append_text(Text.assemble(", adds ", token(POLLUTION), " to the river"))
        short.append_text(ADDS_POLLUTION_SHORT)
    return label, tiles, short


def _move(s: WeState, st, a: A.Move):
    """The short words leave "no more actions this season" to the list's bottom border,
    and the structure to the heading."""
    tile = TILES[a.tile]
    if st.kind == BOAT:
        return Text(f"Move the boat to {tile.code}: {ENDS_ACTIONS}"), {a.tile}, Text(f"Move to {tile.code}")
    crossing = " across the bridge" if a.tile == ACROSS.get(st.place) else ""
    jump = " (jumping over a camp)" if abs(tile.row - TILES[st.place].row) > 1 else ""
    label = Text(f"Move the {st.kind} to {tile.code}, elevation {tile.elevation}{crossing}{jump}: {ENDS_ACTIONS}")
    # Short: the heading names the structure ("Red camp on W4").
    short = Text(f"Move to {tile.code}{' (bridge)' if crossing else ''}{' (jump)' if jump else ''}")
    return label, {a.tile}, short


def _ferry(s: WeState, st, a: A.Ferry):
    other = s.structures[a.structure]
    across = ACROSS[other.place]
    label = Text(f"Ferry your {other.kind} from {TILES[other.place].code} across to {TILES[across].code} with your boat on {TILES[st.place].code}")
    return label, {other.place, across}, Text(f"Ferry {other.kind} to {TILES[across].code}")


ENDS_ACTIONS = "no more actions this season"
"""What a move or a ferry does to the structure's season."""
ENDS_ACTIONS_SHORT = "ends its actions"
"""The same on the list's bottom border, which the short words leave it to (it fits at 80 columns)."""


_STRUCTURE_WORDS = {
    A.Harvest: _harvest, A.Plant: _plant, A.Dredge: _dredge, A.Build: _build, A.Move: _move, A.Ferry: _ferry,
}


# --- season end ------------------------------------------------------------------------------------------
def _answer(s: WeState, seat: int, action, names: list[str] | None) -> Choice:
    """"Accept Ann's offer: ...": the player by the name every other line gives them
    (their colour where no names are known)."""
    offer = offer_to(s, seat)
    by = names[offer.by] if names else s.colours[offer.by] or f"Seat {offer.by + 1}"
    verb = "Accept" if isinstance(action, A.Accept) else "Decline"
    label = Text.assemble(f"{verb} {by}'s offer: you give ", counts_text(offer.get), ", you get ", counts_text(offer.give))
    short = Text.assemble(f"{verb}: give ", counts_text(offer.get), ", get ", counts_text(offer.give))  # the heading names who
    return Choice(action, label, f"{by} offers a trade", short=short)


POLICY_EFFECT = {
    SUBSIDY: "pollution may then be exchanged for gold like any resource",
    END_SUBSIDY: "pollution may no longer be exchanged for gold",
    PROTECT: "only pollution may then be harvested on {code}; structures there only harvest pollution, plant or move",
    UNPROTECT: "{code} may be harvested as before",
    CITY: "{code} becomes the city's construction site (its resources removed); 5 fish, 5 trees and 5 gravel build it",
}
"""What a policy does once passed, in the rulebook's terms: the vote says what it decides."""
POLICY_EFFECT_SHORT = {
    SUBSIDY: "pollution sells for gold",
    END_SUBSIDY: "pollution stops selling",
    PROTECT: "{code} yields only pollution",
    UNPROTECT: "{code} harvested as before",
    CITY: "{code} becomes the city site",
}
"""The same in a few words: a vote's "For: ..." at 80 columns (the status line names the policy)."""


def _vote(s: WeState, seat: int, a: A.Vote) -> Choice:
    """"Vote in favour: <what passing does>", and when the viewer's own role needs it, so;
    in short words the policy by its name ("For building the city on W1"), the heading
    saying when your role needs it."""
    policy, tile = s.proposal.policy, s.proposal.tile
    short_group = "Your vote" + (" (you need the city)" if _yours(s, seat, policy) else "")
    if not a.in_favour:
        return Choice(a, Text("Vote against: things stay as they are"), "Your vote",
                      short=Text("Against: no change"), explains=True, short_group=short_group)
    words = f"Vote in favour: {POLICY_EFFECT[policy].format(code=TILES[tile].code if tile is not None else '')}"
    return Choice(a, Text(words + _yours(s, seat, policy)), "Your vote",
                  short=Text(f"For: {POLICY_EFFECT_SHORT[policy].format(code=TILES[tile].code if tile is not None else '')}"),
                  explains=True, short_group=short_group)


def _yours(s: WeState, seat: int, policy: str) -> str:
    """" (your Development objective needs the city)" where the viewer's own role needs
    what a choice is about (the city: "Development - Build the city")."""
    role = s.roles[seat]
    if policy == CITY and role is not None and DEVELOPMENT in ALL_ROLES[role].objectives:
        return " (your Development objective needs the city)"
    return ""


POLICY_GROUP = {
    SUBSIDY: "Pollution subsidy", END_SUBSIDY: "Pollution subsidy", PROTECT: "Land protection",
    UNPROTECT: "Land protection", CITY: "City development",
}
SOLD, PROTECTED = "pollution sells for gold like any resource", "only pollution may be harvested on a protected tile"
POLICY_MEANS = {
    SUBSIDY: SOLD, END_SUBSIDY: SOLD, PROTECT: PROTECTED, UNPROTECT: PROTECTED,
    CITY: "a land tile becomes the city's site; 5 fish, 5 trees and 5 gravel build it",
}
"""What each policy is, under its heading where proposals are listed (revoking one too)."""
POLICY_MEANS_SHORT = {
    SUBSIDY: "Subsidy: pollution sells for gold", END_SUBSIDY: "Subsidy: pollution sells for gold",
    PROTECT: "Protection: only pollution harvested", UNPROTECT: "Protection: only pollution harvested",
    CITY: "City site: 5 of each token build it",
}
"""The same under the heading at 80 columns (two lines at most)."""


def _proposal(s: WeState, seat: int, a: A.Propose) -> Choice:
    fee = Text.assemble(f" ({PROPOSAL_FEE} ", token(GOLD), ")")
    code = TILES[a.tile].code if a.tile is not None else ""
    words = {
        SUBSIDY: "Propose the pollution subsidy",
        END_SUBSIDY: "Propose revoking the pollution subsidy",
        PROTECT: f"Propose protecting {code}",
        UNPROTECT: f"Propose removing the protection of {code}",
        CITY: f"Propose building the city on {code}",
    }[a.policy]
    tiles = frozenset() if a.tile is None else frozenset({a.tile})
    group = f"{POLICY_GROUP[a.policy]}: {POLICY_MEANS[a.policy]}{_yours(s, seat, a.policy)}"
    # Short: the policy by its name, the fee left to the list's bottom border ("you pay ●1").
    name = policy_text(a.policy, a.tile, short=True)
    short_group = "City (you need it): 5∝ 5♣ 5∴ build it" if _yours(s, seat, a.policy) else POLICY_MEANS_SHORT[a.policy]
    return Choice(a, Text(words) + fee, group, tiles, short=Text(name[0].upper() + name[1:]), explains=True,
                  short_group=short_group)

