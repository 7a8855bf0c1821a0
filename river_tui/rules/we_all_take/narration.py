"""Log lines in the game's own words: one per action, and one per automatic step."""

from __future__ import annotations

from ..changes import Changes
from ..voice import ADVICE, Voice
from . import actions as A
from .components import (
    ALL_ROLES, OBJECTIVE_TEXT, OBJECTIVES,
    CITY, COST, END_SUBSIDY, KIND_OF, KINDS, NET_SLOTS, PROTECT, ROW_RIVER, SIDE_NAMES, SLOTS, SUBSIDY, TILES, UNPROTECT,
    WEATHER,
    land,
)
from .season_end import last_trading_window
from .state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, OVER, PROPOSE, VOTE, Structure, WeState
from .trading import is_counter, offer_to


def role_card(role_id: int) -> str:
    """A role card as printed: its name and its objectives."""
    role = ALL_ROLES[role_id]
    return f"{role.name}: " + " ".join(f"{OBJECTIVES[o]} - {OBJECTIVE_TEXT[o]}" for o in role.objectives)


def seat_name(seat: int) -> str:
    """The table replaces "Seat N" with the seat's name, as the players panel shows it."""
    return f"Seat {seat + 1}"


def seat_and_colour(s: WeState, seat: int) -> str:
    """"Seat 2 (Orange)": the name and the colour its pieces show on the map."""
    colour = s.colours[seat]
    return f"{seat_name(seat)} ({colour})" if colour else seat_name(seat)


def tile_name(tile: int) -> str:
    return TILES[tile].label


def counted(counts) -> str:
    """"2 fish, 1 tree" from a count list in KINDS order."""
    parts = [f"{n} {KINDS[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "nothing"


def a_kind(kind: str) -> str:
    return f"a {kind}"


def policy_text(policy: str, tile: int | None, short: bool = False) -> str:
    """The policy in words; ``short`` names its tile by its code ("W1") only."""
    where = "" if tile is None else TILES[tile].code if short else tile_name(tile)
    return {
        SUBSIDY: "the pollution subsidy",
        END_SUBSIDY: "revoking the pollution subsidy",
        PROTECT: f"protecting {where}",
        UNPROTECT: f"removing the protection of {where}",
        CITY: f"building the city on {where}",
    }.get(policy, policy)


def slot_name(slot: int, with_tile: bool = True) -> str:
    """"slot 2 of W1" (or "slot 2" of a tile named beside it), counted from upriver
    as printed; ", red mill" for a slot the red lumber mill may harvest."""
    tile = TILES[SLOTS[slot].tile]
    red = ", red mill" if SLOTS[slot].red else ""
    of = f" of {tile.code}" if with_tile else ""
    return f"slot {tile.slots.index(slot) + 1}{of}{red}"


def net_slot_name(net_slot: int) -> str:
    """"the east bank below row 3 (Red's slot)"."""
    net = NET_SLOTS[net_slot]
    colour = f" ({net.colour}'s slot)" if net.colour else ""
    return f"the {SIDE_NAMES[net.side]} bank below row {net.row + 1}{colour}"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def structure_name(s: WeState, st: Structure, in_full: bool = False) -> str:
    """"boat"; ``in_full``, where its seat has several of that kind, also where it
    stands ("boat on river 1"), and which of those standing there it is, by when
    it was built ("second boat on river 1")."""
    same = sorted(o.id for o in s.structures.values() if o.owner == st.owner and o.kind == st.kind)
    if not in_full or len(same) < 2:
        return st.kind
    there = [i for i in same if s.structures[i].place == st.place]
    which = f"{ORDINALS[there.index(st.id)]} " if len(there) > 1 else ""
    place = net_slot_name(st.place) if st.kind == "net" else tile_name(st.place)
    return f"{which}{st.kind} on {place}"


def describe_in_full(s: WeState, seat: int, action) -> str:
    """The move naming which structure, slots and net slot: the analysis and the
    hints name two moves side by side, and two different moves must read apart."""
    return describe(s, seat, action, in_full=True)


def describe_as_advice(s: WeState, seat: int, action) -> str:
    return describe(s, seat, action, in_full=True, voice=ADVICE)


def describe(s: WeState, seat: int, action, in_full: bool = False, voice: Voice | None = None) -> str:
    """The log's line for ``action`` ("Seat 2's boat harvested ..."), or, in the
    `ADVICE` voice, what to do ("With your boat, harvest ...")."""
    v = voice or Voice(seat_name(seat))
    st = s.structures.get(getattr(action, "structure", getattr(action, "boat", -1)))

    def by(past: str, now: str) -> str:  # "Seat 2's boat harvested" / "With your boat, harvest"
        return v.by(structure_name(s, st, in_full), past, now) if st is not None else v.did(past, now)

    if isinstance(action, A.PlaceCamp):
        return f"{v.did('took', 'take')} {action.colour} and {v.also('placed', 'place')} {v.their} camp on {tile_name(action.tile)}"
    if isinstance(action, A.Harvest) and st is not None:
        taken = [s.slots[slot] for slot in action.slots]
        if action.loose is not None:
            taken.append(KIND_OF[action.loose])
        where = ""
        if in_full:
            named = [slot_name(slot) for slot in action.slots]
            named += [f"a loose {action.loose}"] if action.loose is not None else []
            where = f" ({', '.join(named)})"
        if taken == [KIND_OF["pollution"]]:
            return f"{by('removed', 'remove')} a pollution from {tile_name(st.place)}{where}"
        counts = [taken.count(k) for k in range(len(KINDS))]
        return f"{by('harvested', 'harvest')} {counted(counts)}{where}"
    if isinstance(action, A.Plant) and st is not None:
        where = f" ({slot_name(action.slot, with_tile=False)})" if in_full else ""
        return f"{by('planted', 'plant')} {a_kind(action.kind)} on {tile_name(st.place)}{where}"
    if isinstance(action, A.Dredge) and st is not None:
        return f"{by('dredged', 'dredge')} a gravel and {v.also('added', 'add')} a pollution to {tile_name(st.place)}"
    if isinstance(action, A.Build) and st is not None:
        fee = 0 if s.open_build == st.id else 1
        cost = list(COST.get(action.kind, (0,) * 5))
        cost[0] += fee
        where = f" on {net_slot_name(action.net_slot)}" if in_full and action.net_slot is not None else ""
        return f"{by('built', 'build')} {a_kind(action.kind)}{where} for {counted(cost)}"
    if isinstance(action, A.Move) and st is not None:
        return f"{by('moved', 'move')} to {tile_name(action.tile)}"
    if isinstance(action, A.Ferry) and st is not None:
        boat = s.structures.get(action.boat)
        boat_name = structure_name(s, boat, in_full) if boat is not None else "boat"
        ferried = v.by(boat_name, "ferried", "ferry")
        return f"{ferried} {v.their} {structure_name(s, st, in_full)} across the river"
    if isinstance(action, A.Sell) and st is not None:
        return f"{v.did('sold', 'sell')} {v.their} {st.kind} on protected {tile_name(st.place)} for {counted(COST[st.kind])}"
    if isinstance(action, A.Offer):
        other = seat_name(action.to) if 0 <= action.to < s.seats else "nobody"
        give, get = counted(action.give), counted(action.get)
        if is_counter(s, seat, action.to):  # "their offer" had read as the counterer's own
            back = f"{v.did('declined', 'decline')} {other}'s offer and"
            if not any(action.get):
                return f"{back} {v.also('offered', 'offer')} a gift of {give} instead"
            if not any(action.give):
                return f"{back} {v.also('asked', 'ask')} for {get}, giving nothing"
            return f"{back} {v.also('offered', 'offer')} back {give} for {get}"
        if not any(action.get):
            return f"{v.did('offered', 'offer')} {other} a gift of {give}"
        if not any(action.give):
            return f"{v.did('asked', 'ask')} {other} for {get}, giving nothing"
        return f"{v.did('offered', 'offer')} {other} {give} for {get}"
    if isinstance(action, (A.Accept, A.Decline)) and offer_to(s, seat) is not None:
        offer = offer_to(s, seat)
        verb = v.did("accepted", "accept") if isinstance(action, A.Accept) else v.did("declined", "decline")
        if not any(offer.get):
            return f"{verb} {seat_name(offer.by)}'s gift of {counted(offer.give)}"
        if not any(offer.give):
            return f"{verb} {seat_name(offer.by)}'s request for {counted(offer.get)}"
        return f"{verb} {seat_name(offer.by)}'s offer of {counted(offer.give)} for {counted(offer.get)}"
    if isinstance(action, A.Exchange):
        return f"{v.did('exchanged', 'exchange')} {a_kind(action.first)} and {a_kind(action.second)} for a gold"
    if isinstance(action, A.CityBuy):
        return f"{v.did('bought', 'buy')} {a_kind(action.kind)} from the city for a gold"
    if isinstance(action, A.Propose):
        return f"{v.did('paid', 'pay')} a gold to propose {policy_text(action.policy, action.tile)}"
    if isinstance(action, A.Vote):
        return f"{v.did('voted', 'vote')} {'for' if action.in_favour else 'against'} the proposal"
    if isinstance(action, A.BuyVotes):
        return f"{v.did('bought', 'buy')} {action.count} extra vote{'s' if action.count != 1 else ''}"
    if isinstance(action, A.Contribute):
        return f"{v.did('added', 'add')} {a_kind(action.kind)} to the city's construction site"
    if isinstance(action, A.Done):
        if last_trading_window(s):
            return v.did("is done trading: no more offers before the scores", "stop trading: no more offers before the scores")
        return v.did(*_DONE.get(s.phase, ("is done", "be done")))
    return f"{v.did('played', 'play')} {action}"


_DONE = {  # what a seat's Done ends, in the log and as advice
    ACTIONS: ("ended their actions", "end your actions"),
    EXCHANGE: ("is done exchanging", "stop exchanging"),
    PROPOSE: ("declined to propose a policy", "propose no policy"),
    VOTE: ("settled their votes", "settle your votes"),
    CONTRIBUTE: ("is done adding to the city", "stop adding to the city"),
}


def events(before: WeState, after: WeState) -> list[str]:
    return [line for line in (event_line(after, e) for e in after.events) if line]


def event_line(s: WeState, e: tuple) -> str:
    kind = e[0]
    if kind == "season":
        _, number, card, roll, carry = e
        if card < 0:
            return f"Season {number} begins"
        weather = WEATHER[card]
        extra = f" plus the storm's {carry}" if carry else ""
        return (
            f"Season {number} begins: {weather.name} ({weather.modifier:+d}); "
            f"rolled {roll}{extra}, water level {roll + weather.modifier + carry}"
        )
    if kind == "turn":
        _, _, turn, row, water = e
        return f"Turn {turn + 1}: {tile_name(ROW_RIVER[row])}" + ("" if s.tutorial else f", water {water}")
    if kind == "plus":
        return f"a tributary joins above {tile_name(ROW_RIVER[e[1]])}: water {e[2]} -> {e[3]}"
    if kind == "drain":
        return f"the wetland {tile_name(e[1])} drained: water {e[2]} -> {e[3]}, its gravel refilled"
    if kind == "erode":
        return f"{tile_name(e[1])} eroded, a tree fell into the river: water {e[2]} -> {e[3]}"
    if kind == "flood":
        return f"{tile_name(e[1])} flooded (no tree to lose): its pollution and gravel washed into the river"
    if kind == "withdrawn":
        _, by, to, give, get, over = e
        why = "the game is over" if over else "the tokens it names are no longer held"
        return f"{seat_name(by)}'s offer to {seat_name(to)} of {counted(give)} for {counted(get)} was withdrawn: {why}"
    if kind == "city flood":
        what = "the city" if e[2] else "the city's construction site"
        return f"{what} flooded: three pollution poured into the river; it counts as not there until next season"
    if kind == "canal":
        _, tile, owner, farmer, was, now = e
        fish = f"; {seat_name(farmer)}'s farm produced a fish" if farmer >= 0 else ""
        return f"{seat_name(owner)}'s canal on {tile_name(tile)} drained: water {was} -> {now}{fish}"
    if kind == "dry":
        return f"water level {e[2]}: nothing populates"
    if kind == "spawn":
        return f"a fish spawned in {tile_name(ROW_RIVER[e[1]])}"
    if kind == "grow":
        return "trees grew on " + ", ".join(tile_name(t) for t in e[1])
    if kind == "farm":
        return f"{seat_name(e[1])}'s farm on {tile_name(e[2])} produced a fish and a pollution"
    if kind == "city pollution":
        return "the city produced a pollution"
    if kind == "net":
        return f"{seat_name(e[1])}'s net caught {a_kind(KINDS[e[2]])}"
    if kind == "flow":
        return f"{counted(e[3])} flowed from {tile_name(ROW_RIVER[e[1]])} to {tile_name(ROW_RIVER[e[2]])}"
    if kind == "sea":
        return f"{counted(e[1])} flowed out to sea"
    if kind == "estuary":
        return "a pollution reached the estuary and took the place of a fish"
    if kind == "destroyed":
        return "all three estuary fish slots hold pollution: the river ecosystem is destroyed, everyone loses"
    if kind == "no exchange":
        names = [seat_name(seat) for seat in e[1]]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "has" if len(names) == 1 else "have"
        return f"{who} {verb} nothing to exchange for gold this season: not asked"
    if kind == "vote":
        _, by, policy, tile, yes, total, passed, _, _ = e
        verdict = "passed" if passed else "failed"
        return f"{seat_name(by)}'s proposal, {policy_text(policy, tile)}, {verdict} with {yes} of {total} votes"
    if kind == "city complete":
        return f"the city on {tile_name(e[1])} is complete"
    if kind == "over":
        return "the last season is over: the roles are revealed"
    return ""


def round_label(s: WeState) -> str:
    if s.phase == CAMPS:
        return "Setup: placing camps"
    if s.phase == OVER:
        return "Game over"
    if s.phase == ACTIONS:
        # Tutorial mode: "Instead of displaying the water level, display the number of seasons that have passed."
        extra = f", {s.season - 1} passed" if s.tutorial else ", the Storm" if s.storm else ""
        return f"Season {s.season} of {s.last_season}{extra}, turn {s.turn + 1} ({tile_name(ROW_RIVER[s.row])})"
    if last_trading_window(s):
        return f"Season {s.season} of {s.last_season}, the last trades before the scores"
    return f"Season {s.season} of {s.last_season}, end of season"


# --- what a move changed, as a seat's view shows it (rules/changes.py) ------------------
WATER_NEWS, BUILT_MOVED, NATURE, OFFERS, POLICY = (
    "Water and floods", "Built and moved", "Pollution and fish", "Offers and trades", "Policies and votes",
)
HEADINGS = (BUILT_MOVED, OFFERS, POLICY, NATURE, WATER_NEWS)
"""The headings of the "since your last turn" summary, in its order: what the other
players did first (their building, offers and votes), then what the river did, the
water's turn by turn account last (it is the longest, and the map shows its outcome)."""
_EVENT_HEADING = {
    **dict.fromkeys(("season", "turn", "plus", "drain", "erode", "flood", "city flood", "canal", "dry"), WATER_NEWS),
    **dict.fromkeys(("spawn", "grow", "farm", "city pollution", "net", "flow", "sea", "estuary", "destroyed"), NATURE),
}


def changes(before: WeState, after: WeState, actor: int) -> Changes:
    """The hexagons a move changed (marks ``("tile", id)``: tokens, structures,
    floods, protection, the city) and in words what the mover did, then what the
    rules did (the water, the floods, the fish and pollution, the votes)."""
    marks = {("tile", tile) for tile in _changed_tiles(before, after)}
    deed = _deed(before, after, actor)
    lines = [] if deed is None else [deed]
    lines += [(_EVENT_HEADING.get(e[0], POLICY), line) for e in after.events if (line := event_line(after, e))]
    return Changes(frozenset(marks), tuple(lines))


def _tile_of(st: Structure) -> int:
    """The hexagon a structure stands on (a net: the land tile of its bank and row)."""
    if st.kind == "net":
        slot = NET_SLOTS[st.place]
        return land(slot.row, slot.side)
    return st.place


def _changed_tiles(before: WeState, after: WeState) -> set[int]:
    tiles = {SLOTS[slot].tile for slot, (old, new) in enumerate(zip(before.slots, after.slots)) if old != new}
    tiles |= {ROW_RIVER[i // 4] for i, (old, new) in enumerate(zip(before.loose, after.loose)) if old != new}
    for key in set(before.structures) | set(after.structures):
        old, new = before.structures.get(key), after.structures.get(key)
        if old != new:
            tiles.update(_tile_of(st) for st in (old, new) if st is not None)
    tiles |= before.flooded ^ after.flooded
    tiles |= before.protected ^ after.protected
    if before.city != after.city:
        tiles |= {t for t in (before.city, after.city) if t >= 0}
    return tiles


def _deed(before: WeState, after: WeState, actor: int) -> tuple[str, str] | None:
    """What the mover did, from what changed in the view; None for being done with a
    step of the season's end where nothing else changed (no exchange, no proposal,
    nothing added to the site): the log says it, but it is no news worth the "since
    your last turn" box, which came up at every step of every season's end for it."""
    who = seat_name(actor)
    if after.proposal is not None and after.proposal != before.proposal and after.proposal.by == actor:
        return POLICY, f"{who} proposed {policy_text(after.proposal.policy, after.proposal.tile)}"
    voted = after.votes[actor] if actor < len(after.votes) else None  # (no votes outside a vote)
    if voted is not None and (actor >= len(before.votes) or before.votes[actor] is None):
        return POLICY, f"{who} voted {'for' if voted else 'against'} the proposal"
    if actor < min(len(after.bought), len(before.bought)) and after.bought[actor] > before.bought[actor]:
        count = after.bought[actor] - before.bought[actor]
        return POLICY, f"{who} bought {count} extra vote{'s' if count != 1 else ''}"
    for offer in after.offers:
        if offer.by == actor and offer not in before.offers:
            return OFFERS, f"{who} offered {seat_name(offer.to)} {counted(offer.give)} for {counted(offer.get)}"
    for offer in before.offers:
        if offer.to == actor and offer not in after.offers:
            verb = "accepted" if after.stock[actor] != before.stock[actor] else "declined"
            return OFFERS, f"{who} {verb} {seat_name(offer.by)}'s offer of {counted(offer.give)} for {counted(offer.get)}"
    for key, new in after.structures.items():
        old = before.structures.get(key)
        if old is None and new.owner == actor:
            if new.kind == "camp":
                return BUILT_MOVED, f"{who} placed their camp on {tile_name(new.place)}"
            return BUILT_MOVED, f"{who} built {a_kind(new.kind)} on {tile_name(_tile_of(new))}"
        if old is not None and old.place != new.place:
            return BUILT_MOVED, f"{seat_name(new.owner)}'s {new.kind} moved to {tile_name(_tile_of(new))}"
    for key, old in before.structures.items():
        if key not in after.structures and old.owner == actor:
            return BUILT_MOVED, f"{who} sold their {old.kind} on {tile_name(_tile_of(old))}"
    gained = [max(new - old, 0) for old, new in zip(before.stock[actor], after.stock[actor])]
    paid = [max(old - new, 0) for old, new in zip(before.stock[actor], after.stock[actor])]
    receivers = [other for other in range(after.seats) if other != actor and after.stock[other] != before.stock[other]]
    if receivers and any(paid) and not any(gained):
        return OFFERS, f"{who} gave {seat_name(receivers[0])} {counted(paid)}"
    added = [max(new - old, 0) for old, new in zip(before.site, after.site)]
    if any(added) and not any(gained):  # tokens into the city's construction site
        return BUILT_MOVED, f"{who} added {counted(added)} to the city's construction site"
    if any(gained) or any(paid):
        taken = f"took {counted(gained)}" if any(gained) else ""
        gave = f"paid {counted(paid)}" if any(paid) else ""
        return BUILT_MOVED, f"{who} " + " and ".join(part for part in (taken, gave) if part)
    if before.phase in QUIET_DONES and not last_trading_window(before):
        return None
    return POLICY if before.phase != ACTIONS else BUILT_MOVED, f"{who} {_DONE.get(before.phase, ('is done',))[0]}"


QUIET_DONES = (EXCHANGE, PROPOSE, CONTRIBUTE)
"""The season's end steps whose Done alone is no news (a vote's settling is: it ends the vote)."""
