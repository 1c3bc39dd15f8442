"""Audit a game run elsewhere: a plain-text chat or a native event log, read into turns.

Pure: the caller reads the file. Player messages are parsed by the referee's parser (so a
bare yes or no in the reply can be read against the question asked), game-master messages
by `evals.reading`; `evals.scorers.score` then judges the turns.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product
from math import prod
from typing import Literal

from evals.chat import Chat, Message
from evals.observed import Claim, Role, Turn
from evals.reading import (
    answered_question,
    names_said,
    read_notes,
    read_turn,
    read_verdict,
    role_nouns,
    roles_named,
)
from evals.scorers import Score, score
from gm.recorder import Log
from gm.recorder import turns as recorded_turns
from referee.errors import CommitmentError
from referee.lang import Context, detect, parse
from referee.lang.incident import INCIDENTS, LANGS, Incident, IncidentError, Lang, Verb, incident_from_json
from referee.lang.ja.tokens import NOT_OBJECTS as JA_NOT_OBJECTS
from referee.lang.ja.tokens import objects as ja_objects
from referee.lang.ko.morph import objects as ko_objects
from referee.lang.pause import joined
from referee.lang.taken_back import taken_back
from referee.liar.codec import intent_from_json
from referee.liar.commitment import verify
from referee.liar.game import Rules
from referee.liar.intent import Confirm, Guess, Intent, Other, Question, Remark, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.world import Roster, World


@dataclass(frozen=True)
class Uncertain:
    """A player's line with more than one reading that fits the replies, on which a finding
    depends: the finding is left out of the score and the line listed, with why."""

    line: int
    text: str
    why: str


@dataclass(frozen=True)
class Found:
    """The incident an audit read a chat as being about, and how it knew: `given` (the
    caller named it), `named` (the chat's opening names it: "the last brownie", "마지막
    마카롱", "最後のたい焼き") or `assumed` (none named: the built-in one mentioned most)."""

    incident: Incident
    how: Literal["given", "named", "assumed"]


@dataclass(frozen=True)
class Audit:
    """What an audit found: the turns read, their score, and for a native log whether the
    revealed secret opens the commitment shown at the start. A chat's score holds only the
    findings true under every reading of the player's lines that fits the replies; the
    lines the others depend on are `uncertain`. `closing_names`: the suspects the game
    master's last message names, whose words a reveal not read may hold."""

    format: str
    lang: Lang
    turns: tuple[Turn, ...]
    score: Score
    commitment_ok: bool | None = None
    uncertain: tuple[Uncertain, ...] = ()
    found: Found | None = None
    closing_names: frozenset[str] = frozenset()


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


# The opening's object: "the last X" (or "the last slice of X"), "마지막 (남은) X", "最後の X",
# or the act told outright ("someone drank the lemonade", "바나나우유를 누가 마셨", "麦茶を飲んだ",
# "who broke the snow globe", "電卓を持っていった"; Korean objects are read by kiwi).
# What an English object may be served in, before its name: "the last slice of pizza", "drank
# the mug of hot cocoa" (the cocoa, not the mug).
_EN_SERVING = (r"(?:(?:piece|slice|bite|bottle|glass|can|cup|mug|carton|box|bar|scoop|bowl|jar|pitcher|plate|pot"
               r"|pack|packet|bag)\s+of\s+(?:the\s+)?)?")
_OPENING: dict[Lang, tuple[str, ...]] = {
    "en": (
        r"\blast\s+" + _EN_SERVING + r"(?P<noun>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})",
        r"\b(?:ate|drank|finished|eaten|drunk|eat|drink|broke|broken|smashed|took|taken|stole|stolen|hid|hidden"
        r"|break|smash|take|steal|hide)\s+(?:the|our|my|all\s+the)\s+" + _EN_SERVING
        + r"(?P<noun>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})",
    ),
    "ja": (
        r"最後(?:の|に残った|に残っていた|の(?:一つ|ひとつ|1つ|一個|1個|一切れ|一本|1本)の)\s*"
        r"(?P<noun>[ァ-ヶー]+|[一-龥ぁ-ゖ]+?(?=を|が|は|も|、|。|$))",
        r"(?P<noun>[ァ-ヶー]+|[一-龥]+)を\s*(?:(?:誰か|だれか|こっそり)が?\s*)?"
        r"(?:食べ|飲ん|割っ|割り|割ら|壊し|壊さ|持って|持ち出|持ち去|盗ん|盗ま|隠し|隠さ)",
    ),
}
_NOT_NOUNS = frozenset(
    """question questions chance time turn one answer guess round word minute piece slice bit
    person people thing night week day someone somebody drop crumb bite sip""".split()
)
_EN_TAIL = frozenset(
    """in on at from that which who and or was is were has had got left gone disappeared of for
    with this today yesterday someone somebody it the a an but so went vanished missing by""".split()
)
# The words of each act, to tell which one a chat's incident is: the most said in the opening
# (the preamble and the game master's first two messages), else in the whole chat; eating
# when none is said.
_ACT_WORDS: dict[Lang, dict[Verb, str]] = {
    "en": {"eat": r"\b(?:ate|eat|eats|eaten|eating)\b",
           "drink": r"\b(?:drank|drink|drinks|drinking|drunk|sip|sipped)\b",
           "break": r"\b(?:broke|break|breaks|broken|breaking|smash(?:ed|es|ing)?|shatter(?:ed|s|ing)?)\b",
           "take": r"\b(?:took|taken|stole|steal|steals|stolen|stealing|swiped|nicked|pinched)\b",
           "hide": r"\b(?:hid|hide|hides|hidden|hiding|stash(?:ed|es)?)\b"},
    "ko": {"eat": r"먹|드셨|드신", "drink": r"마시|마셨|마신",
           "break": r"깨뜨|깨트|깨졌|깨진|부쉈|부수|부순|망가",
           "take": r"가져가|가져갔|가져간|훔쳤|훔치|훔친|(?:들고|가지고|챙겨)\s*(?:갔|간)",
           "hide": r"숨겼|숨기|숨긴|감췄|감추|감춘"},
    "ja": {"eat": r"食べ|食っ", "drink": r"飲",
           "break": r"割っ|割り|割れ|割ら|壊",
           "take": r"持って(?:い|行)|持ってっ|持ち出|持ち去|盗",
           "hide": r"隠"},
}


def _opening(messages: tuple[Message, ...]) -> list[str]:
    """The game master's opening: its first two messages, and any more before the player's
    next one (a share that labels each line of one message: "司会：では始めます。" / "司会：事件：…")."""
    gm = [k for k, m in enumerate(messages) if m.role == "gm"]
    if not gm:
        return []
    run = list(itertools.takewhile(lambda m: m.role == "gm", messages[gm[0]:]))
    return [m.text for m in run] if len(run) > 2 else [messages[k].text for k in gm[:2]]


def _act_said(texts: tuple[str, ...], lang: Lang) -> Verb:
    """The act the first of `texts` that says any says most (eating on a tie with it)."""
    for text in texts:
        said = {verb: len(re.findall(words, text, re.IGNORECASE)) for verb, words in _ACT_WORDS[lang].items()}
        best = max(said, key=lambda verb: (said[verb], verb == "eat"))
        if said[best]:
            return best
    return "eat"


def find_incident(chat: Chat, lang: Lang, given: Incident | None = None) -> Found:
    """The incident a chat is about: `given`, else the object its opening names (any food,
    drink or object, built in or not) with the act said of it, else the built-in one it mentions most (cake if none)."""
    if given is not None:
        return Found(given, "given")
    everything = "\n".join(m.text for m in chat.messages)
    opening = "\n".join((chat.preamble, *_opening(chat.messages)))
    noun = _named(opening, lang) or _named(
        "\n".join(m.text for m in chat.messages if m.role == "player"), lang)
    if noun is not None:
        known = next((i for i in INCIDENTS.values() if i.noun[lang].casefold() == noun.casefold()), None)
        if known is not None:
            return Found(known, "named")
        verb = _act_said((opening, everything), lang)
        key = re.sub(r"[^a-z0-9]+", "-", noun.casefold()).strip("-")[:32] if lang == "en" else "chat"
        try:
            return Found(Incident(key or "chat", verb, dict.fromkeys(LANGS, noun)), "named")
        except IncidentError:
            pass  # a name no incident may have (too long, punctuation): as if none were named
    built_in = max(INCIDENTS.values(), key=lambda i: (everything.count(i.noun[lang]), i.key == "cake"))
    return Found(built_in, "named" if built_in.noun[lang] in everything else "assumed")


def _named(text: str, lang: Lang) -> str | None:
    """The object `text` names most often in the opening's shapes, the first on a tie."""
    shaped = [n for shape in _OPENING.get(lang, ()) for m in re.finditer(shape, text, re.IGNORECASE)
              if (n := _noun(m.group("noun"), lang))]
    read = {"ko": ko_objects, "ja": ja_objects}.get(lang)
    nouns = [*(read(text) if read else ()), *shaped]  # the tokenizer's whole compound first ("抹茶ラテ")
    return max(dict.fromkeys(nouns), key=nouns.count) if nouns else None


def _noun(found: str, lang: Lang) -> str | None:
    """The object's name in a match: without the words after it ("brownie in the kitchen"),
    or None for a word that names no object ("the last question")."""
    if lang == "en":
        words = found.casefold().split()
        words = words[:next((i for i, w in enumerate(words) if i and w in _EN_TAIL), len(words))]
        noun = " ".join(words)
        return None if words[0] in _NOT_NOUNS or words[-1] in _NOT_NOUNS else noun
    return found if found not in JA_NOT_OBJECTS else None


def readings(text: str, reply: str, ctx: Context, line: int,
             pending: Question | None) -> tuple[Reading, ...]:
    """The readings of one player line that its reply admits: the parser's, and
    - a guess whose names could not be read when the reply judges it and holds no answer
      (instead of the parser's reading when that was a remark, not a question, unreadable),
      or the guess its last sentence makes or asks to be confirmed, read alone;
    - an open question answered at once (no cost stated first), asking all it asks;
    - the question the reply's answers answer, for an answered line the parser read as no
      question nor guess, as a yes to a cost no reply stated, or as an open question; and the
      question its last sentence asks, for a line the parser could not read;
    - nothing charged, for a question or guess refgm's own reply says was not charged."""
    intent = parse(text, Context(ctx.roster, ctx.incident, ctx.lang,
                                 pending=pending is not None)).intent
    if _part_unread(text, intent, ctx):
        intent = Unclear(Problem(Why.PART_UNREAD))
    lang = ctx.lang or "en"
    parsed = read_turn(text, intent, reply, ctx, line, pending)
    verdict = read_verdict(unicodedata.normalize("NFKC", reply), lang, ctx.roster)
    notes = read_notes(reply, lang, ctx.roster)
    out = [Reading(parsed, f"as the parser reads it ({_kind(intent)})")]
    pieces = _pieces(joined(text, lang, ctx.roster))  # not cut at a pause before a name ("嘘つきは…Aさん")
    last = parse(pieces[-1], ctx).intent if len(pieces) > 1 else None  # the last sentence, read alone
    if verdict is not None and not isinstance(intent, Guess) and not parsed.statements:
        shown = "correct" if verdict else "incorrect"
        concluded = _concluded(pieces, last, ctx) if isinstance(intent, (Remark, Other, Unclear)) else None
        if concluded is not None:
            guess = Reading(read_turn(text, concluded, reply, ctx, line),
                            f"as the guess its last sentence makes (the reply says {shown})")
        else:
            guess = Reading(read_turn(text, Unclear(), reply, ctx, line, judged=True),
                            f"as a guess (the reply says {shown})")
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
        if isinstance(intent, Unclear) and isinstance(last, Question) and not last.open:
            out.append(Reading(read_turn(text, last, reply, ctx, line),
                               f"as the question its last sentence asks (costing {last.cost})"))
        asked = answered_question(reply, ctx)
        if asked is not None:
            out.append(Reading(read_turn(text, asked, reply, ctx, line),
                               f"as a question (the reply answers {asked.cost})"))
    if notes & {"free", "final"} and isinstance(intent, (Question, Guess)):
        out.append(Reading(read_turn(text, Remark(), reply, ctx, line),
                           "as nothing charged (refgm's reply says so)"))
    return tuple(out)


_LAST = re.compile(r"(?<=[。！？…])|(?<=[.!?])\s+|\n")  # Japanese puts no space after a sentence

# A guess put to the game master as a question that asks to be confirmed: "범인은 C님이죠?",
# "Bさんが食べたんですよね？", "犯人はCさんで合ってますか？", "C ate it, right?". The tag is
# replaced by a plain ending, so the parser reads the guess it confirms.
_CONFIRMING: dict[Lang, tuple[str, str]] = {
    "ko": (r"(?:죠|지요|지|(?:이|가)?\s*맞(?:죠|지요|나요|아요|습니까|지))\s*[?？]+\s*$", "지."),
    "ja": (r"\s*(?:(?:ん|の)?(?:です|でしょう|でしょ|だ)?よね|で(?:合って|あって)(?:ます|る)(?:か|よね)?"
           r"|ですか|でしょう(?:か)?|でしょ)\s*[?？]+\s*$", "。"),
    "en": (r",?\s*(?:right|correct|yes|yeah|no|isn'?t\s+(?:it|he|she)|aren'?t\s+they|didn'?t\s+(?:he|she|they)"
           r"|wasn'?t\s+(?:it|he|she))\s*[?？]+\s*$", "."),
}


# The frames a judged line hedges or declares its guess in: "I think C is the liar", "거짓말쟁이는
# C라고 할게", "犯人はCでしょ", "Cさんが嘘つきだと思う". Once the reply judges the line, it was taken
# as a guess, and the guess is the frame's content: the frame is dropped and the rest read.
_FRAMED: dict[Lang, tuple[str, str]] = {
    "ko": (r"\s*(?:(?:이)?라고|(?:으)?로)\s*(?:할게요|할게|할래요|할래|하겠습니다|답할게요|답할게)[.!]*\s*$"
           r"|\s*(?:인|인\s*것)\s*같아(?:요)?[.!]*\s*$", "."),
    "ja": (r"\s*(?:でしょ(?:う)?|だと思う|だと思います|と思う|と思います|かな)[。!！]*\s*$", "。"),
    "en": (r"^\s*(?:i\s+think|i\s+guess|i'?d\s+say|i'?ll\s+say|i'?m\s+going\s+with|i'?ll\s+go\s+with)\s+(?:that\s+)?", ""),
}


_MUSED: dict[Lang, str] = {
    "ko": r"^\s*(?:음+|흠+|으음+|좋아|그럼|자|에라\s*모르겠다)\s*[,.…~!]+\s*",
    "ja": r"^\s*(?:う[ーん〜~]+|ん[ーん〜~]+|えー?と|よし|じゃあ|では|うむ)\s*[、,.…。！!〜~ー]*\s*",
    "en": r"^\s*(?:hm+|um+|uh+|okay|ok|well|alright|right)\s*[,.…!]+\s*",
}
"""A musing word a judged guess opens with ("うーん、犯人はCさん、嘘つきはAさん！"): the parser
reads the line as thinking aloud, the reply as the answer it was."""


def _pieces(text: str) -> list[str]:
    """The sentences of a line or reply (the question a line asks after a conclusion, "so B
    is the liar. C, did you drink it?", is its last: the parser will not split a guess and a
    question)."""
    return [piece for piece in _LAST.split(text.strip()) if piece.strip()]


def _concluded(pieces: list[str], last: Intent | None, ctx: Context) -> Guess | None:
    """The guess a judged line makes that the parser does not read whole: its last sentence
    (`last`, read alone), after reasons ("so A is honest. it's B or C\ngonna gamble on the
    culprit first: C ate it"), a guess asked to be confirmed ("범인은 C님이죠?"), or one hedged
    or declared in a frame ("I think C is the liar", "거짓말쟁이는 C라고 할게"), read alone as a
    plain guess. Not a guess of one part when a sentence before it names someone with the
    other role ("범인은 A고… 거짓말쟁이는 B인 것 같아요" is no guess of the liar alone)."""
    guess = _last_guess(pieces, last, ctx)
    if guess is None or (guess.culprit is not None and guess.liar is not None):
        return guess
    missing: Role = "liar" if guess.liar is None else "culprit"
    before = " ".join(pieces[:-1])
    lang = ctx.lang or "en"
    return None if missing in roles_named(before, lang) and names_said(before, lang, ctx.roster) else guess


def _last_guess(pieces: list[str], last: Intent | None, ctx: Context) -> Guess | None:
    """The guess the last sentence makes, read alone, plainly or without its frame; or the one
    made before an afterthought that names no one (`_before_afterthought`)."""
    if isinstance(last, Guess):
        return last
    if not pieces:
        return None
    lang = ctx.lang or "en"
    ended, guessed = pieces[-1], _before_afterthought(pieces, ctx)
    for sentence in (ended, guessed) if guessed else (ended,):
        bare = re.sub(_MUSED[lang], "", sentence, flags=re.IGNORECASE)
        tries = [said for said in dict.fromkeys((sentence, bare)) if said != pieces[-1]]
        for tag, plain in (_CONFIRMING[lang], _FRAMED[lang]):
            tries += [tagless for said in dict.fromkeys((sentence, bare))
                      if (tagless := re.sub(tag, plain, said, flags=re.IGNORECASE)) != said]
        for said in tries:
            intent = parse(said, ctx).intent
            if isinstance(intent, Guess) and (sentence is ended or _fits_afterthought(pieces, sentence, ctx)):
                return intent
    return None


_CLAUSE_CUT = re.compile(r"(?<=[,、，])")


def _before_afterthought(pieces: list[str], ctx: Context) -> str | None:
    """The line up to its last name, when what follows names no one: the guess before an
    afterthought ("거짓말쟁이는 C 맞지? 일단 거짓말쟁이만", "so the liar is C, im like 90% sure").
    None when nothing follows the last name, or when no sentence names anyone."""
    lang = ctx.lang or "en"
    for i in range(len(pieces) - 1, -1, -1):
        if names_said(pieces[i], lang, ctx.roster):
            clauses = _CLAUSE_CUT.split(pieces[i])
            while clauses and not names_said(clauses[-1], lang, ctx.roster):
                clauses.pop()
            said = "".join(clauses).rstrip(",、， ")
            return said if said.strip() != pieces[-1].strip() else None
    return None


def _fits_afterthought(pieces: list[str], guessed: str, ctx: Context) -> bool:
    """Whether the afterthought after a guess leaves it as read: it takes nothing back (the
    referee's rule, `taken_back`) and adds no role by "too" ("일단 거짓말쟁이만" after the liar
    leaves it; "거짓말쟁이도요" after the culprit does not)."""
    lang = ctx.lang or "en"
    whole = " ".join(pieces)
    if taken_back(whole, lang, ctx.roster):
        return False
    start = whole.find(guessed)
    after = whole[start + len(guessed):] if start >= 0 else whole
    return re.search(_ALSO[lang].format(roles=role_nouns(lang)), after, re.IGNORECASE) is None


_ALSO: dict[Lang, str] = {
    "ko": r"(?:{roles})\s*도",
    "ja": r"(?:{roles})\s*も",
    "en": r"\b(?:{roles})\b,?\s*(?:too|also|as\s+well)\b|\balso\b[^.!?]*\b(?:{roles})\b",
}
"""A role added to the guess by "too" ("범인은 B 맞죠? 거짓말쟁이도요"): the guess read before it would lose it."""


def _told(reply: str, ctx: Context) -> tuple[Claim, ...]:
    """What the game master's opening says outright of who did it, before any question, where
    no character has spoken yet: each sentence the referee's parser reads as a guess ("사건:
    마지막 밀크티를 C씨가 마셔 버렸습니다!"); "One of A, B and C ate it" names no one."""
    told: list[Claim] = []
    for sentence in _pieces(reply):
        intent = parse(sentence, ctx).intent
        if isinstance(intent, Guess):
            roles: tuple[tuple[Role, str | None], ...] = (("culprit", intent.culprit), ("liar", intent.liar))
            told += [Claim(role, name, sentence.strip()) for role, name in roles if name is not None]
    return tuple(told)


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
    about_found = find_incident(chat, lang, about)
    ctx = Context(roster=rules.roster, incident=about_found.incident, lang=lang)
    lines: list[tuple[Message, tuple[Reading, ...]]] = []
    pending: Question | None = None
    opened = False
    reply = ""
    for message, replies in _exchanges(chat.messages):
        reply = "\n".join(m.text for m in replies)
        found = readings(message.text, reply, ctx,
                         replies[0].line if replies else message.line, pending)
        opened = opened or any(r.turn.statements or r.turn.verdict is not None
                               or not isinstance(r.turn.intent, (Remark, Other)) for r in found)
        told = () if opened else _told(reply, ctx)
        if told:
            found = tuple(replace(r, turn=replace(r.turn, claims=(*r.turn.claims, *told))) for r in found)
        first = found[0].turn
        intent = first.intent
        pending = intent if isinstance(intent, Question) and intent.open and \
            not first.statements else None
        lines.append((message, found))
    resolved = replace(_resolve(lines, rules, lang), found=about_found,
                       closing_names=frozenset(names_said(reply, lang, rules.roster)))
    others = [(message, found) for message, found in lines if about_found.how == "assumed"
              and any(_other_object(r.turn.intent) or _answer_unread(r.turn) for r in found)]
    if not others:
        return resolved
    # The chat's own object was not found, and the player asks of one the audit takes for
    # another incident, or a character's answer to a question could not be read (an act the
    # audit does not know: "C가 머그컵 깼어"): the lines about it are misread, so no finding is
    # certain.
    return replace(resolved, score=_clear(resolved.score, FINDINGS), uncertain=(*resolved.uncertain, *(
        Uncertain(message.line, message.text, "asks about an object that could not be taken for the "
                  "incident, which was assumed, or its answer could not be read: no finding is certain")
        for message, _ in others)))


def _answer_unread(turn: Turn) -> bool:
    """A reply holding a character's answer that could not be read."""
    return any(line != turn.player.strip() for line in turn.unread)


def _part_unread(text: str, intent: Intent, ctx: Context) -> bool:
    """A guess of one part from a line that names someone else as well ("鍵を持っていったのは
    Bさん、嘘つきはCさん", an act the reader does not know): what was said of him was not read,
    and may be the other part, so the names are not known."""
    if not isinstance(intent, Guess) or (intent.culprit is not None and intent.liar is not None):
        return False
    return bool(names_said(text, ctx.lang or "en", ctx.roster) - {intent.culprit, intent.liar})


def _other_object(intent: Intent) -> bool:
    return isinstance(intent, Unclear) and intent.problem.why is Why.OTHER_INCIDENT


def _misfit(s: Score) -> tuple[int, int]:
    """How badly a combination fits the replies: its count errors, then the lines whose cost
    it leaves unknown (a count taken as shown fits any count, so a reading the rules explain
    it by is the better fit)."""
    return len(s.count_errors), len(s.recounted)


def _errors(s: Score) -> dict[str, bool]:
    """Which kinds of finding a score holds."""
    return {"contradiction": s.contradiction is not None, "count error": bool(s.count_errors),
            "wrong verdict": bool(s.wrong_verdicts), "leak": bool(s.leaks),
            "changed secret": s.reveal_fits is False}


def _resolve(lines: list[tuple[Message, tuple[Reading, ...]]], rules: Rules,
             lang: Lang) -> Audit:
    """Score every combination of readings; those with the fewest count errors (then the
    fewest counts taken as shown) fit the replies. A finding is kept when every fitting
    combination holds it; else it is dropped and each line read in more than one way among
    them is listed as uncertain."""
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
    fewest = min(_misfit(s) for _, s in scored)
    fitting = [(choice, s) for choice, s in scored if _misfit(s) == fewest]
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
    return _audit(tuple(r.turn for r in choice), _without_the_secret(_clear(best, unsure)), lang, tuple(uncertain))


def _without_the_secret(s: Score) -> Score:
    """What a chat shows of a changed secret without knowing it: after a certain contradiction
    no world is left, so a reveal fitting none says nothing more (one answer was wrong, not the
    secret)."""
    return replace(s, reveal_fits=None) if s.contradiction is not None and s.reveal_fits is False else s


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
    ctx = Context(roster=rules.roster, incident=incident_from_json(config.get("incident", "cake")),
                  lang=lang)
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
                 opened, found=Found(ctx.incident, "given"))
