"""A table's chat file, read back as a file from outside: a regular file of a capped
size whose every line is checked; and the rate limit of each session, on a clock
the test moves."""

from __future__ import annotations

import json
import os

import pytest

from river_tui.net import chat
from river_tui.net.chat import MAX_LINES, PER_MINUTE, ChatLine, ChatRates, encode, read_chat

SEATS = 3


def lines_file(tmp_path, entries, **header):
    path = tmp_path / "t.chat.json"
    data = {"format": "river-tui-chat", "version": 1, "lines": entries, **header}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_lines_written_are_the_lines_read(tmp_path):
    written = [ChatLine("ann", 0, "two fish?"), ChatLine("visitor", None, "go on"), ChatLine("bob", 1, "psst", to=0)]
    path = tmp_path / "t.chat.json"
    path.write_bytes(encode(written))
    assert read_chat(path, SEATS) == (written, None)


def test_a_line_keeps_its_time_in_the_file_as_utc_to_the_second(tmp_path):
    written = [ChatLine("ann", 0, "two fish?", at=1_796_000_000.0), ChatLine("bob", 1, "no", at=None)]
    path = tmp_path / "t.chat.json"
    path.write_bytes(encode(written))
    entries = json.loads(path.read_text())["lines"]
    assert entries[0]["at"] == "2026-11-30T00:53:20Z" and "at" not in entries[1]
    assert read_chat(path, SEATS) == (written, None)


@pytest.mark.parametrize("at", ["yesterday", "2026-11-30 00:53:20", "2026-13-30T00:53:20Z", 1796000000, None, "9" * 10_000])
def test_a_line_whose_time_cannot_be_read_is_kept_without_one(tmp_path, at):
    path = lines_file(tmp_path, [{"from": "ann", "seat": 0, "to": None, "text": "hi", "at": at}])
    assert read_chat(path, SEATS) == ([ChatLine("ann", 0, "hi")], None)


def test_no_file_is_an_empty_chat(tmp_path):
    assert read_chat(tmp_path / "none.chat.json", SEATS) == ([], None)


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b"\xff\xfe not json", "is not JSON"),
        (b"[" * 200_000 + b"]" * 200_000, "is not JSON"),  # too deep for the parser
        (b'{"lines": 1e999999, "version": 99999999999999999999999}', "not a River TUI chat"),
        (b'{"format": "river-tui-chat", "version": NaN, "lines": []}', "not a River TUI chat"),
        (b'["river-tui-chat", 1, []]', "not a River TUI chat"),
        (b'{"format": "river-tui-chat", "version": 2, "lines": []}', "not a River TUI chat"),
        (b'{"format": "river-tui-chat", "version": 1, "lines": {}}', "not a River TUI chat"),
        (b" " * (chat.MAX_FILE_BYTES + 1), "larger than 1 MB"),
    ],
)
def test_a_file_that_is_no_chat_is_one_sentence(tmp_path, raw, says):
    path = tmp_path / "t.chat.json"
    path.write_bytes(raw)
    lines, problem = read_chat(path, SEATS)
    assert lines == [] and says in problem and "t.chat.json" in problem


def test_a_fifo_or_a_folder_is_not_opened_for_long(tmp_path):
    fifo = tmp_path / "fifo.chat.json"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait forever
    assert "cannot be read" in read_chat(fifo, SEATS)[1]
    folder = tmp_path / "dir.chat.json"
    folder.mkdir()
    assert "cannot be read" in read_chat(folder, SEATS)[1]


def test_bad_lines_are_skipped_and_the_rest_kept(tmp_path):
    good = {"from": "ann", "seat": 0, "to": None, "text": "kept"}
    bad = [
        "a string",
        {"from": "ann", "seat": 3, "to": None, "text": "no such seat"},
        {"from": "ann", "seat": True, "to": None, "text": "a bool is no seat"},
        {"from": "ann", "seat": None, "to": 1, "text": "a watcher never whispers"},
        {"from": "ann", "seat": 1, "to": 1, "text": "nor does a seat to itself"},
        {"from": "ann", "seat": 0, "to": None, "text": "x" * 301},
        {"from": "a" * 25, "seat": 0, "to": None, "text": "too long a name"},
        {"from": "ann", "seat": 0, "to": None, "text": "\x07\x1b"},  # nothing left once cleaned
        {"from": 7, "seat": 0, "to": None, "text": "no name"},
        {"from": "ann", "seat": 0, "to": None},
    ]
    path = lines_file(tmp_path, [good, *bad, good])
    assert read_chat(path, SEATS) == ([ChatLine("ann", 0, "kept")] * 2, None)


def test_control_characters_in_the_file_never_reach_a_screen_and_markup_stays_text(tmp_path):
    path = lines_file(tmp_path, [{"from": "a\x1b[2Jnn", "seat": 0, "to": None, "text": "[b]hi[/b]\x1b]0;x\x07 \u202eok"}])
    assert read_chat(path, SEATS) == ([ChatLine("a[2Jnn", 0, "[b]hi[/b]]0;x ok")], None)


def test_only_the_last_lines_are_kept(tmp_path):
    entries = [{"from": "ann", "seat": 0, "to": None, "text": str(n)} for n in range(MAX_LINES + 50)]
    lines, problem = read_chat(lines_file(tmp_path, entries), SEATS)
    assert problem is None and [line.text for line in lines] == [str(n) for n in range(50, MAX_LINES + 50)]


class Session:
    """Stands in for a session's app (the limit is kept per app, weakly)."""


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_one_line_a_second_and_twenty_a_minute_per_session():
    clock = Clock()
    rates = ChatRates(clock)
    ann, bob = Session(), Session()
    assert rates.refusal(ann) is None
    assert "One line a second" in rates.refusal(ann)
    assert rates.refusal(bob) is None  # each session has its own count
    clock.now = 0.999
    assert "One line a second" in rates.refusal(ann)  # a refused line does not count...
    clock.now = 1.0
    assert rates.refusal(ann) is None  # ...so a second after the first, the next goes
    for n in range(2, PER_MINUTE):
        clock.now = float(n)
        assert rates.refusal(ann) is None
    clock.now = 30.0
    assert rates.refusal(ann) == f"At most {PER_MINUTE} lines a minute: send it again in 30 s."
    clock.now = 60.0  # the first line is a minute old
    assert rates.refusal(ann) is None
    clock.now = 60.5
    assert "One line a second" in rates.refusal(ann)


class SessionApp:
    """Stands in for a session's app: what it was asked to run later, in order."""

    def __init__(self) -> None:
        self.later = []

    def call_later(self, callback, *args) -> None:
        self.later.append((callback, args))

    def notify(self, message, **style) -> None:
        pass


TYPED = "hi\x1b[2J\x1b]0;title\x07 \x9b31mthere\u202e\x7f!"
"""A line as a client could send it, past any screen's own filter."""
CLEANED = "hi[2J]0;title 31mthere!"


@pytest.mark.parametrize("typed, to", [(TYPED, None), (f"@bob {TYPED}", 1)], ids=["to-the-table", "whispered"])
async def test_a_chat_line_is_cleaned_where_it_enters_so_the_file_and_every_listener_get_it_clean(
    river_home, typed, to
):
    from river_tui.net.auth import Identity
    from river_tui.net.tables import TableRegistry

    from support.net.secret_game import GAME

    registry = TableRegistry(river_home / "serve", bot_delay=0)
    people = [Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("alice", "bob")]
    shared = registry.create(people[0], GAME.id, seats=2, bots=0, variant=None)
    windows = []
    for identity in people:
        app = SessionApp()
        registry.arrive(app, identity)
        windows.append(registry.join(shared, app, identity))
        windows[-1].listeners.append(lambda window: None)  # a screen showing the table
    heard = []
    shared.chat.listen(windows[1], heard.append)
    assert shared.chat.say(windows[0], typed) is None
    [(listener, (sent,))] = windows[1].app.later[-1:]
    assert listener == heard.append and (sent.text, sent.to) == (CLEANED, to)  # what bob's pane is sent
    assert [(line.sender, line.text) for line in shared.chat.lines] == [("alice", CLEANED)]
    await shared.chat.flush()
    kept = json.loads(shared.chat.path.read_text(encoding="utf-8"))["lines"]
    assert [(line["from"], line["text"], line["to"]) for line in kept] == [("alice", CLEANED, to)]  # what later readers get
    await registry.close()


def test_lines_with_numbers_river_tui_does_not_read_are_skipped_and_the_rest_kept(tmp_path):
    good = '{"from": "ann", "seat": 0, "to": null, "text": "kept"}'
    odd = [
        '{"from": "ann", "seat": NaN, "to": null, "text": "a seat of NaN"}',
        '{"from": "ann", "seat": 1' + "0" * 4999 + ', "to": null, "text": "a seat of 5,000 digits"}',
        '{"from": "ann", "seat": 0, "to": 1e999, "text": "to the seat of 1e999"}',
        '{"from": "ann", "seat": 0.0, "to": null, "text": "a seat of 0.0"}',
    ]
    path = tmp_path / "t.chat.json"
    path.write_text('{"format": "river-tui-chat", "version": 1, "lines": [%s]}' % ", ".join([good, *odd, good]))
    assert read_chat(path, SEATS) == ([ChatLine("ann", 0, "kept")] * 2, None)


async def test_a_lobby_chat_line_is_cleaned_where_it_enters_so_its_file_and_listeners_get_it_clean(tmp_path):
    from river_tui.net.auth import Identity
    from river_tui.net.chat import LobbyChat, LobbyWindow

    lobby = LobbyChat.kept_in(tmp_path, ChatRates(), connected=lambda app: True)
    alice, bob = (LobbyWindow(lobby, SessionApp(), Identity(name, f"SHA256:{name}", "127.0.0.1")) for name in ("alice", "bob"))
    heard = []
    bob.listen(heard.append)
    assert alice.say(TYPED) is None
    [(listener, (sent,))] = bob.app.later
    assert listener == heard.append and sent.text == CLEANED  # what bob's pane is sent
    assert [(line.sender, line.text) for line in lobby.lines] == [("alice", CLEANED)]
    await lobby.flush()
    kept = json.loads((tmp_path / LobbyChat.LOBBY_FILE).read_text(encoding="utf-8"))["lines"]
    assert [(line["from"], line["text"]) for line in kept] == [("alice", CLEANED)]
