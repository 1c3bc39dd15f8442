"""Audit a game run elsewhere: a plain-text chat or a native event log, read into turns.

Pure: the caller reads the file. Player messages are parsed by the referee's parser (so a
bare yes or no in the reply can be read against the question asked), game-master messages
by `evals.reading`; `evals.scorers.score` then judges the turns.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product
from math import prod

from evals.chat import Chat, Message
from evals.observed import Turn
from evals.reading import answered_question, read_notes, read_turn, read_verdict
from evals.scorers import Score, score
from gm.recorder import Log
from gm.recorder import turns as recorded_turns
from referee.errors import CommitmentError
from referee.lang import Context, detect, parse
from referee.lang.incident import INCIDENTS, Incident, Lang, incident
from referee.liar.codec import intent_from_json
from referee.liar.commitment import verify
from referee.liar.game import Rules
from referee.liar.intent import Confirm, Guess, Intent, Other, Question, Remark, Unclear
from referee.liar.world import Roster, World


@dataclass(frozen=True)
class Uncertain:
    """A player's line with more than one reading that fits the replies, on which a finding
    depends: the finding is left out of the score and the line listed, with why."""

    line: int
    text: str
    why: str


@dataclass(frozen=True)
class Audit:
    """What an audit found: the turns read, their score, and for a native log whether the
    revealed secret opens the commitment shown at the start. A chat's score holds only the
    findings true under every reading of the player's lines that fits the replies; the
    lines the others depend on are `uncertain`."""

    format: str
    lang: Lang
    turns: tuple[Turn, ...]
    score: Score
    commitment_ok: bool | None = None
    uncertain: tuple[Uncertain, ...] = ()


@dataclass(frozen=True)
class Reading:
    """One way to read a player's line that its reply admits: the turn it gives, and how."""

    turn: Turn
    how: str


MAX_COMBINATIONS = 512
"""The most combinations of readings an audit tries; past it every finding is uncertain."""

MAX_TURNS_SCORED = 32_768
"""The most turns scored over all combinations, so that a long chat stays linear in time:
a chat of 64 turns has its 512 combinations tried, one of 1,000 turns 32."""

FINDINGS = ("contradiction", "count error", "wrong verdict", "leak", "changed secret")


def guess_incident(text: str, lang: Lang) -> Incident:
    """The incident the chat is about: the one whose noun it mentions most (cake if none)."""
    return max(INCIDENTS.values(), key=lambda i: (text.count(i.noun[lang]), i.key == "cake"))


def readings(text: str, reply: str, ctx: Context, line: int,
             pending: Question | None) -> tuple[Reading, ...]:
    """The readings of one player line that its reply admits: the parser's, and
    - a guess whose names could not be read when the reply judges it and holds no answer
      (instead of the parser's reading when that was a remark, not a question, unreadable);
    - an open question answered at once (no cost stated first), asking all it asks;
    - the question the reply's answers answer, for an answered line the parser read as no
      question nor guess, as a yes to a cost no reply stated, or as an open question;
    - nothing charged, for a question or guess refgm's own reply says was not charged."""
    intent = parse(text, Context(ctx.roster, ctx.incident, ctx.lang,
                                 pending=pending is not None)).intent
    lang = ctx.lang or "en"
    parsed = read_turn(text, intent, reply, ctx, line, pending)
    verdict = read_verdict(unicodedata.normalize("NFKC", reply), lang, ctx.roster)
    notes = read_notes(reply, lang, ctx.roster)
    out = [Reading(parsed, f"as the parser reads it ({_kind(intent)})")]
    if verdict is not None and not isinstance(intent, Guess) and not parsed.statements:
        judged = read_turn(text, Unclear(), reply, ctx,
                           line, judged=True)
        shown = "correct" if verdict else "incorrect"
        guess = Reading(judged, f"as a guess (the reply says {shown})")
        out = [guess] if isinstance(intent, (Remark, Other, Unclear)) else [*out, guess]
    answered_open = False
    if isinstance(intent, Question) and intent.open and parsed.statements:
        answered_open = True
        now = Question(intent.queries)
        out.append(Reading(read_turn(text, now, reply, ctx, line),
                           f"as a question answered at once (costing {now.cost})"))
    unasked = isinstance(intent, Confirm) and pending is None
    if (unasked or answered_open or not isinstance(intent, (Question, Confirm, Guess))) and \
            parsed.verdict is None:
        asked = answered_question(reply, ctx)
        if asked is not None:
            out.append(Reading(read_turn(text, asked, reply, ctx, line),
                               f"as a question (the reply answers {asked.cost})"))
    if notes & {"free", "final"} and isinstance(intent, (Question, Guess)):
        out.append(Reading(read_turn(text, Remark(), reply, ctx, line),
                           "as nothing charged (refgm's reply says so)"))
    return tuple(out)


def _kind(intent: Intent) -> str:
    if isinstance(intent, Question):
        return f"a question costing {intent.cost}"
    return {Guess: "a guess", Confirm: "a yes/no to a cost", Remark: "a remark",
            Other: "not a question", Unclear: "unreadable"}.get(type(intent), "a count request")


def audit_chat(chat: Chat, rules: Rules = Rules(), lang: Lang | None = None,
               about: Incident | None = None) -> Audit:
    """Read a chat's exchanges: each player message with the game-master messages after it,
    in every reading the replies admit, and keep the findings true in all that fit."""
    players = " ".join(m.text for m in chat.messages if m.role == "player")
    lang = lang or detect(players)
    everything = "\n".join(m.text for m in chat.messages)
    ctx = Context(roster=rules.roster, incident=about or guess_incident(everything, lang),
                  lang=lang)
    lines: list[tuple[Message, tuple[Reading, ...]]] = []
    pending: Question | None = None
    for message, replies in _exchanges(chat.messages):
        reply = "\n".join(m.text for m in replies)
        found = readings(message.text, reply, ctx,
                         replies[0].line if replies else message.line, pending)
        first = found[0].turn
        intent = first.intent
        pending = intent if isinstance(intent, Question) and intent.open and \
            not first.statements else None
        lines.append((message, found))
    return _resolve(lines, rules, lang)


def _errors(s: Score) -> dict[str, bool]:
    """Which kinds of finding a score holds."""
    return {"contradiction": s.contradiction is not None, "count error": bool(s.count_errors),
            "wrong verdict": bool(s.wrong_verdicts), "leak": bool(s.leaks),
            "changed secret": s.reveal_fits is False}


def _resolve(lines: list[tuple[Message, tuple[Reading, ...]]], rules: Rules,
             lang: Lang) -> Audit:
    """Score every combination of readings; those with the fewest count errors fit the
    replies. A finding is kept when every fitting combination holds it; else it is dropped
    and each line read in more than one way among them is listed as uncertain."""
    options = [found for _, found in lines]
    total = prod(len(found) for found in options)
    most = min(MAX_COMBINATIONS, MAX_TURNS_SCORED // max(len(options), 1))
    if total > most:
        only = tuple(found[0].turn for found in options)
        return _audit(only, _clear(score(only, rules), FINDINGS), lang, tuple(
            Uncertain(message.line, message.text,
                      f"{total} combinations of readings, too many to try (at most "
                      f"{most} for {len(options)} lines): no finding is certain")
            for message, found in lines if len(found) > 1))
    scored = [(choice, score(tuple(r.turn for r in choice), rules))
              for choice in product(*options)]
    fewest = min(len(s.count_errors) for _, s in scored)
    fitting = [(choice, s) for choice, s in scored if len(s.count_errors) == fewest]
    held = [_errors(s) for _, s in fitting]
    unsure = tuple(kind for kind in FINDINGS
                   if any(h[kind] for h in held) and not all(h[kind] for h in held))
    choice, best = fitting[0]
    uncertain: list[Uncertain] = []
    if unsure:
        for i, (message, _) in enumerate(lines):
            hows = list(dict.fromkeys(c[i].how for c, _ in fitting))
            if len(hows) > 1:
                uncertain.append(Uncertain(message.line, message.text, (
                    f"read {' or '.join(hows)}; {', '.join(unsure)} only in some readings")))
    return _audit(tuple(r.turn for r in choice), _clear(best, unsure), lang, tuple(uncertain))


def _clear(s: Score, kinds: tuple[str, ...]) -> Score:
    """`s` without the findings of `kinds` (those not certain)."""
    return replace(
        s,
        contradiction=None if "contradiction" in kinds else s.contradiction,
        count_errors=() if "count error" in kinds else s.count_errors,
        wrong_verdicts=() if "wrong verdict" in kinds else s.wrong_verdicts,
        leaks=() if "leak" in kinds else s.leaks,
        reveal_fits=None if "changed secret" in kinds and s.reveal_fits is False
        else s.reveal_fits,
    )


def _audit(turns: tuple[Turn, ...], s: Score, lang: Lang,
           uncertain: tuple[Uncertain, ...]) -> Audit:
    return Audit("chat", lang, turns, s, uncertain=uncertain)


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
