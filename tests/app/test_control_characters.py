"""Text from files and people never reaches the terminal with control characters.

A seat name ``ESC ] 0;pwned BEL ESC [2J`` (and a one-byte C1 CSI) in a save would
retitle the window and blank the screen if it reached the terminal. The name is
cleaned where it enters (`Seat`), where outside text is shown (status bar, log,
notifications, the saves list), and by a last filter on every rendered line:
each layer is tested on its own here, through the bytes the app writes.
"""

from __future__ import annotations

import random
import re

import pytest
from textual.drivers.headless_driver import HeadlessDriver

from river_tui.app.river_app import RiverApp
from river_tui.app.control_filter import DropControlCharacters
from river_tui.rules.registry import get_game
from river_tui.safe_text import plain
from river_tui.saves.format import SeatRecord, dumps
from river_tui.saves.schema import MAX_NAME
from river_tui.screens.game_base import GameScreen
from river_tui.play.table import Seat, Table
from support.keyboard import press_ready
from support.recap import put_away_recaps
from support.waiting import workers_done

HOSTILE = "Ann\x1b]0;pwned\x07\x1b[2J\x9b31mX\x90q\x1b\\"
SHOWN = plain(HOSTILE)
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
TEXTUAL_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\]22;[a-z-]*\x07")
"""What Textual itself writes: CSI sequences (cursor moves, colours, synchronised
output) and OSC 22 (the mouse pointer's shape)."""


class CapturingDriver(HeadlessDriver):
    """A terminal that keeps every byte the app writes to it."""

    written: list[str]

    @property
    def is_headless(self) -> bool:
        return False  # so the app renders to it

    def write(self, data: str) -> None:
        self.written.append(data)


def hostile_output(app: RiverApp) -> list[str]:
    """Whatever the app wrote that is not one of Textual's own CSI sequences and
    still holds a control character (empty when the terminal is safe)."""
    output = "".join(app._driver.written)
    return [piece for piece in TEXTUAL_ESCAPES.split(output) if CONTROL.search(piece.replace("\n", "").replace("\r", ""))]


def strips_with_controls(app: RiverApp) -> list[str]:
    return [
        segment.text
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        if CONTROL.search(segment.text)
    ]


def capturing_app(table: Table | None = None) -> RiverApp:
    CapturingDriver.written = []
    return RiverApp(table, bot_delay=0, driver_class=CapturingDriver)


def without_last_filter(app: RiverApp) -> None:
    """Take the last guard away, so what is left shows that cleaning where text enters suffices."""
    app._filters[:] = [f for f in app._filters if not isinstance(f, DropControlCharacters)]


def assert_clean(app) -> None:
    assert strips_with_controls(app) == []


async def screen_text(pilot) -> str:
    await pilot.pause()
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def save_with_hostile_name(game_id: str, kind: str) -> Table:
    """A save on disk whose first seat has the hostile name; the table loaded from it."""
    table = Table.create(game_id, [Seat("Ann"), Seat("Bob", kind)], {}, seed=3)
    data = table.save_data()
    data.seats = [SeatRecord(HOSTILE, "human"), SeatRecord("Bob", kind)]
    table.path.write_bytes(dumps(data))
    return Table.load(table.path)


def test_a_seat_name_is_one_printable_line():
    assert Seat(HOSTILE).name == SHOWN == "Ann]0;pwned[2J31mXq\\"
    assert Seat("A\nB\tC").name == "A B C"
    assert len(Seat("x" * 500).name) == MAX_NAME


@pytest.mark.parametrize("guard", ["filter", "boundary"])
@pytest.mark.parametrize("game_id", ["glassworks", "flow", "riverside", "we-all-take"])
async def test_a_hostile_name_from_a_save_never_reaches_the_terminal(game_id, guard):
    game = get_game(game_id)
    kind = "greedy" if "greedy" in game.bots() else "random"
    table = save_with_hostile_name(game_id, kind)
    assert table.seats[0].name == SHOWN
    if guard == "filter":
        object.__setattr__(table.seats[0], "name", HOSTILE)  # as if the boundary had let it through
    rng = random.Random(3)
    bot = game.bots()[kind]
    app = capturing_app(table)
    async with app.run_test(size=(120, 40), headless=False) as pilot:
        if guard == "boundary":
            without_last_filter(app)
        for _ in range(6):
            while table.bot_seats_to_act():
                await pilot.pause(0.05)
            await put_away_recaps(pilot, look=lambda: assert_clean(app))
            assert isinstance(app.screen, GameScreen)
            shown = await screen_text(pilot)
            assert "pwned" in shown
            assert strips_with_controls(app) == []
            if table.finished or 0 not in table.to_act():
                break
            app.screen.play(bot.choose(table.game, table.view(0), 0, rng))
        await pilot.pause()
    assert "pwned" in "".join(app._driver.written)
    assert hostile_output(app) == []


@pytest.mark.parametrize("guard", ["filter", "boundary"])
async def test_hostile_names_go_through_a_whole_game_without_reaching_the_terminal(guard, monkeypatch):
    """The game screen, the handover between two people at one keyboard, the
    scores, the records, the saves list and the replay."""
    from support import toyscreen

    from river_tui.screens.handover import HandoverScreen
    from river_tui.screens.load import LoadScreen
    from river_tui.screens.menu import MenuScreen
    from river_tui.screens.records import RecordsScreen
    from river_tui.screens.scores import ScoresScreen

    monkeypatch.setattr(get_game("toy"), "hidden_information", True)  # so the seats hand over
    names = (HOSTILE, "Bob\x9b2J\x1b]2;t\x1b\\")
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    data = table.save_data()
    data.seats = [SeatRecord(name, "human") for name in names]
    table.path.write_bytes(dumps(data))
    table = Table.load(table.path)
    assert [seat.name for seat in table.seats] == [plain(name) for name in names]
    if guard == "filter":
        for seat, name in zip(table.seats, names):
            object.__setattr__(seat, "name", name)  # as if the boundary had let them through
    app = capturing_app(table)
    seen: dict[str, list[str]] = {}

    async def look(kind: type) -> None:
        assert isinstance(app.screen, kind), app.screen
        shown = await screen_text(pilot)
        assert "pwned" in shown, (kind.__name__, shown)
        seen[kind.__name__] = strips_with_controls(app)

    async with app.run_test(size=(80, 24), headless=False) as pilot:
        if guard == "boundary":
            without_last_filter(app)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                if min(table.to_act()) == 0:
                    await look(HandoverScreen)
                await press_ready(pilot)
            elif isinstance(app.screen, GameScreen):
                if min(table.to_act()) == 0:
                    await look(GameScreen)
                await pilot.press("2")
            else:
                break
        assert table.finished
        await look(ScoresScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")
        await workers_done(app, pilot)
        await look(RecordsScreen)
        await pilot.press("escape", "l")
        await workers_done(app, pilot)
        await look(LoadScreen)
        await pilot.press("r")
        await pilot.pause()
        await look(GameScreen)  # the replay
    assert set(seen) == {"HandoverScreen", "GameScreen", "ScoresScreen", "RecordsScreen", "LoadScreen"}
    assert all(found == [] for found in seen.values()), seen
    assert hostile_output(app) == []


async def test_a_save_with_a_hostile_file_name_is_listed_and_refused_in_a_clean_sentence(river_home):
    """The saves list names the file and says why it cannot be read; choosing it
    says so in a notification: the file name's control characters are not shown."""
    from river_tui.saves.locations import saves_dir
    from river_tui.screens.load import LoadScreen

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "x\x1b]0;pwned\x07\x1b[2J.rtsave").write_bytes(b"not a save")
    app = capturing_app()
    async with app.run_test(size=(120, 40), headless=False) as pilot:
        without_last_filter(app)
        await pilot.press("l")
        await workers_done(app, pilot)
        assert isinstance(app.screen, LoadScreen)
        assert "(unreadable)" in await screen_text(pilot)
        assert strips_with_controls(app) == []
        await pilot.press("enter")
        await pilot.pause(0.2)
        notes = list(app._notifications)
        assert notes and all("pwned" in note.message and not CONTROL.search(note.message) for note in notes)
        assert strips_with_controls(app) == []
    assert "pwned" in "".join(app._driver.written)
    assert hostile_output(app) == []


async def test_a_pasted_name_with_control_characters_is_refused_by_the_setup():
    from textual import events
    from textual.widgets import Input

    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        name.value = ""
        name.post_message(events.Paste(HOSTILE))
        name.post_message(events.Paste("Ann"))
        await pilot.pause()
        assert name.value == "Ann"
