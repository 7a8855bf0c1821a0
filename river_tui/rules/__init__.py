"""The games' rules: pure Python, never the UI (an import-linter contract says so).

Shared by every game:
    core.py            the Game contract, Result, IllegalAction, Bot, action encoding
    rng.py             the seeded RNG a state carries (dice, shuffles, draws)
    changes.py         what a move changed as one seat sees it; the "since your turn" summary
    voice.py           a move told in the log's past or as a hint's advice (Voice)
    registry.py        the games by id (GAMES: one line per game) and get_game
    bots/              the game-independent search (ISMCTS, rollouts, levels, worker process)

Every game is a package <game>/ with the same files for the same roles:
    __init__.py        what the game is, its rule-step modules; GAME = <Name>Game()
    game.py            <Name>Game, the Game contract: checks who may act and hands each
                       action to its rule step; view, result and narration delegate
    state.py           the state dataclass(es), the phases and the variants' ids
    actions.py         the actions (small frozen dataclasses) and ACTION_TYPES
    components.py      the printed components and every number chosen for them
                       (docs/components.md)
    setup.py           set_up(seats, ..., seed): the rulebook's setup
    legal.py           legal_actions(state, seat): what a seat may do now
    <section>.py       the rule steps, one module per rulebook section, named after it,
                       one function per step (listed in the game's __init__.py)
    scoring.py         the final scoring: result(state), the Result with its breakdown
    narration.py       log lines (describe, events), summary HEADINGS, changes(before,
                       after, actor) in the game's words
    bots.py            BOTS: the game's own computer players (greedy, random)
    search_hints.py    HINTS: what the search (bots/) needs from the game
                       (bots/hints.py: SearchHints)
    determinize.py     determinize(view, seat, rng): what a seat's view hides, filled in
and where a game needs them:
    preview.py         what a move would do, for the screen's preview before Enter
    <component>.py     the geometry or encoding of a printed component the steps share
                       (board.py, pieces.py, bag.py)
    evaluation.py      how well a seat stands, for bots.py and search_hints.py

game.py imports the rule steps, never the reverse; bots.py, search_hints.py and
determinize.py sit on the rules and no rule step imports them (game.py's bots()
loads bots.py when asked). The import graph of rules/ has no cycles.

A new game: its package as above, one GameEntry line in registry.GAMES.
"""
