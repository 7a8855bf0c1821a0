"""A readable record of a whole game, for `river-tui export`: every move in the
game's own words and in the move notation (docs/notation.md) with the rules steps
it set off, then the final scores and how
each was made. ``as_json`` gives the same record for tools."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .. import __version__
from ..rules.core import Result, encode_action
from ..rules.notation import notation_of
from ..safe_text import plain
from .replay import History, PlayedSeat, Replay


class KindOfSeat(PlayedSeat, Protocol):
    @property
    def kind(self) -> str: ...


class PlayedGame(History, Protocol):
    """What a record is made from: a `Table` (table.py), which the records never
    import (the table is above them)."""

    seats: Sequence[KindOfSeat]
    options: Mapping[str, Any]
    seed: int
    created: str

    def result(self) -> Result | None: ...

    def to_act(self) -> frozenset[int]: ...

    def named(self, text: str) -> str: ...

FORMAT_NAME = "river-tui-record"
FORMAT_VERSION = 1


def record(table: PlayedGame) -> dict[str, Any]:
    """The game as plain data (what ``as_json`` writes)."""
    game = table.game
    labels = Replay(table).labels
    notation = notation_of(game)
    result = table.result()
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "game": game.id,
        "title": game.title,
        "variant": table.options.get("variant"),
        "options": table.options,
        "seed": table.seed,
        "created": table.created,
        "seats": [{"seat": i, "name": s.name, "kind": s.kind} for i, s in enumerate(table.seats)],
        "finished": table.finished,
        "round": labels[-1],
        "to_act": sorted(table.to_act()),
        "moves": [
            {
                "number": index + 1,
                "seat": seat,
                "name": table.seats[seat].name,
                "round": labels[index],
                "action": encode_action(action),
                "move": notation.format(action),
                "lines": table.lines_of(index),
            }
            for index, (seat, action) in enumerate(table.log)
        ],
        "result": None if result is None else {
            "scores": list(result.scores),
            "winners": sorted(result.winners),
            "summary": table.named(result.summary),
            "notes": [table.named(note) for note in result.notes],
            "breakdown": [[{"label": line.label, "points": line.points} for line in seat] for seat in result.breakdown],
        },
    }


def as_json(table: PlayedGame) -> str:
    return json.dumps(record(table), indent=1, ensure_ascii=False)


def as_text(table: PlayedGame) -> str:
    data = record(table)
    out = [data["title"], "=" * len(data["title"])]
    out.append("Seats: " + ", ".join(_seat(s) for s in data["seats"]))
    variant = _variant_title(table)
    if variant:
        out.append(f"Variant: {variant}")
    out.append(f"Seed {data['seed']}, started {data['created']}")
    out.append(f"{len(data['moves'])} moves")
    out.append("")
    round_label = None
    for move in data["moves"]:
        if move["round"] != round_label:
            round_label = move["round"]
            if round_label:
                out.append(f"-- {round_label} --")
        first, *rest = move["lines"] or [""]
        who = "" if move["name"] in first else f"{move['name']}: "  # the rules' words may name the seat already
        out.append(f"{move['number']:>5}. {who}{first}  [{move['move']}]")
        out.extend(f"        {line}" for line in rest)
    out.append("")
    out.extend(_ending(table, data))
    return "\n".join(plain(line) for line in out)  # names and words from a file: no control characters


def _seat(seat: dict[str, Any]) -> str:
    return seat["name"] if seat["kind"] == "human" else f"{seat['name']} (computer: {seat['kind']})"


def _variant_title(table: PlayedGame) -> str | None:
    chosen = table.options.get("variant")
    return next((v.title for v in table.game.variants if v.id == chosen), chosen)


def _ending(table: PlayedGame, data: dict[str, Any]) -> list[str]:
    names = [s.name for s in table.seats]
    result = data["result"]
    if result is None:
        acting = ", ".join(names[s] for s in data["to_act"])
        return [f"Unfinished: {data['round'] or 'in play'}, {acting} to act."]
    winners = [names[s] for s in result["winners"]]
    out = ["Final scores", "------------"]
    if result["summary"]:
        out.append(result["summary"])
    out.append(f"Winner{'s' if len(winners) != 1 else ''}: {', '.join(winners) if winners else 'nobody'}")
    for seat, (name, lines) in enumerate(zip(names, result["breakdown"])):
        out.append("")
        out.append(f"{name}: {result['scores'][seat]} points")
        width = max((len(line["label"]) for line in lines), default=0)
        out.extend(f"    {line['label']:<{width}}  {line['points']:>5}" for line in lines)
    if result["notes"]:
        out.append("")
        out.extend(result["notes"])
    return out
