"""A Japanese player utterance read into an intent.

The utterance is cut into sentences. Each may name whom it addresses (a vocative
"Aさん、", "…ですか、Aさん？", an introduction "Aさんに質問です", "全員に聞きます")
and the addressees carry over to the following sentences. Each sentence is then read
into claims (see `reading`) and becomes one shared `referee.lang.reading.Reading`: what
Japanese decides (whom it asks, its mood, a correction's surface form, a subject left
out, hearsay) is settled here; what the readings mean together (queries, a follow-up of
the last question, a correction applied, a guess, a question and a guess at once) is
`referee.lang.reading.combine`, the policy every language shares.

Decisions where Japanese leaves the reading open (a wrong charge is worse than a
request to rephrase):
- A name that is only the topic ("Aさんは食べましたか？") addresses nobody: the rules
  allow both "A, did you eat it?" and "(someone), did A eat it?", so the parser asks
  whom the question is for instead of charging a guess at it.
- "Aさん、BさんとCさん、食べましたか" (is A asked about B and C, or are all three
  asked?) is unclear too; "Aさん、Bさん、Cさん、食べましたか" asks all three.
- Negation is what is phrased ("食べていないですか" asks not-culprit); the tag forms
  "食べたんじゃない？", "食べたのではありませんか", "と思いませんか" ask the positive.
- "B or C" asks one query per name, like "B and C"; "どちらが" is an open question
  over the names given, "誰が" over the whole roster.
- A statement hedged by と思う, かな, かも, たぶん or an "if" is a remark, not a guess.
  A statement to an addressee is a guess only when firm (ね, よ, !).
- A later sentence's "Name、" after a lead-in ("それからBさん、…") or a background clause
  ("…と思うけど、Cさん、…") is a new addressee; a name set off by a comma that is not
  read as one makes the question unclear rather than charged to the earlier addressee.
- A bare self-correction ("…？いや、…？") that asks something else is unclear; one that asks
  the same thing again costs once. An explicit one ("ごめん", "間違えた", "訂正", "…じゃなくて")
  is applied and charged once: a new question replaces the last, "Aさんじゃなくて Cさんに
  聞きたかった" asks C instead, "Cさんじゃなくて Bさん" asks about B instead.
- Hearsay ("Bさんによると…", "…って言ってた", "…んだって", "…らしい") is a remark, never a
  guess or a question; asked about with "?" it is unclear.
- "二人とも", "両方", and 全員 or みんな after names, quantify over the people named, never
  the addressee too; "Aさん、BさんとCさん、みんな…" (all three asked?) is unclear.
- A name said after a question with nothing else ("…？いや、Cさん", "Cさんも") is unclear:
  asked instead, asked too, or asked about. A follow-up ("Bさんは？") names people only.
- Someone's answer as a noun ("Bさんの返事は…") or a passive ask ("Bさんが聞かれたら…")
  is unclear unless the one quoted is found: read plainly it would drop the nesting.
- "Someone other than B" (Bさん以外, ほかの人, 残りの二人, Bさんじゃない人) and "only B"
  with しか are unclear: read as a question about B they would charge its opposite.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise

from referee.lang.context import Context
from referee.lang.ja.lexicon import (
    ACCEPT,
    AMENDS,
    ASK_VERBS,
    AUXILIARY_VERBS,
    BOTH,
    CORRECTIONS,
    COUNT_QUERY,
    CULPRIT_NOUNS,
    DECLINE,
    DEMONSTRATIVES,
    DRINK_VERBS,
    EACH,
    EAT_VERBS,
    GUESS_LEADS,
    HEDGES,
    HONEST_NOUNS,
    LAUGHTER,
    LEADS,
    LIAR_NOUNS,
    LIE,
    META,
    PEOPLE_WORDS,
    POLITE_OPENING,
    SAME_AGAIN,
    THINKING,
    THIRD_PERSONS,
    TRUTH,
)
from referee.lang.ja.reading import CONDITIONAL, INCIDENT_BY_NOUN, WHICH, Said, read
from referee.lang.ja.tokens import Token, everyone_end, normalize, sentences, strangers, tokenize
from referee.lang.reading import (
    ADDRESSEE,
    ANYONE,
    EVERYONE,
    SPEAKER,
    Claim,
    Correction,
    Mood,
    Reading,
    combine,
    named,
    queries,
    unclear,
)
from referee.liar.intent import Confirm, CountQuery, Intent, Other, Question, Remark
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Atom, Proposition, Says, as_literal
from referee.liar.world import Roster

ROLE_WORDS = CULPRIT_NOUNS | LIAR_NOUNS | HONEST_NOUNS | LIE | TRUTH
"""Words that state something: a lead-in holding one is no mere lead-in ("嘘つきのBさん、…")."""
BACKGROUND = frozenset({"けれど", "けれども", "が", "から", "ので", "し"})
"""Conjunctions that close a clause given as background before a vocative."""
IF_WORDS = frozenset(CONDITIONAL) | {"もし", "若し", "仮に"}
"""An "if" makes what follows two questions: never a mere lead-in ("もしそうなら、Bさん、…")."""


def parse(text: str, ctx: Context) -> Intent:
    """The intent of one player utterance; Unclear with a typed problem rather than a guess."""
    text = normalize(text)
    if not text.strip():
        return unclear(Why.EMPTY)
    text = LAUGHTER.sub("", POLITE_OPENING.sub("", text)).strip()
    if not text:
        return Other()  # "すみません", "ｗｗ": a greeting, a laugh
    roster = ctx.roster
    tokens = [tokenize(s, roster, thing=ctx.incident.noun["ja"], verb=ctx.incident.verb) for s in sentences(text, quotes=True)]
    naming = any(t.kind == "name" for sentence in tokens for t in sentence)
    if ctx.pending and not naming:
        confirm = _confirmation(text)
        if confirm is not None:
            return confirm
    if COUNT_QUERY.search(text):
        return CountQuery()
    stray = strangers(text, roster)
    if stray:
        return unclear(Why.UNKNOWN_PERSON, tuple(stray))
    read_sentences = _antecedents(_trailing_vocative([_sentence(s) for s in tokens]), ctx)
    if not naming and META.search(text) and not _put_to_someone(read_sentences, ctx):
        return Other()
    if ctx.previous is not None and SAME_AGAIN.search(text):
        return _again(tokens, ctx, ctx.previous)
    intent = combine(_readings(read_sentences, ctx), roster, ctx.previous)
    if isinstance(intent, (Other, Remark)) and SAME_AGAIN.search(text):
        return unclear(Why.WHICH_QUESTION)  # each question is read on its own: say it in full
    return intent


def _put_to_someone(read_sentences: list[_Sentence], ctx: Context) -> bool:
    """A second person ("あなたは…"), an addressed who-question ("みんな、誰が食べたか教えて") or
    an addressed claim ("全員に質問です。嘘つきですか?") is about the game even in words that
    usually ask about the rules."""
    addressed = False
    for s in read_sentences:
        addressed = addressed or bool(s.addressees)
        if any((t.kind == "you" and t.lemma != "自分") or (s.addressees and t.kind == "who") for t in s.tokens):
            return True
        if addressed and read(s.tokens, ctx.incident).claims:
            return True
    return False


def _confirmation(text: str) -> Confirm | None:
    lowered = text.casefold()
    if DECLINE.match(lowered):
        return Confirm(False)
    if ACCEPT.match(lowered):
        return Confirm(True)
    return None


@dataclass(frozen=True)
class _Sentence:
    """One sentence split into whom it addresses (None: nobody new) and what it says.

    `musing` marks thinking-aloud or answer lead-ins (なるほど, うーん, 答えます);
    `hedged` a hedge before the addressee ("たぶん、…"); `corrects` a self-correction
    ("いや、…") that should ask again what the sentence before asked; `amends` an explicit
    one ("ごめん", "間違えた", "訂正", "…じゃなくて"), which replaces it; `words` all its tokens.
    """

    addressees: tuple[str, ...] | None
    tokens: tuple[Token, ...]
    problem: Problem | None
    musing: bool
    hedged: bool
    corrects: bool
    amends: bool
    words: tuple[Token, ...]


def _sentence(tokens: tuple[Token, ...]) -> _Sentence:
    rest = _skip_leads(tokens)
    leads = tokens[:len(tokens) - len(rest)]
    addressees, rest, problem = _addressed(rest)
    return _Sentence(
        addressees,
        rest,
        problem,
        musing=any(t.lemma in GUESS_LEADS or t.lemma in THINKING or t.surface in THINKING for t in tokens),
        hedged=any(t.lemma in HEDGES or t.surface in HEDGES for t in leads),
        corrects=bool(tokens) and (tokens[0].lemma in CORRECTIONS or tokens[0].surface in CORRECTIONS),
        amends=any(t.lemma in AMENDS or t.surface in AMENDS for t in tokens) or _instead(tokens) is not None,
        words=tokens,
    )


def _trailing_vocative(read_sentences: list[_Sentence]) -> list[_Sentence]:
    """"Cさんがケーキ食べたの？Aさん", "…？ねえCくん", "なるほど。…？ Bさんに聞いてます": a last
    sentence that only names whom it is for addresses the sentence before it, when nothing
    before named anyone asked (a question before that one stays unaddressed)."""
    if len(read_sentences) < 2:
        return read_sentences
    *before, question, call = read_sentences
    if any(s.addressees is not None for s in (*before, question)) or call.addressees is None or not all(
        t.punct for t in call.tokens
    ):
        return read_sentences
    return [*before, replace(question, addressees=call.addressees)]


def _pronoun_at(tokens: tuple[Token, ...], j: int) -> int:
    """How many words at `j` stand for a person the text does not name: 1 for 彼, あいつ;
    2 for あの人, その方; 0 for none."""
    t = tokens[j]
    if t.kind == "word" and (t.lemma in THIRD_PERSONS or t.surface in THIRD_PERSONS):
        return 1
    if t.surface in DEMONSTRATIVES and j + 1 < len(tokens) and tokens[j + 1].lemma in PEOPLE_WORDS:
        return 2
    return 0


def _antecedents(read_sentences: list[_Sentence], ctx: Context) -> list[_Sentence]:
    """"Aさん、Bさんのことなんだけど、あの人が食べたの？", "Cさん、Aくんについて聞きたい。彼って嘘つき？":
    "he" is the one person named before it in the message who is not asked; a sentence that
    only brought him up is dropped. With none or several such people "he" stays unread."""
    out: list[_Sentence] = []
    asked: set[str] = set()
    named: dict[str, None] = {}  # the names so far, in order, each once
    topics: dict[str, int] = {}  # a name -> the sentence that only brought it up
    for sentence in read_sentences:
        asked.update(sentence.addressees or ())
        words = list(sentence.tokens)
        j = 0
        while j < len(words):
            width = _pronoun_at(sentence.tokens, j - len(words) + len(sentence.tokens))
            candidates = [n for n in named if n not in asked] if width else []
            if len(candidates) == 1:
                name = candidates[0]
                words[j:j + width] = [Token(words[j].surface, name, "名詞", "固有名詞", "name")]
                if name in topics:
                    k = topics.pop(name)
                    out[k] = replace(out[k], tokens=())
            elif words[j].kind == "name":
                named[words[j].lemma] = None
            j += 1
        here = replace(sentence, tokens=tuple(words))
        if not read(here.tokens, ctx.incident).claims:
            topics.update({t.lemma: len(out) for t in here.tokens if t.kind == "name"})
        out.append(here)
    return out


def _skip_leads(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind != "word" or _pronoun_at(tokens, i):
            break  # "あの人は…" is no lead-in "あの"
        opener = t.pos in ("感動詞", "接続詞", "補助記号", "空白") or t.surface in LEADS or t.lemma in LEADS
        opener = opener or t.lemma in AMENDS or (i > 0 and tokens[i - 1].lemma in AMENDS and t.pos == "助動詞")
        if not (opener or (t.surface in ("は", "に", "で") and i > 0 and t.pos == "助詞")):
            break
        i += 1
    return tokens[i:]


@dataclass(frozen=True)
class _Names:
    """A list of names at the start of a sentence ("AさんとBさん", "A・B・C全員", "みなさん").

    `names` holds "*" for everyone; `first` ends the part before the first comma, which
    is the vocative when commas join more names ("Aさん、BさんとCさんは…").
    """

    names: tuple[str, ...]
    end: int
    first: int
    everyone: bool


def _name_list(tokens: tuple[Token, ...], start: int) -> _Names:
    found: list[str] = []
    i, first = start, -1
    while i < len(tokens):
        everyone = everyone_end(tokens, i)
        if tokens[i].kind == "name":
            found.append(tokens[i].lemma)
            i += 1
        elif everyone is not None:
            return _Names(tuple(found or ["*"]), everyone, everyone if first < 0 else first, True)
        elif found and tokens[i].surface in ("と", "・", "や", "、", ",") and i + 1 < len(tokens) and (
            tokens[i + 1].kind == "name" or _joins_everyone(tokens, i + 1, found)
        ):
            if tokens[i].surface in ("、", ",") and first < 0:
                first = i
            i += 1
        else:
            break
    return _Names(tuple(found), i, i if first < 0 else first, False)


def _joins_everyone(tokens: tuple[Token, ...], i: int, found: list[str]) -> bool:
    """"A・B・C全員に", "A、B、C、みんな…" close a list of names; "Aさん、全員正直者？" asks about everyone."""
    end = everyone_end(tokens, i)
    if end is None:
        return False
    return len(found) > 1 or end == len(tokens) or tokens[end].punct or tokens[end].surface in ("に", "へ")


Addressed = tuple[tuple[str, ...] | None, tuple[Token, ...], Problem | None]
"""Whom a sentence addresses (None: nobody new), its remaining words, a problem."""


def _addressed(tokens: tuple[Token, ...]) -> Addressed:
    """Addressees named at the start, after a lead-in, by an introduction, or at the end."""
    leading = _leading(tokens)
    if leading is not None:
        return leading
    for i in range(1, len(tokens)):
        comma = tokens[i - 1].surface in ("、", ",") or (
            tokens[i - 1].pos == "空白" and _asked_before_name(tokens, i - 1, spaced=True))
        if (comma or _asked_before_name(tokens, i)) and (
            tokens[i].kind == "name" or everyone_end(tokens, i) is not None
        ):
            trailing = _name_list(tokens, i)
            if all(tokens[j].punct or tokens[j].surface in ("ね", "よ", "さ") for j in range(trailing.end, len(tokens))):
                said = tokens[:i - 1] if comma else tokens[:i]
                return trailing.names, said + tuple(t for t in tokens[trailing.end:] if t.punct), None
    lead_in = True  # every word so far could lead in (see _lead_in), kept as the loop goes
    for i, t in enumerate(tokens):
        named = t.kind == "name" or everyone_end(tokens, i) is not None
        background = i > 0 and _background(tokens[max(0, i - 2):i])
        # Only a vocative after a lead-in or a background clause is read: the rest of the
        # sentence is not copied and re-read from every name.
        later = _leading(tokens[i:]) if named and i > 0 and (background or lead_in) else None
        if later is not None and not all(x.punct for x in later[1]):  # not "それともCさん？"
            if background:
                return later
            if lead_in:
                return later[0], tokens[:i] + later[1], later[2]
        lead_in = lead_in and _lead_in((t,))
    for i, t in enumerate(tokens):
        if t.kind in ("name", "group") and i + 1 < len(tokens) and tokens[i + 1].surface in ("に", "へ"):
            start = _list_start(tokens, i)
            intro = _name_list(tokens, start)
            if intro.end == i + 1 and _asks_from(tokens, intro.end):
                return intro.names, tokens[:start] + _after_clause(tokens, intro.end + 1), None
    return None, tokens, None


def _asked_before_name(tokens: tuple[Token, ...], i: int, spaced: bool = False) -> bool:
    """"Bさんが嘘つきですかAさん", "Aは嘘つきじゃないよねB", "…言ってないの C": a sentence ended
    by a particle that asks (か on a verb or copula, ね, な; after a space also the casual の),
    then a name with no comma. Never "犯人はAかB", which offers two names, nor "食べたのB"
    ("the one who ate it is B")."""
    if i < 2 or tokens[i - 1].pos != "助詞":
        return False
    end = tokens[i - 1]
    if end.surface in ("か", "かな", "かい") or end.lemma == "か":  # also かー, かぁ
        return tokens[i - 2].pos in ("助動詞", "動詞") or tokens[i - 2].surface in ("の", "ん")
    return end.surface in ("ね", "な", "ねえ") or (spaced and end.surface == "の")


def _leading(tokens: tuple[Token, ...]) -> Addressed | None:
    """Addressees named first: "Aさん、…", "AさんとBさんに質問です", "BさんCさんが…" (no comma)."""
    if _unpaused(tokens):
        return (tokens[0].lemma,), tokens[1:], None
    lead = _name_list(tokens, 0)
    if lead.names:
        end = lead.end
        if end + 1 < len(tokens) and (tokens[end].lemma in ("さ", "ね", "よ") or tokens[end].surface in ("さ", "ね", "よ")) and (
            tokens[end + 1].punct
        ):
            end += 1  # "Cさんさ、…": a casual particle after the name
        after = tokens[end] if end < len(tokens) else None
        if after is not None and after.surface in ("に", "へ") and _asks_from(tokens, end):
            return lead.names, _after_clause(tokens, end + 1), None
        pause = after is None or after.punct
        rest = tokens[end + 1:] if pause else tokens[end:]
        split = lead.first < lead.end
        vocative = lead.names[:_count_names(tokens, lead.first)] if split else lead.names
        if pause and _which(rest):
            if split:
                return vocative, tokens[lead.first + 1:], None
            return None if len(lead.names) > 1 else (lead.names, rest, None)  # candidates: asked at the end?
        if split and pause and rest and rest[0].lemma in BOTH:
            return vocative, tokens[lead.first + 1:], None  # "Aさん、BくんとCくん、二人とも…": both named
        joined_later = any(t.surface in ("と", "・", "や") for t in tokens[lead.first:lead.end])
        if split and pause and joined_later and not any(t.person for t in rest) and not all(t.punct for t in rest):
            return None, rest, Problem(Why.ASKED_OR_ABOUT)  # "Aさん、BさんとCさん、食べましたか"
        if split and joined_later and lead.everyone:
            return None, rest, Problem(Why.ASKED_OR_ABOUT)  # "Aさん、BさんとCさん、みんな…": are all asked?
        if pause or lead.everyone:
            return lead.names, rest, None
        if split:
            return vocative, tokens[lead.first + 1:], None
    return None


def _unpaused(tokens: tuple[Token, ...]) -> bool:
    """A name with no comma after it that cannot be the subject: "BさんCさんが…", "Cさんあなたが…",
    "Aさん誰が…", "Bさんケーキ食べた？" (never "AさんBさんも", "AさんBさんどっちが")."""
    if len(tokens) < 3 or tokens[0].kind != "name":
        return False
    after = tokens[1]
    if after.kind == "you":
        return True  # "Bお前食ったろ？", "Cさんあなたが…"
    if after.person:
        return tokens[2].surface in ("が", "は", "って") and tokens[2].pos == "助詞"
    object_then_verb = (after.thing or after.lemma in INCIDENT_BY_NOUN) and (tokens[2].pos == "動詞" or tokens[2].surface == "を")
    return after.kind == "who" or object_then_verb


def _background(before: tuple[Token, ...]) -> bool:
    """A clause closed by けど, が, から or ので before a vocative ("AかBだと思うんだけど、Cさん、…"):
    only background, dropped. Never an "if" (なら, たら), which would make two questions."""
    closing = before[-2:] if before and before[-1].surface in ("、", ",") else before[-1:]
    return bool(closing) and closing[0].pos2 == "接続助詞" and closing[0].lemma in BACKGROUND


def _lead_in(before: tuple[Token, ...]) -> bool:
    """Words before a vocative that name nobody and state nothing ("それから", "念のため", "たぶん"):
    kept with the sentence, so a hedge still hedges; never an "if" ("もしそうなら、Bさん、…")."""
    return all(
        t.kind == "word" and t.pos not in ("動詞", "形容詞") and t.lemma not in ROLE_WORDS
        and t.surface not in IF_WORDS and t.lemma not in IF_WORDS
        for t in before
    )


def _count_names(tokens: tuple[Token, ...], end: int) -> int:
    return sum(1 for t in tokens[:end] if t.kind == "name")


def _which(tokens: tuple[Token, ...]) -> bool:
    """"どちらが…": the names before it are the candidates, not the people asked."""
    return any(t.kind == "who" and t.lemma in WHICH for t in tokens)


def _list_start(tokens: tuple[Token, ...], i: int) -> int:
    while i >= 2 and tokens[i - 1].surface in ("と", "・", "や", "、") and tokens[i - 2].kind in ("name", "group"):
        i -= 2
    return i


def _asks_from(tokens: tuple[Token, ...], particle: int) -> bool:
    """After "Aさんに": "質問です", "聞きます", or "Aさんへ、" (but not the nested "に聞いたら")."""
    start = particle + 1
    if start == len(tokens) or (
        tokens[start].punct and tokens[start].surface not in ("「", "『")
        and (tokens[particle].surface == "へ" or tokens[start].surface != "、")
    ):
        return True  # "Aさんへ、…", "ではCさんに。"
    if tokens[start].lemma in ("つく", "付く", "就く"):
        return False  # "Aくんについて聞きたい" is about A, not to A
    for j in range(start, min(start + 3, len(tokens))):
        t = tokens[j]
        if t.lemma in ASK_VERBS:
            follow = [x.surface for x in tokens[j + 1:j + 3]]
            return not any(f in ("たら", "ば", "と", "ても") for f in follow)
        if t.punct:
            return False
    return False


def _after_clause(tokens: tuple[Token, ...], start: int) -> tuple[Token, ...]:
    """What follows an introduction ("Aさんに質問です、…", "Cさんにききたいんだけど…")."""
    for j in range(start, len(tokens)):
        if tokens[j].surface in ("、", ",", ":", "。", "!", "?") or tokens[j].pos == "空白":
            return tokens[j + 1:]
        if tokens[j].pos2 == "接続助詞" and tokens[j].lemma in BACKGROUND:
            return tokens[j + 1:] if tokens[j + 1:j + 2] and not tokens[j + 1].punct else tokens[j + 2:]
    return ()


def _readings(read_sentences: list[_Sentence], ctx: Context) -> list[Reading]:
    """Each sentence as a shared Reading for `combine`: whom it asks (carried on from the
    sentence that named them), its mood and claims; reading stops at the first problem."""
    out: list[Reading] = []
    addressees: tuple[str, ...] = ()
    last: Reading | None = None  # the last question, for a subject left out or a correction
    called = False  # the sentence before only called someone ("Aさん！")
    for sentence in read_sentences:
        if sentence.amends and last is not None:
            fix = _amend(sentence.words, last, ctx)
            if fix is not None:
                out.append(fix)
                if fix.problem is not None:
                    break
                continue
        if sentence.problem is not None:
            out.append(Reading(Mood.OTHER, problem=sentence.problem))
            break
        if sentence.addressees is not None:
            found = ctx.roster.names if "*" in sentence.addressees else sentence.addressees
            calls = not sentence.tokens and called and last is None  # "Aさん！Bさん！": both called
            addressees = tuple(dict.fromkeys((*addressees, *found))) if calls else found
        called = sentence.addressees is not None and not sentence.tokens
        if not sentence.tokens:
            if sentence.addressees is not None and last is not None and sentence.addressees != last.addressees:
                # "Aさん、Bさんは食べた？いや、Cさん": asked instead, asked too, or about C?
                out.append(Reading(Mood.OTHER, problem=Problem(Why.ASKED_OR_ABOUT)))
                break
            continue
        here, tokens = (addressees, sentence.tokens) if addressees else _thinker(sentence.tokens)
        reading = _reading(sentence, tokens, here, last, ctx)
        out.append(reading)
        if reading.problem is not None:
            break
        if reading.mood is Mood.ASK:
            last = reading
    return out


def _reading(sentence: _Sentence, tokens: tuple[Token, ...], here: tuple[str, ...], last: Reading | None,
             ctx: Context) -> Reading:
    """One sentence's mood and claims, told to `here` (who may be nobody); `last` is the
    question before it in the message."""
    meaning = read(tokens, ctx.incident)
    mentioned = tuple(dict.fromkeys(r.name for r in meaning.people if r.name))
    if meaning.reported:  # hearsay is never a question or a guess
        if any(t.surface == "?" for t in tokens):
            return Reading(Mood.REPORT, problem=Problem(Why.REPORTED))
        return Reading(Mood.REPORT, mentioned=mentioned)
    hedged = meaning.hedged or sentence.hedged
    ask = meaning.ask or (meaning.presumed and bool(here))  # "Aさん、あなたが食べたんでしょ！"
    said = meaning.claims
    if last is not None and sentence.addressees is None and last.claims and ANYONE not in last.claims[-1].about:
        # "Aさん、Bさんは食べた？嘘つき？": a subject left out is the last question's
        said = tuple(replace(s, claim=replace(s.claim, about=last.claims[-1].about)) if s.implicit and not s.open
                     else s for s in said)
    if any(s.yours for s in said):
        if len(here) != 1:
            return Reading(Mood.ASK, problem=Problem(Why.ONE_AT_A_TIME))  # each asked about his own pair
        said = tuple(replace(s, claim=replace(s.claim, candidates=(*here, *s.claim.candidates))) if s.yours else s
                     for s in said)
    claims = tuple(s.claim for s in said)
    if meaning.presumed and claims and last is not None and sentence.addressees is None:
        # "…嘘つき？まあどうせBが食べたんでしょ": after a question, a でしょ without ？ is the
        # player's own supposition, or a second question: which cannot be told, so it is
        # said beside the question (combine asks to rephrase), never charged as one
        return Reading(Mood.CONCLUDE, claims, here, mentioned=mentioned)
    if not claims and ask and not hedged and not _wonders(tokens) and meaning.people and _only_people(tokens) and (
        last is not None or ctx.previous is not None
    ):
        # elliptic: "Bさん、あなたは？", "Cさんについては？" continue the question before; "Cかな？" muses
        if last is None and not here and ctx.previous is not None and _needs_addressee(ctx.previous):
            return Reading(Mood.ASK, problem=Problem(Why.NO_ADDRESSEE))
        if last is not None and sentence.addressees is None and (
            len(last.addressees) != 1 or ADDRESSEE in last.claims[-1].about
        ):
            return Reading(Mood.ASK, problem=Problem(Why.NO_ADDRESSEE))  # "Aさん、正直者？Bさんは？" (B himself?)
        claims = (Claim(None, tuple(dict.fromkeys(meaning.people))),)
        said = (Said(claims[0]),)
    if not claims and not ask and last is not None and meaning.people and _only_people(tokens):
        return Reading(Mood.OTHER, problem=Problem(Why.ASKED_OR_ABOUT))  # "…？Cさんも", "…？失礼、Cさんです"
    if claims and here and (ask or not meaning.firm):
        problem = meaning.problem or _question_problem(tokens, said, here, ask, hedged, sentence)
        if problem is None and sentence.corrects and not sentence.amends and last is not None and not (
            _same_question(last, claims, here, ctx.roster)
        ):
            problem = Problem(Why.CORRECTION)  # "Aさん、…？いや、Bさん、…？": which one is meant?
        return Reading(Mood.ASK, claims, here, problem, mentioned, corrects=sentence.amends and last is not None)
    if claims and ask and not hedged:
        return Reading(Mood.ASK, claims, mentioned=mentioned)  # to nobody: combine asks whom
    if here and ask and not claims:
        return Reading(Mood.ASK, problem=meaning.problem or Problem(Why.NO_PREDICATE))
    if claims and not hedged and meaning.problem is None and _guessable(said, here):
        return Reading(Mood.CONCLUDE, claims, here, mentioned=mentioned)
    if claims or meaning.people or meaning.roles or hedged:
        problem = meaning.problem if here else None  # said to someone, it is not mere musing
        return Reading(Mood.MUSE if hedged else Mood.CONCLUDE, problem=problem, mentioned=mentioned)
    if sentence.musing:
        return Reading(Mood.CONCLUDE)  # "うーん", "なるほど": thinking aloud, hedging nothing
    return Reading(Mood.OTHER)


def _wonders(tokens: tuple[Token, ...]) -> bool:
    """"Cかな？", "Bさんかしら": wondering aloud even with a question mark."""
    words = [t.surface for t in tokens if not t.punct]
    return words[-2:] in (["か", "な"], ["か", "なあ"]) or words[-1:] == ["かしら"]


def _only_people(tokens: tuple[Token, ...]) -> bool:
    """"Bさんは？", "あなたの方は？", "Cさんについてはどう？", "失礼、Cさんです": a follow-up names
    people and nothing else (an interjection aside); a verb or a noun the reading did not take
    ("Aさんがべたよね") is unread, not the question before asked again."""
    return not any(_content(t) for t in tokens)


def _content(t: Token) -> bool:
    """A verb, adjective or noun that is neither a person nor an aside (いや, 失礼, について, の方)."""
    if t.person or t.lemma in CORRECTIONS or t.lemma in AMENDS or t.pos in ("感動詞", "接続詞"):
        return False
    if t.pos in ("動詞", "形容詞"):
        return t.lemma not in ("付く", "就く", "つく")
    return t.pos == "名詞" and t.lemma not in ("こと", "事", "方", "ほう")


def _question_problem(tokens: tuple[Token, ...], said: tuple[Said, ...], here: tuple[str, ...], ask: bool,
                      hedged: bool, sentence: _Sentence) -> Problem | None:
    """Why a sentence put to `here` is no question that can be charged, if it is not."""
    if len(here) < 2 and any(t.lemma in EACH or t.surface in EACH for t in tokens):
        return Problem(Why.EACH)  # "each" of one person
    if not ask and not (not hedged and _bare_question(tokens)) and not any(s.open for s in said):
        return Problem(Why.QUESTION_OR_ANSWER)  # "A 誰が飲んだ" asks without か; "Aさん、Bさんが食べた" tells
    if sentence.addressees is None and _unread_vocative(tokens):
        return Problem(Why.ASKED_OR_ABOUT)
    return None


def _same_question(last: Reading, claims: tuple[Claim, ...], here: tuple[str, ...], roster: Roster) -> bool:
    """Whether a sentence asks again what the one before asked ("…？いや、…？" costs once)."""
    before, now = queries(last.claims, last.addressees, roster), queries(claims, here, roster)
    if isinstance(before, Problem) or isinstance(now, Problem):
        return False
    return {q.key() for q in before} == {q.key() for q in now}


def _needs_addressee(previous: Question) -> bool:
    """After "Aさん、あなたは食べた？" or a question to several, "Bさんは？" does not say who
    is asked: B about himself, or the same people about B (in the same message too)."""
    speakers = {q.speaker for q in previous.queries}
    return len(speakers) != 1 or any(_plain(q.proposition)[0].about == q.speaker for q in previous.queries)


def _plain(p: Proposition) -> tuple[Atom, bool]:
    """A question's atom and negation, past the nesting ("would B say …")."""
    flat = as_literal(p.inner if isinstance(p, Says) else p)
    if flat is None:
        raise ValueError(f"{p} is no literal")
    return flat


def _instead(tokens: tuple[Token, ...]) -> int | None:
    """Where "…じゃなくて" / "…ではなく" ("not X but Y") is, at the negator."""
    for j, t in enumerate(tokens):
        if t.surface == "なく" and t.lemma in ("ない", "無い") and j > 0 and tokens[j - 1].surface in ("じゃ", "は", "では"):
            return j
    return None



def _amend(tokens: tuple[Token, ...], last: Reading, ctx: Context) -> Reading | None:
    """A correction of the question before it: "Aさんじゃなくて Cさんに聞きたかった" asks C
    instead; "Cさんじゃなくて Bさん(について)" asks about B instead of C. None when the
    sentence asks a question of its own (that one replaces the last); a problem when it is
    not clear what is mended."""
    if read(tokens, ctx.incident).claims:
        return None
    fail = Reading(Mood.OTHER, problem=Problem(Why.CORRECTION))
    cut = _instead(tokens)
    before = [t.lemma for t in tokens[:cut] if t.kind == "name"] if cut is not None else []
    after = [j for j, t in enumerate(tokens) if t.kind == "name" and (cut is None or j > cut)]
    if len(after) != 1 or len(before) > 1:
        return fail
    wrong = before[0] if before else None
    right = tokens[after[0]].lemma
    to = after[0] + 1
    if (to < len(tokens) and tokens[to].surface in ("に", "へ") and _asks_from(tokens, to)) or any(
        t.lemma in ("つもり", "積もり") for t in tokens[after[0]:]
    ):
        if len(last.addressees) != 1 or wrong not in (None, last.addressees[0]):
            return fail
        return Reading(Mood.OTHER, correction=Correction(last.addressees[0], right, asked=True))
    if wrong is None:
        return fail
    return Reading(Mood.OTHER, correction=Correction(wrong, right, asked=False))  # asked or about: as it was


def _again(tokens: list[tuple[Token, ...]], ctx: Context, previous: Question) -> Intent:
    """"同じ質問をCさんにも", "Aさんにも同じこと聞きたい": the last question put to the people
    named now (with に), each asked about himself where the last one was."""
    words = [t for sentence in tokens for t in sentence]
    to = [j for j, t in enumerate(words[:-1]) if t.kind == "name" and words[j + 1].surface in ("に", "へ")]
    if len(to) != 1:
        return unclear(Why.NO_ADDRESSEE)
    before = _asked_before(previous, ctx.roster)
    if before is None:
        return unclear(Why.WHICH_QUESTION)
    listed = _name_list(tuple(words), _list_start(tuple(words), to[0]))  # "AさんとCさんにも"
    if any(t.kind == "name" and t.lemma not in listed.names for t in words):
        return unclear(Why.ASKED_OR_ABOUT)
    return combine([Reading(Mood.ASK, before, tuple(dict.fromkeys(listed.names)))], ctx.roster)


def _asked_before(previous: Question, roster: Roster) -> tuple[Claim, ...] | None:
    """The last question's claims, "you" where one was asked about himself; None when it is
    not one claim set put to every addressee alike."""
    speakers = tuple(dict.fromkeys(q.speaker for q in previous.queries))
    claims: dict[tuple[object, ...], Claim] = {}
    for q in previous.queries:
        via = q.proposition.speaker if isinstance(q.proposition, Says) else None
        atom, negated = _plain(q.proposition)
        about = ADDRESSEE if atom.about == q.speaker else named(atom.about)
        key = (atom.predicate, negated, via)
        old = claims.get(key, Claim(atom.predicate, (), negated, via=named(via) if via else None))
        if about not in old.about:
            claims[key] = replace(old, about=(*old.about, about))
    again = tuple(claims.values())
    made = queries(again, speakers, roster)
    if isinstance(made, Problem) or {q.key() for q in made} != {q.key() for q in previous.queries}:
        return None
    return again


def _bare_question(tokens: tuple[Token, ...]) -> bool:
    """"Aさん、ケーキ食べた", "Cさん、Aさんってジュース飲んだ": said to someone, a sentence that
    ends on the eating verb with no full stop and no subject marked by が is a question typed
    without "?". A role ("Bさんは嘘つき") or a subject marked by が or は ("Bさんが食べた") is the
    form of a conclusion."""
    words = [t for t in tokens if not t.punct]
    if not words or any(t.surface in ("。", "!") for t in tokens[-2:]):
        return False
    if any(t.person and nxt.surface in ("が", "は") for t, nxt in pairwise(tokens)):
        return False  # "Aさん、Bさんが食べた", "…Bさんは食べた": told, not asked
    j = len(words) - 1
    while j > 0 and (words[j].pos == "助動詞" or words[j].surface in ("て", "で") or words[j].lemma in AUXILIARY_VERBS):
        j -= 1
    return words[j].pos == "動詞" and (words[j].act or words[j].lemma in EAT_VERBS | DRINK_VERBS)


def _unread_vocative(tokens: tuple[Token, ...]) -> bool:
    """"そしたらBさん、Cさんは嘘つき？": a name set off by a comma before the person asked about
    looks like a new addressee the lead-in hid; charging the previous one would be a guess."""
    return not _which(tokens) and any(
        (t.kind == "name" or t.kind == "group") and tokens[j + 1].surface in ("、", ",") and tokens[j + 2].person
        for j, t in enumerate(tokens[:-2])
    )


def _thinker(tokens: tuple[Token, ...]) -> tuple[tuple[str, ...], tuple[Token, ...]]:
    """"Aさんは、Bさんが食べたと思いますか": A is asked for an opinion about someone else."""
    if (
        len(tokens) > 2 and tokens[0].kind == "name" and tokens[1].surface == "は"
        and any(t.lemma in ("思う", "考える") for t in tokens)
        and any(t.person and t.lemma != tokens[0].lemma for t in tokens[2:])
        and not any(t.lemma in ("答える", "言う") for t in tokens)
    ):
        rest = tokens[2:]
        return (tokens[0].lemma,), rest[1:] if rest and rest[0].surface in ("、", ",") else rest
    return (), tokens


def _guessable(said: tuple[Said, ...], addressees: tuple[str, ...]) -> bool:
    """A conclusion that names the culprit or the liar, one person each, plainly: never
    "B or C", who, a negation, a nesting, everyone or the player."""
    return all(
        s.claim.predicate in ("culprit", "liar") and not s.claim.negated and not s.open and not s.either
        and s.claim.via is None and len(s.claim.about) == 1 and s.claim.about[0] not in (SPEAKER, EVERYONE)
        and (s.claim.about[0] != ADDRESSEE or len(addressees) == 1)
        for s in said
    )
