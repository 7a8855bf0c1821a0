"""Reading one of the records' JSON files (the records, the ratings): its bytes
or why it cannot be used, and the JSON in them, in the same few words for each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..safe_text import plain
from ..saves.files import NotRegularFile, read_regular
from ..saves.numbers import loads_json


def read_or_problem(path: Path, cap: int) -> tuple[bytes | None, str | None]:
    """The file's bytes (at most ``cap + 1``) and None; or None and why it cannot
    be read, in a few words (None too when there is no file: nothing is wrong)."""
    try:
        return read_regular(path, cap), None
    except FileNotFoundError:
        return None, None
    except NotRegularFile as err:
        return None, f"it is {err.kind}, not a file"
    except OSError as err:
        return None, f"it cannot be read ({plain(err.strerror or err, 100)})"


def json_body(raw: bytes, cap: int, damaged: type[Exception]) -> Any:
    """The JSON in ``raw``; ``damaged`` saying why when ``raw`` is larger than
    ``cap``, nested too deep or not JSON."""
    if len(raw) > cap:
        raise damaged(f"it is larger than {cap >> 20} MB")
    try:
        return loads_json(raw)
    except RecursionError:
        raise damaged("it is nested too deep") from None
    except ValueError as err:  # also UnicodeDecodeError and digits beyond Python's limit
        raise damaged(f"it is not JSON ({_first_line(err)})") from None


def _first_line(err: ValueError) -> str:
    return str(err).splitlines()[0][:120] if str(err) else type(err).__name__
