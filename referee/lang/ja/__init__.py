"""Japanese: the player's utterances read into intents, the characters' lines into statements.

SudachiPy (sudachidict_core) does the morphology, so conjugations and politeness levels
(食べた, 食べましたか, 食べていない, 食べませんでした, 召し上がった) reduce to one lemma
and a count of negators; roster names are matched before it (see `tokens`).
"""

from referee.lang.ja.extractor import extract
from referee.lang.ja.parser import parse

__all__ = ["extract", "parse"]
