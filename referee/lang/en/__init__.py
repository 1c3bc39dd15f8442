"""English: the player's utterances to intents, the characters' lines to statements.

`words` normalises text into sentences of tokens, `clause` reads one clause into claims,
`utterance` builds the player's intent and `lines` the statements of characters' lines.
"""

from referee.lang.en.lines import extract
from referee.lang.en.utterance import parse

__all__ = ["extract", "parse"]
