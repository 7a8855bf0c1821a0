"""The `river-tui` command line."""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
from pathlib import Path

from . import __version__
from .library_warnings import keep_warnings_off_the_console
from .safe_text import plain
from .saves.numbers import loads_json, whole_number

SEED_LIMIT = 2**64

EPILOG = """\
examples:
  river-tui                                   open the menu
  river-tui --plain                           the same, line by line (screen readers, braille)
  river-tui new glassworks --players 2 --bots 1
  river-tui resume                            continue the game you played last
  river-tui saves                             list your saved games
  river-tui export SAVE --format json         the whole game, move by move, with scores
  river-tui analyse SAVE                      where each player of a finished game lost points
  river-tui simulate flow --games 100         computer-only games, with figures
  river-tui play-seat flow --program "python3 examples/river_bot.py"   a program plays seat 1

games: {games}
Saves live in the user data folder (RIVER_TUI_HOME overrides it)."""


class Parser(argparse.ArgumentParser):
    """argparse that says what went wrong in one sentence and exits with 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        fail(f"{message[0].upper()}{message[1:]}. Try 'river-tui --help'.")


def fail(sentence: str, code: int = 2) -> None:
    print(f"river-tui: {sentence}", file=sys.stderr)
    raise SystemExit(code)


def _listed(words: list[str], last: str) -> str:
    """"a, b, c and d" (``last``: "and", "or")."""
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else "".join(words)


def build_parser() -> Parser:
    from .rules.registry import GAMES

    ids = [entry.id for entry in GAMES]
    parser = Parser(
        prog="river-tui",
        description=f"Play {_listed([entry.title for entry in GAMES], 'and')} in the terminal: alone, at one "
        "keyboard, against the computer, or with friends over SSH.",
        epilog=EPILOG.format(games=", ".join(ids)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"river-tui {__version__}")
    parser.add_argument("--plain", action="store_true", help="play line by line: no full-screen drawing, no colour "
                        "(for screen readers and braille displays; moves typed as in docs/notation.md)")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    new = sub.add_parser("new", help="start a new game")
    new.add_argument("game", help=_listed(ids, "or"))
    new.add_argument("--players", type=count, help="number of seats (default: 2, or the game's minimum)")
    new.add_argument("--bots", type=count, default=0, help="how many of the seats the computer plays (the last ones)")
    new.add_argument("--bot", default=None, help="easy, normal or hard, or one of the game's own computer players "
                     "(default: easy)")
    new.add_argument("--seed", type=seed, help="seed for a repeatable game (0 to 2^64-1)")
    new.add_argument("--variant", help="one of the game's variants")

    resume = sub.add_parser("resume", help="continue a saved game (the latest if none is given)")
    resume.add_argument("save", nargs="?", type=Path, help="path of a .rtsave file")

    sub.add_parser("saves", help="list saved games")

    export = sub.add_parser("export", help="print a saved game move by move, with the final scores")
    export.add_argument("save", type=Path, help="path of a .rtsave file")
    export.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")

    analyse = sub.add_parser("analyse", help="where each player of a finished game lost points, move by move")
    analyse.add_argument("save", type=Path, help="path of a .rtsave file of a finished game")
    analyse.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
    analyse.add_argument("--seconds", type=seconds, default=None,
                         help="search per decision, in CPU seconds (default: the game's, docs/analysis.md)")

    sim = sub.add_parser("simulate", help="play computer-only games and report results and speed")
    sim.add_argument("game")
    sim.add_argument("--players", type=count, help="number of seats (default: 2, or the game's minimum)")
    sim.add_argument("--games", type=count, default=10, help="how many games (default 10)")
    sim.add_argument("--seed", type=seed, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--bot", default="greedy", help="bot for every seat (easy, normal, hard, greedy, random), "
                     "or a comma list, one per seat")
    sim.add_argument("--variant", help="one of the game's variants")
    sim.add_argument("--jobs", type=count, default=1, help="games played at once, in that many processes "
                     "(default 1; at most one per processor)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    seat_ = sub.add_parser("play-seat", help="a program plays one seat through JSON lines (docs/protocol.md)")
    seat_.add_argument("game")
    seat_.add_argument("--seat", type=count, default=1, help="the program's seat, from 1 (default 1)")
    seat_.add_argument("--players", type=count, help="number of seats (default: 2, or the game's minimum)")
    seat_.add_argument("--bot", default="easy", help="the computer player of the other seats, and of the "
                       "program's moves it gets wrong (default easy)")
    seat_.add_argument("--seed", type=seed, help="seed for a repeatable game (0 to 2^64-1)")
    seat_.add_argument("--variant", help="one of the game's variants")
    seat_.add_argument("--program", metavar="COMMAND", help="start COMMAND (split into words, never through a "
                       "shell) and play through its stdin and stdout, printing the game here line by line; "
                       "without it, the protocol is on this command's own stdin and stdout")
    seat_.add_argument("--time-limit", type=float, default=10.0, help="seconds the program has for a move "
                       "(default 10; 0.1 to 3600)")

    srv = sub.add_parser("serve", help="host tables that friends join with a plain ssh client")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    srv.add_argument("--port", type=count, default=2222, help="port to listen on (default 2222; 0: any free port)")
    srv.add_argument("--host-key", type=Path, help="the server's SSH host key, created on first run")
    srv.add_argument("--authorized-keys", type=Path, help="the players' public keys, one per line")
    srv.add_argument("--guests", action="store_true", help="let people without a known key in to watch")
    srv.add_argument("--max-sessions", type=count, default=32, help="most sessions at once (default 32)")
    srv.add_argument(
        "--idle-timeout", default="30 minutes",
        help="how long a session may go without a key press or a move at its table (seconds, or e.g. '30 minutes')",
    )  # fmt: skip
    srv.add_argument(
        "--on-turn", metavar="COMMAND",
        help="run COMMAND (split into words, never through a shell) when a player who is not connected "
             "comes to act; it gets RIVER_TUI_TABLE, RIVER_TUI_GAME, RIVER_TUI_GAME_TITLE, RIVER_TUI_SEAT, "
             "RIVER_TUI_SEAT_NUMBER and RIVER_TUI_FINGERPRINT in its environment",
    )  # fmt: skip
    srv.add_argument(
        "--workers", type=count, default=None,
        help="processes holding the tables (default: one per core, at most 8); more use more cores, "
             "and a table whose process fails reopens in another; 1 keeps everything in one process",
    )  # fmt: skip
    return parser


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2^64-1, in ASCII digits."""
    value = whole_number(text, 0, SEED_LIMIT - 1)
    if value is None:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {plain(text, 40)}")
    return value


def seconds(text: str) -> float:
    """A budget of 0.01 to 600 seconds, in ASCII digits (the numbers' one reader)."""
    try:
        value = loads_json(text)
    except (ValueError, RecursionError):
        value = None
    if type(value) not in (int, float) or not 0.01 <= value <= 600:
        raise argparse.ArgumentTypeError(f"seconds go from 0.01 to 600, not {plain(text, 20)}")
    return float(value)


def count(text: str) -> int:
    """A count given on the command line (seats, games, a port): ASCII digits only."""
    value = whole_number(text, 0, 10**6)
    if value is None:
        raise argparse.ArgumentTypeError(f"a whole number from 0 to 1000000 in the digits 0-9, not {plain(text, 40)}")
    return value


def main(argv: list[str] | None = None) -> int:
    """Run one command; output that nobody reads any more (``| head``) ends it
    quietly, output that cannot be written (a full disk) in one sentence."""
    keep_warnings_off_the_console()
    try:
        code = _dispatch(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as err:
        if err.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
            raise
        _silence_stdout()
        fail(f"The output cannot be written ({err.strerror}).", 1)
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of what is left
    does not fail again on the way out."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _dispatch(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    handler = {
        None: run_menu,
        "new": run_new,
        "resume": run_resume,
        "saves": run_saves,
        "export": run_export,
        "analyse": run_analyse,
        "simulate": run_simulate,
        "serve": run_serve,
        "play-seat": run_play_seat,
    }[args.command]
    return handler(args) or 0


def find_game(game_id: str):
    from .rules.registry import get_game

    try:
        return get_game(game_id)
    except KeyError as err:
        fail(err.args[0])


def seat_count(game, players: int | None) -> int:
    count = players if players is not None else max(game.min_seats, min(2, game.max_seats))
    try:
        game.check_seats(count)
    except ValueError as err:
        fail(str(err))
    return count


def start(table, args) -> None:
    """Open ``table`` (None: the menu) in the full app, or line by line with ``--plain``."""
    if args.plain:
        run_plain(table)
    else:
        run_app(table)


def run_plain(table=None) -> None:
    from .plain.console import Console
    from .plain.menu import PlainApp

    PlainApp(Console()).run(table)


def run_app(table=None) -> None:
    from .app.river_app import RiverApp
    from .gc_tuning import tune_gc

    tune_gc()
    RiverApp(table).run()


def run_menu(args) -> None:
    start(None, args)


def run_new(args) -> None:
    from .rules.bots import bot_catalogue
    from .play.table import CannotSave, Seat, Table

    game = find_game(args.game)
    players = seat_count(game, args.players)
    if not 0 <= args.bots <= players:
        fail(f"--bots must be between 0 and {players}.")
    bot = args.bot or "easy"
    bots = bot_catalogue(game)
    if bot not in bots:
        fail(f"{game.title} has no computer player {bot!r} (choices: {', '.join(sorted(bots))}).")
    humans = players - args.bots
    seats = [Seat(f"Player {i + 1}") for i in range(humans)]
    seats += [Seat(f"Computer {i + 1}", bot) for i in range(args.bots)]
    options = {"variant": args.variant} if args.variant else {}
    try:
        table = Table.create(game.id, seats, options, args.seed)
    except CannotSave as err:
        fail(str(err), 1)
    except ValueError as err:
        fail(str(err))
    from .screens import last_setup

    last_setup.remember_table(table)  # the menu's New game offers it next
    start(table, args)


def load_table(path: Path, read_only: bool = False):
    """The table of a save, or one sentence saying why it cannot be read (exit 1)."""
    from .saves.format import SaveError
    from .play.table import Table

    try:
        return Table.load(path, read_only=read_only)
    except SaveError as err:
        fail(str(err), 1)


def run_resume(args) -> int:
    from .play.table import resume_latest

    if args.save is not None:
        start(load_table(args.save), args)
        return 0
    table, skipped = resume_latest()
    if table is None:
        fail(skipped or "There is no saved game to resume; start one with 'river-tui new GAME'.", 1)
    if skipped:
        print(f"river-tui: passed over a save: {skipped}", file=sys.stderr)
    start(table, args)
    return 0


def run_export(args) -> None:
    from .play import export

    table = load_table(args.save, read_only=True)
    print(export.as_json(table) if args.format == "json" else export.as_text(table))


def run_analyse(args) -> None:
    """The analysis kept beside the save, completed first where it is not whole;
    its progress on stderr. Ctrl+C stops it and prints what is done (kept for
    the next run)."""
    from .play import analysis

    table = load_table(args.save, read_only=True)
    if not table.finished:
        fail(f"{plain(args.save.name, 80)} is not over yet: only a finished game is analysed.", 1)

    def progress(done: int, total: int) -> None:
        print(f"\ranalysed {done} of {total} decisions", end="", file=sys.stderr, flush=True)

    result = analysis.analyse(table, args.save, seconds=args.seconds, separate_process=True, progress=progress,
                              interruptible=True)
    print(file=sys.stderr)
    if result.problem:
        print(f"river-tui: {result.problem}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps(analysis.as_json(table, result), indent=1))
    else:
        print("\n".join(analysis.summary_lines(table, result)))


def run_saves(args) -> None:
    from .saves.store import list_saves

    listings = list_saves()
    if not listings:
        print("No saved games yet.")
        return
    for item in listings:
        where = plain(item.path)
        if item.data is None:
            print(f"{where}  (unreadable: {plain(item.error)})")
            continue
        data = item.data
        seats = ", ".join(plain(f"{s.name}{'' if s.kind == 'human' else ' (computer)'}", 60) for s in data.seats)
        turn = "finished" if data.finished else plain(data.turn, 40) or "started"
        print(f"{plain(data.updated[:16]).replace('T', ' ')}  {data.game:<12} {turn:<22} {seats}\n    {where}")


def run_simulate(args) -> int:
    from .rules.bots import bot_catalogue
    from .play.simulate import simulate

    game = find_game(args.game)
    players = seat_count(game, args.players)
    names = args.bot.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        fail(f"--bot lists {len(names)} computer players for {players} seats.")
    bots = bot_catalogue(game)
    unknown = sorted(set(names) - set(bots))
    if unknown:
        fail(f"{game.title} has no computer player {unknown[0]!r} (choices: {', '.join(sorted(bots))}).")
    if args.games < 1:
        fail("--games must be at least 1.")
    if args.jobs < 1:
        fail("--jobs must be at least 1.")
    if args.seed + args.games > SEED_LIMIT:
        fail("--seed plus --games must stay below 2^64 (each game takes the next seed).")
    jobs = min(args.jobs, os.cpu_count() or 1, args.games)
    try:
        game.check_options({"variant": args.variant})
    except ValueError as err:
        fail(str(err))
    report = simulate(game, names, args.games, args.seed, args.variant, jobs)
    out = report.as_json()
    if args.json:
        print(json.dumps(out))
    else:
        rotation = ", seats rotating each game" if report.rotate else ""
        print(f"{game.title}: {out['games']} games, {players} seats ({', '.join(names)}{rotation})")
        for entry in range(players):
            rate, low, high = report.win_rate(entry)
            who = f"{names[entry]} (entry {entry + 1})" if report.rotate else f"seat {entry + 1} ({names[entry]})"
            print(f"  {who}: won {report.wins[entry]:g} = {rate:.1%} (95% CI {low:.1%}-{high:.1%}), "
                  f"mean score {out['mean_scores'][entry]}")
        for note, count in sorted(report.notes.items()):
            print(f"  {note}: {count}")
        for name in sorted(report.tallies):
            mean, low, high = report.tally(name)
            print(f"  {name}: {mean:.2f} per game (95% CI {low:.2f}-{high:.2f})")
        print(f"  {out['games_per_s']} games/s, {out['actions_per_s']} actions/s")
        for error in report.errors:
            print(f"  error: {error}")
    return 1 if report.errors else 0


def run_play_seat(args) -> int:
    from .plain.console import Console
    from .plain.game import PlainGame
    from .plain.program import LineChannel, Program
    from .plain.program_seat import ProgramSeat
    from .play.table import CannotSave, Seat, Table
    from .rules.bots import bot_catalogue

    game = find_game(args.game)
    players = seat_count(game, args.players)
    if not 1 <= args.seat <= players:
        fail(f"--seat must be between 1 and {players}.")
    if args.bot not in bot_catalogue(game):
        fail(f"{game.title} has no computer player {args.bot!r} (choices: {', '.join(sorted(bot_catalogue(game)))}).")
    if not 0.1 <= args.time_limit <= 3600:
        fail("--time-limit must be between 0.1 and 3600 seconds.")
    seats = [Seat(f"Computer {i + 1}", args.bot) for i in range(players)]
    seats[args.seat - 1] = Seat("Program", args.bot)
    try:
        table = Table.create(game.id, seats, {"variant": args.variant} if args.variant else {}, args.seed)
    except CannotSave as err:
        fail(str(err), 1)
    except ValueError as err:
        fail(str(err))
    if args.program is not None:
        try:
            channel = Program(args.program)
        except ValueError as err:
            fail(str(err), 1)
        console = Console()
    else:  # the protocol is on stdout: the game's lines go nowhere
        # The answers are read by a daemon thread, which may still wait in a read when
        # the game ends: on sys.stdin's buffered reader it holds the reader's lock,
        # and Python aborts at exit ("could not acquire lock for <stdin>"). An
        # unbuffered duplicate of the descriptor has no lock to hold.
        answers = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)
        channel = LineChannel(answers, sys.stdout.buffer)
        console = Console(io.StringIO(), open(os.devnull, "w", encoding="utf-8"))
    program = ProgramSeat(table, args.seat - 1, channel, args.time_limit)
    try:
        PlainGame(table, console, seed=args.seed, programs={args.seat - 1: program}).run()
    finally:
        table.close()
    return 0


def run_serve(args) -> None:
    from .net.durations import parse_duration
    from .net.on_turn import command_argv
    from .net.server import ServeError, serve
    from .net.workers.front import in_workers
    from .net.workers.pool import MOST_ASKED_WORKERS, default_count

    if not 0 <= args.port <= 65535:
        fail("--port must be between 0 and 65535.")
    if args.max_sessions < 1:
        fail("--max-sessions must be at least 1.")
    workers = default_count() if args.workers is None else args.workers
    if not 1 <= workers <= MOST_ASKED_WORKERS:
        fail(f"--workers must be from 1 to {MOST_ASKED_WORKERS}.")
    try:
        idle_timeout = parse_duration(args.idle_timeout)
    except ValueError as err:
        fail(f"--idle-timeout: {err}")
    on_turn = None
    if args.on_turn is not None:
        try:
            on_turn = command_argv(args.on_turn)
        except ValueError as err:
            fail(str(err))
    try:
        serve(
            args.host, args.port, args.host_key, args.authorized_keys, args.guests, args.max_sessions, idle_timeout,
            on_turn, None if workers == 1 else in_workers(workers),
        )  # fmt: skip
    except ServeError as err:
        fail(str(err), 1)
