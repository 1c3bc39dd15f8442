"""Korean: player utterances to intents, character lines to statements.

morph.py turns text into kiwi morphemes with the roster's names recognised; address.py
finds the people mentioned and spoken to; reading.py reads a sentence into claims;
utterance.py (parse) and statement.py (extract) interpret those for the player and for
the characters. The words themselves live in lexicon.py.
"""

from referee.lang.ko.statement import extract
from referee.lang.ko.utterance import parse

__all__ = ["extract", "parse"]
