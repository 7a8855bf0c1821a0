"""keymap.toml is untrusted: an entry naming an unknown binding or an unusable key
is named in one warning and its binding keeps its default keys; no keymap can
take away the keys that leave a screen or quit."""

from __future__ import annotations

import os

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from river_tui.app import keymap
from river_tui.app.river_app import RiverApp
from river_tui.net.remote_app import RemoteApp
from river_tui.screens.game_base import GameScreen
from river_tui.screens.menu import MenuScreen
from river_tui.play.table import Seat, Table

DEFAULTS = keymap.default_keys(RemoteApp.BINDING_PACKAGES)


def keys_after(accepted: dict[str, str]) -> dict[str, frozenset[str]]:
    return {binding_id: frozenset(accepted[binding_id].split(",")) if binding_id in accepted else keys
            for binding_id, keys in DEFAULTS.items()}  # fmt: skip


def check_still_safe(accepted: dict[str, str]) -> None:
    """What a checked keymap may do: give known bindings only keys Textual reports,
    never a quit key, and leave every leaving binding a key of its own."""
    after = keys_after(accepted)
    new = {b: after[b] - DEFAULTS[b] for b in accepted}
    others = {key for b, keys in after.items() if b not in keymap.LEAVING for key in keys | DEFAULTS[b]}
    for binding_id, keys in accepted.items():
        assert binding_id in DEFAULTS
        assert all(keymap.canonical_key(key) == key for key in keys.split(","))
        assert not after[binding_id] & keymap.RESERVED
    for leaving in keymap.LEAVING:
        assert after[leaving] & DEFAULTS[leaving] or after[leaving] - others
        assert not any(after[leaving] & keys for b, keys in new.items() if b not in keymap.LEAVING)


def test_every_leaving_binding_is_one_of_the_apps():
    assert keymap.LEAVING <= set(DEFAULTS)


@pytest.mark.parametrize(("entries", "why"), [
    ({"no_such_binding": "x"}, "no_such_binding (no such binding)"),
    ({"undo": ""}, "undo (an empty key)"),
    ({"undo": "z,,y"}, "undo (an empty key)"),
    ({"undo": "   "}, "undo (an empty key)"),
    ({"undo": "nonsense"}, "undo ('nonsense' is not a key)"),
    ({"undo": "ctrl+ctrl+z"}, "undo ('ctrl+ctrl+z' is not a key)"),
    ({"undo": "hyperdrive+z"}, "undo ('hyperdrive+z' is not a key)"),
    ({"undo": "latin_small_letter_z"}, "undo ('latin_small_letter_z' is not a key)"),
    ({"undo": "z\x1b]0;x\x07"}, "undo ('z]0;x' is not a key)"),
    ({"undo": "x" * 500}, "is not a key"),
    ({"undo": ",".join("abcdefghij")}, "undo (more than 8 keys)"),
    ({"undo": 3}, "undo (not a text of keys)"),
    ({"undo": ["z"]}, "undo (not a text of keys)"),
    ({"undo": {"key": "z"}}, "undo (not a text of keys)"),
    ({"undo": True}, "undo (not a text of keys)"),
    ({"undo": "ctrl+q"}, "undo (ctrl+q always quits)"),
    ({"menu_quit": "ctrl+c"}, "menu_quit (ctrl+c always quits)"),
    ({"undo": "q"}, "undo (q leaves a screen)"),
    ({"hex_up": "escape"}, "hex_up (escape leaves a screen)"),
    ({"tile_grid_up": "space"}, "tile_grid_up (space leaves a screen)"),  # the handover's
    ({"leave": "u"}, "leave (it would have no key of its own to leave with)"),
    ({"undo": "z", "save": "z"}, "save (z is given to undo already)"),
    ({"bad\x1b]0;x\x07id": "z"}, "bad]0;xid (no such binding)"),
])  # fmt: skip
def test_an_unusable_entry_is_refused_and_named(entries, why):
    accepted, refused = keymap.check_keymap(entries, DEFAULTS)
    assert len(refused) == 1 and why in refused[0]
    check_still_safe(accepted)


def test_usable_entries_are_applied_as_textual_names_them():
    accepted, refused = keymap.check_keymap(
        {"undo": "ctrl+z", "help": "f1, ?", "toggle_log": "shift+ctrl+l", "leave": "x,q", "riverside_choose": "enter"},
        DEFAULTS,
    )
    assert refused == []
    assert accepted == {"undo": "ctrl+z", "help": "f1,question_mark", "toggle_log": "ctrl+shift+l", "leave": "x,q",
                        "riverside_choose": "enter"}  # fmt: skip


values = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(["q", "escape", "enter", "z", "ctrl+q", "?", "", "f1", "nonsense", "u"]), max_size=4).map(",".join),
    st.integers(), st.booleans(), st.none(), st.lists(st.text(max_size=3), max_size=2),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(DEFAULTS)) | st.text(max_size=12), values, max_size=8))
@example({"choices_down": "‹"})  # Textual names it with 41 letters: the name must read back as the same key
def test_no_keymap_takes_away_a_way_to_leave(entries):
    accepted, refused = keymap.check_keymap(entries, DEFAULTS)
    assert len(accepted) + len(refused) == len(entries)
    check_still_safe(accepted)


def write_keymap(river_home, text: str | bytes) -> str:
    folder = river_home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "keymap.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


HOSTILE = '\n'.join([
    'undo = "q"',
    'leave = "\\u001b]0;pwned\\u0007"',
    'menu_quit = ""',
    'help = ["f1"]',
    'no_such_binding = "x"',
    'save = "ctrl+s"',
])  # fmt: skip


async def test_a_hostile_keymap_gives_one_warning_keeps_the_defaults_and_q_still_quits(river_home):
    path = write_keymap(river_home, HOSTILE)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [note.message for note in app._notifications]
        assert len(notes) == 1, notes
        (warning,) = notes
        assert path in warning and warning.endswith(".") and "\n" not in warning and "\x1b" not in warning
        for name in ("undo", "leave", "menu_quit", "help", "no_such_binding"):
            assert f"{name} (" in warning
        assert "save (" not in warning and app._keymap == {"save": "ctrl+s"}
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
        assert app._exit  # quits


async def test_a_hostile_keymap_leaves_q_leaving_a_game(river_home):
    from support import toyscreen

    write_keymap(river_home, HOSTILE)
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=4)
    app = RiverApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("u")  # undo keeps its own key
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize(("make", "phrase"), [
    (lambda path: path.mkdir(), "is a folder, not a file"),
    (lambda path: os.mkfifo(path), "is a pipe, not a file"),
    (lambda path: path.symlink_to("/dev/zero"), "is a device, not a file"),
    (lambda path: path.write_bytes(b"a = " + b"[" * 5000 + b"]" * 5000), "the default keys are in use"),
    (lambda path: path.write_bytes(b"\xff\xfe undo = 'z'"), "is not TOML"),
    (lambda path: path.write_bytes(b"# " + b"x" * (keymap.MAX_FILE_BYTES + 10)), "is larger than 64 KB"),
    (lambda path: path.write_text("\n".join(f"k{i} = 'z'" for i in range(keymap.MAX_ENTRIES + 1))),
     "more than 500 entries"),
])  # fmt: skip
def test_a_keymap_that_is_not_a_small_toml_file_is_one_sentence(river_home, make, phrase):
    folder = river_home / "config"
    folder.mkdir(parents=True)
    make(folder / "keymap.toml")
    accepted, warning = keymap.load_keymap(RiverApp.BINDING_PACKAGES)
    assert accepted == {}
    assert phrase in warning and str(folder / "keymap.toml") in warning and warning.endswith(".")
