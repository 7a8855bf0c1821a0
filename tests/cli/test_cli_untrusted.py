"""The command line with hostile files, paths, numbers and pipes: one sentence
each, never a traceback, and output without control characters."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from river_tui import cli
from river_tui.saves.locations import saves_dir
from river_tui.play.table import Seat, Table
from support.forge import frame, save_parts
from support.toygame import Step

from cli.test_cli import run

HOSTILE_NAME = "Ann\x1b]0;pwned\x07\x1b[2J\x9b31m"


def named_save(name=HOSTILE_NAME):
    """A save whose first seat is called ``name`` in the file itself (forged: the
    app cleans names it is given, a file from elsewhere need not be clean)."""
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=2)
    table.apply(0, Step(2))
    head, body = save_parts(table.save_data())
    head["seats"][0][0] = name
    table.path.write_bytes(frame(head, body))
    table.close()
    return table


def no_controls(text: str) -> bool:
    return not any((ord(ch) < 32 and ch != "\n") or 0x7F <= ord(ch) < 0xA0 for ch in text)


@pytest.mark.parametrize("seed", ["-1", str(2**64), "99999999999999999999999"])
@pytest.mark.parametrize("command", [["new", "toy", "--bot", "random"], ["simulate", "toy", "--bot", "random"]])
def test_seeds_outside_64_bits_are_refused_in_a_sentence(capsys, command, seed):
    code, _, err = run(capsys, *command, "--seed", seed)
    assert code == 2 and "a seed is a whole number from 0 to 18446744073709551615" in err
    assert err.count("\n") == 1


def test_the_largest_seed_is_a_seed(capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda table=None: opened.append(table))
    code, _, _ = run(capsys, "new", "toy", "--bot", "random", "--seed", str(2**64 - 1))
    assert code == 0 and Table.load(opened[0].path).seed == 2**64 - 1


def test_simulate_starts_no_more_processes_than_processors(capsys, monkeypatch):
    import river_tui.play.simulate as simulate_module

    asked = []
    real = simulate_module.simulate
    monkeypatch.setattr(simulate_module, "simulate", lambda *a: asked.append(a[-1]) or real(*a[:-1], 1))
    code, _, _ = run(capsys, "simulate", "toy", "--bot", "random", "--games", "200", "--jobs", "60")
    assert code == 0 and asked == [min(60, os.cpu_count() or 1)]


@pytest.mark.parametrize("command", ["saves", "export"])
def test_names_with_control_characters_are_printed_without_them(capsys, command):
    table = named_save()
    code, out, _ = run(capsys, *(["saves"] if command == "saves" else ["export", str(table.path)]))
    assert code == 0
    assert "Ann]0;pwned" in out and no_controls(out), repr(out)


def test_json_export_carries_no_control_characters(capsys):
    table = named_save()
    code, out, _ = run(capsys, "export", str(table.path), "--format", "json")
    assert code == 0 and no_controls(out), repr(out)
    # A seat's name is cleaned where it enters (Seat), so the record holds the clean name.
    assert json.loads(out)["seats"][0]["name"] == "Ann]0;pwned[2J31m"


def test_saves_lists_every_good_save_beside_a_bad_one(capsys):
    named_save("Ann")
    saves_dir().joinpath("bad\x1b[2J.rtsave").write_bytes(b"\x92\x01\x02")
    os.mkfifo(saves_dir() / "pipe.rtsave")
    code, out, _ = run(capsys, "saves")
    assert code == 0 and no_controls(out)
    assert "Ann, Bob" in out
    assert "bad[2J.rtsave is not a River TUI save" in out and "pipe.rtsave is a pipe, not a save" in out


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_resume_of_what_is_not_a_file_is_one_sentence(capsys, tmp_path, kind):
    path = {"device": "/dev/zero", "fifo": tmp_path / "pipe.rtsave", "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    code, _, err = run(capsys, "resume", str(path))
    assert code == 1 and err.count("\n") == 1
    assert {"device": "is a device", "fifo": "is a pipe", "folder": "is a folder"}[kind] in err


def test_a_closed_pipe_ends_quietly(capsys, monkeypatch):
    named_save("Ann")

    class Closed(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            return devnull

    devnull = os.open(os.devnull, os.O_WRONLY)
    monkeypatch.setattr(sys, "stdout", Closed())
    try:
        assert cli.main(["saves"]) == 0
    finally:
        os.close(devnull)


def test_export_into_a_closed_pipe_and_a_full_disk(tmp_path):
    """Real processes: ``export | head -c 1`` ends with status 0 and nothing on
    stderr; ``export > /dev/full`` says so in one sentence."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=5)
    for _ in range(12):
        (seat,) = table.to_act()
        table.apply(seat, table.legal_actions(seat)[0])
    command = [sys.executable, "-m", "river_tui", "export", str(table.path)]
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.read(1)
    reader.stdout.close()
    _, err = reader.communicate(timeout=60)
    assert reader.returncode == 0 and err == b""
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith("river-tui: The output cannot be written (No space left on device).")
    assert done.stderr.count("\n") == 1


def test_new_where_nothing_can_be_written_is_one_sentence_and_exit_1(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("RIVER_TUI_HOME", str(blocker))
    monkeypatch.setattr(cli, "run_app", lambda table=None: pytest.fail("the game started unsaved"))
    code, _, err = run(capsys, "new", "toy", "--bot", "random")
    assert code == 1 and err.startswith("river-tui: The new game cannot be saved: ") and err.count("\n") == 1


def test_new_on_a_read_only_disk_is_one_sentence_and_exit_1(capsys, monkeypatch):
    import errno

    from river_tui.saves import files

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(files.tempfile, "mkstemp", read_only)
    monkeypatch.setattr(cli, "run_app", lambda table=None: pytest.fail("the game started unsaved"))
    code, _, err = run(capsys, "new", "toy", "--bot", "random")
    assert code == 1 and "is on a read-only disk." in err and err.count("\n") == 1


def test_saves_lists_a_good_save_beside_kernel_data_and_a_save_whose_read_never_ends(capsys, never_ending):
    named_save("Ann")
    (saves_dir() / "kmsg.rtsave").symlink_to("/proc/self/status")
    never_ending.make(saves_dir() / "stuck.rtsave", named_save("Cy").path.read_bytes())
    code, out, _ = run(capsys, "saves")
    assert code == 0 and "Ann, Bob" in out and "Cy, Bob" in out
    assert "kmsg.rtsave is kernel data, not a save." in out
    assert "stuck.rtsave cannot be read (reading it took longer than" in out


@pytest.mark.parametrize("command", ["export", "resume"])
def test_export_and_resume_of_kernel_data_or_a_save_whose_read_never_ends_are_one_sentence(
    capsys, tmp_path, never_ending, command
):
    (tmp_path / "kmsg.rtsave").symlink_to("/proc/self/status")
    stuck = never_ending.make(tmp_path / "stuck.rtsave", named_save("Ann").path.read_bytes())
    code, _, err = run(capsys, command, str(tmp_path / "kmsg.rtsave"))
    assert code == 1 and err.count("\n") == 1 and "is kernel data, not a save." in err
    code, _, err = run(capsys, command, str(stuck))
    assert code == 1 and err.count("\n") == 1 and "cannot be read (reading it took longer than" in err


@pytest.mark.parametrize("command", ["resume", "export"])
def test_a_file_that_is_no_save_outside_the_saves_folder_is_refused_and_nothing_is_made_beside_it(
    capsys, tmp_path, command
):
    notes = tmp_path / "elsewhere" / "passwd"
    notes.parent.mkdir()
    notes.write_text("root:x:0:0:root:/root:/bin/bash\n")
    theirs = notes.parent / ".passwd.lock"  # someone else's file, named as a lock of River TUI's would be
    theirs.write_text("not River TUI's\n")
    code, _, err = run(capsys, command, str(notes))
    assert code == 1 and err.count("\n") == 1 and "passwd is not a River TUI save" in err
    assert sorted(os.listdir(notes.parent)) == [".passwd.lock", "passwd"]
    assert notes.read_text().startswith("root:x:0:0") and theirs.read_text() == "not River TUI's\n"


@pytest.mark.parametrize("given", [["--players", "٣"], ["--players", "３"], ["--players", "²"], ["--bots", "+1"],
                                   ["--seed", "²"], ["--seed", "٣"], ["--seed", "1" * 5000]])
def test_numbers_on_the_command_line_are_ascii_digits_or_refused_in_a_sentence(capsys, given):
    code, _, err = run(capsys, "new", "toy", *given)
    assert code == 2 and err.count("\n") == 1 and "whole number from 0 to" in err
