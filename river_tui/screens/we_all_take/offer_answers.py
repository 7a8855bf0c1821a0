"""Standing answers to trade offers: each player may have offers declined for them
without being asked, those from computer seats or every one. Kept in
``offers.json`` in the config dir, by player name::

    {"decline": {"Ann": "computer", "Bob": "every"}}

A name with no entry is asked about every offer. The file is read like anything
from outside: a file that is not what this module writes is one sentence, and
play goes on with every player asked.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...safe_text import plain
from ...saves.files import read_regular
from ...saves.numbers import loads_json
from ...saves.locations import config_dir
from ...saves.store import write_atomically

ASK, DECLINE_COMPUTER, DECLINE_EVERY = "ask", "computer", "every"
SETTINGS = (ASK, DECLINE_COMPUTER, DECLINE_EVERY)
"""In the order the game screen's key steps through them."""
WORDS = {
    ASK: "asked about every offer",
    DECLINE_COMPUTER: "declining offers from computer seats",
    DECLINE_EVERY: "declining every offer",
}
MAX_BYTES = 64 * 1024
MAX_NAMES = 1000


def answers_path() -> Path:
    return config_dir() / "offers.json"


def load_answers() -> tuple[dict[str, str], str | None]:
    """Every player's standing answer, and one sentence if the file could not be used."""
    path = plain(answers_path(), 200)
    try:
        raw = read_regular(answers_path(), MAX_BYTES)  # never blocks on a fifo, never reads past the cap
        if len(raw) > MAX_BYTES:
            return {}, f"Your offer settings {path} are too large to be ours; everyone is asked about offers."
        data = loads_json(raw)
    except FileNotFoundError:
        return {}, None
    except OSError as err:
        return {}, f"Your offer settings {path} cannot be read ({plain(err.strerror or err, 100)}); everyone is asked about offers."
    except (ValueError, RecursionError):
        return {}, f"Your offer settings {path} are not JSON; everyone is asked about offers."
    decline = data.get("decline") if isinstance(data, dict) else None
    if not isinstance(decline, dict) or len(decline) > MAX_NAMES:
        return {}, f"Your offer settings {path} are not ours; everyone is asked about offers."
    answers = {name: how for name, how in decline.items() if isinstance(name, str) and how in (DECLINE_COMPUTER, DECLINE_EVERY)}
    if len(answers) != len(decline):
        return answers, f"Some entries of {path} were not understood and were left out."
    return answers, None


def answer_for(name: str) -> str:
    """The standing answer of the player called ``name`` (ASK if none or unreadable)."""
    return load_answers()[0].get(name, ASK)


def set_answer(name: str, how: str) -> None:
    """Keep ``how`` as the standing answer of ``name``; OSError if it cannot be written."""
    if how not in SETTINGS:
        raise ValueError(f"unknown offer setting {how!r}")
    answers, _ = load_answers()
    if how == ASK:
        answers.pop(name, None)
    else:
        answers[name] = how
    write_atomically(answers_path(), json.dumps({"decline": answers}, indent=1, sort_keys=True).encode())


def declines(how: str, from_computer: bool) -> bool:
    """Whether a standing answer declines an offer (from a computer seat or a person)."""
    return how == DECLINE_EVERY or (how == DECLINE_COMPUTER and from_computer)
