"""What a character's Japanese line asserts, read back so the referee can check it.

A message may hold one character's line or several labelled ones ("A: いいえ、…",
"B：はい、…", "C「…」"). Each sentence is read like a player's (see `reading`), with
私/僕/俺 as the speaker. A bare はい/いいえ agrees or disagrees with the question as
it was phrased: after "食べていないですか", はい means "I did not eat it". When a line
both answers yes/no and states the fact, the stated fact wins.
"""

from __future__ import annotations

import re

from referee.lang.context import Context, Extraction, Statement
from referee.lang.ja.lexicon import AGREE, AUXILIARY_VERBS, DISAGREE, NUMBER
from referee.lang.ja.reading import INCIDENT_BY_NOUN, Meaning, Said, negated, read
from referee.lang.ja.tokens import Token, names, normalize, sentences, tokenize
from referee.lang.labels import split_inline
from referee.lang.reading import SPEAKER, Claim, Person, Ref, named
from referee.liar.intent import Query
from referee.liar.proposition import Proposition, Says, as_literal, canonical, literal
from referee.liar.world import Roster

LABEL = re.compile(r"^\s*(?:【(?P<b>[^】]+)】|(?P<c>[^:「『\s]{1,12}?)\s*[:]|(?P<q>[^:「『\s]{1,12}?)\s*(?=[「『]))\s*")
QUOTES = "「」『』\"'"


def extract(text: str, ctx: Context, speaker: str | None, asked: tuple[Query, ...]) -> Extraction:
    """Statements and unreadable sentences of a line or a message of labelled lines."""
    statements: list[Statement] = []
    unread: list[str] = []
    for who, line in _lines(normalize(text), ctx, speaker):
        found, missed = _line(line, who, ctx, asked)
        statements.extend(found)
        unread.extend(missed)
    return Extraction(tuple(statements), tuple(unread), "ja")


def _lines(text: str, ctx: Context, speaker: str | None) -> list[tuple[str | None, str]]:
    """(speaker, words) per line; a label that names a roster member sets the speaker."""
    table = names(ctx.roster)
    out: list[tuple[str | None, str]] = []
    for raw in split_inline(text, ctx.roster).splitlines():
        line = raw.strip().strip(QUOTES).strip()
        who = speaker
        match = LABEL.match(line)
        if match:
            label = match.group("b") or match.group("c") or match.group("q") or ""
            named = table.pattern.fullmatch(label.strip())
            if named:
                who = table.mention(named.group(1))
                line = line[match.end():].strip().strip(QUOTES).strip()
            elif match.group("c") or match.group("b"):
                who = None
        if line:
            out.append((who, line))
    return out


def _line(line: str, speaker: str | None, ctx: Context, asked: tuple[Query, ...]) -> tuple[list[Statement], list[str]]:
    statements: list[Statement] = []
    unread: list[str] = []
    agreement: bool | None = None
    mine = tuple(q for q in asked if q.speaker == speaker)
    implied = _implied(mine)
    for sentence in sentences(line):
        tokens = tokenize(sentence, ctx.roster, self_is_you=False, thing=ctx.incident.noun["ja"],
                          verb=ctx.incident.verb)
        said = True if AGREE.match(sentence) else False if DISAGREE.match(sentence) else None
        topic = as_literal(statements[-1].proposition) if statements else None
        reading = read(tokens, ctx.incident, named(topic[0].about) if topic else implied)
        found = _stated(reading, tokens, speaker, statements, mine, sentence, ctx.roster) if speaker else []
        if agreement is None and not found:
            # a bare はい or いいえ answers what it did not say itself; one that heads its own
            # answer ("いいえ、私は持っていっていません") answers that alone
            agreement = said
        if found:
            statements.extend(found)
        elif reading.ask and not reading.claims:
            continue  # "えっ、私ですか？": an echo, asserting nothing
        elif reading.people or reading.roles or reading.claims or NUMBER.search(sentence) or _incident_named(tokens):
            unread.append(sentence)
    if agreement is not None and speaker is not None:
        stated = {(canonical(s.proposition)) for s in statements}
        statements.extend(
            Statement(speaker, q.proposition, agreement, line)
            for q in mine if canonical(q.proposition) not in stated
        )
    return statements, unread


def _implied(asked: tuple[Query, ...]) -> Ref:
    """Whom a sentence with no subject is about: the one person asked about, else the speaker.

    "Aさん、Bさんは食べましたか？" "はい、食べました。" is about B.
    """
    about = {flat[0].about for q in asked if (flat := as_literal(q.proposition)) is not None}
    return named(about.pop()) if len(about) == 1 else SPEAKER


def _stated(
    reading: Meaning,
    tokens: tuple[Token, ...],
    speaker: str,
    before: list[Statement],
    asked: tuple[Query, ...],
    sentence: str,
    roster: Roster,
) -> list[Statement]:
    """The assertions of one sentence, or [] when it makes none that can be read."""
    if reading.problem or reading.ask:
        return []
    claims = reading.claims
    if not claims and reading.people:
        claims = _elliptic(reading, tokens, before, asked)
    out = []
    for s in claims:
        claim = s.claim
        if s.open or s.either or claim.predicate is None:
            return []
        for ref in claim.about:
            about = _about(ref, speaker, roster)
            if about is None:
                return []
            for person in about:
                said: Proposition = literal(claim.predicate, person)
                if claim.via is not None:
                    said = Says(claim.via.name, said)  # "Bさんは「Aは食べていない」と言うはずです"
                out.append(Statement(speaker, said, not claim.negated, sentence))
    return out


def _about(ref: Ref, speaker: str, roster: Roster) -> tuple[str, ...] | None:
    """Whom a character's claim is about: himself (私), a name, everyone; None for "you"."""
    if ref.person is Person.SPEAKER:
        return (speaker,)
    if ref.person is Person.EVERYONE:
        return roster.names
    return (ref.name,) if ref.name else None


def _elliptic(
    reading: Meaning, tokens: tuple[Token, ...], before: list[Statement], asked: tuple[Query, ...]
) -> tuple[Said, ...]:
    """"Cさんもです" repeats the last statement; "私じゃありません" answers the question asked."""
    if before and any(t.surface == "も" for t in tokens):
        last = as_literal(before[-1].proposition)
        if last is not None:
            atom, flipped = last
            return (Said(Claim(atom.predicate, reading.people, flipped == before[-1].asserted)),)
    atoms = {flat[0].predicate for q in asked if (flat := as_literal(q.proposition)) is not None}
    if len(atoms) == 1 and all(_bare(t) for t in tokens):
        return (Said(Claim(atoms.pop(), reading.people, negated(tokens))),)
    return ()


def _bare(t: Token) -> bool:
    """A word that may stand in a bare answer like "私じゃありません" or "いいえ、Bさんです"."""
    return (
        t.person or t.punct or t.pos in ("助詞", "助動詞", "感動詞", "接続詞")
        or t.lemma in AUXILIARY_VERBS or t.lemma in ("無い", "ない")
        or bool(AGREE.match(t.surface) or DISAGREE.match(t.surface))
    )


def _incident_named(tokens: tuple[Token, ...]) -> bool:
    """This game's object or a built-in one's: a sentence about the case."""
    return any(t.thing or t.surface in INCIDENT_BY_NOUN for t in tokens)

