"""Saves as an attacker writes them: valid frame and checksums, hostile inside.

Whatever the file holds, loading it gives a SaveError of one sentence (or the
game, when the content happens to be valid), never another exception, and the
file's bytes stay as they were.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.forge import Packed, frame, frame_v1, nested, pack, save_parts
from river_tui.saves import store
from river_tui.saves.format import MAX_FILE_BYTES, SaveError
from river_tui.saves.schema import HEADER_FIELDS
from river_tui.play.table import Seat, Table
from support.toygame import Roll, Step


def good_table():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob", "random")], {}, seed=11)
    table.apply(0, Step(1))
    table.apply(1, Roll())
    table.apply(0, Step(2))
    return table


GOOD_HEAD, GOOD_BODY = None, None


def parts():
    """Fresh copies of a good save's header and body."""
    global GOOD_HEAD, GOOD_BODY
    if GOOD_HEAD is None:
        GOOD_HEAD, GOOD_BODY = save_parts(good_table().save_data())
    head = dict(GOOD_HEAD, seats=[list(s) for s in GOOD_HEAD["seats"]], options=dict(GOOD_HEAD["options"]),
                extra=dict(GOOD_HEAD["extra"]))
    body = dict(GOOD_BODY, log=[[seat, list(action)] for seat, action in GOOD_BODY["log"]])
    return head, body


def assert_one_sentence(message: str) -> None:
    assert message.endswith(".") and "\n" not in message and "Traceback" not in message, message
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in message), repr(message)


def load_refused(path, phrase: str | None = None) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        Table.load(path)
    message = str(err.value)
    assert_one_sentence(message)
    assert path.read_bytes() == before
    if phrase:
        assert phrase in message
    return message


def with_head(**changes):
    head, body = parts()
    head.update(changes)
    return frame(head, body)


def with_move(index: int, move):
    head, body = parts()
    body["log"][index] = move
    return frame(head, body)


HOSTILE = {
    "action nested 500 deep": (lambda: with_move(0, [0, ["Step", nested(500)]]), "nested too deep"),
    "action nested 5000 deep": (lambda: with_move(0, [0, nested(5000)]), "not a River TUI save"),
    "action nested just too deep": (lambda: with_move(0, [0, ["Step", nested(8)]]), "nested too deep"),
    # As deep as an action may go: past the shape check, refused by the game's own.
    "action nested as deep as allowed": (lambda: with_move(0, [0, ["Step", nested(7)]]), "Step's amount is not of its kind"),
    "action holding a list too long": (lambda: with_move(0, [0, ["Step", [0] * 257]]),
                                       "(the action of move 1 has too many entries)"),
    "action holding a map deep inside": (lambda: with_move(0, [0, ["Step", [[{"a": 1}]]]]),
                                         "(the action of move 1 holds a value of a kind no save has)"),
    "action is a number": (lambda: with_move(0, [0, 5]), "(the action of move 1 is not a list)"),
    "action name as long as allowed": (lambda: with_move(0, [0, ["X" * 200]]), "no action"),
    "seed is infinity": (lambda: with_head(seed=float("inf")), "its seed is not a whole number"),
    "seed is negative": (lambda: with_head(seed=-1), "its seed is out of range"),
    "seed is text": (lambda: with_head(seed="7"), "its seed"),
    "seed is yes": (lambda: with_head(seed=True), "its seed"),
    "seat of a move is infinity": (lambda: with_move(0, [float("inf"), ["Step", 1]]), "the seat of move 1"),
    "seat of a move is beyond the table": (lambda: with_move(1, [7, ["Roll"]]), "the seat of move 2 is out of range"),
    "seat of a move is one past the last": (lambda: with_move(1, [2, ["Roll"]]), "the seat of move 2 is out of range"),
    "seat of a move is negative": (lambda: with_move(1, [-1, ["Roll"]]), "out of range"),
    "variant is a list": (lambda: with_head(options={"variant": [1, 2]}), "its option 'variant'"),
    "variant is a map": (lambda: with_head(options={"variant": {"a": 1}}), "its option 'variant'"),
    "variant is a number": (lambda: with_head(options={"variant": 3}), "its variant is not text"),
    "variant is unknown": (lambda: with_head(options={"variant": "turbo"}), "no variant 'turbo'"),
    "options are a list": (lambda: with_head(options=[1]), "(its options is not a table of named values)."),
    "options are a list of words": (lambda: with_head(options=["variant"]), "(its options is not a table of named values)."),
    "option with a name too long": (lambda: with_head(options={"o" * 201: 1}), "(its options is not a table of named values)."),
    "too many options": (lambda: with_head(options={f"o{n}": n for n in range(33)}), "(its options has too many entries)."),
    "option with a long name holds a list": (lambda: with_head(options={"k" * 40: [1]}),
                                             f"(its option '{'k' * 29}…' holds a value of a kind no save has)."),
    "extra details are a list": (lambda: with_head(extra=[1]), "(its extra details is not a table of named values)."),
    "extra detail with a long name holds a list": (lambda: with_head(extra={"d" * 40: [1]}),
                                                   f"(its detail '{'d' * 29}…' holds a value of a kind no save has)."),
    "extra detail beyond 64 bits": (lambda: with_head(extra={"n": 2**64 - 1}), "(its detail 'n' is out of range)."),
    "extra detail too long": (lambda: with_head(extra={"s": "x" * 201}), "(its detail 's' is too long)."),
    "rules version beyond any": (lambda: with_head(extra={"rules": 1_000_001}), "(its rules version is out of range)."),
    "options have a number as a key": (lambda: with_head(options={1: "x"}), "not a River TUI save"),
    "game unknown": (lambda: with_head(game="chess"), "a game this River TUI does not have (chess)"),
    "game is a list": (lambda: with_head(game=["toy"]), "its game is not text"),
    "game is empty": (lambda: with_head(game=""), "(its game is empty)."),
    "game of one letter": (lambda: with_head(game="x"), "is a save of a game this River TUI does not have (x)."),
    "game with a long name": (lambda: with_head(game="g" * 50), f"does not have ({'g' * 39}…)."),
    "version is a number": (lambda: with_head(app_version=5), "(its version is not text)."),
    "where it stands is a number": (lambda: with_head(turn=5), "(where it stands is not text)."),
    "no seats": (lambda: with_head(seats=[]), "(it has no seats)."),
    "seat is a number": (lambda: with_head(seats=[5, ["Bob", "random"]]), "(seat 1 is not a list)."),
    "seat kind is empty": (lambda: with_head(seats=[["Ann", "human"], ["Bob", ""]]), "(the kind of seat 2 is empty)."),
    "seat kind of one letter": (lambda: with_head(seats=[["Ann", "human"], ["Bob", "x"]]), "computer player"),
    "too many seats": (lambda: with_head(seats=[["a", "human"]] * 50), "its seats has too many"),
    "more seats than the game has": (lambda: with_head(seats=[["a", "human"]] * 5), "played by 1 to 3 seats"),
    "seat name is a list": (lambda: with_head(seats=[[["Ann"], "human"], ["Bob", "random"]]), "the name of seat 1"),
    "seat name is huge": (lambda: with_head(seats=[["A" * 100_000, "human"], ["Bob", "random"]]), "too long"),
    "seat kind is a number": (lambda: with_head(seats=[["Ann", 1], ["Bob", "random"]]), "the kind of seat 1"),
    "seat kind unknown": (lambda: with_head(seats=[["Ann", "human"], ["Bob", "overlord"]]), "computer player"),
    "seat is not a pair": (lambda: with_head(seats=[["Ann"], ["Bob", "random"]]), "seat 1 is not a name and a kind"),
    "date is not a date": (lambda: with_head(created="yesterday"), "its start date is not a date"),
    "date is a number": (lambda: with_head(created=5), "(its start date is not text)."),
    "date is empty": (lambda: with_head(created=""), "(its start date is empty)."),
    "date of one character": (lambda: with_head(updated="1"), "(its last date is not a date)."),
    "date beyond the calendar": (lambda: with_head(updated="9999-12-31T23:59:59-23:59"), "not a date"),
    "finished is text": (lambda: with_head(finished="yes"), "(whether it is finished is not yes or no)."),
    "rules version is text": (lambda: with_head(extra={"rules": "2"}), "(its rules version is not a whole number)."),
    "hinted seats beyond any": (lambda: with_head(extra={"hinted": 1 << 8}), "(its record of who asked for hints is out of range)."),
    "hinted seats are text": (lambda: with_head(extra={"hinted": "1"}), "(its record of who asked for hints is not a whole number)."),
    "header is a list": (lambda: frame([1, 2], parts()[1]), "(its header is not a table of named values)."),
    "log is a map": (lambda: frame(parts()[0], {"log": {"a": 1}, "digest": "x"}), "its moves is not a list"),
    "move is a number": (lambda: with_move(0, 5), "move 1 is not a list"),
    "move is not a pair": (lambda: with_move(0, [0]), "move 1 is not a seat and an action"),
    "action is empty": (lambda: with_move(0, [0, []]), "has no name"),
    "action name is a number": (lambda: with_move(0, [0, [1, 2]]), "has no name"),
    "action holds a map": (lambda: with_move(0, [0, ["Step", {"a": 1}]]),
                           "(the action of move 1 holds a value of a kind no save has)"),
    "action holds bytes": (lambda: with_move(0, [0, ["Step", b"\x00"]]), "of a kind no save has"),
    "action holds not-a-number": (lambda: with_move(0, [0, ["Step", float("nan")]]), "not finite"),
    "action holds a number beyond 64 bits": (lambda: with_move(0, [0, ["Step", 2**64 - 1]]), "out of range"),
    "action of the wrong type": (lambda: with_move(0, [0, ["Step", "1"]]), "Step's amount is not of its kind"),
    "action with a list for a number": (lambda: with_move(0, [0, ["Step", [1]]]), "not of its kind"),
    "action unknown": (lambda: with_move(0, [0, ["Castle", 1]]), "no action"),
    "action of too many values": (lambda: with_move(0, [0, ["Step", 1, 2]]), "takes 1 values"),
    "a hundred thousand empty moves": (lambda: frame(parts()[0], {"log": Packed(b"\xdd" + (100_000).to_bytes(4, "big")
                                                                           + b"\x90" * 100_000), "digest": "x"}),
                                       "move 1 is not a seat and an action"),
    "more moves than any game": (lambda: frame(parts()[0], {"log": Packed(b"\xdd" + (100_001).to_bytes(4, "big")
                                                                     + b"\xc0" * 100_001), "digest": "x"}),
                                 "not a River TUI save"),
    "digest is a number": (lambda: frame(parts()[0], dict(parts()[1], digest=5)),
                           "The file hostile.rtsave is damaged (its digest is not text)."),
    "moves with a wrong checksum": (lambda: pack({**msgpack.unpackb(frame(*parts())), "checksum": "0" * 64}),
                                    "The file hostile.rtsave is damaged (its checksum does not match)."),
    "moves are a list": (lambda: frame(parts()[0], [1, 2]), "(its moves is not a table of named values)"),
    "version 1 with an infinite seed": (lambda: frame_v1({**parts()[0], **parts()[1], "seed": float("inf")}), "its seed"),
    "version 1 with a move of a seat the table lacks": (
        lambda: frame_v1({**parts()[0], **parts()[1], "log": [[5, ["Roll"]]]}),
        "The file hostile.rtsave is damaged (the seat of move 1 is out of range).",
    ),
    "version beyond any number": (lambda: msgpack.packb({"format": "river-tui-save", "version": 2**64 - 1}),
                                  "format version is unreadable"),
    "version is a float": (lambda: msgpack.packb({"format": "river-tui-save", "version": 2.0}), "format version"),
    "as large as a save may be": (lambda: b"\x00" * MAX_FILE_BYTES, "is not a River TUI save."),  # its header says so
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_content_behind_a_valid_checksum_is_one_sentence(case, tmp_path):
    make, phrase = HOSTILE[case]
    path = tmp_path / "hostile.rtsave"
    path.write_bytes(make())
    load_refused(path, phrase)


def test_a_save_read_whole_says_it_has_bytes_after_its_end(tmp_path):
    path = tmp_path / "zeros.rtsave"
    path.write_bytes(b"\x00" * MAX_FILE_BYTES)
    with pytest.raises(SaveError, match=r"is not a River TUI save \(it has bytes after the end\)\.$"):
        store.read(path)


def test_the_forged_frame_itself_loads(tmp_path):
    """The forger makes files the reader accepts: the cases above differ from a
    good save only in what they name."""
    head, body = parts()
    path = tmp_path / "good.rtsave"
    path.write_bytes(frame(head, body))
    assert len(Table.load(path).log) == 3
    path.write_bytes(frame_v1({**head, **body}))
    assert len(Table.load(path).log) == 3


def test_a_saves_details_may_be_yes_no_nothing_numbers_and_text(tmp_path):
    """What River TUI may write among a save's options and extra details opens."""
    head, body = parts()
    head["extra"] = dict(head["extra"], shown=True, hidden=False, nothing=None, count=-(2**63), ratio=0.5, note="x" * 200)
    path = tmp_path / "details.rtsave"
    path.write_bytes(frame(head, body))
    assert len(Table.load(path).log) == 3


def test_a_save_without_the_optional_parts_opens_and_lists_as_not_finished_with_no_words(tmp_path):
    """Where the game stands, whether it is finished and the extra details came
    later than the rest: a save without them opens, and the list shows no words
    for where it stands."""
    from river_tui.saves.format import load_header

    head, body = parts()
    for optional in ("turn", "finished", "extra"):
        del head[optional]
    path = tmp_path / "older.rtsave"
    path.write_bytes(frame(head, body))
    assert len(Table.load(path).log) == 3
    listed = load_header(lambda n: path.read_bytes()[:n], "older.rtsave")
    assert (listed.turn, listed.finished, listed.extra) == ("", False, {})


def test_a_real_games_move_far_out_of_range_is_one_sentence(tmp_path):
    """Right types, absurd values: the rules' own failure (an IndexError deep in a
    board) becomes a sentence at the replay boundary."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    head, body = save_parts(table.save_data())
    for action in (["Place", [10**9, -5], 10**12], ["Gather", -(2**63)], ["NewColumn", 2**63 - 1], ["Draw", []]):
        body["log"] = [[0, action]]
        path = tmp_path / "far.rtsave"
        path.write_bytes(frame(head, body))
        load_refused(path, "move 1 cannot be replayed")


def test_a_save_cut_short_anywhere_is_one_sentence_in_a_list_and_when_opened(tmp_path):
    raw = frame(*parts())
    path = tmp_path / "cut.rtsave"
    for length in range(len(raw)):
        path.write_bytes(raw[:length])
        try:
            store.read_header(path)  # a list may show a save whose header is whole
        except SaveError as err:
            assert_one_sentence(str(err))
        load_refused(path)


def test_a_save_whose_parts_come_in_another_order_lists_as_it_loads(tmp_path):
    head, body = parts()
    good = msgpack.unpackb(frame(head, body))
    path = tmp_path / "shuffled.rtsave"
    path.write_bytes(msgpack.packb(dict(reversed(list(good.items()))), use_bin_type=True))
    assert store.read_header(path).seats[0].name == "Ann"
    assert len(Table.load(path).log) == 3


# --- any content at all --------------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.binary(max_size=10),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
) | st.integers(1, 3000).map(nested)


@st.composite
def tampered(draw):
    head, body = parts()
    where = draw(st.sampled_from(["outer", "header", "seats", "options", "log", "move", "seat", "action",
                                  "action value", "v1"]))
    value = draw(values)
    if where == "outer":
        outer = msgpack.unpackb(frame(head, body))
        outer[draw(st.sampled_from(sorted(outer)))] = value
        return pack(outer)
    if where == "header":
        head[draw(st.sampled_from(HEADER_FIELDS))] = value
    elif where == "seats":
        head["seats"][draw(st.integers(0, 1))][draw(st.integers(0, 1))] = value
    elif where == "options":
        head["options"][draw(st.text(max_size=10))] = value
    elif where == "log":
        body[draw(st.sampled_from(["log", "digest"]))] = value
    else:
        move = body["log"][draw(st.integers(0, 2))]
        if where == "move":
            body["log"][0] = value
        elif where == "seat":
            move[0] = value
        elif where == "action":
            move[1] = value
        elif where == "action value":
            move[1].append(value) if len(move[1]) < 2 else move[1].__setitem__(1, value)
    if where == "v1":
        fields = {**head, **body}
        fields[draw(st.sampled_from([*HEADER_FIELDS, "log", "digest"]))] = value
        return frame_v1(fields)
    return frame(head, body)


@settings(max_examples=150, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=tampered())
def test_any_content_under_a_valid_checksum_loads_or_is_one_sentence(raw, tmp_path):
    path = tmp_path / "any.rtsave"
    path.write_bytes(raw)
    try:
        Table.load(path)
    except SaveError as err:
        assert_one_sentence(str(err))
    assert path.read_bytes() == raw
    try:
        store.read_header(path)
    except SaveError as err:
        assert_one_sentence(str(err))
    assert path.read_bytes() == raw


def typed_value(hint):
    """Values of an action field's type, absurd ones included."""
    import types
    import typing

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(typed_value(arm) for arm in args))
    if hint is type(None):
        return st.none()
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-(2**63), 2**63 - 1) | st.integers(-3, 40)
    if hint is str:
        return st.text(max_size=12) | st.sampled_from(["W", "P", "B", "L", "C", "G", "O", "Y", "net", "farm", "boat"])
    if origin is tuple:
        return st.lists(typed_value(args[0]), max_size=6)
    return st.none()


@st.composite
def real_game_save(draw):
    from river_tui.rules.core import _field_types
    from river_tui.rules.registry import get_game

    game_id = draw(st.sampled_from(["glassworks", "riverside", "flow", "we-all-take"]))
    game = get_game(game_id)
    table = REAL_TABLES.get(game_id) or REAL_TABLES.setdefault(
        game_id, Table.create(game_id, [Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=5, autosave=False))
    head, body = save_parts(table.save_data())
    moves = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(game.action_types))
        values = [draw(typed_value(hint)) for hint in _field_types(kind).values()]
        moves.append([draw(st.integers(0, 2)), [kind.__name__, *values]])
    return frame(head, dict(body, log=moves))


REAL_TABLES: dict = {}


@settings(max_examples=200, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=real_game_save())
def test_any_typed_move_of_a_real_game_loads_or_is_one_sentence(raw, tmp_path):
    """Moves of the right types with any values (far out of range, unknown
    names): the rules refuse them, or fail in a way the replay turns into a sentence."""
    path = tmp_path / "typed.rtsave"
    path.write_bytes(raw)
    try:
        Table.load(path, read_only=True)
    except SaveError as err:
        assert_one_sentence(str(err))


# --- a list shows what opening opens ---------------------------------------------------

def _outer_with(extra: list[tuple], before_header: bool) -> bytes:
    """A good save whose outer map also holds the ``extra`` entries, in front of
    everything or after everything."""
    good = list(msgpack.unpackb(frame(*parts())).items())
    entries = extra + good if before_header else good + extra
    out = bytearray(msgpack.Packer(use_bin_type=True).pack_map_header(len(entries)))
    for key, value in entries:
        out += pack(key) + pack(value)
    return bytes(out)


def _not_a_save(path, listed_too: bool) -> None:
    """Opening ``path`` says it is not a River TUI save; so does the list, where
    ``listed_too`` (what it reads comes before the header's end)."""
    load_refused(path, "not a River TUI save")
    if listed_too:
        with pytest.raises(SaveError, match="not a River TUI save"):
            store.read_header(path)


@pytest.mark.parametrize("key", [7, -1, 2.5, None, True, b"header", ["header"]])
@pytest.mark.parametrize("before_header", [True, False])
def test_a_save_with_a_key_that_is_not_text_is_refused_by_the_list_and_when_opened(key, before_header, tmp_path):
    path = tmp_path / "odd-key.rtsave"
    path.write_bytes(_outer_with([(key, "x")], before_header))
    _not_a_save(path, listed_too=before_header)


def test_a_save_that_names_its_header_twice_is_refused_so_a_list_never_shows_another_game(tmp_path):
    head, body = parts()
    other = dict(head, seats=[["Mallory", "human"], ["Bob", "random"]])
    other_raw = pack(other)
    twice = [("header", other_raw), ("header_checksum", hashlib.sha256(other_raw).hexdigest())]
    for before_header in (True, False):
        path = tmp_path / f"twice-{before_header}.rtsave"
        path.write_bytes(_outer_with(twice, before_header))
        _not_a_save(path, listed_too=before_header)


def test_a_key_given_twice_inside_the_header_is_refused(tmp_path):
    head, body = parts()
    raw_head = bytearray(msgpack.Packer(use_bin_type=True).pack_map_header(len(head) + 1))
    for key, value in [*head.items(), ("seed", 99)]:
        raw_head += pack(key) + pack(value)
    doubled_head = Packed(bytes(raw_head))
    path = tmp_path / "head-twice.rtsave"
    path.write_bytes(frame(doubled_head, body))
    _not_a_save(path, listed_too=True)


@pytest.mark.parametrize("claimed", [True, False])
def test_a_save_listed_as_over_or_in_play_against_its_moves_does_not_open(claimed, tmp_path):
    head, body = parts()
    assert head["finished"] is False  # the toy game of three moves is still in play
    if not claimed:
        table = good_table()
        for _ in range(100):
            if table.finished:
                break
            seat = sorted(table.to_act())[0]
            table.apply(seat, table.legal_actions(seat)[0])
        assert table.finished
        head, body = save_parts(table.save_data())
    head["finished"] = claimed
    path = tmp_path / "listed-wrong.rtsave"
    path.write_bytes(frame(head, body))
    assert store.read_header(path).finished is claimed  # the list can only go by the header...
    message = load_refused(path)  # ...so opening checks it against the moves
    assert message == (
        f"The file listed-wrong.rtsave is damaged (it is listed as {'over' if claimed else 'in play'}, "
        f"but its moves {'do not end' if claimed else 'end'} the game)."
    )
