"""One Japanese sentence read into claims: who is said (or asked) to be the culprit, the liar, honest.

Shared by the parser (a player's question or guess) and the extractor (a character's
answer): both need the same thing from a sentence, its predicates, their subjects and
whether each is negated. Who the sentence is addressed to is the parser's business.

A predicate's subjects are the people written before it ("BさんとCさんは食べましたか"),
or after it when it is the topic ("嘘つきはCさんですか", "食べたのは誰"). A predicate
with no subject of its own shares the previous one's, else it is about "you" (the
addressee) or "I" (the speaker). Negation is counted on the words after the predicate
(食べていない, 食べませんでした, 嘘つきではありません), except the tag forms
(食べたんじゃない？, 食べたのではありませんか) which ask the positive.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.lang.incident import INCIDENTS, Incident
from referee.lang.ja.lexicon import (
    ACT_VERBS,
    ANSWER_NOUNS,
    ANY_VERBS,
    ASK_VERBS,
    AUXILIARY_VERBS,
    BOTH,
    CULPRIT_NOUNS,
    DEMONSTRATIVES,
    DRINK_VERBS,
    EAT_VERBS,
    EMBED_VERBS,
    EXCLUDING,
    HEARSAY_ENDS,
    HEARSAY_SOURCES,
    HEDGES,
    HONEST_NOUNS,
    INCIDENT_NOUNS,
    INNOCENT_NOUNS,
    LIAR_NOUNS,
    LIE,
    MEANING,
    NEGATORS,
    ONLY,
    OTHERS,
    PEOPLE_WORDS,
    REMAINING,
    REPORT_VERBS,
    REPORTED_ASPECT,
    SETTING_NOUNS,
    THINK_VERBS,
    THIRD_PERSONS,
    TRUST,
    TRUTH,
)
from referee.lang.ja.tokens import Token, everyone_end
from referee.lang.reading import ADDRESSEE, ANYONE, EVERYONE, SPEAKER, Claim, Ref, named
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Predicate

TOPIC = ("は", "も", "って", "が", "とは")
COPULA = ("だ", "です", "で", "じゃ", "な", "では", "でしょう", "だろう", "である")
OR_WORDS = ("か", "または", "又は", "それとも", "あるいは", "或いは", "もしくは")
CERTAIN = ("間違い", "違い", "他", "外")
"""間違いない, 違いない, 他ならない: a negator that affirms."""
NOT_SUBJECT = ("に", "へ", "から", "より")
"""Particles after a person who is spoken to or compared with, not talked about."""
NOMINAL = ("の", "ん", "人", "方", "者", "奴", "やつ")
CONDITIONAL = ("なら", "ならば", "たら", "れば", "ば")
LIE_VERBS = ("吐く", "付く", "つく")
SAY_VERBS = ("言う", "話す", "答える", "仰る", "申す")
NO_ANSWERS = ("いいえ", "いえ", "いや", "ううん", "違う", "ノー")
WHICH = ("どっち", "どちら", "何方")
"""Which of two: with no two named, not an open question over the whole roster."""


@dataclass(frozen=True)
class Said:
    """A shared claim (referee.lang.reading.Claim) with what only a Japanese sentence tells:
    `either` marks "B or C" (never a guess), `implicit` that no subject was written, so an
    earlier sentence's topic may still hold ("Aさん、Bさんは食べた？嘘つき？" asks about B).
    A who-question is about `ANYONE`, its candidates the names given; `yours` that the one
    asked is a candidate too ("Bさん、あなたとAさん、どちらが…"), which only whoever puts
    the question knows by name.
    """

    claim: Claim
    either: bool = False
    implicit: bool = False
    yours: bool = False

    @property
    def open(self) -> bool:
        return ANYONE in self.claim.about


@dataclass(frozen=True)
class Meaning:
    """What one sentence says, and in what mood (whom it is put to is the parser's business).

    `problem` says why the sentence cannot be read safely (a role instead of a person,
    the wrong incident, an unknown verb); `ask` is interrogative mood (か, の？, よね,
    でしょう, ?), `hedged` thinking aloud (かな, かも, 怪しい), `firm` a stated
    conclusion (ね, よ, !), `presumed` a でしょう/だろう without ？ (a question to an
    addressee, a guess at most otherwise). `people` are the persons named, for "Cさんは？";
    `roles` whether a role (犯人, 嘘つき, 正直者) is mentioned; `reported` that the sentence
    tells what someone said (hearsay: "Bさんによると…", "…って言ってた", "…んだって").
    """

    claims: tuple[Said, ...]
    people: tuple[Ref, ...]
    problem: Problem | None = None
    ask: bool = False
    hedged: bool = False
    firm: bool = False
    presumed: bool = False
    roles: bool = False
    reported: bool = False


@dataclass(frozen=True)
class _Predicate:
    """Where a predicate's words are ([start, end)) and, for a verb, its lemma."""

    kind: Predicate
    start: int
    end: int
    verb: str = ""
    inverse: bool = False


def _predicates(tokens: tuple[Token, ...]) -> list[_Predicate]:
    found: list[_Predicate] = []
    i = 0
    while i < len(tokens):
        p = _predicate_at(tokens, i)
        if p is not None:
            found.append(p)
            i = p.end
        else:
            i += 1
    return found


def _predicate_at(tokens: tuple[Token, ...], i: int) -> _Predicate | None:
    """The predicate starting at token `i`: 食べる/飲む/召し上がる, 犯人, 事件を起こす, 嘘つき, 正直者, 嘘をつく."""
    t = tokens[i]
    if t.kind != "word":
        return None
    nxt = tokens[i + 1].surface if i + 1 < len(tokens) else ""
    if t.lemma in CULPRIT_NOUNS:
        return _Predicate("culprit", i, i + 1)
    if t.lemma in INNOCENT_NOUNS:
        return _Predicate("culprit", i, i + 1, inverse=True)  # 無実, 潔白: not the culprit
    if t.pos == "動詞" and ((t.act and t.lemma not in ANY_VERBS) or t.lemma in EAT_VERBS or t.lemma in DRINK_VERBS):
        return None if _short_of(tokens, i) else _Predicate("culprit", i, i + 1, t.lemma)
    if t.pos == "動詞" and t.act and t.lemma in ANY_VERBS and not (i > 0 and tokens[i - 1].surface in ("て", "で")):
        return _Predicate("culprit", i, i + 1, t.lemma)  # not the auxiliary of 教えていただく
    if t.pos == "動詞" and t.lemma == "起こす" and any(x.lemma in INCIDENT_NOUNS for x in tokens[:i]):
        return _Predicate("culprit", i, i + 1)
    if t.lemma == "口" and nxt == "に" and i + 2 < len(tokens) and tokens[i + 2].lemma == "為る":
        return _Predicate("culprit", i, i + 3)  # 口にする: to eat or drink, politely
    if t.lemma in LIAR_NOUNS:
        return _Predicate("liar", i, i + 1)
    if t.lemma in HONEST_NOUNS:
        return _Predicate("honest", i, i + 1)
    if t.lemma in TRUST and i + 1 < len(tokens) and tokens[i + 1].lemma == "出来る":
        return _Predicate("honest", i, i + 2)  # 信用できる, 信頼できない
    if t.lemma == "正直" and nxt == "者":
        return _Predicate("honest", i, i + 2)
    if t.lemma == "正直" and (not nxt or nxt in COPULA or nxt in ("なん", "か") or tokens[i + 1].punct):
        return _Predicate("honest", i, i + 1)  # 正直です, but not 正直に答えて
    if t.lemma in LIE or t.lemma in TRUTH:
        return _speaking(tokens, i)
    return None


def _short_of(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the verb at `i` wants, means or is about to do the act rather than does it:
    食べたかった, 食べたがっていた, 食べようとした, 飲もう, 食べそうになった, 食べるつもりだった."""
    verb, nxt = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else None
    volitional = verb.surface != verb.lemma and verb.surface.endswith("う")
    return volitional or (nxt is not None and (nxt.lemma in ("たい", "たがる", "積もり") or (nxt.lemma == "そう" and nxt.pos == "形状詞")))


def _speaking(tokens: tuple[Token, ...], i: int) -> _Predicate | None:
    """嘘をつく/嘘を言う (liar) and 本当のことを言う/真実を話す (honest)."""
    j = i + 1
    if tokens[i].lemma in TRUTH and [t.surface for t in tokens[j:j + 2]] == ["の", "こと"]:
        j += 2
    while j < len(tokens) and j < i + 5 and tokens[j].pos == "助詞":
        j += 1  # 嘘を, 嘘は, 嘘なんて, 本当のことを
    if j == len(tokens):
        return None
    lie = tokens[i].lemma in LIE
    verb = tokens[j].lemma
    if (lie and verb in LIE_VERBS) or verb in SAY_VERBS:
        return _Predicate("liar" if lie else "honest", i, j + 1)
    return None


def negated(tail: tuple[Token, ...]) -> bool:
    """Whether words after a predicate negate it: an odd number of negators, tags and idioms
    (食べたんじゃない, 間違いない) excluded."""
    count = sum(
        1 for j, t in enumerate(tail)
        if t.lemma in NEGATORS and t.pos in ("助動詞", "形容詞") and not _tag(tail, j)
        and not (j > 0 and tail[j - 1].lemma in CERTAIN)
    )
    return count % 2 == 1


def _contrast(tokens: tuple[Token, ...], ahead: list[int], end: int) -> list[bool] | None:
    """"食べたのはBさんではなくCさんですか": each subject after the topic with its own negation.

    None when no negation stands between the subjects (one negation holds for all). A
    subject followed only by a conjunction ("BさんでもCさんでもない") shares the next one's.
    """
    if len(ahead) < 2:
        return None
    bounds = [*ahead[1:], end]
    own = [negated(tokens[j + 1:bound]) for j, bound in zip(ahead, bounds, strict=True)]
    if not any(own[:-1]):
        return None
    for m in range(len(own) - 2, -1, -1):
        if all(t.surface in ("で", "も", "と", "か", "や", "、") for t in tokens[ahead[m] + 1:bounds[m]]):
            own[m] = own[m + 1]
    return own


def _tag(tail: tuple[Token, ...], j: int) -> bool:
    """Whether the negator at `j` closes a tag (食べたんじゃない, 食べたのではありませんか)."""
    k = j - 1
    while k >= 0 and tail[k].lemma in ("有る", "ます", "です"):
        k -= 1
    if k >= 0 and tail[k].surface in ("じゃ", "じゃあ", "では"):
        k -= 1
    elif k >= 1 and tail[k].surface == "は" and tail[k - 1].surface == "で":
        k -= 2
    else:
        return False
    return k >= 0 and tail[k].surface in ("の", "ん")


def _tail(tokens: tuple[Token, ...], start: int, stop: int, through_people: bool) -> tuple[Token, ...]:
    """The words that inflect a predicate: up to a comma, a quotation と/って, a new person."""
    out = []
    for j in range(start, min(stop, len(tokens))):
        t = tokens[j]
        if t.surface in ("と", "って") and _that_fact(tokens, j + 1):
            out.append(t)  # "…嘘つきってことはない": the negation is the claim's
            continue
        if t.surface in ("、", ",", "と", "って", "か", "かどうか") and t.pos in ("補助記号", "助詞"):
            break  # "…正直者か教えてくれない？": the negation after か is the request's
        if t.person and not through_people:
            break
        out.append(t)
    return tuple(out)


def _that_fact(tokens: tuple[Token, ...], j: int) -> bool:
    """"(と|って)(いう)ことは…" at `j`: the claim restated as a fact, whose negation follows."""
    if j < len(tokens) and tokens[j].lemma == "言う":
        j += 1
    return j + 1 < len(tokens) and tokens[j].lemma in ("こと", "事") and tokens[j + 1].surface in ("は", "も")


def _clause_starts(tokens: tuple[Token, ...], predicates: list[_Predicate], asks: bool) -> list[int]:
    """For each token index (and the end), where the clause holding it starts: after the last
    comma (or space) that closes a clause with a verb of its own ("Cさんのことは分かりませんが、私は
    食べていません"; "分かった Cが食べたんだ、そしてBが嘘つき" says both after the space; "…し、…"
    adds a claim, never closes a clause),
    or background closed by けど, が, から ("Bさんのことなんだけど、…"; in a question also
    "Bは嘘つきだけど、Cは正直者？", while a statement "Aさんは食べていませんが、Cさんは食べました"
    says both). All in one pass, not one pass from the start per predicate."""
    covered = {j for p in predicates for j in range(p.start, p.end)}
    starts = [0] * (len(tokens) + 1)
    start, verb, claimed = 0, False, False
    for j, t in enumerate(tokens):
        claimed = claimed or j in covered
        if t.pos in ("動詞", "形容詞") and j not in covered and t.lemma not in AUXILIARY_VERBS:
            verb = True
        elif (t.surface in ("、", ",") or t.pos == "空白") and not (j > 0 and tokens[j - 1].surface == "し") and (
            verb or (j > 0 and _background_end(tokens[j - 1]) and (asks or not claimed))
        ):
            start, verb, claimed = j + 1, False, False
        starts[j + 1] = start
    return starts


def _background_end(t: Token) -> bool:
    """けど, が, から, ので closing a clause: what comes before is background."""
    return t.pos2 == "接続助詞" and t.lemma in ("けれど", "けれども", "けど", "が", "から", "ので")


def _forward_from(tokens: tuple[Token, ...], p: _Predicate, stop: int) -> int | None:
    """Where the subjects of a topic predicate start ("嘘つきはCさん", "食べたのは誰", "犯人A")."""
    j = p.end
    if p.verb or tokens[p.start].pos == "動詞":
        while j < stop and (tokens[j].pos == "助動詞" or tokens[j].surface in ("て", "で")
                            or tokens[j].lemma in AUXILIARY_VERBS):
            j += 1  # 食べた, 食べていない, 食べてしまった
        if j < stop and tokens[j].surface in NOMINAL:
            j += 1
        else:
            return None
        if j < stop and tokens[j].kind == "name":
            return j  # "食べたのB": casual, with no は
    elif j < stop and tokens[j].kind in ("name", "who"):
        return j  # "犯人A", "嘘つき誰？"
    if j < stop and tokens[j].surface in TOPIC and tokens[j].pos == "助詞":
        return j + 1
    return None


def _people(tokens: tuple[Token, ...], start: int, stop: int, taken: set[int]) -> tuple[list[int], bool, bool]:
    """Subjects in [start, stop) (persons, or a word for everyone), whether a who-word is there,
    whether they are joined by "or"."""
    found, who, either = [], False, False
    for j in range(start, stop):
        t = tokens[j]
        if j in taken:
            continue
        nxt = tokens[j + 1] if j + 1 < len(tokens) else None
        if t.kind == "who":
            if nxt is not None and nxt.surface == "か" and not _asked_who(tokens, j + 2):
                either = True  # "BかCか", "どっちか"; "誰か" (someone) is `_someone_problem`'s
            elif not (nxt is not None and nxt.surface == "も"):
                who = True
        elif t.person and not (nxt is not None and nxt.pos == "助詞" and (
            nxt.surface in NOT_SUBJECT or (nxt.surface == "の" and _possessed(tokens, j + 2))
        )):
            found.append(j)
        elif (end := everyone_end(tokens, j)) is not None and not (
            end < len(tokens) and tokens[end].surface in NOT_SUBJECT
        ):
            found.append(j)  # "全員正直者ですか"
        elif t.surface in OR_WORDS and found and t.pos in ("助詞", "接続詞"):
            either = True
    return found, who, either


def _asked_who(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether "誰か" ending at `j` asks who ("嘘つきは誰か教えて", "…は誰か？"), not "someone"
    ("誰かが食べた？", "誰か嘘ついてる？"): the sentence ends, or a verb that embeds follows."""
    while j < len(tokens) and (tokens[j].surface in ("を", "だけ", "、", ",") or tokens[j].pos == "副詞"):
        j += 1
    return j == len(tokens) or tokens[j].punct or tokens[j].lemma in EMBED_VERBS | ASK_VERBS


def _someone_problem(tokens: tuple[Token, ...]) -> Problem | None:
    """"誰かが食べましたか", "誰か嘘ついてる？": someone, no one in particular; read with the
    default subject it charged the one asked."""
    for j, t in enumerate(tokens[:-1]):
        if t.lemma in ("誰", "だれ") and tokens[j + 1].surface == "か" and not _asked_who(tokens, j + 2):
            return Problem(Why.WHO_IS_MEANT)
    return None


def _unnamed_subjects(tokens: tuple[Token, ...]) -> list[int]:
    """last[i]: the last j < i where a noun and the が/は after it make a subject (or topic)
    that is no one named ("猫が食べましたか", "友達は犯人じゃないよね"; not "ケーキは",
    "今日は", "本当は"), or -1. A predicate starting at p has one in its clause when
    last[p - 1] is at or after the clause's start. One pass, not a scan per predicate."""
    last = [-1] * (len(tokens) + 1)
    for j in range(len(tokens)):
        last[j + 1] = j if j + 1 < len(tokens) and _unnamed_pair(tokens[j], tokens[j + 1]) else last[j]
    return last


def _unnamed_pair(t: Token, particle: Token) -> bool:
    if t.pos != "名詞" or t.person or t.thing or t.kind != "word" or particle.surface not in ("が", "は"):
        return False
    if particle.pos != "助詞" or t.pos3 == "副詞可能" or t.lemma in SETTING_NOUNS:
        return False
    return t.lemma not in _CASE_NOUNS and t.surface not in _CASE_NOUNS and t.lemma not in NOMINAL


def _possessed(tokens: tuple[Token, ...], j: int) -> bool:
    """"私の答え", "Bさんの証言": the person owns a thing, he is not the subject ("Bさんのこと" is)."""
    return j < len(tokens) and tokens[j].pos == "名詞" and tokens[j].lemma not in ("こと", "事", "うち", "内", "中")


def read(tokens: tuple[Token, ...], incident: Incident, implied: Ref = ADDRESSEE) -> Meaning:
    """Read one sentence's claims; `implied` is whom a predicate with no subject is about."""
    predicates = _predicates(tokens)
    people = tuple(_person(t) for t in tokens if t.person)
    mood = _mood(tokens)
    roles = any(t.lemma in LIAR_NOUNS | HONEST_NOUNS | CULPRIT_NOUNS for t in tokens)
    clause_start = _clause_starts(tokens, predicates, mood[0])
    last_clause = clause_start[len(tokens)]
    # a background clause dropped below ("…他の二人と食い違ってるから、嘘つきはBさん") excludes no one
    background = last_clause >= 2 and _background_end(tokens[last_clause - 2])  # never an "if" (と, なら)
    scope = last_clause if background and any(p.start >= last_clause for p in predicates) else 0
    problem = (_excluding_problem(tokens[scope:], predicates) or _incident_problem(tokens, predicates, incident)
               or _third_person_problem(tokens) or _someone_problem(tokens) or _role_person_problem(tokens, predicates)
               or _both_problem(tokens, people))
    via_at, report_negated, nested_problem = _quoter(tokens, predicates)
    if predicates and any(t.lemma == "何" and t.pos == "代名詞" and not (via_at is not None and _what_answer(tokens, j))
                          and not _casual_copula(tokens, j) for j, t in enumerate(tokens)):
        problem = problem or Problem(Why.NO_PREDICATE)  # "what": the referee answers yes, no or who
    groups: list[list[Said]] = []  # the claims of each predicate
    problem = problem or nested_problem or (_asked_of(tokens[scope:]) if via_at is None else None)
    if via_at is not None and _quoted_no(tokens):
        problem = problem or Problem(Why.NESTED)  # a quoted no would turn the nesting around
    taken = _thinkers(tokens) | (_quoters(tokens, via_at) if via_at is not None else set())
    back_from = 0
    unnamed_before = _unnamed_subjects(tokens)
    for k, p in enumerate(predicates):
        stop = predicates[k + 1].start if k + 1 < len(predicates) else len(tokens)
        back, who, either = _people(tokens, max(back_from, clause_start[p.start]), p.start, taken)
        forward = _forward_from(tokens, p, stop)
        ahead: list[int] = []
        if forward is not None:
            ahead, who_after, either_after = _people(tokens, forward, stop, taken)
            who, either = who or who_after, either or either_after
            shared = stop == forward and tokens[forward - 1].surface == "も"  # 犯人も嘘つきもB
            if not ahead and not who and not back and not shared:
                # a topic with no one after it: "嘘つきは…" (the name not said yet) is no claim
                # about the person before it ("犯人はBさん、嘘つきは…" read liar B)
                problem = problem or Problem(Why.ROLE if k + 1 < len(predicates) else Why.WHO_IS_MEANT)
        subjects = back + ahead
        taken.update(subjects)
        tail = _tail(tokens, p.end, stop, through_people=forward is not None)
        if p.inverse and negated(tail):
            problem = problem or Problem(Why.UNREAD)  # "not innocent": ask whether he did it
        if _conditional(tail):
            problem = problem or Problem(Why.SUPPOSING)
        names = _over_named(tuple(_ref(tokens, j) for j in subjects))
        implicit = not names and not who
        if implicit and p.start > 0 and unnamed_before[p.start - 1] >= clause_start[p.start]:
            problem = problem or Problem(Why.WHO_IS_MEANT)
        if implicit and not groups and clause_start[p.start] > 0:
            earlier, _, _ = _people(tokens, 0, clause_start[p.start], taken)
            if any(_ref(tokens, j) != implied for j in earlier):
                problem = problem or Problem(Why.WHO_IS_MEANT)  # "私がお腹すいてたけど、食べてない": who did not?
        if implicit:
            last = groups[-1][-1] if groups else None
            names = last.claim.about if last is not None and not last.open else (implied,)
        contrast = _contrast(tokens, ahead, p.end + len(tail)) if not who else None
        if contrast is None:
            is_negated = negated(tail) != p.inverse
            if who:
                problem = problem or (Problem(Why.PLAYER) if SPEAKER in names else None)
                if not names and any(t.kind == "who" and t.lemma in WHICH for t in tokens):
                    problem = problem or Problem(Why.WHO_IS_MEANT)  # "どっちが" of whom?
                claim = Claim(p.kind, (ANYONE,), is_negated, candidates=tuple(r.name for r in names if r.name))
                groups.append([Said(claim, either, implicit, yours=ADDRESSEE in names)])
            else:
                groups.append([Said(Claim(p.kind, names, is_negated), either, implicit)])
        else:
            negated_before = negated(tokens[p.end:ahead[0]])
            groups.append([Said(Claim(p.kind, (_ref(tokens, j),), (negated_before != flipped) != p.inverse), either)
                           for j, flipped in zip(ahead, contrast, strict=True)])
        back_from = p.end + len(tail)
    _share_with_next(groups, predicates, tokens)
    if any(p.start >= last_clause for p in predicates):
        # "Aさんは嘘つきだと言っていましたが、Cさんは正直者ですか": only the last clause asks
        kept = [(g, p) for g, p in zip(groups, predicates, strict=True) if p.start >= last_clause]
        groups, predicates = [g for g, _ in kept], [p for _, p in kept]
    claims = [c for group in groups for c in group]
    if claims and not problem:
        problem = _main_verb_problem(tokens, predicates) or _unread_part(tokens, predicates, taken)
    ask, hedged, firm, presumed = mood
    if not ask and _embedded_question(tokens):
        ask, firm = True, False
    if via_at is not None:
        # "…と言わない" denies the quote; in a question "…と言いませんか" is only a tag
        claims = _quoting(claims, tokens[via_at].lemma, tokens, flip=report_negated and not ask)
    elif claims and not problem and _quotes_someone(tokens, last_clause):
        problem = Problem(Why.NESTED)  # whose answer: "Aさん、Bさんは「Cさんが食べた」と言いますか？"
    reported = _hearsay(tokens, last_clause)
    return Meaning(tuple(claims), people, problem, ask, hedged, firm, presumed, roles, reported)


def _hearsay(tokens: tuple[Token, ...], clause: int) -> bool:
    """Whether the sentence tells what someone said: a source ("Bさんによると", "Bの話だと",
    "Bが言うには") anywhere, or in its last clause a report verb that tells ("…って言ってた",
    "…とおっしゃっています") or a hearsay ending ("…んだって", "…らしい", "…食べたそうだ")."""
    for j in range(len(tokens)):
        for source in HEARSAY_SOURCES:
            words = tokens[j:j + len(source)]
            if len(words) == len(source) and all(w in (t.lemma, t.surface) for w, t in zip(source, words, strict=True)):
                heard = j >= 2 and tokens[j - 1].surface == "た" and tokens[j - 2].lemma in ASK_VERBS  # 聞いた話だと
                if source[0] == "話" and not heard and not (
                    j >= 2 and tokens[j - 1].surface == "の" and tokens[j - 2].person
                ):
                    continue
                if source[0] == "言う" and not (j + 2 < len(tokens) and tokens[j + 2].surface == "は"):
                    continue
                return True
    for j in range(clause, len(tokens)):
        t = tokens[j]
        if t.lemma in REPORT_VERBS and t.pos == "動詞" and _quoted(tokens, j) and _told(tokens[j + 1:j + 3]):
            return True
        ending = (t.lemma in HEARSAY_ENDS or t.surface in HEARSAY_ENDS) and (
            t.pos in ("助動詞", "名詞") or _final(tokens, j)
        )
        if ending and (t.lemma != "そう" or t.pos2 == "助動詞語幹"):  # 食べたそうだ, not そう思う
            return True
    return False


def _told(after: tuple[Token, ...]) -> bool:
    """"言ってた", "言っている", "言った": a report verb's past or progressive (what was said),
    not the "would he say" of a nested question."""
    if not after:
        return False
    first = after[0]
    if first.surface == "た" or first.lemma == "てる":
        return True
    return first.surface in REPORTED_ASPECT and len(after) > 1 and after[1].lemma in ("居る", "いる", "おる", "てる")


def _final(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether only sentence-final particles and punctuation follow `j` ("…んだってさ", "…だってよ")."""
    return all(t.punct or (t.pos == "助詞" and t.pos2 == "終助詞") for t in tokens[j + 1:])


def _quotes_someone(tokens: tuple[Token, ...], clause: int) -> bool:
    """A quotation in marks ("…『Aくんは正直者』って答える？") or what one would answer by
    someone's guess ("…って答えると思う？") with no one found to say it: read as a plain
    question it would drop the nesting, so it is not read. Without either, the one asked
    says it himself ("あなたは嘘つきじゃないって言えますか") and the question is plain."""
    marks = any(t.surface in ("「", "『") for t in tokens)
    for j in range(clause, len(tokens)):
        if tokens[j].lemma in REPORT_VERBS and tokens[j].pos == "動詞" and _quoted(tokens, j, ("と", "って")):
            after = [t for t in tokens[j + 1:j + 4] if t.pos != "助動詞"]
            guessed = len(after) > 1 and after[0].surface in ("と", "って") and after[1].lemma in THINK_VERBS
            if marks or guessed:
                return True
    return False


def _both_problem(tokens: tuple[Token, ...], people: tuple[Ref, ...]) -> Problem | None:
    """"二人とも", "両方" quantify over the people named: with fewer than two it says nobody."""
    if any(t.lemma in BOTH or t.surface in BOTH for t in tokens) and len(set(people)) < 2:
        return Problem(Why.EACH)
    return None


def _role_person_problem(tokens: tuple[Token, ...], predicates: list[_Predicate]) -> Problem | None:
    """"嘘つきの人が食べましたか": a role standing for a person (whom the player does not name)."""
    for p in predicates:
        if not p.verb and p.end + 1 < len(tokens) and tokens[p.end].surface == "の" and (
            tokens[p.end + 1].lemma in PEOPLE_WORDS
        ):
            return Problem(Why.ROLE)
    return None


def _thinkers(tokens: tuple[Token, ...]) -> set[int]:
    """"あなたは、Bさんが嘘をついていると思いますか": あなた holds the opinion, B is asked about."""
    if not any(t.lemma in THINK_VERBS and j > 0 and tokens[j - 1].surface in ("と", "って")
               for j, t in enumerate(tokens)):
        return set()
    for j, t in enumerate(tokens[:-1]):
        if t.person and tokens[j + 1].surface == "は":
            if any(x.person for x in tokens[j + 2:]):
                return {j}
            break
    return set()


def _share_with_next(groups: list[list[Said]], predicates: list[_Predicate], tokens: tuple[Token, ...]) -> None:
    """"犯人も嘘つきもBさん" shares the subject, "嘘つきでも犯人でもない" the negation."""
    for k in range(len(groups) - 2, -1, -1):
        between = [t.surface for t in tokens[predicates[k].end:predicates[k + 1].start]]
        if between not in (["も"], ["で", "も"]) or len(groups[k]) != 1:
            continue
        said, later = groups[k][0], groups[k + 1][0]
        claim = said.claim
        if between == ["も"] and said.implicit:
            claim = replace(claim, about=later.claim.about, candidates=later.claim.candidates)
            said = replace(said, implicit=later.implicit)
        groups[k] = [replace(said, claim=replace(claim, negated=later.claim.negated))]


def _quoted(tokens: tuple[Token, ...], j: int, marks: tuple[str, ...] = ("と", "って", "か", "どうか")) -> bool:
    """Whether the verb at `j` takes a quotation or an embedded question (…と言う, …かどうか、知る)."""
    k = j - 1
    while k >= 0 and tokens[k].surface in ("、", ","):
        k -= 1
    if k >= 1 and tokens[k].surface in ("は", "も") and tokens[k - 1].surface in ("と", "って"):
        k -= 1  # …とは言わない
    if k >= 1 and tokens[k].surface in ("て", "と", "って") and tokens[k - 1].lemma == "何":
        return True  # …聞いたら、何て答える
    if k >= 0 and tokens[k].surface in ("たって", "だって") and "と" in marks:
        return True  # "食べたって答える": Sudachi joins た and って
    return k >= 0 and tokens[k].surface in marks


def _embedded_question(tokens: tuple[Token, ...]) -> bool:
    """"…食べたか答えて", "…かどうか教えてください": a question put as a request;
    "…食べたのかってことです", "…かという意味です": a question restated."""
    return any(
        (t.lemma in EMBED_VERBS | ASK_VERBS and _embeds(tokens, j))
        or (t.lemma in MEANING and _restates(tokens, j))
        for j, t in enumerate(tokens)
    )


def _embeds(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether the verb at `j` takes an embedded question: "…か教えて", "…かどうかを聞きたい",
    "…かどうか、はっきり言って", "…かどうかだけ教えて" (past を, だけ, a comma or an adverb)."""
    k = j - 1
    while k >= 0 and (tokens[k].surface in ("、", ",", "を", "だけ") or tokens[k].pos == "副詞"):
        k -= 1
    return k >= 0 and tokens[k].surface == "か"


def _restates(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether the noun at `j` (こと, 意味) follows a quoted question: …か(って|という)こと."""
    k = j - 1
    if k >= 0 and tokens[k].lemma == "言う":
        k -= 1
    return k >= 1 and tokens[k].surface in ("と", "って") and tokens[k - 1].surface in ("か", "どうか")


def _ref(tokens: tuple[Token, ...], j: int) -> Ref:
    """The subject a token stands for: a person, or everyone (全員, みんな, 三人とも)."""
    t = tokens[j]
    return _person(t) if t.person else EVERYONE


def _over_named(refs: tuple[Ref, ...]) -> tuple[Ref, ...]:
    """"BさんとCさんは全員食べてない？": a word for everyone after names quantifies over them,
    never the whole roster (the one asked too)."""
    if EVERYONE in refs and any(r.name for r in refs):
        return tuple(r for r in refs if r is not EVERYONE)
    return refs


def _asked_of(tokens: tuple[Token, ...]) -> Problem | None:
    """"Bさんが聞かれたら…と言う？", "Bさんの答えは…ってこと？": someone's answer, with no one
    found to quote (see `_quoter`); read plainly it would drop the nesting."""
    for j, t in enumerate(tokens[:-1]):
        after = [x.lemma for x in tokens[j + 1:j + 3]]
        passive = t.lemma in ASK_VERBS and (after[0] in ("れる", "られる") or after == ["為る", "れる"])  # 質問される
        answer = t.kind == "name" and tokens[j + 1].surface == "の" and j + 2 < len(tokens) and tokens[j + 2].lemma in ANSWER_NOUNS
        if passive or answer:
            return Problem(Why.NESTED)
    return None


def _person(t: Token) -> Ref:
    """A roster name, the one spoken to (あなた) or the one speaking (私, 自分)."""
    if t.kind == "name":
        return named(t.lemma)
    return ADDRESSEE if t.kind == "you" else SPEAKER


def _quoter(tokens: tuple[Token, ...], predicates: list[_Predicate]) -> tuple[int | None, bool, Problem | None]:
    """Whose answer a nested sentence quotes: (index of that name, report negated, problem).

    "Bさんに聞いたら…と答えますか" and "Bさんは「…」と言う(はずです)" quote B. The report
    verb must follow the quoted predicates: in "Aさんは嘘つきだと言っていましたが、Cさんは
    正直者ですか" A's words are background, not what is asked.
    """
    after = max((p.end for p in predicates), default=0)
    report = next((j for j in range(after, len(tokens))
                   if tokens[j].lemma in REPORT_VERBS and _quoted(tokens, j)), None)
    end = len(tokens) if report is None else report
    asked = [j for j in range(len(tokens) - 2) if tokens[j].kind == "name" and tokens[j + 1].surface == "に"
             and _asking_follows(tokens, j + 2, end)]
    if len(asked) > 1 or (asked and asked[0] > 1 and tokens[asked[0] - 1].surface in ("と", "・", "や", "、")):
        return None, False, Problem(Why.NESTED)  # what several would answer, at once
    if asked and report is None:
        return None, False, Problem(Why.NESTED)  # what should he be asked?
    if report is None:
        return None, False, None
    if asked:
        return asked[0], negated(tokens[report + 1:]), None
    for j in range(min(after, len(tokens) - 1)):
        if tokens[j].kind == "name" and tokens[j + 1].surface in ("は", "なら", "が"):
            rest = [t for t in tokens[j + 2:report] if t.surface not in ("、", ",")]
            quote = bool(rest) and rest[0].surface in ("「", "『")
            if quote or (tokens[j + 1].surface != "が" and any(t.person for t in rest)):
                return j, negated(tokens[report + 1:]), None  # "Bさんは「…」と言う", "Bさんなら…と言う"
            break
    return None, False, None


def _casual_copula(tokens: tuple[Token, ...], j: int) -> bool:
    """"Aって正直なん？": Sudachi reads the casual なん (なの) as 何 after a predicate noun."""
    return tokens[j].surface == "なん" and j > 0 and tokens[j - 1].lemma == "正直" and all(
        t.punct for t in tokens[j + 1:])


def _what_answer(tokens: tuple[Token, ...], j: int) -> bool:
    """"…と聞いたら、Bさんは何て答える？": what the one quoted answers, i.e. yes or no."""
    nxt = tokens[j + 1:j + 3]
    return len(nxt) == 2 and nxt[0].surface in ("て", "と", "って") and nxt[1].lemma in REPORT_VERBS


def _quoters(tokens: tuple[Token, ...], via_at: int) -> set[int]:
    """Every mention of the one quoted as the one who answers ("Bさんに聞いたとして、Bさんは『…』"),
    outside the quotation marks and before one: he says the quote, he is not said about
    ("もしAさんに聞いたら、Aさんは嘘つきだと答える？" is about A)."""
    depth, found = 0, {via_at}
    for j, t in enumerate(tokens[:-1]):
        depth += 1 if t.surface in ("「", "『") else -1 if t.surface in ("」", "』") else 0
        if depth == 0 and t.kind == "name" and t.lemma == tokens[via_at].lemma and (
            tokens[j + 1].surface in ("は", "が", "なら", "って") and _quote_opens(tokens, j + 2)
        ):
            found.add(j)
    return found


def _quote_opens(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether quotation marks open at `j`, past commas."""
    while j < len(tokens) and tokens[j].surface in ("、", ","):
        j += 1
    return j < len(tokens) and tokens[j].surface in ("「", "『")


def _asking_follows(tokens: tuple[Token, ...], j: int, end: int) -> bool:
    """Whether "Bさんに" at j is whom a question is put: an ask verb follows at once
    ("Bさんに聞いたら") or after the question it puts ("Bさんに、Aさんは嘘つきかと尋ねたら")."""
    if j < len(tokens) and tokens[j].lemma in ASK_VERBS:
        return True
    for k in range(j, end - 1):
        if tokens[k].lemma in ASK_VERBS:
            return tokens[k - 1].surface in ("と", "って", "か", "どうか")
    return False


def _quoting(claims: list[Said], via: str, tokens: tuple[Token, ...], flip: bool) -> list[Said]:
    """The claims as what `via` would say; 自分 inside the quote is `via` himself."""
    quoted = []
    for said in claims:
        c = said.claim
        about = c.about
        if about == (ADDRESSEE,) and (any(t.surface in ("自分", "自身") for t in tokens) or _quoted_you(tokens)):
            about = (named(via),)  # "Cさんに『あなたは食べましたか』と聞いたら": "you" is C
        quoted.append(replace(said, claim=replace(c, about=about, negated=c.negated != flip, via=named(via))))
    return quoted


def _in_quotes(tokens: tuple[Token, ...]) -> list[Token]:
    """The words inside quotation marks 「」『』."""
    depth, inside = 0, []
    for t in tokens:
        depth += 1 if t.surface in ("「", "『") else -1 if t.surface in ("」", "』") else 0
        if depth > 0:
            inside.append(t)
    return inside


def _quoted_you(tokens: tuple[Token, ...]) -> bool:
    """Whether a second person stands inside quotation marks (the one the quote is put to)."""
    return any(t.kind == "you" for t in _in_quotes(tokens))


def _quoted_no(tokens: tuple[Token, ...]) -> bool:
    """"…と聞いたら「いいえ」と言いますか": a quoted no, which would turn the nesting around."""
    return any(t.surface in NO_ANSWERS or t.lemma in NO_ANSWERS for t in _in_quotes(tokens))


def _unread_part(tokens: tuple[Token, ...], predicates: list[_Predicate], taken: set[int]) -> Problem | None:
    """Someone doing what no predicate names, joined by て and a comma to the rest ("Bさんが花瓶を割って、嘘つきは
    Aさん" in a cake game): read without it, the rest would be a claim the player did not make."""
    starts = {p.start for p in predicates}
    for j, t in enumerate(tokens[:-1]):
        if not t.person or j in taken or tokens[j + 1].surface != "が":
            continue
        for k in range(j + 2, len(tokens) - 1):
            if k in starts or tokens[k].person:
                break
            if (tokens[k].pos == "動詞" and tokens[k].lemma not in AUXILIARY_VERBS and tokens[k + 1].surface in ("て", "で")
                    and k + 2 < len(tokens) and tokens[k + 2].surface in ("、", ",")):
                return Problem(Why.PART_UNREAD)  # not 見てた, 食べてない: て of an auxiliary
    return None


def _main_verb_problem(tokens: tuple[Token, ...], predicates: list[_Predicate]) -> Problem | None:
    """A sentence whose last verb is neither a predicate nor think/say/know is not understood."""
    covered = {j for p in predicates for j in range(p.start, p.end)}
    for j in range(len(tokens) - 1, -1, -1):
        t = tokens[j]
        if j in covered:
            return None
        if t.pos != "動詞" or t.lemma in AUXILIARY_VERBS or (t.lemma == "頂く" and j > 0 and tokens[j - 1].surface == "て"):
            continue  # 教えていただけますか
        if (_quoted(tokens, j) or _embeds(tokens, j)) and (
            t.lemma in THINK_VERBS or t.lemma in REPORT_VERBS or t.lemma in EMBED_VERBS
        ):
            return None
        if t.lemma in ASK_VERBS:
            return None
        return Problem(Why.NOT_THE_ACT)  # 見た, 知ってる, 触った: not whether he did it
    return None


def _excluding_problem(tokens: tuple[Token, ...], predicates: list[_Predicate]) -> Problem | None:
    """"Bさん以外の誰かが食べましたか", "ほかの人が", "Bさんじゃない人が", "Bさんしか食べていない":
    a claim about the rest of the roster, or about one person only. Read as a plain claim about
    the person named it would charge another question, often the opposite, so it is not read."""
    honest = any(p.kind == "honest" for p in predicates)
    for j, t in enumerate(tokens):
        nxt = tokens[j + 1] if j + 1 < len(tokens) else None
        if (
            t.lemma in EXCLUDING
            or (t.lemma in OTHERS and _people_after(tokens, j + 1))
            or (t.lemma in REMAINING and not _object_after(tokens, j + 1))
            or (t.person and _not_him(tokens, j + 1))
        ):
            return Problem(Why.WHO_IS_MEANT)  # everyone else: no one in particular
        if t.person and nxt is not None and nxt.pos == "助詞" and nxt.surface in ONLY and (
            nxt.surface == "しか" or honest
        ):
            return Problem(Why.ONE_AT_A_TIME)  # "only B": B, and everyone else
    return None


def _third_person_problem(tokens: tuple[Token, ...]) -> Problem | None:
    """"彼は嘘つきですか", "あの人が食べたの": whom "he" means is the player's to say; read as
    the one asked (the default subject) it would charge a question nobody asked."""
    for j, t in enumerate(tokens):
        nxt = tokens[j + 1] if j + 1 < len(tokens) else None
        unnamed = t.kind == "word" and (t.lemma in THIRD_PERSONS or t.surface in THIRD_PERSONS)
        pointed = t.surface in DEMONSTRATIVES and nxt is not None and nxt.lemma in PEOPLE_WORDS
        if unnamed or pointed:
            return Problem(Why.WHO_IS_MEANT)
    return None


def _after_modifier(tokens: tuple[Token, ...], j: int) -> Token | None:
    """The word at `j` past の, た or て ("別の人", "残ったケーキ", "じゃなくて誰")."""
    while j < len(tokens) and tokens[j].surface in ("の", "た", "っ", "て", "ば", "いる", "る"):
        j += 1
    return tokens[j] if j < len(tokens) else None


def _people_after(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether a word for people follows at `j` ("ほかの人", "もう一人", "別の誰か")."""
    word = _after_modifier(tokens, j)
    return word is not None and (word.lemma in PEOPLE_WORDS or word.kind == "who")


def _object_after(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether the incident's object follows at `j` ("残りのケーキ", "最後に残ったプリン")."""
    word = _after_modifier(tokens, j)
    return word is not None and (word.thing or word.lemma in INCIDENT_BY_NOUN)


def _not_him(tokens: tuple[Token, ...], j: int) -> bool:
    """"Bさんじゃない人", "Bさんではなく誰か": a person denied, then a word for people;
    "Bさんでなければ", "Bさんじゃないとしたら": a person denied in an "if"."""
    while j < len(tokens) and tokens[j].surface in ("じゃ", "で", "は", "じゃあ"):
        j += 1
    if j == len(tokens) or tokens[j].lemma not in ("無い", "ない"):
        return False
    return _people_after(tokens, j + 1) or _conditional(tokens[j + 1:j + 5])


INCIDENT_BY_NOUN = {i.noun["ja"]: i for i in INCIDENTS.values()}
_CASE_NOUNS = CULPRIT_NOUNS | INNOCENT_NOUNS | LIAR_NOUNS | HONEST_NOUNS | INCIDENT_NOUNS | INCIDENT_BY_NOUN.keys()
"""Nouns of the case itself: as a topic ("ケーキは", "犯人は") they are no one unnamed."""


def _incident_problem(tokens: tuple[Token, ...], predicates: list[_Predicate], incident: Incident) -> Problem | None:
    """Another game's object (プリン in a cake game) or verb (飲む for a cake, 食べる for a vase) is not this
    incident; `other` is the object or the verb as typed."""
    for t in tokens:
        other = None if t.thing else INCIDENT_BY_NOUN.get(t.surface) or INCIDENT_BY_NOUN.get(t.lemma)
        if other is not None and other.key != incident.key:
            return Problem(Why.OTHER_INCIDENT, other=t.surface)
    for p in predicates:
        thing = _object_of(tokens, p) if p.verb else None
        if thing is not None:
            return Problem(Why.OTHER_INCIDENT, other=thing)
    wrong_verbs = (EAT_VERBS | DRINK_VERBS) - ACT_VERBS[incident.verb]
    for p in predicates:
        if p.verb in wrong_verbs:
            return Problem(Why.OTHER_INCIDENT, other=tokens[p.start].surface)
    return None


def _object_of(tokens: tuple[Token, ...], p: _Predicate) -> str | None:
    """The object of an eating or drinking verb when it is a thing other than the incident's
    ("ピザ食べた？", "コーヒーを飲みましたか"), else None."""
    j = p.start - 1
    if j >= 0 and tokens[j].pos == "助詞" and tokens[j].surface in ("を", "は", "も", "って"):
        j -= 1
    if j < 0:
        return None
    t = tokens[j]
    if t.thing or t.kind != "word" or t.pos != "名詞" or t.pos2 != "普通名詞" or t.pos3 == "副詞可能":
        return None
    known = _CASE_NOUNS | SETTING_NOUNS | PEOPLE_WORDS | BOTH | MEANING
    if t.lemma in known or t.surface in known or t.lemma in NOMINAL:
        return None
    return tokens[j - 1].surface + t.surface if j > 0 and tokens[j - 1].pos == "接頭辞" else t.surface


def _conditional(tokens: tuple[Token, ...]) -> bool:
    """An "if" (なら, たら, れば), not the emphatic ってば."""
    return any(
        t.surface in CONDITIONAL and t.pos in ("助詞", "助動詞") and not (j > 0 and tokens[j - 1].surface == "って")
        for j, t in enumerate(tokens)
    )


def _kamo(tokens: tuple[Token, ...]) -> bool:
    """"…食べたかも", "…犯人なのかも…笑": Sudachi cuts the hedge かも into か and も, so it is
    read as the pair that ends the sentence (past punctuation, ね, な, しれない)."""
    for j, t in enumerate(tokens[:-1]):
        if t.surface == "か" and t.pos == "助詞" and tokens[j + 1].surface == "も" and j > 0:
            rest = tokens[j + 2:]
            if all(x.punct or x.pos2 == "終助詞" or x.lemma in ("知れる", "ない", "ません", "ます")
                   for x in rest):
                return True
    return False


def _mood(tokens: tuple[Token, ...]) -> tuple[bool, bool, bool, bool]:
    """(ask, hedged, firm, presumed) from the sentence's ending and its hedge words."""
    words = [t for t in tokens if not t.punct]
    trimmed = list(tokens)
    while trimmed and trimmed[-1].surface in (".", "・", "~", "ー"):
        trimmed.pop()  # "正直者？…" (NFKC spells … as ...), "食べた？～"
    end = "".join(t.surface for t in trimmed[-3:])
    question_mark = "?" in end
    hedged = any(t.lemma in HEDGES or t.surface in HEDGES for t in tokens) or _kamo(tokens)
    finals = [t.surface for t in words[-3:]]
    last = words[-1] if words else None
    polite = len(words) >= 2 and (words[-2].lemma in ("ます", "です") or words[-2].surface == "ん")
    ask = question_mark
    particle = last.surface.rstrip("ー〜~ぁ") if last is not None and last.pos == "助詞" else ""  # ですかー
    if particle in ("か", "かい", "の", "だい", "っけ", "かしら"):
        ask = True
        # a plain か without ？ muses ("Bさんか…"); ですか/ますか/んか asks
        if particle == "かしら" or (particle == "か" and not polite and not question_mark):
            hedged = True
    if finals[-2:] == ["か", "な"] or finals[-2:] == ["か", "なあ"]:
        ask, hedged = True, hedged or not question_mark
    if "よね" in "".join(finals) or "よな" in "".join(finals):
        ask = True
    presumed = False
    if last is not None and last.lemma in ("です", "だ", "や") and last.surface in (
        "でしょう", "だろう", "でしょ", "だろ", "やろ", "やろう", "っしょ", "しょ"
    ):
        ask = question_mark
        presumed = not question_mark  # 食べたでしょ！ asks an addressee; said to nobody it muses
        hedged = hedged or presumed
    if any(t.lemma == "思う" and t.pos == "動詞" for t in tokens) and not ask:
        hedged = True
    if _conditional(tokens):
        hedged = True  # "Aさんが本当なら、Bさんが食べたことになる": reasoning, not an answer
    firm = not ask and ("!" in end or (bool(finals) and finals[-1] in ("ね", "よ", "ぞ", "な", "わ")))
    return ask, hedged, firm, presumed
