"""Audit a game run elsewhere: a plain-text chat or a native event log, read into turns.

Pure: the caller reads the file. Player messages are parsed by the referee's parser (so a
bare yes or no in the reply can be read against the question asked), game-master messages
by `evals.reading`; `evals.scorers.score` then judges the turns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from evals.chat import Chat, Message
from evals.observed import Turn
from evals.reading import read_turn
from evals.scorers import Score, score
from gm.transcript import Log, intent_from_json
from gm.transcript import turns as recorded_turns
from referee.errors import CommitmentError
from referee.lang import Context, detect, parse
from referee.lang.incident import INCIDENTS, Incident, Lang, incident
from referee.liar.commitment import verify
from referee.liar.game import Rules
from referee.liar.intent import Question
from referee.liar.world import Roster, World


@dataclass(frozen=True)
class Audit:
    """What an audit found: the turns read, their score, and for a native log whether the
    revealed secret opens the commitment shown at the start."""

    format: str
    lang: Lang
    turns: tuple[Turn, ...]
    score: Score
    commitment_ok: bool | None = None


def guess_incident(text: str, lang: Lang) -> Incident:
    """The incident the chat is about: the one whose noun it mentions most (cake if none)."""
    return max(INCIDENTS.values(), key=lambda i: (text.count(i.noun[lang]), i.key == "cake"))


def audit_chat(chat: Chat, rules: Rules = Rules(), lang: Lang | None = None,
               about: Incident | None = None) -> Audit:
    """Read a chat's exchanges: each player message with the game-master messages after it."""
    players = " ".join(m.text for m in chat.messages if m.role == "player")
    lang = lang or detect(players)
    everything = "\n".join(m.text for m in chat.messages)
    ctx = Context(roster=rules.roster, incident=about or guess_incident(everything, lang),
                  lang=lang)
    turns: list[Turn] = []
    pending: Question | None = None
    for message, replies in _exchanges(chat.messages):
        reply = "\n".join(m.text for m in replies)
        intent = parse(message.text, Context(ctx.roster, ctx.incident, lang,
                                             pending=pending is not None)).intent
        turn = read_turn(message.text, intent, reply, ctx,
                         line=replies[0].line if replies else message.line, pending=pending)
        pending = intent if isinstance(intent, Question) and intent.open and not turn.statements \
            else None
        turns.append(turn)
    return Audit("chat", lang, tuple(turns), score(tuple(turns), rules))


def _exchanges(messages: tuple[Message, ...]) -> Iterator[tuple[Message, list[Message]]]:
    """Each player message with the game-master messages up to the next one, in one pass."""
    player: Message | None = None
    replies: list[Message] = []
    for message in messages:
        if message.role == "player":
            if player is not None:
                yield player, replies
            player, replies = message, []
        elif player is not None:
            replies.append(message)
    if player is not None:
        yield player, replies


def audit_log(log: Log) -> Audit:
    """Read a native log: the recorded intents and the text shown, and the reveal it ends with."""
    started = log.events[0].data
    config = started.get("config", {})
    lang: Lang = config.get("lang", "en")
    rules = Rules(Roster(tuple(config.get("roster", ("A", "B", "C")))), int(config.get("budget", 7)))
    ctx = Context(roster=rules.roster, incident=incident(config.get("incident", "cake")), lang=lang)
    turns: list[Turn] = []
    pending: Question | None = None
    for recorded in recorded_turns(log):
        if recorded.player is None or recorded.intent is None:
            continue
        intent = intent_from_json(recorded.intent.data["intent"])
        reply = str(recorded.gm.data.get("text", "")) if recorded.gm else ""
        line = recorded.gm.line if recorded.gm else recorded.player.line
        turn = read_turn(str(recorded.player.data.get("text", "")), intent, reply, ctx, line,
                         pending)
        pending = intent if isinstance(intent, Question) and intent.open else None
        turns.append(turn)
    ended = log.first("game_ended")
    revealed, opened = None, None
    if ended is not None:
        revealed = World(**ended.data["secret"])
        try:
            opened = verify(str(started.get("commitment", "")), revealed, str(ended.data["nonce"]))
        except CommitmentError:
            opened = False
    return Audit("native", lang, tuple(turns), score(tuple(turns), rules, revealed=revealed),
                 opened)
