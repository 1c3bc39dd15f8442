"""The liar game ("find the liar"): world, propositions, intents, verdicts, game, knowledge."""

from referee.liar.commitment import commit, verify
from referee.liar.game import GameState, Rules, adjudicate, new_game, play, step
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.proposition import (
    Atom,
    Not,
    Predicate,
    Proposition,
    Says,
    answer,
    as_literal,
    literal,
    truth,
)
from referee.liar.verdict import Answered, GuessVerdict, Reveal, Verdict
from referee.liar.world import Roster, World, all_worlds, draw_world

__all__ = [
    "Answered",
    "Atom",
    "Confirm",
    "CountQuery",
    "GameState",
    "Guess",
    "GuessVerdict",
    "Intent",
    "Not",
    "Other",
    "Predicate",
    "Proposition",
    "Query",
    "Question",
    "Remark",
    "Reveal",
    "Roster",
    "Rules",
    "Says",
    "Unclear",
    "Verdict",
    "World",
    "adjudicate",
    "all_worlds",
    "answer",
    "as_literal",
    "commit",
    "draw_world",
    "literal",
    "new_game",
    "play",
    "step",
    "truth",
    "verify",
]
