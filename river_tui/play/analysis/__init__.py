"""After the game: where each seat lost points, decision by decision.

Every decision of a finished game (a seat to act with more than one legal move)
is looked at again from that seat's view at that time (`Game.view`: never what
it could not see) by the hard level's search (`Search.appraise`, in a worker
process where asked): the seat's expected final points with the search's best
move and with the move played, in the game's own points. The difference is
what the move lost; losses past a game's thresholds are marked in three grades
(`JUDGING`, docs/analysis.md). Decisions are analysed in the order they were
played and kept as each is done (``NAME.analysis.json`` beside the save,
`file`), so a stopped analysis resumes where it stopped and a
finished one is read back instead of computed again.
"""

from .decision import GRADE_NAMES, JUDGING, MARKS, Decision, Judging, judging_of
from .run import LEVEL, Analysis, analyse, decisions_of, judge
from .words import SeatSummary, as_json, better_words, decision_line, mark_words, summaries, summary_lines

__all__ = [
    "GRADE_NAMES", "JUDGING", "LEVEL", "MARKS", "Analysis", "Decision", "Judging", "SeatSummary",
    "analyse", "as_json", "better_words", "decision_line", "decisions_of", "judge", "judging_of", "mark_words", "summaries",
    "summary_lines",
]
