"""A Japanese player utterance read into an intent.

The utterance is cut into sentences. Each may name whom it addresses (a vocative
"Aさん、", "…ですか、Aさん？", an introduction "Aさんに質問です", "全員に聞きます")
and the addressees carry over to the following sentences. Each sentence is then read
into claims (see `reading`); with addressees they become queries, without them a
firm statement is a guess and a hedged one a remark.

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
- "二人とも", "両方" quantify over the people named, never the addressee too.
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
    ANY_VERBS,
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
from referee.lang.ja.reading import CONDITIONAL, EVERYONE, INCIDENT_BY_NOUN, SELF, YOU, Claim, read
from referee.lang.ja.tokens import Token, everyone_end, normalize, sentences, strangers, tokenize
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
from referee.liar.proposition import Proposition, Says, as_literal, literal
from referee.liar.world import Roster

ROLE_WORDS = CULPRIT_NOUNS | LIAR_NOUNS | HONEST_NOUNS | LIE | TRUTH
"""Words that state something: a lead-in holding one is no mere lead-in ("嘘つきのBさん、…")."""
BACKGROUND = frozenset({"けれど", "けれども", "が", "から", "ので", "し"})
"""Conjunctions that close a clause given as background before a vocative."""
IF_WORDS = frozenset(CONDITIONAL) | {"もし", "若し", "仮に"}
"""An "if" makes what follows two questions: never a mere lead-in ("もしそうなら、Bさん、…")."""


def parse(text: str, ctx: Context) -> Intent:
    """The intent of one player utterance; Unclear with a reason rather than a guess."""
    text = POLITE_OPENING.sub("", normalize(text))
    if not text:
        return Other()
    roster = ctx.roster
    tokens = [tokenize(s, roster) for s in sentences(text, quotes=True)]
    named = any(t.kind == "name" for sentence in tokens for t in sentence)
    if ctx.pending and not named:
        confirm = _confirmation(text)
        if confirm is not None:
            return confirm
    if COUNT_QUERY.search(text):
        return CountQuery()
    stray = strangers(text, roster)
    if stray:
        return Unclear(f"{stray[0]} is not one of {', '.join(roster.names)}: whom do you mean?")
    read_sentences = _antecedents(_trailing_vocative([_sentence(s) for s in tokens]), ctx)
    if not named and META.search(text) and not _put_to_someone(read_sentences, ctx):
        return Other()
    if ctx.previous is not None and SAME_AGAIN.search(text):
        return _again(tokens, ctx)
    intent = _combine(read_sentences, ctx, roster)
    if isinstance(intent, (Other, Remark)) and SAME_AGAIN.search(text):
        return Unclear("each question is read on its own: please say it again in full")
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
    problem: str
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
    """"Cさんがケーキ食べたの？Aさん", "…？ねえCくん", "…？ Bさんに聞いてます": a last sentence
    that only names whom it is for addresses the one question before it, which named nobody."""
    if len(read_sentences) != 2:
        return read_sentences
    question, call = read_sentences
    if question.addressees is not None or call.addressees is None or not all(t.punct for t in call.tokens):
        return read_sentences
    return [replace(question, addressees=call.addressees)]


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


Addressed = tuple[tuple[str, ...] | None, tuple[Token, ...], str]
"""Whom a sentence addresses (None: nobody new), its remaining words, a problem."""


def _addressed(tokens: tuple[Token, ...]) -> Addressed:
    """Addressees named at the start, after a lead-in, by an introduction, or at the end."""
    leading = _leading(tokens)
    if leading is not None:
        return leading
    for i in range(1, len(tokens)):
        if tokens[i - 1].surface in ("、", ",") and (tokens[i].kind == "name" or everyone_end(tokens, i) is not None):
            trailing = _name_list(tokens, i)
            if all(tokens[j].punct or tokens[j].surface in ("ね", "よ", "さ") for j in range(trailing.end, len(tokens))):
                return trailing.names, tokens[:i - 1] + tuple(t for t in tokens[trailing.end:] if t.punct), ""
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
                return intro.names, tokens[:start] + _after_clause(tokens, intro.end + 1), ""
    return None, tokens, ""


def _leading(tokens: tuple[Token, ...]) -> Addressed | None:
    """Addressees named first: "Aさん、…", "AさんとBさんに質問です", "BさんCさんが…" (no comma)."""
    if _unpaused(tokens):
        return (tokens[0].lemma,), tokens[1:], ""
    lead = _name_list(tokens, 0)
    if lead.names:
        end = lead.end
        if end + 1 < len(tokens) and (tokens[end].lemma in ("さ", "ね", "よ") or tokens[end].surface in ("さ", "ね", "よ")) and (
            tokens[end + 1].punct
        ):
            end += 1  # "Cさんさ、…": a casual particle after the name
        after = tokens[end] if end < len(tokens) else None
        if after is not None and after.surface in ("に", "へ") and _asks_from(tokens, end):
            return lead.names, _after_clause(tokens, end + 1), ""
        pause = after is None or after.punct
        rest = tokens[end + 1:] if pause else tokens[end:]
        split = lead.first < lead.end
        vocative = lead.names[:_count_names(tokens, lead.first)] if split else lead.names
        if pause and _which(rest):
            if split:
                return vocative, tokens[lead.first + 1:], ""
            return (None, tokens, "") if len(lead.names) > 1 else (lead.names, rest, "")
        if split and pause and rest and rest[0].lemma in BOTH:
            return vocative, tokens[lead.first + 1:], ""  # "Aさん、BくんとCくん、二人とも…": both named
        joined_later = any(t.surface in ("と", "・", "や") for t in tokens[lead.first:lead.end])
        if split and pause and joined_later and not any(t.person for t in rest) and not all(t.punct for t in rest):
            return None, rest, "who is asked, and about whom? e.g. 'Aさん、BさんとCさんは食べましたか？'"
        if pause or lead.everyone:
            return lead.names, rest, ""
        if split:
            return vocative, tokens[lead.first + 1:], ""
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
    object_then_verb = after.lemma in INCIDENT_BY_NOUN and (tokens[2].pos == "動詞" or tokens[2].surface == "を")
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
    return any(t.kind == "who" and t.lemma in ("どっち", "どちら", "何方") for t in tokens)


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


def _combine(read_sentences: list[_Sentence], ctx: Context, roster: Roster) -> Intent:
    addressees: tuple[str, ...] = ()
    queries: list[Query] = []
    opened = False
    guesses: list[Claim] = []
    problem = ""
    remark = thinking = unaddressed = False
    previous: tuple[Claim, ...] = ()
    last_asked: set[tuple[str, Proposition]] = set()
    last = _Asked(0, (), ())
    for sentence in read_sentences:
        if sentence.amends and last.claims:
            mended = _amend(sentence.words, last, ctx)
            if mended is not None:
                if isinstance(mended, Unclear):
                    return mended
                del queries[last.start:]
                queries.extend(mended)
                last_asked = {q.key() for q in mended}
                continue
        if sentence.problem:
            return Unclear(sentence.problem)
        if sentence.addressees is not None:
            found = sentence.addressees
            addressees = tuple(roster.names) if "*" in found else found
        tokens = sentence.tokens
        if not tokens:
            continue
        here = addressees
        if not here:
            here, tokens = _thinker(tokens)
        reading = read(tokens, ctx.incident)
        if reading.reported:  # hearsay is never a question or a guess
            if any(t.surface == "?" for t in tokens):
                return Unclear("that tells what someone said; ask the question itself, e.g. 'Aさん、Bさんは食べましたか？'")
            remark = True
            continue
        if sentence.hedged:
            reading = replace(reading, hedged=True)
        if reading.presumed and here:
            reading = replace(reading, ask=True)  # "Aさん、あなたが食べたんでしょ！"
        claims = reading.claims
        if not claims and previous and reading.ask and reading.people:
            claims = tuple(Claim(c.predicate, reading.people, c.negated, via=c.via) for c in previous[:1])
        elif not claims and not queries and reading.ask and reading.people and ctx.previous is not None:
            # a follow-up of the last question: "Bさん、あなたは？", "Cさんについては？"
            before = _asked_before(ctx.previous, roster)
            if before is None or len({(c.predicate, c.negated, c.via) for c in before[1]}) != 1:
                return Unclear("which question do you mean? ask it again in full")
            if not here and any(YOU in c.subjects for c in before[1]):
                return Unclear("whom are you asking? start with the name, e.g. 'Cさん、あなたは？'")
            here = here or before[0]
            if len(here) != 1 and not addressees:
                return Unclear("whom are you asking? start with the name, e.g. 'Aさん、…'")
            claims = (replace(before[1][0], subjects=reading.people, implicit=False),)
        elif previous and sentence.addressees is None and not previous[-1].open:
            claims = tuple(
                replace(c, subjects=previous[-1].subjects) if c.implicit and not c.open else c for c in claims
            )
        if claims and here and (reading.ask or not reading.firm):
            if reading.problem:
                return Unclear(reading.problem)
            if len(here) < 2 and any(t.lemma in EACH or t.surface in EACH for t in tokens):
                return Unclear("'each' asks several people: name them, e.g. 'AさんとBさん、それぞれ…'")
            bare = not reading.hedged and _bare_question(tokens)
            if not reading.ask and not bare and not any(c.open for c in claims):  # "A 誰が飲んだ" asks without か
                return Unclear("is this a question or your answer? end a question with か or ？")
            asked, is_open, trouble = _queries(claims, here, roster)
            if trouble:
                return Unclear(trouble)
            if sentence.addressees is None and _unread_vocative(tokens):
                return Unclear("whom are you asking? start the sentence with the name, e.g. 'Bさん、…'")
            if sentence.amends and last.claims:
                del queries[last.start:]  # "…？いや間違えた、Bさんは嘘つきですか？" asks only the second
            elif sentence.corrects and last_asked and {q.key() for q in asked} != last_asked:
                return Unclear("which question do you mean? ask only that one")  # "Aさん、…？いや、Bさん、…？"
            last_asked = {q.key() for q in asked}
            last = _Asked(len(queries), claims, here)
            queries.extend(asked)
            opened = opened or is_open
            previous = claims
        elif claims and (reading.ask and not reading.hedged):
            unaddressed = True
        elif here and reading.ask and not claims:
            return Unclear("I could not tell what you are asking; ask whether someone ate it, lies or is honest")
        elif claims and not reading.hedged and not reading.problem and _guessable(claims, here):
            guesses.extend(_resolved(c, here) for c in claims)
        elif claims or reading.people or reading.roles or reading.hedged:
            remark = True
            problem = problem or (reading.problem if here else "")
        elif sentence.musing or sentence.hedged:
            thinking = True
    if queries and guesses:
        return Unclear("that is both a question and an answer: one at a time, please")
    if queries:
        return Question(tuple(queries), open=opened)
    if unaddressed:
        return Unclear("whom are you asking? start with the name, e.g. 'Aさん、…'")
    if guesses:
        return _guess(guesses)
    if problem:
        return Unclear(problem)
    if remark or thinking:
        return Remark()
    return Other()


@dataclass(frozen=True)
class _Asked:
    """The last question of a message: where its queries start, its claims, whom it asked."""

    start: int
    claims: tuple[Claim, ...]
    addressees: tuple[str, ...]


def _instead(tokens: tuple[Token, ...]) -> int | None:
    """Where "…じゃなくて" / "…ではなく" ("not X but Y") is, at the negator."""
    for j, t in enumerate(tokens):
        if t.surface == "なく" and t.lemma in ("ない", "無い") and j > 0 and tokens[j - 1].surface in ("じゃ", "は", "では"):
            return j
    return None


def _amend(tokens: tuple[Token, ...], last: _Asked, ctx: Context) -> list[Query] | Unclear | None:
    """A correction of the question before it, applied: "Aさんじゃなくて Cさんに聞きたかった"
    asks C instead; "Cさんじゃなくて Bさん(について)" asks about B instead of C. None when the
    sentence asks a question of its own (that one replaces the last); Unclear when it is not
    clear what is mended."""
    if read(tokens, ctx.incident).claims:
        return None
    unclear = Unclear("which question do you mean? ask it again in full")
    cut = _instead(tokens)
    before = [t.lemma for t in tokens[:cut] if t.kind == "name"] if cut is not None else []
    after = [j for j, t in enumerate(tokens) if t.kind == "name" and (cut is None or j > cut)]
    if len(after) != 1 or len(before) > 1:
        return unclear
    wrong = before[0] if before else None
    right = tokens[after[0]].lemma
    to = after[0] + 1
    if (to < len(tokens) and tokens[to].surface in ("に", "へ") and _asks_from(tokens, to)) or any(t.lemma in ("つもり", "積もり") for t in tokens[after[0]:]):
        if (wrong is not None and last.addressees != (wrong,)) or len(last.addressees) != 1:
            return unclear
        return _queries(last.claims, (right,), ctx.roster)[0]
    if wrong is None or not any(wrong in c.subjects for c in last.claims):
        return unclear
    swapped = tuple(replace(c, subjects=tuple(right if s == wrong else s for s in c.subjects)) for c in last.claims)
    return _queries(swapped, last.addressees, ctx.roster)[0]


def _again(tokens: list[tuple[Token, ...]], ctx: Context) -> Intent:
    """"同じ質問をCさんにも", "Aさんにも同じこと聞きたい": the last question put to the people
    named now (with に), each asked about himself where the last one was."""
    unclear = Unclear("whom should I ask the same? e.g. '同じ質問をCさんにも'")
    words = [t for sentence in tokens for t in sentence]
    to = [j for j, t in enumerate(words[:-1]) if t.kind == "name" and words[j + 1].surface in ("に", "へ")]
    before = _asked_before(ctx.previous, ctx.roster) if ctx.previous is not None else None
    if len(to) != 1 or before is None:
        return unclear
    listed = _name_list(tuple(words), _list_start(tuple(words), to[0]))  # "AさんとCさんにも"
    named = listed.names
    if any(t.kind == "name" and t.lemma not in named for t in words):
        return unclear
    asked, is_open, _ = _queries(before[1], tuple(dict.fromkeys(named)), ctx.roster)
    return Question(tuple(asked), open=is_open)


def _asked_before(previous: Question, roster: Roster) -> tuple[tuple[str, ...], tuple[Claim, ...]] | None:
    """The last question as (its addressees, its claims), "you" where one was asked about
    himself; None when it is not one claim set put to every addressee alike."""
    speakers = tuple(dict.fromkeys(q.speaker for q in previous.queries))
    claims: dict[tuple[object, ...], Claim] = {}
    for q in previous.queries:
        via, inner = (q.proposition.speaker, q.proposition.inner) if isinstance(q.proposition, Says) else (None, q.proposition)
        flat = as_literal(inner)
        if flat is None:
            return None
        atom, negated = flat
        about = YOU if atom.about == q.speaker else atom.about
        key = (atom.predicate, negated, via)
        old = claims.get(key, Claim(atom.predicate, (), negated, via=via))
        if about not in old.subjects:
            claims[key] = replace(old, subjects=(*old.subjects, about))
    again = tuple(claims.values())
    asked, _, _ = _queries(again, speakers, roster)
    return (speakers, again) if {q.key() for q in asked} == {q.key() for q in previous.queries} else None


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
    return words[j].pos == "動詞" and words[j].lemma in EAT_VERBS | DRINK_VERBS | ANY_VERBS


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


def _queries(claims: tuple[Claim, ...], addressees: tuple[str, ...], roster: Roster) -> tuple[list[Query], bool, str]:
    queries: list[Query] = []
    is_open = False
    for speaker in addressees:
        for claim in claims:
            if SELF in claim.subjects:
                return [], False, "you are not a suspect: ask about someone on the roster"
            subjects = claim.subjects
            if claim.open:
                is_open = True
                subjects = claim.subjects or tuple(roster.names)
            if EVERYONE in subjects:
                subjects = tuple(roster.names)
            for about in subjects:
                about = speaker if about == YOU else about
                p: Proposition = literal(claim.predicate, about, claim.negated)
                if claim.via is not None:
                    p = Says(claim.via, p)
                queries.append(Query(speaker, p))
    return queries, is_open, ""


def _guessable(claims: tuple[Claim, ...], addressees: tuple[str, ...]) -> bool:
    return all(
        c.predicate in ("culprit", "liar") and not c.negated and not c.open and not c.either
        and c.via is None and len(c.subjects) == 1 and c.subjects[0] not in (SELF, EVERYONE)
        and (c.subjects[0] != YOU or len(addressees) == 1)
        for c in claims
    )


def _resolved(claim: Claim, addressees: tuple[str, ...]) -> Claim:
    if claim.subjects == (YOU,):
        return Claim(claim.predicate, addressees, claim.negated)
    return claim


def _guess(claims: list[Claim]) -> Intent:
    culprits = {c.subjects[0] for c in claims if c.predicate == "culprit"}
    liars = {c.subjects[0] for c in claims if c.predicate == "liar"}
    if len(culprits) > 1 or len(liars) > 1:
        return Remark()
    return Guess(culprit=next(iter(culprits), None), liar=next(iter(liars), None))
