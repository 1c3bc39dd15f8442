"""Korean: player utterances to intents, character lines to statements (kiwi morphemes)."""

from referee.lang.ko.statement import extract
from referee.lang.ko.utterance import parse

__all__ = ["extract", "parse"]
