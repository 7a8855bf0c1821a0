"""Writing saves when the disk says no: nothing crashes, nothing is lost, no
temporary file is left, and a load afterwards finds the old game or the new."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from river_tui.saves import files, store
from river_tui.saves.locations import saves_dir
from river_tui.play.table import CannotSave, Seat, Table
from support.toygame import Step


def new_table():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=11)
    table.apply(0, Step(1))
    return table


def leftovers(folder):
    """Files a write may leave behind besides the save, its backup and its lock."""
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith((".rtsave", ".rtsave.bak", ".rtsave.lock")))


class FaultyOs:
    """``os`` as `files` sees it, with one call failing: ``name``'s ``nth`` call raises ``error``."""

    def __init__(self, name, error, nth=1):
        self.name, self.error, self.nth, self.calls = name, error, nth, 0

    def __getattr__(self, attr):
        real = getattr(os, attr)
        if attr != self.name:
            return real

        def call(*args, **kwargs):
            self.calls += 1
            if self.calls == self.nth:
                raise self.error
            return real(*args, **kwargs)

        return call


class FullFile:
    """A file whose writes fail as on a full disk."""

    def __init__(self, real):
        self.real = real

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()

    def write(self, raw):
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, attr):
        return getattr(self.real, attr)


def oserror(code):
    return OSError(code, os.strerror(code))


STEPS = {
    "creating the temporary file (read-only)": ("tempfile", oserror(errno.EROFS)),
    "creating the temporary file (no permission)": ("tempfile", oserror(errno.EACCES)),
    "writing the temporary file (disk full)": ("write", None),
    "flushing the temporary file to disk": ("fsync", oserror(errno.EIO)),
    "linking the backup": ("link", oserror(errno.ENOSPC)),
    "renaming the backup into place": (("replace", 1), oserror(errno.EIO)),
    "renaming the save into place": (("replace", 2), oserror(errno.EIO)),
    "flushing the folder": (("fsync", 2), oserror(errno.EIO)),
    "killed while writing": ("write", KeyboardInterrupt()),
    "killed before the rename": (("replace", 2), KeyboardInterrupt()),
}


def inject(monkeypatch, step):
    where, error = STEPS[step]
    if where == "tempfile":
        def refuse(*args, **kwargs):
            raise error
        monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    elif where == "write":
        real_fdopen = os.fdopen
        if error is None:
            monkeypatch.setattr(files, "os", FaultyOs("fdopen", None, nth=0))
            monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: FullFile(real_fdopen(*a, **k)), raising=False)
        else:
            class Killed(FullFile):
                def write(self, raw):
                    raise error
            monkeypatch.setattr(files, "os", FaultyOs("fdopen", None, nth=0))
            monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: Killed(real_fdopen(*a, **k)), raising=False)
    else:
        name, nth = where if isinstance(where, tuple) else (where, 1)
        monkeypatch.setattr(files, "os", FaultyOs(name, error, nth))


@pytest.mark.parametrize("step", sorted(STEPS))
def test_a_failure_at_any_step_of_a_save_leaves_the_old_game_or_the_new(step, monkeypatch):
    table = new_table()
    folder = table.path.parent
    inject(monkeypatch, step)
    killed = isinstance(STEPS[step][1], KeyboardInterrupt)
    if killed:
        with pytest.raises(KeyboardInterrupt):
            table.apply(1, Step(2))
    else:
        table.apply(1, Step(2))  # never raises: the move is made, the game goes on
    monkeypatch.undo()
    assert len(table.log) == 2
    assert len(Table.load(table.path).log) in (1, 2)
    assert leftovers(folder) == []
    if step == "flushing the folder":
        assert table.save_problem is None and len(Table.load(table.path).log) == 2
    elif not killed:
        assert table.save_problem
        table.apply(0, Step(1))  # the disk is back: the next save writes everything
        assert table.save_problem is None
        assert len(Table.load(table.path).log) == 3


@pytest.mark.parametrize(("code", "phrase"), [
    (errno.ENOSPC, "is full"), (errno.EROFS, "read-only disk"), (errno.EACCES, "may not write in"),
])
def test_the_player_is_told_once_that_the_game_is_not_being_saved(monkeypatch, code, phrase):
    table = new_table()
    monkeypatch.setattr(files.tempfile, "mkstemp", lambda *a, **k: (_ for _ in ()).throw(oserror(code)))
    table.apply(1, Step(1))
    notice = table.save_notice()
    assert notice.startswith("The game is not being saved: ") and phrase in notice
    assert notice.endswith(".") and "\n" not in notice
    table.apply(0, Step(1))
    assert table.save_notice() is None  # once
    monkeypatch.undo()
    table.apply(1, Step(1))
    assert table.save_notice() is None and len(Table.load(table.path).log) == 4


def test_a_new_game_where_nothing_can_be_written_is_one_sentence(monkeypatch):
    monkeypatch.setattr(files.tempfile, "mkstemp", lambda *a, **k: (_ for _ in ()).throw(oserror(errno.EROFS)))
    with pytest.raises(CannotSave, match=r"^The new game cannot be saved: .* is on a read-only disk\.$"):
        Table.create("toy", [Seat("Ann")], {}, seed=1)
    assert leftovers(saves_dir()) == []


def test_a_new_game_under_a_file_is_one_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RIVER_TUI_HOME", str(blocker))
    with pytest.raises(CannotSave, match=r"^The new game cannot be saved: "):
        Table.create("toy", [Seat("Ann")], {}, seed=1)
    assert blocker.read_text() == "x"


def test_a_save_that_is_a_symlink_is_written_through_to_its_target(tmp_path):
    table = new_table()
    target = tmp_path / "elsewhere" / "kept.rtsave"
    target.parent.mkdir()
    os.replace(table.path, target)
    table.path.symlink_to(target)
    table.apply(1, Step(2))
    assert table.path.is_symlink() and os.readlink(table.path) == str(target)
    assert len(Table.load(target).log) == 2
    assert leftovers(target.parent) == [] and leftovers(table.path.parent) == []


def test_two_writers_on_one_file_never_collide_and_readers_see_whole_files(tmp_path):
    path = tmp_path / "busy" / "busy.rtsave"
    path.parent.mkdir()
    table = new_table()
    versions = [store.dumps(table.save_data())]
    table.apply(1, Step(2))
    versions.append(store.dumps(table.save_data()))
    path.write_bytes(versions[0])
    errors, seen = [], set()

    def write(raw):
        try:
            for _ in range(150):
                files.write_atomically(path, raw)
        except Exception as err:  # noqa: BLE001 - the test reports whatever a writer met
            errors.append(err)

    writers = [threading.Thread(target=write, args=(raw,)) for raw in versions]
    for writer in writers:
        writer.start()
    while any(w.is_alive() for w in writers):
        seen.add(path.read_bytes())
    for writer in writers:
        writer.join(timeout=60)
    assert errors == []
    assert seen <= set(versions)
    assert leftovers(path.parent) == []


def test_a_new_file_keeps_the_mode_of_the_one_it_replaces(tmp_path):
    path = tmp_path / "shared.json"
    path.write_text("{}")
    path.chmod(0o640)
    files.write_atomically(path, b"[]")
    assert path.read_bytes() == b"[]" and (path.stat().st_mode & 0o777) == 0o640


def test_a_file_is_written_beside_itself_under_a_hidden_name_that_names_it(tmp_path, monkeypatch):
    """The new bytes go to a temporary file in the file's own folder (so the final
    rename stays on one disk and is atomic), hidden and named after the file, so
    one left by a crash is recognisable and never listed."""
    target = tmp_path / "game.rtsave"
    target.write_bytes(b"old")
    renames = []
    real_replace = os.replace

    def replace(src, dst):
        renames.append((Path(src), Path(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", replace)
    files.write_atomically(target, b"new")
    [temporary] = [src for src, dst in renames if dst == target]
    assert temporary.parent == tmp_path
    assert temporary.name.startswith(".game.rtsave.") and temporary.name.endswith(".tmp")
    assert target.read_bytes() == b"new" and (tmp_path / "game.rtsave.bak").read_bytes() == b"old"


def test_a_file_is_written_where_its_folders_do_not_exist_yet(tmp_path):
    target = tmp_path / "not" / "yet" / "there.json"
    files.write_atomically(target, b"{}")
    assert target.read_bytes() == b"{}"
