"""`river-tui export SAVE [--format text|json]`: the whole game, move by move, with
the final scores; a bad save gets the very sentence `resume` gives."""

from __future__ import annotations

import json

import msgpack
import pytest

from river_tui import cli
from river_tui.rules.notation import notation_of
from river_tui.saves.format import dumps

from support.command_line import run
from support.replay_games import GAME_IDS, bot_table, installed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_export_has_every_log_line_and_the_full_breakdown(capsys, game_id):
    installed(game_id)
    table = bot_table(game_id)
    code, out, err = run(capsys, "export", str(table.path))
    assert code == 0 and err == ""
    assert out.startswith(table.game.title)
    body = out.splitlines()
    cursor = 0
    for line in table.lines:  # every line, in order
        cursor = next(i for i in range(cursor, len(body)) if line in body[i]) + 1
    result = table.result()
    for seat, score in zip(table.seats, result.scores):
        assert f"{seat.name}: {score} points" in out
    for lines in result.breakdown:
        for line in lines:
            assert line.label in out
    assert all(table.named(note) in out for note in result.notes)  # seats by name


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_export_is_the_same_record_for_tools(capsys, game_id):
    installed(game_id)
    table = bot_table(game_id)
    code, out, _ = run(capsys, "export", str(table.path), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "river-tui-record" and data["game"] == game_id and data["finished"]
    assert [m["seat"] for m in data["moves"]] == [seat for seat, _ in table.log]
    assert [line for m in data["moves"] for line in m["lines"]] == table.lines
    assert [table.game.decode_action(m["action"]) for m in data["moves"]] == [a for _, a in table.log]
    notation = notation_of(table.game)  # the move notation reads back as the very moves
    assert [notation.parse(m["move"]) for m in data["moves"]] == [a for _, a in table.log]
    result = table.result()
    assert data["result"]["scores"] == list(result.scores)
    assert data["result"]["winners"] == sorted(result.winners)
    assert data["result"]["breakdown"] == [
        [{"label": line.label, "points": line.points} for line in seat] for seat in result.breakdown
    ]


def test_an_unfinished_game_says_where_it_stands(capsys):
    installed("flow")
    table = bot_table("flow", stop_after=5)
    code, out, _ = run(capsys, "export", str(table.path))
    assert code == 0
    assert out.rstrip().endswith(f"Unfinished: {table.game.round_label(table.state)}, Computer 2 to act.")
    code, out, _ = run(capsys, "export", str(table.path), "--format", "json")
    assert json.loads(out)["result"] is None


def bad_saves(tmp_path):
    """A garbage file, a truncated save, a foreign one, one from the future, one
    whose moves do not replay, and a folder."""
    table = bot_table("flow", stop_after=4)
    good = table.path.read_bytes()
    data = table.save_data()
    data.log[1] = (data.log[1][0], ["PlaceTile", 99, 99, 99])
    files = {
        "garbage": b"\x00\x01garbage",
        "truncated": good[: len(good) // 2],
        "foreign": msgpack.packb({"format": "chess-save", "version": 1}),
        "newer": msgpack.packb({"format": "river-tui-save", "version": 99, "checksum": "", "body": b""}),
        "illegal": dumps(data),
    }
    paths = []
    for name, raw in files.items():
        path = tmp_path / f"{name}.rtsave"
        path.write_bytes(raw)
        paths.append(path)
    return paths + [tmp_path]


def test_a_bad_save_gets_the_same_sentence_as_resume_and_is_left_alone(capsys, tmp_path, monkeypatch):
    installed("flow")
    monkeypatch.setattr(cli, "run_app", lambda table=None: pytest.fail("a bad save must not open"))
    for path in bad_saves(tmp_path) + [tmp_path / "missing.rtsave"]:
        before = path.read_bytes() if path.is_file() else None
        for fmt in ("text", "json"):
            code, out, err = run(capsys, "export", str(path), "--format", fmt)
            assert code == 1 and out == ""
            assert err.count("\n") == 1 and "Traceback" not in err
            assert (code, err) == run(capsys, "resume", str(path))[::2]
        assert (path.read_bytes() if path.is_file() else None) == before


def test_a_format_it_does_not_know_is_a_mistake(capsys):
    code, _, err = run(capsys, "export", "x.rtsave", "--format", "pdf")
    assert code == 2 and "invalid choice: 'pdf'" in err

