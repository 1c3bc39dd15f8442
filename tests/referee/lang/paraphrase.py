"""A seeded paraphrase generator: labelled player messages composed from typed meanings.

A frame draws a typed meaning (who is asked, about whom, which predicate, negated or not,
nested via whom; a guess; a remark or hearsay; rules talk; an unclear case) and has one
language's phrasebook say it: several templates per meaning kind in the registers people
use (polite, casual, blunt, chat), one name form per message (A, Ａ, A씨, Aさん, エー, Mr. A),
the incident's own words, punctuation and typo noise that a reader still understands
(a dropped space, a doubled letter, a common misspelling, emoji, lol/ㅋㅋ/w). Every message
carries its label, the `refgm parse` wire object, written from the reading rules of
DESIGN.md and issue 11 without reading the parsers. Randomness comes only from the
`random.Random(seed)` passed in, so a seed always gives the same messages.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from tests.referee.lang.corpus_check import Score, miss_kind, parse_key, read_row

NAMES = ("A", "B", "C")
INCIDENTS = ("cake", "pudding", "cookie", "donut", "juice")
LANGS = ("ko", "ja", "en")
PREDICATES = ("culprit", "liar", "honest")
FULL = {n: chr(ord(n) + 0xFEE0) for n in NAMES}
"""Full-width letters, as an IME types them."""


@dataclass(frozen=True, order=True)
class Prop:
    """One question asked of `speaker` about `about` (nested: as `via` would answer it)."""

    speaker: str
    about: str
    predicate: str
    negated: bool = False
    via: str | None = None

    def asked(self) -> tuple[str, str | None, str, str]:
        """What the question asks, however phrased: "is B honest?" and "is B the liar?" are
        one question (referee.liar.proposition.canonical), charged once; its first phrasing is kept."""
        return (self.speaker, self.via, self.about, "liar" if self.predicate == "honest" else self.predicate)

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"speaker": self.speaker, "about": self.about,
                               "predicate": self.predicate, "negated": self.negated}
        if self.via is not None:
            out["via"] = self.via
        return out


@dataclass(frozen=True)
class Meaning:
    """A typed intent; `label()` is what `refgm parse --jsonl` must print for it."""

    kind: str
    props: tuple[Prop, ...] = ()
    culprit: str | None = None
    liar: str | None = None

    def label(self) -> dict[str, Any]:
        unique = sorted({p.asked(): p for p in reversed(self.props)}.values())
        return {"kind": self.kind, "cost": len(unique), "propositions": [p.wire() for p in unique],
                "guess": {"culprit": self.culprit, "liar": self.liar} if self.kind == "guess" else None}


@dataclass(frozen=True)
class Utterance:
    """A generated message with its meaning and the context it is read in."""

    lang: str
    text: str
    category: str
    incident: str
    meaning: Meaning
    previous: str | None = None
    pending: bool = False

    def row(self) -> dict[str, Any]:
        """The message as a corpus row (tests/referee/lang/corpus_check.py reads these)."""
        row: dict[str, Any] = {"text": self.text, "category": self.category,
                               "incident": self.incident, "expect": self.meaning.label()}
        if self.previous is not None:
            row["previous"] = self.previous
        if self.pending:
            row["pending"] = True
        return row


def _ask(speakers: Sequence[str], about: str | None, predicate: str, negated: bool = False,
         via: str | None = None) -> Meaning:
    """A question of every speaker; `about` None means each about himself."""
    return Meaning("question", tuple(Prop(s, about or s, predicate, negated, via) for s in speakers))


def _others(rng: random.Random, *taken: str) -> str:
    return rng.choice([n for n in NAMES if n not in taken])


# ---------------------------------------------------------------------------------------------
# Phrasebooks. A `Voice` says one message: its rng, incident, register and name form are fixed
# for the whole message, so a message never mixes "Aさん" and "Ｂ".


T = TypeVar("T")


@dataclass
class Voice:
    rng: random.Random
    incident: str
    polite: bool
    style: int = 0
    notes: dict[str, str] = field(default_factory=dict)
    unsaid: bool = False
    """The one asked went unsaid ("A씨, 드셨어요?"): his name must then stand apart as a call,
    or "C 범인이지" could be saying that C is."""

    def pick(self, options: Sequence[T]) -> T:
        return self.rng.choice(list(options))


Q_PUNCT = {"en": ("?", "?", "??", "?!", "…?", " ?"), "ko": ("?", "?", "??", "？", "...?"),
           "ja": ("？", "？", "?", "？？", "…？")}
END_PUNCT = {"en": (".", "!", "", "!!"), "ko": (".", "!", "", "！"), "ja": ("。", "！", "", "!")}
REMARK_PUNCT = {"en": (".", "", "…", "..."), "ko": (".", "", "…", ".."), "ja": ("。", "", "…")}


class Book:
    """One language's phrasings; subclasses fill the tables and the grammar."""

    lang = ""
    styles: tuple[Callable[[str], str], ...] = ()
    casual_styles: tuple[int, ...] = ()
    polite_styles: tuple[int, ...] = ()

    def voice(self, rng: random.Random, incident: str) -> Voice:
        polite = rng.random() < 0.5
        pool = self.polite_styles if polite else self.casual_styles or tuple(range(len(self.styles)))
        return Voice(rng, incident, polite, rng.choice(pool))

    def name(self, v: Voice, n: str) -> str:
        return self.styles[v.style](n)

    def qp(self, v: Voice, bare: bool) -> str:
        """A question's end: a question mark (doubled, full-width...) or, when the form is a
        question by itself, sometimes none."""
        if bare and v.rng.random() < 0.25:
            return ""
        return v.pick(Q_PUNCT[self.lang])

    def ep(self, v: Voice, kind: str = "guess") -> str:
        return v.pick((END_PUNCT if kind == "guess" else REMARK_PUNCT)[self.lang])

    talk: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Rules talk, "how many are left", chit-chat, and yes/no to a pending cost."""
    lead_ins: tuple[str, ...] = ("",)
    """What may come before a question put to nobody ("so ", "그럼 ", "じゃあ")."""
    foods: tuple[tuple[str, str], ...] = ()
    """(incident key, word) of everything one may eat; key "" for foods of no incident."""

    def other(self, v: Voice, what: str) -> str:
        return v.pick(self.talk[what])

    def no_addressee(self, v: Voice, x: str, p: str, n: bool) -> str:
        body, _ = self.body(v, x, p, n)
        return v.pick(self.lead_ins) + body + self.qp(v, False)

    def other_foods(self, incident: str) -> tuple[str, ...]:
        """Foods that are not this game's incident."""
        return tuple(word for key, word in self.foods if key != incident)

    typos: tuple[tuple[str, str], ...] = ()
    """Common misspellings and kana-for-kanji, (as written, as typed)."""
    laughs: tuple[str, ...] = ()
    doubts: tuple[str, ...] = ()
    """Emoji and sounds that hedge (🤔, ㅠㅠ): never added to a guess."""
    gaps: str = ""
    """Where a space may be dropped (a regex; empty: nowhere)."""
    doubles: str = ""
    """Words in which a letter may be doubled (a regex; empty: none)."""

    def noise(self, v: Voice, text: str, kind: str) -> str:
        """A typo that keeps the meaning readable, or a laugh or emoji, or nothing."""
        r = v.rng.random()
        if r < 0.25:
            typed, mistyped = v.pick(self.typos)
            return text if v.unsaid and typed == "、" else text.replace(typed, mistyped, 1)
        if r < 0.35 and self.doubles:
            return _double_letter(v, text, self.doubles)
        if r < 0.47 and self.gaps:
            return _drop_space(v, text, self.gaps)
        if r < 0.65:
            return text + v.pick(self.laughs + (() if kind == "guess" else self.doubts))
        return text

    remarks: tuple[str, ...] = ()
    """Thinking aloud before a question ("hmm, interesting. ")."""
    two_forms: tuple[str, ...] = ()
    """Two questions to one person: {s} called, {to} "to him", {b1} and {b2} (or {B2},
    capitalised), {end} the second's end mark."""
    restate_forms: tuple[str, ...] = ()
    """A question restated about someone else: {s}, {b1}, {b2}, {x1} and {x2} (the names)."""

    def _voc(self, v: Voice, s: str) -> str:
        """`s` called by name ("A야", "Person A")."""
        return self.name(v, s)

    def _to(self, v: Voice, s: str) -> str:
        """`s` as the one a question is for ("A한테", "Aに" is written in the templates)."""
        return self.name(v, s)

    def remark_first(self, v: Voice) -> str:
        return v.pick(self.remarks)

    def two(self, v: Voice, s: str, q1: tuple[str, str, bool], q2: tuple[str, str, bool]) -> str:
        v.notes[s] = "you"
        b1, _ = self.body(v, *q1)
        v.notes[s] = "asked"  # the second question names him: left unsaid, the first subject carries over
        b2, bare = self.body(v, *q2)
        return v.pick(self.two_forms).format(s=self._voc(v, s), to=self._to(v, s), b1=b1, b2=b2, B2=_cap(b2),
                                             end=self.qp(v, bare))

    def correct_about(self, v: Voice, s: str, x1: str, x2: str, p: str, n: bool) -> str:
        """Only the restated question is asked."""
        b1, _ = self.body(v, x1, p, n)
        b2, _ = self.body(v, x2, p, n)
        return v.pick(self.restate_forms).format(s=self._voc(v, s), b1=b1, b2=b2, x1=self.name(v, x1),
                                                 x2=self.name(v, x2))

    # the frames' phrasings, each returning the message text
    def body(self, v: Voice, x: str, p: str, n: bool) -> tuple[str, bool]: raise NotImplementedError
    def _address(self, v: Voice, s: str, body: str, bare: bool) -> str: raise NotImplementedError

    def yesno(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        """A yes/no question put to `s` (called in front, at the end, or after an intro)."""
        v.notes[s] = "you"
        body, bare = self.body(v, x, p, n)
        return self._address(v, s, body, bare)

    def request(self, v: Voice, s: str, x: str, p: str, n: bool) -> str: raise NotImplementedError
    def group(self, v: Voice, ss: Sequence[str], x: str | None, p: str, n: bool) -> str:
        raise NotImplementedError
    def pair(self, v: Voice, s: str, x: str, y: str, p: str, n: bool) -> str: raise NotImplementedError
    def who(self, v: Voice, s: str, p: str, among: Sequence[str]) -> str: raise NotImplementedError
    def nested(self, v: Voice, s: str, w: str, x: str, p: str, n: bool) -> str: raise NotImplementedError
    def correct_to(self, v: Voice, s1: str, s2: str, x: str, p: str, n: bool) -> str:
        raise NotImplementedError
    def pronoun(self, v: Voice, s: str, x: str, p: str, n: bool) -> str: raise NotImplementedError
    def follow_self(self, v: Voice, s: str) -> str: raise NotImplementedError
    def follow_same(self, v: Voice, s: str) -> str: raise NotImplementedError
    def guess(self, v: Voice, culprit: str | None, liar: str | None) -> str: raise NotImplementedError
    def hedge(self, v: Voice, x: str, y: str, p: str) -> str: raise NotImplementedError
    def hearsay(self, v: Voice, r: str, x: str, p: str, n: bool) -> str: raise NotImplementedError
    def wrong_food(self, v: Voice, s: str, x: str, food: str) -> str: raise NotImplementedError
    def role(self, v: Voice, s: str) -> str: raise NotImplementedError
    def player(self, v: Voice, s: str, p: str) -> str: raise NotImplementedError
    def stranger(self, v: Voice, s: str, p: str) -> str: raise NotImplementedError
    def mixed(self, v: Voice, s: str, x: str, p: str, culprit: str) -> str: raise NotImplementedError


OTHER_KINDS = ("left", "rules", "chat", "yes", "no")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tidy(text: str) -> str:
    return re.sub(r" {2,}", " ", text).strip()


# --- English ---------------------------------------------------------------------------------

EN_FOOD = {"cake": ("the cake", "the last piece of cake", "the cake", "it"),
           "pudding": ("the pudding", "the last pudding", "it"),
           "cookie": ("the cookie", "the last cookie", "it"),
           "donut": ("the donut", "the doughnut", "the last donut", "it"),
           "juice": ("the juice", "the last juice", "it")}
EN_TYPOS = (("the ", "teh "), ("liar", "lier"), ("honest", "honnest"), ("you ", "u "), ("are ", "r "),
            ("please", "pls"), ("whether", "wether"), ("what", "wat"), ("really", "rly"),
            ("question", "qestion"), ("doughnut", "donught"), ("juice", "juce"), ("cookie", "cookei"))


class English(Book):
    lang = "en"
    talk: ClassVar[dict[str, tuple[str, ...]]] = {
        "left": ("how many questions are left?", "how many questions do I have left", "questions left??",
                 "how many more can I ask?", "How many questions remain?"),
        "rules": ("what are the rules again?", "can you explain the rules", "how does this game work?",
                  "remind me of the rules pls", "wait what were the rules"),
        "chat": ("nice weather today", "brb, getting coffee", "this is fun lol", "hello!", "I'm tired lol",
                 "good evening everyone"),
        "yes": ("yes", "ok go ahead", "sure", "yep", "yes please"),
        "no": ("no", "no, cancel that", "nope", "never mind, no"),
    }
    lead_ins = ("", "", "so ", "hmm, ")
    remarks = ("hmm, interesting. ", "ok thanks. ", "got it. ", "hmm ", "lol ok. ", "interesting... ", "Thank you. ",
               "okay okay. ")
    two_forms = ("{s}, {b1}? {B2}{end}", "Two questions for {s}: {b1}? {b2}{end}", "{s}: {b1}? and {b2}{end}")
    restate_forms = ("{s}, {b1}? sorry, typo, I meant: {b2}?", "{s}, {b1}? no wait, I mean {x2}, not {x1}.")
    typos = EN_TYPOS
    laughs = (" lol", " lmao", " 😅", " 🙏", " haha")
    doubts = (" 🤔",)
    gaps = r"(?<=[a-z]) (?=[a-z]{2})"
    doubles = r"[a-z]{3,}"
    foods = (("cake", "cake"), ("pudding", "pudding"), ("cookie", "cookie"), ("donut", "donut"), ("", "pizza"),
             ("", "sandwich"), ("", "ice cream"))
    styles = (lambda n: n, lambda n: FULL[n], lambda n: f"Mr. {n}", lambda n: f"person {n}")
    polite_styles = (0, 1, 2)

    def _verb(self, v: Voice) -> tuple[str, str]:
        return ("drink", "drank") if v.incident == "juice" else ("eat", "ate")

    def _food(self, v: Voice) -> str:
        return v.pick(EN_FOOD[v.incident])

    def _who(self, v: Voice, x: str) -> str:
        """`x` as the message refers to him: "you" for the one asked, "he" for the one quoted."""
        note = v.notes.get(x)
        return ("you" if note == "asked" else note) or self.name(v, x)

    def _voc(self, v: Voice, s: str) -> str:
        name = self.name(v, s)
        return "Person " + s if name.startswith("person ") else name

    def body(self, v: Voice, x: str, p: str, n: bool) -> tuple[str, bool]:
        """A yes/no question about `x` (lower case, no end mark); True: a question without "?"."""
        who = self._who(v, x)
        you = who == "you"
        be, bent, does, pro = ("are", "aren't", "do", "you") if you else ("is", "isn't", "does", "he")
        cop = f"{who} {be}"
        eat, ate = self._verb(v)
        food = self._food(v)
        table = {
            ("culprit", False): [f"did {who} {eat} {food}", f"{be} {who} the culprit",
                                 f"{be} {who} the one who {ate} {food}", f"was it {'him' if who == 'he' else who} who {ate} {food}",
                                 f"did {who} do it", f"{who} {ate} {food}, didn't {pro}"],
            ("culprit", True): [f"didn't {who} {eat} {food}", f"did {who} not {eat} {food}",
                                f"{be} {who} innocent", f"{who} didn't {eat} {food}, did {pro}",
                                f"{be} {who} not the culprit"],
            ("liar", False): [f"{be} {who} the liar", f"{be} {who} lying", f"{be} {who} a liar",
                              f"{cop} the liar, {bent} {pro}"],
            ("liar", True): [f"{bent} {who} the liar", f"{be} {who} not the liar",
                             f"{cop} not the liar, {be} {pro}"],
            ("honest", False): [f"{be} {who} honest", f"{does} {who} tell the truth",
                                f"{be} {who} telling the truth", f"{cop} honest, {bent} {pro}"],
            ("honest", True): [f"{bent} {who} honest", f"{be} {who} not honest",
                               f"{'don' if you else 'doesn'}'t {who} tell the truth"],
        }
        return v.pick(table[(p, n)]), True

    def claim(self, v: Voice, x: str, p: str, n: bool) -> str:
        """`x` did it / is the liar / is honest, or not, as a plain statement."""
        who = self._who(v, x)
        be = {"you": "are", "I": "am"}.get(who, "is")
        eat, ate = self._verb(v)
        food = self._food(v)
        table = {
            ("culprit", False): [f"{who} {ate} {food}", f"{who} {be} the culprit", f"{who} did it"],
            ("culprit", True): [f"{who} didn't {eat} {food}", f"{who} {be} innocent", f"{who} did not do it"],
            ("liar", False): [f"{who} {be} the liar", f"{who} {be} lying"],
            ("liar", True): [f"{who} {be} not the liar", f"{who} {be}n't the liar"],
            ("honest", False): [f"{who} {be} honest", f"{who} {'tell' if who == 'you' else 'tells'} the truth"],
            ("honest", True): [f"{who} {be} not honest", f"{who} {be}n't honest"],
        }
        return v.pick(table[(p, n)])

    def _address(self, v: Voice, s: str, body: str, bare: bool) -> str:
        voc, end = self._voc(v, s), self.qp(v, bare)
        forms = [f"{voc}, {body}{end}", f"hey {voc}, {body}{end}", f"{voc}: {_cap(body)}{end}",
                 f"{body}, {voc}{end}"]
        if "," not in body:  # a tag question needs its commas: "Mr. A Mr. C is the liar, isn't he Mr. B?"
            forms += [f"{voc} {body}{end}", f"{body} {voc}{end}"]
        forms += [
                 f"Question for {voc}: {_cap(body)}{end}", f"I want to ask {voc}: {body}{end}",
                  f"{voc}, quick question: {body}{end}", f"{voc}, I have a question. {_cap(body)}{end}"]
        return v.pick(forms)

    def request(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        c = self.claim(v, x, p, n)
        voc = self._voc(v, s)
        return v.pick([f"{voc}, tell me whether {c}.", f"{voc} pls just tell me whether {c}",
                       f"{voc}, can you tell me if {c}?", f"{voc}, I'd like to know whether {c}.",
                       f"{voc}, please tell me if {c}", f"tell me, {voc}: {c} or not?"])

    def _group(self, v: Voice, ss: Sequence[str]) -> str:
        if len(ss) == 3 and v.rng.random() < 0.7:
            return v.pick(["Everyone", "everyone", "All of you", "all three of you", "Everybody"])
        names = [self._voc(v, s) for s in ss]
        return ", ".join(names[:-1]) + " and " + names[-1]  # "A, B, C is the liar?" would not say who is asked

    def group(self, v: Voice, ss: Sequence[str], x: str | None, p: str, n: bool) -> str:
        who = self._group(v, ss)
        if x is None:  # each about himself
            v.notes.update({s: "you" for s in ss})
            body, bare = self.body(v, ss[0], p, n)
            return v.pick([f"{who}, {body}{self.qp(v, bare)}", f"{who}, I have a question for all of you: "
                           f"{body}{self.qp(v, bare)}", f"{who}, each of you tell me whether "
                           f"{self.claim(v, ss[0], p, n)}."])
        body, bare = self.body(v, x, p, n)
        return v.pick([f"{who}, {body}{self.qp(v, bare)}", f"Question for {who}: {_cap(body)}{self.qp(v, bare)}",
                       f"{who}: {body}{self.qp(v, bare)}"])

    def pair(self, v: Voice, s: str, x: str, y: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        a, b = self._who(v, x), self._who(v, y)
        eat, _ = self._verb(v)
        food = self._food(v)
        table = {
            ("culprit", False): [f"did {a} or {b} {eat} {food}", f"did either {a} or {b} {eat} {food}"],
            ("culprit", True): [f"did {a} and {b} both not {eat} {food}", f"are {a} and {b} both innocent",
                                f"is it true that {a} and {b} both didn't {eat} {food}"],
            ("liar", False): [f"is {a} or {b} the liar" if a != "you" else f"are you or {b} the liar"],
            ("liar", True): [f"are {a} and {b} both not the liar"],
            ("honest", False): [f"are {a} and {b} both honest", f"are both {a} and {b} honest"],
            ("honest", True): [f"are {a} and {b} both not honest"],
        }
        return f"{self._voc(v, s)}, {v.pick(table[(p, n)])}{self.qp(v, True)}"

    def who(self, v: Voice, s: str, p: str, among: Sequence[str]) -> str:
        voc = self._voc(v, s)
        _, ate = self._verb(v)
        food = self._food(v)
        if len(among) == 3:
            body = v.pick({"culprit": [f"who {ate} {food}", "who is the culprit", f"which of the three {ate} {food}"],
                           "liar": ["who is the liar", "who's the liar", "which of the three is lying"]}[p])
        else:
            a, b = (self.name(v, m) for m in among)
            body = v.pick({"culprit": [f"who {ate} {food}, {a} or {b}", f"which one {ate} {food}: {a} or {b}"],
                           "liar": [f"who is the liar, {a} or {b}", f"who's lying, {a} or {b}"]}[p])
        return v.pick([f"{voc}, {body}{self.qp(v, True)}", f"{body}, {voc}{self.qp(v, False)}",
                       f"Question for {voc}: {_cap(body)}{self.qp(v, True)}"])

    def nested(self, v: Voice, s: str, w: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        wn = self.name(v, w)
        c = self.claim(v, x, p, n)
        return v.pick([f"{self._voc(v, s)}, would {wn} say {c}{self.qp(v, True)}",
                       f"{self._voc(v, s)}, if I asked {wn} whether {c}, what would he say{self.qp(v, True)}",
                       f"{self._voc(v, s)}, what would {wn} answer if asked whether {c}{self.qp(v, True)}",
                       f"{self._voc(v, s)}, would {wn} tell me that {c}{self.qp(v, True)}"])

    def correct_to(self, v: Voice, s1: str, s2: str, x: str, p: str, n: bool) -> str:
        body, _ = self.body(v, x, p, n)
        a, c = self._voc(v, s1), self._voc(v, s2)
        return v.pick([f"{a}, {body}? sorry, I meant to ask {c}, not {a}",
                       f"{a}, {body}? oops, wrong person. that one is for {c}, not {a}",
                       f"{body}, {a}? wait no, I'm asking {c}, not {a}"])

    def pronoun(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[x] = "he"
        body, _ = self.body(v, x, p, n)
        return v.pick([f"{self._voc(v, s)}, what about {self.name(v, x)}? {body}?",
                       f"{self._voc(v, s)}, about {self.name(v, x)}: {body}?"])

    def follow_self(self, v: Voice, s: str) -> str:
        voc = self._voc(v, s)
        return v.pick([f"what about you, {voc}?", f"and you, {voc}?", f"{voc}, how about you?",
                       f"{voc}, same question for you"])

    def follow_same(self, v: Voice, s: str) -> str:
        voc = self._voc(v, s)
        return v.pick([f"same question for {voc}", f"{voc}, same question", f"and {voc}, same question?"])

    def guess(self, v: Voice, culprit: str | None, liar: str | None) -> str:
        _, ate = self._verb(v)
        food = self._food(v)
        if liar is None:
            x = self.name(v, culprit or "")
            forms = [f"{x} {ate} {food}", f"it was {x}", f"the culprit is {x}", f"{x} did it",
                     f"my answer: {x} {ate} {food}", f"final answer: the culprit is {x}"]
        elif culprit is None:
            y = self.name(v, liar)
            forms = [f"{y} is the liar", f"the liar is {y}", f"my answer: {y} is the liar"]
        elif culprit == liar:
            x = self.name(v, culprit)
            forms = [f"{x} {ate} {food} and {x} is also the liar", f"{x} is both the culprit and the liar",
                     f"ok I got it, {x} {ate} {food} and {x} is the liar too"]
        else:
            x, y = self.name(v, culprit), self.name(v, liar)
            forms = [f"{x} {ate} {food} and {y} is the liar", f"the culprit is {x} and the liar is {y}",
                     f"culprit {x}, liar {y}", f"my answer: culprit {x}, liar {y}",
                     f"it was {x}, and {y} is the liar", f"ok I got it, {x} {ate} {food} and {y} is the liar"]
        text = v.pick(forms)
        return (_cap(text) if v.rng.random() < 0.5 else text) + self.ep(v)

    def hedge(self, v: Voice, x: str, y: str, p: str) -> str:
        c = self.claim(v, x, p, False)
        _, ate = self._verb(v)
        return v.pick([f"maybe {c}", f"I think {c}", f"hmm, {c} probably", f"not sure but I guess {c}",
                       f"{self.name(v, x)} or {self.name(v, y)} {ate} it, I think", f"could be that {c}",
                       f"I suspect {self.name(v, x)}"]) + self.ep(v, "remark")

    def hearsay(self, v: Voice, r: str, x: str, p: str, n: bool) -> str:
        rn = self.name(v, r)
        v.notes[r] = "he"
        c = self.claim(v, x, p, n)
        return v.pick([f"{rn} says {c}", f"according to {rn}, {c}", f"so {rn} said {c}, hmm",
                       f"{rn} claims {c}", f"{_cap(rn)} told me {c}"]) + self.ep(v, "remark")


    def wrong_food(self, v: Voice, s: str, x: str, food: str) -> str:
        v.notes[s] = "you"
        who = self._who(v, x)
        return f"{self._voc(v, s)}, did {who} eat the {food}{self.qp(v, True)}"

    def role(self, v: Voice, s: str) -> str:
        eat, _ = self._verb(v)
        return f"{self._voc(v, s)}, " + v.pick([f"did the liar {eat} {self._food(v)}", "is the culprit honest",
                                                f"did the honest one {eat} {self._food(v)}",
                                                "is the culprit the liar"]) + self.qp(v, True)

    def player(self, v: Voice, s: str, p: str) -> str:
        eat, _ = self._verb(v)
        return f"{self._voc(v, s)}, " + v.pick({"culprit": [f"did I {eat} {self._food(v)}", "was it me"],
                                                "liar": ["am I the liar", "am I lying"],
                                                "honest": ["am I honest", "do I tell the truth"]}[p]) + self.qp(v, True)

    def stranger(self, v: Voice, s: str, p: str) -> str:
        eat, _ = self._verb(v)
        who = v.pick(["D", "Bob", "Mr. D", "the cook", "Emma"])
        return f"{self._voc(v, s)}, " + v.pick({"culprit": [f"did {who} {eat} {self._food(v)}"],
                                                "liar": [f"is {who} the liar"],
                                                "honest": [f"is {who} honest"]}[p]) + self.qp(v, True)

    def mixed(self, v: Voice, s: str, x: str, p: str, culprit: str) -> str:
        v.notes[s] = "you"
        body, _ = self.body(v, x, p, False)
        _, ate = self._verb(v)
        return f"{self._voc(v, s)}, {body}? " + v.pick([f"The culprit is {self.name(v, culprit)}.",
                                                        f"{self.name(v, culprit)} {ate} it."])




def _double_letter(v: Voice, text: str, word: str) -> str:
    spans = [m.span() for m in re.finditer(word, text)]
    if not spans:
        return text
    start, end = v.rng.choice(spans)
    i = v.rng.randrange(start, end)
    return text[:i] + text[i] + text[i:]


def _drop_space(v: Voice, text: str, where: str) -> str:
    spots = [m.start() for m in re.finditer(where, text)]
    if not spots:
        return text
    i = v.rng.choice(spots)
    return text[:i] + text[i + 1:]


# --- Korean ----------------------------------------------------------------------------------

KO_FOOD = {"cake": ("케이크", "케익"), "pudding": ("푸딩",), "cookie": ("쿠키",), "donut": ("도넛", "도너츠"),
           "juice": ("주스", "쥬스")}
KO_HANGUL = {"A": "에이", "B": "비", "C": "C"}
"""C stays a letter: 씨 would read as the honorific after the word before it."""
GA, NEUN, EUL, RANG, NA, YA, IDA = (("이", "가"), ("은", "는"), ("을", "를"), ("이랑", "랑"), ("이나", "나"),
                                    ("아", "야"), ("이다", "다"))
KO_TYPOS = (("케이크", "케잌"), ("거짓말쟁이", "거짓말장이"), ("먹었", "먹엇"), ("마셨", "마셧"), ("했", "햇"),
            ("요?", "여?"), ("있어", "잇어"), ("뭐", "머"), ("주세요", "주세여"), ("물어볼게", "물어볼께"))
CASUAL_ENDS, POLITE_ENDS = ("casual", "ni", "nya", "tag"), ("polite", "nayo", "formal")
BARE_ENDS = frozenset({"ni", "nya", "tag", "nayo", "formal"})


def _batchim(word: str) -> bool:
    """Whether a word ends in a consonant as it is read aloud (Latin letters A, B, C do not)."""
    last = word[-1]
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def _j(word: str, pair: tuple[str, str]) -> str:
    """`word` with the particle form that its last sound takes."""
    return word + (pair[0] if _batchim(word) else pair[1])


def _ko_past(stem: str) -> dict[str, str]:
    """Endings of a stem that takes 어 (먹었, 마셨, 있)."""
    return {"plain": stem + "다", "quote": stem + "다고", "hear": stem + "대", "casual": stem + "어",
            "polite": stem + "어요", "nayo": stem + "나요", "ni": stem + "니", "nya": stem + "냐",
            "formal": stem + "습니까", "tag": stem + "지", "wh": stem + "는지"}


def _ko_noun(noun: str) -> dict[str, str]:
    """Endings of `noun` + copula (범인이야, 거짓말쟁이예요)."""
    b = _batchim(noun)
    return {"plain": noun + ("이다" if b else "다"), "quote": noun + ("이라고" if b else "라고"),
            "hear": noun + ("이래" if b else "래"), "casual": noun + ("이야" if b else "야"),
            "polite": noun + ("이에요" if b else "예요"), "nayo": noun + "인가요",
            "ni": noun + ("이니" if b else "니"), "nya": noun + ("이냐" if b else "냐"),
            "formal": noun + "입니까", "tag": noun + ("이지" if b else "지"), "wh": noun + "인지"}


def _ko_not(noun: str) -> dict[str, str]:
    """Endings of "is not `noun`" (범인이 아니야)."""
    head = _j(noun, GA) + " "
    ends = {"plain": "아니다", "quote": "아니라고", "hear": "아니래", "casual": "아니야", "polite": "아니에요",
            "nayo": "아닌가요", "ni": "아니니", "nya": "아니냐", "formal": "아닙니까", "tag": "아니지",
            "wh": "아닌지"}
    return {k: head + e for k, e in ends.items()}


def _ko_hada(head: str) -> dict[str, str]:
    """Endings of an adjective in 하다 (정직해, 정직한가요)."""
    ends = {"plain": "하다", "quote": "하다고", "hear": "하대", "casual": "해", "polite": "해요",
            "nayo": "한가요", "ni": "하니", "nya": "하냐", "formal": "합니까", "tag": "하지", "wh": "한지"}
    return {k: head + e for k, e in ends.items()}


def _ko_anh(head: str) -> dict[str, str]:
    """Endings of "not ..." in 않다 (정직하지 않아)."""
    ends = {"plain": "않다", "quote": "않다고", "hear": "않대", "casual": "않아", "polite": "않아요",
            "nayo": "않나요", "ni": "않니", "nya": "않냐", "formal": "않습니까", "tag": "않지", "wh": "않은지"}
    return {k: head + e for k, e in ends.items()}


class Korean(Book):
    lang = "ko"
    talk: ClassVar[dict[str, tuple[str, ...]]] = {
        "left": ("질문 몇 개 남았어?", "남은 질문 몇 개예요?", "몇 번 더 물어볼 수 있어?", "질문 몇개 남음?"),
        "rules": ("규칙이 뭐였지?", "룰 다시 설명해 줘", "게임 방법 알려주세요", "규칙 다시 알려줄래?"),
        "chat": ("오늘 날씨 좋네", "배고프다 ㅋㅋ", "안녕하세요!", "잠깐 화장실 좀", "재밌네요 이 게임"),
        "yes": ("네", "응", "ㅇㅇ", "좋아요 진행해 주세요", "그래"),
        "no": ("아니요", "아니 취소할게", "ㄴㄴ", "아니요, 안 할래요"),
    }
    lead_ins = ("", "그럼 ", "흠 ")
    remarks = ("흠 그렇구나. ", "오 알겠어. ", "고마워요. ", "음… ", "ㅇㅋ ", "아하 그렇군요. ")
    two_forms = ("{s}, {b1}? {b2}{end}", "{to} 질문 두 개. {b1}? {b2}{end}")
    restate_forms = ("{s}, {b1}? 아 잘못 씀, {b2}?", "{s}, {b1}? 아니 잠깐, {b2}?")
    typos = KO_TYPOS
    laughs = (" ㅋㅋ", "ㅋㅋㅋ", " ㅎㅎ", " 😅", " 🙏")
    doubts = (" 🤔", " ㅠㅠ")
    gaps = r"(?<=[가-힣]) (?=[가-힣])"
    foods = (("cake", "케이크"), ("pudding", "푸딩"), ("cookie", "쿠키"), ("donut", "도넛"), ("", "피자"),
             ("", "샌드위치"), ("", "아이스크림"))
    styles = (lambda n: n, lambda n: FULL[n], lambda n: n + "씨", lambda n: n + "님",
              lambda n: KO_HANGUL[n], lambda n: n + " 씨")
    casual_styles = (0, 1, 4)
    polite_styles = (2, 3, 5)

    def _food(self, v: Voice, particle: bool = True) -> str:
        food = v.pick(KO_FOOD[v.incident])
        r = v.rng.random()
        return "" if r < 0.2 else _j(food, EUL) if particle and r < 0.7 else food

    def _stems(self, v: Voice) -> tuple[str, str]:
        """Past stem and plain stem of the incident's verb; polite speech may honour (드셨)."""
        if v.polite and v.rng.random() < 0.3:
            return "드셨", "드시"
        return ("마셨", "마시") if v.incident == "juice" else ("먹었", "먹")

    def _who(self, v: Voice, x: str, pair: tuple[str, str], embedded: bool = False) -> str:
        """`x` with a particle; the one asked may go unsaid, except inside a quote or a
        "whether", where the subject left out could be anyone."""
        note = v.notes.get(x)
        if note == "none":
            return ""
        if note == "asked":  # the one asked, named: in what another would say, 본인 could be him
            return _j(self.name(v, x) if v.polite else "너", pair)
        if note == "you":
            if v.polite:
                said = v.pick(([] if embedded else ["", ""]) + [_j("본인", pair)])
            else:
                said = v.pick(([] if embedded else [""]) + [{GA: "너가", NEUN: "너는"}.get(pair, _j("너", pair)),
                                                            {GA: "네가", NEUN: "넌"}.get(pair, _j("너", pair))])
            v.unsaid = v.unsaid or not said
            return said
        if note == "self":
            return _j(v.pick(["자기", "본인"]), pair)
        if note == "that":
            return _j("그분" if v.polite else "걔", pair)
        return _j(self.name(v, x), pair)

    def core(self, v: Voice, x: str, p: str, n: bool, embedded: bool = False) -> tuple[str, dict[str, str]]:
        """The clause head (subject, object) and its endings; embedded in a quote the subject
        takes 가, not the topic 는 ("A는 B가 먹었대")."""
        ate, eat = self._stems(v)
        ga = self._who(v, x, GA, embedded)
        neun = ga if embedded else self._who(v, x, NEUN)
        options: dict[tuple[str, bool], list[tuple[str, dict[str, str]]]] = {
            ("culprit", False): [(f"{ga} {self._food(v)}", _ko_past(ate)), (ga, _ko_noun("범인"))],
            ("culprit", True): [(f"{ga} {self._food(v)} 안", _ko_past(ate)),
                                (f"{ga} {self._food(v)}", _ko_past(eat + "지 않았")), (neun, _ko_not("범인"))],
            ("liar", False): [(ga, _ko_noun("거짓말쟁이")), (neun, _ko_noun("거짓말쟁이")),
                              (neun, _ko_past("거짓말하고 있"))] + ([] if v.polite else [(ga, _ko_noun("구라쟁이"))]),
            ("liar", True): [(neun, _ko_not("거짓말쟁이"))],
            ("honest", False): [(neun, _ko_hada("정직")), (neun, _ko_noun("정직한 사람")),
                                (neun, _ko_past("진실을 말하고 있"))],
            ("honest", True): [(neun, _ko_anh("정직하지 ")), (neun, _ko_not("정직한 사람"))],
        }
        head, ends = v.rng.choice(options[(p, n)])
        return head, ends

    def body(self, v: Voice, x: str, p: str, n: bool) -> tuple[str, bool]:
        head, ends = self.core(v, x, p, n)
        end = v.pick(POLITE_ENDS if v.polite else CASUAL_ENDS)
        return _tidy(f"{head} {ends[end]}"), end in BARE_ENDS

    def said(self, v: Voice, x: str, p: str, n: bool, form: str) -> str:
        head, ends = self.core(v, x, p, n, embedded=True)
        return _tidy(f"{head} {ends[form]}")

    def _voc(self, v: Voice, s: str) -> str:
        name = self.name(v, s)
        if not v.polite and v.style in (0, 4) and v.rng.random() < 0.5:
            return _j(name, YA)
        return name

    def _to(self, v: Voice, s: str) -> str:
        return self.name(v, s) + v.pick(["께", "에게"] if v.polite else ["한테", "에게"])

    def _address(self, v: Voice, s: str, body: str, bare: bool) -> str:
        voc, end = self._voc(v, s), self.qp(v, bare)
        forms = [f"{voc}, {body}{end}", f"{body}, {voc}{end}",
                 f"{self._to(v, s)} 질문: {body}{end}", f"{voc}, 질문 하나 할게{'요' if v.polite else ''}. {body}{end}",
                 f"{self._to(v, s)} 묻고 싶은데{'요' if v.polite else ''}, {body}{end}"]
        if not v.unsaid or voc[-1] in "야아씨님":  # 야, 씨, 님 mark a call even without a comma
            forms.append(f"{voc} {body}{end}")
        return v.pick(forms)

    def request(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        wh = self.said(v, x, p, n, "wh")
        voc = self._voc(v, s)
        if v.polite:
            return v.pick([f"{voc}, {wh} 말해 주세요.", f"{voc}, {wh} 알려 주실래요?", f"{voc} {wh} 말씀해 주세요"])
        return v.pick([f"{voc}, {wh} 말해 줘", f"{voc} {wh} 알려줘", f"{voc} 그냥 {wh}만 말해"])

    def _group(self, v: Voice, ss: Sequence[str]) -> str:
        if len(ss) == 3 and v.rng.random() < 0.7:
            return v.pick(["여러분", "모두", "다들"] if v.polite else ["다들", "너희 셋", "얘들아"])
        names = [self.name(v, s) for s in ss]
        return v.pick([", ".join(names), " ".join(_j(m, RANG) for m in names[:-1]) + " " + names[-1]])

    def group(self, v: Voice, ss: Sequence[str], x: str | None, p: str, n: bool) -> str:
        who = self._group(v, ss)
        answer = "다 대답해 주세요." if v.polite else "다 대답해 줘."
        if x is None:
            v.notes.update({s: "none" for s in ss})
            body, bare = self.body(v, ss[0], p, n)
            wh = self.said(v, ss[0], p, n, "wh")
            return v.pick([f"{who}, {body}{self.qp(v, bare)}", f"{who} 각자 {wh} 말해 주세요.",
                           f"{who} {answer} {body}{self.qp(v, bare)}"])
        body, bare = self.body(v, x, p, n)
        forms = [f"{who}{'께' if v.polite else '한테'} 물어볼게{'요' if v.polite else ''}. {body}{self.qp(v, bare)}",
                 f"{who} {answer} {body}{self.qp(v, bare)}"]
        if "," not in who:  # "A씨, B씨, C씨, B씨는 …?" would not say who is asked
            forms.append(f"{who}, {body}{self.qp(v, bare)}")
        return v.pick(forms)

    def pair(self, v: Voice, s: str, x: str, y: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        a = v.pick(["본인"] if v.polite else ["너"]) if x == s else self.name(v, x)
        b = self.name(v, y)
        ate, _ = self._stems(v)
        food = self._food(v, particle=False)
        pol = v.polite
        table = {
            ("culprit", False): [_tidy(f"{_j(a, NA)} {_j(b, GA)} {food} {ate}{'나요' if pol else '어'}")],
            ("culprit", True): [_tidy(f"{_j(a, RANG)} {b} 둘 다 {food} 안 {ate}{'나요' if pol else '어'}")],
            ("liar", False): [f"{_j(a, NA)} {_j(b, GA)} 거짓말쟁이{'인가요' if pol else '야'}"],
            ("liar", True): [f"{_j(a, RANG)} {b} 둘 다 거짓말쟁이가 아니{'에요' if pol else '야'}"],
            ("honest", False): [f"{_j(a, RANG)} {b} 둘 다 정직{'한가요' if pol else '해'}"],
            ("honest", True): [f"{_j(a, RANG)} {b} 둘 다 정직하지 않{'나요' if pol else '아'}"],
        }
        return f"{self._voc(v, s)}, {v.pick(table[(p, n)])}{self.qp(v, False)}"

    def who(self, v: Voice, s: str, p: str, among: Sequence[str]) -> str:
        ate, _ = self._stems(v)
        food = self._food(v, particle=False)
        yo = "요" if v.polite else ""
        if len(among) == 3:
            body = v.pick({"culprit": [_tidy(f"누가 {food} {ate}어{yo}"), f"범인이 누구{'예요' if yo else '야'}",
                                       f"누가 범인{'인가요' if yo else '이야'}"],
                           "liar": [f"거짓말쟁이가 누구{'예요' if yo else '야'}", f"누가 거짓말쟁이{'인가요' if yo else '야'}"]}[p])
        else:
            a, b = (self.name(v, m) for m in among)
            body = v.pick({"culprit": [_tidy(f"{_j(a, RANG)} {b} 중에 누가 {food} {ate}어{yo}")],
                           "liar": [f"{_j(a, RANG)} {b} 중 누가 거짓말쟁이{'인가요' if yo else '야'}"]}[p])
        return v.pick([f"{self._voc(v, s)}, {body}{self.qp(v, False)}", f"{body}, {self._voc(v, s)}{self.qp(v, False)}"])

    def nested(self, v: Voice, s: str, w: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "asked"
        quote = self.said(v, x, p, n, "quote")
        wh = self.said(v, x, p, n, "wh")
        wn = self.name(v, w)
        yo = "요" if v.polite else ""
        return v.pick([f"{self._voc(v, s)}, {_j(wn, NEUN)} {quote} 말할까{yo}{self.qp(v, True)}",
                       f"{self._voc(v, s)}, {self._to(v, w)} {wh} 물어보면 뭐라고 할까{yo}{self.qp(v, True)}",
                       f"{self._voc(v, s)}, {_j(wn, GA)} {quote} 대답할 것 같아{yo}{self.qp(v, False)}"])

    def correct_to(self, v: Voice, s1: str, s2: str, x: str, p: str, n: bool) -> str:
        body, _ = self.body(v, x, p, n)
        a, c = self.name(v, s1), self.name(v, s2)
        if v.polite:
            return f"{self._voc(v, s1)}, {body}? 앗 잘못 썼어요, {a} 말고 {self._to(v, s2)} 하는 질문이에요"
        return v.pick([f"{self._voc(v, s1)} {body}? 아 미안 {a} 말고 {c}한테 물어본 거야",
                       f"{self._voc(v, s1)}, {body}? 아 잘못 말했다, {a} 말고 {c}한테 묻는 거야"])

    def pronoun(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        v.notes[x] = "that"
        body, bare = self.body(v, x, p, n)
        topic = _j(self.name(v, x), NEUN) + ("요" if v.polite else "")
        return f"{self._voc(v, s)}, {topic}? {body}{self.qp(v, bare)}"

    def follow_self(self, v: Voice, s: str) -> str:
        if v.polite:
            return v.pick([f"{self.name(v, s)}, 본인은요?", f"그럼 {self.name(v, s)}, 본인은 어때요?"])
        return v.pick([f"{self._voc(v, s)} 너는?", f"{self._voc(v, s)}, 너도?", f"그럼 {self._voc(v, s)} 넌?"])

    def follow_same(self, v: Voice, s: str) -> str:
        if v.polite:
            return v.pick([f"{self._to(v, s)}도 같은 질문이요", f"{self._to(v, s)}도 같은 질문 드릴게요"])
        return v.pick([f"{self.name(v, s)}한테도 같은 질문", f"{self._voc(v, s)}, 너한테도 같은 질문"])

    def guess(self, v: Voice, culprit: str | None, liar: str | None) -> str:
        ate, _ = self._stems(v)
        food = self._food(v, particle=False)
        if liar is None:
            x = self.name(v, culprit or "")
            forms = [f"범인은 {_j(x, IDA)}", f"범인은 {x}입니다", f"{_j(x, GA)} 범인이다", f"{_j(x, GA)} {food} {ate}네",
                     f"정답: 범인 {x}", f"{_j(x, GA)} 범인이네"]
        elif culprit is None:
            y = self.name(v, liar)
            forms = [f"거짓말쟁이는 {y}입니다", f"{_j(y, GA)} 거짓말쟁이다", f"{_j(y, GA)} 거짓말쟁이네",
                     f"정답: 거짓말쟁이 {y}"]
        elif culprit == liar:
            x = self.name(v, culprit)
            forms = [f"범인도 {x}, 거짓말쟁이도 {x}", f"{_j(x, GA)} 범인이고 거짓말쟁이도 {_j(x, IDA)}",
                     f"알았다 {_j(x, GA)} {ate}고 거짓말쟁이도 {_j(x, IDA)}"]
        else:
            x, y = self.name(v, culprit), self.name(v, liar)
            forms = [f"범인은 {x}, 거짓말쟁이는 {_j(y, IDA)}", f"정답! 범인 {x}, 거짓말쟁이 {y}",
                     f"알았다, {_j(x, GA)} {ate}고 {_j(y, GA)} 거짓말쟁이다", f"{_j(x, GA)} 범인이고 {_j(y, GA)} 거짓말쟁이다",
                     f"범인 {x} 거짓말쟁이 {y}"]
        return _tidy(v.pick(forms)) + self.ep(v)

    def hedge(self, v: Voice, x: str, y: str, p: str) -> str:
        quote = self.said(v, x, p, False, "quote")
        ate, _ = self._stems(v)
        xn = self.name(v, x)
        return v.pick([f"{quote} 생각해", f"{quote} 생각하는데", f"아마 {_j(xn, GA)} {ate}을걸",
                       f"{xn} 아니면 {_j(self.name(v, y), GA)} 범인일 거야", f"{xn} 좀 수상한데",
                       f"{_j(xn, GA)} 범인인 것 같아"]) + self.ep(v, "remark")

    def hearsay(self, v: Voice, r: str, x: str, p: str, n: bool) -> str:
        rn = self.name(v, r)
        v.notes[r] = "self"
        quote, hear = self.said(v, x, p, n, "quote"), self.said(v, x, p, n, "hear")
        return v.pick([f"{_j(rn, NEUN)} {quote} 하네", f"{rn} 말로는 {hear}", f"{_j(rn, GA)} {quote} 했어",
                       f"{_j(rn, NEUN)} {hear}", f"{rn}의 말에 따르면 {hear}"]) + self.ep(v, "remark")


    def wrong_food(self, v: Voice, s: str, x: str, food: str) -> str:
        v.notes[s] = "you"
        return _tidy(f"{self._voc(v, s)}, {self._who(v, x, GA)} {food} 먹었{'나요' if v.polite else '어'}") + self.qp(v, True)

    def role(self, v: Voice, s: str) -> str:
        ate, _ = self._stems(v)
        food = self._food(v, particle=False)
        pol = v.polite
        return f"{self._voc(v, s)}, " + v.pick([_tidy(f"거짓말쟁이가 {food} {ate}{'나요' if pol else '어'}"),
                                                f"범인이 정직{'한가요' if pol else '해'}",
                                                f"범인이 거짓말쟁이{'인가요' if pol else '야'}"]) + self.qp(v, False)

    def player(self, v: Voice, s: str, p: str) -> str:
        ate = "마셨" if v.incident == "juice" else "먹었"  # never 드셨 of oneself
        me = "제가" if v.polite else "내가"
        return f"{self._voc(v, s)}, " + {"culprit": f"{me} {ate}{'나요' if v.polite else '어'}",
                                         "liar": f"{me} 거짓말쟁이{'인가요' if v.polite else '야'}",
                                         "honest": f"{me} 정직{'한가요' if v.polite else '해'}"}[p] + self.qp(v, False)

    def stranger(self, v: Voice, s: str, p: str) -> str:
        ate, _ = self._stems(v)
        who = v.pick(["D가", "철수가", "D씨가", "요리사가", "영희가"])
        return f"{self._voc(v, s)}, " + {"culprit": f"{who} {ate}{'나요' if v.polite else '어'}",
                                         "liar": f"{who} 거짓말쟁이{'인가요' if v.polite else '야'}",
                                         "honest": f"{who} 정직{'한가요' if v.polite else '해'}"}[p] + self.qp(v, False)

    def mixed(self, v: Voice, s: str, x: str, p: str, culprit: str) -> str:
        v.notes[s] = "you"
        body, _ = self.body(v, x, p, False)
        c = self.name(v, culprit)
        return f"{self._voc(v, s)}, {body}? " + v.pick([f"범인은 {_j(c, IDA)}.", f"{_j(c, GA)} 범인이다."])




# --- Japanese --------------------------------------------------------------------------------

JA_FOOD = {"cake": ("ケーキ", "最後のケーキ"), "pudding": ("プリン",), "cookie": ("クッキー",),
           "donut": ("ドーナツ",), "juice": ("ジュース",)}
JA_KANA = {"A": "エー", "B": "ビー", "C": "シー"}
JA_TYPOS = (("嘘つき", "うそつき"), ("食べ", "たべ"), ("飲ん", "のん"), ("犯人", "はんにん"), ("正直者", "しょうじき者"),
            ("ですか", "ですかー"), ("、", " "), ("本当", "ほんと"))
JA_CASUAL, JA_POLITE = ("casual", "no", "tag"), ("polite",)
JA_BARE = frozenset({"polite", "tag"})


def _ja_forms(plain: str, casual: str, no: str, polite: str, tag: str, wh: str, hear: str) -> dict[str, str]:
    return {"plain": plain, "casual": casual, "no": no, "polite": polite, "tag": tag, "wh": wh, "hear": hear}


def _ja_noun(noun: str) -> dict[str, str]:
    return _ja_forms(noun + "だ", noun, noun + "なの", noun + "ですか", noun + "だよね", noun + "かどうか",
                     noun + "らしい")


def _ja_not(noun: str) -> dict[str, str]:
    """Not `noun`: only as a tag ("…じゃないよね"), since a bare "…じゃない？" leans positive."""
    tag = noun + "じゃないよね"
    return _ja_forms(noun + "じゃない", tag, tag, noun + "ではないですよね", tag, noun + "じゃないかどうか",
                     noun + "じゃないらしい")


def _ja_verb(plain: str, casual: str, polite: str) -> dict[str, str]:
    """A verb phrase in its plain, casual and polite question forms (食べた / 食べた / 食べましたか)."""
    return _ja_forms(plain, casual, casual + "の", polite, casual + "よね", plain + "かどうか", plain + "らしい")


class Japanese(Book):
    lang = "ja"
    talk: ClassVar[dict[str, tuple[str, ...]]] = {
        "left": ("あと何回質問できる？", "残りの質問数は？", "質問あと何回？", "あと何回聞けますか？"),
        "rules": ("ルール教えて", "ルールをもう一度説明してください", "これどうやって遊ぶの？", "ルールなんだっけ"),
        "chat": ("今日はいい天気だね", "お腹すいたw", "こんにちは！", "ちょっと休憩", "このゲーム面白いね"),
        "yes": ("はい", "うん", "お願いします", "オッケー", "いいよ"),
        "no": ("いいえ", "やめとく", "やっぱりいいです", "ううん"),
    }
    lead_ins = ("", "じゃあ", "うーん、")
    remarks = ("なるほど。", "ふーん、", "ありがとう。", "うーん…", "了解。", "へえ。")
    two_forms = ("{s}、{b1}？{b2}{end}", "{s}に質問が二つあります。{b1}？{b2}{end}")
    restate_forms = ("{s}、{b1}？いや間違えた、{b2}？", "{s}、{b1}？あ、違う、{b2}？")
    typos = JA_TYPOS
    laughs = ("w", "ｗｗ", "笑", "草", " 😅", "🙏")
    doubts = ("🤔",)
    foods = (("cake", "ケーキ"), ("pudding", "プリン"), ("cookie", "クッキー"), ("donut", "ドーナツ"), ("", "ピザ"),
             ("", "サンドイッチ"), ("", "アイス"))
    styles = (lambda n: n, lambda n: FULL[n], lambda n: n + "さん", lambda n: n + "くん",
              lambda n: JA_KANA[n], lambda n: JA_KANA[n] + "さん")
    polite_styles = (2, 5)

    def _food(self, v: Voice) -> str:
        food = v.pick(JA_FOOD[v.incident])
        r = v.rng.random()
        return "" if r < 0.2 else food + "を" if r < 0.7 else food

    def _verb(self, v: Voice) -> tuple[str, str, str]:
        """Past, polite past and て form of the incident's verb."""
        return ("飲んだ", "飲みました", "飲んで") if v.incident == "juice" else ("食べた", "食べました", "食べて")

    def _who(self, v: Voice, x: str, particle: str, embedded: bool = False) -> str:
        """`x` with a particle; the one asked may go unsaid, except inside a quote or a
        "whether", where the subject left out could be anyone."""
        note = v.notes.get(x)
        if note == "none":
            return ""
        if note == "asked":  # the one asked, named: in what another would say, 自分 could be him
            return self._you(v, x) + particle
        if note == "you":
            if v.polite:
                say = ["あなた" + particle, ""]
            elif self.name(v, x).endswith("さん"):  # お前 would not follow a さん
                say = ["あなた" + particle, "君" + particle, "自分" + particle, ""]
            else:
                say = ["お前" + particle, "君" + particle, "自分" + particle, "", "お前って"]
            said = v.pick([w for w in say if not embedded or (w and not w.endswith("って"))])
            v.unsaid = v.unsaid or not said
            return said
        if note == "self":
            return "自分" + particle
        if note == "that":
            return v.pick(["あの人", "彼"]) + particle
        return self.name(v, x) + particle

    def _you(self, v: Voice, s: str) -> str:
        """"You" for `s`: あなた in polite speech or after a さん, else お前 or 君."""
        return v.pick(["あなた"] if v.polite or self.name(v, s).endswith("さん") else ["お前", "君"])

    def core(self, v: Voice, x: str, p: str, n: bool, embedded: bool = False) -> tuple[str, dict[str, str]]:
        ta, masu, te = self._verb(v)
        ga = self._who(v, x, "が", embedded)
        wa = ga if embedded else self._who(v, x, "は")  # a quoted clause takes が: "AはBが…って言う"
        options: dict[tuple[str, bool], list[tuple[str, dict[str, str]]]] = {
            ("culprit", False): [(ga + self._food(v), _ja_verb(ta, ta, masu + "か")), (ga, _ja_noun("犯人"))],
            ("culprit", True): [(wa + self._food(v), _ja_verb(te + "いない", te + "ない", te + "いませんか")),
                                (wa, _ja_noun("無実"))],
            ("liar", False): [(ga, _ja_noun("嘘つき")), (wa, _ja_noun("嘘つき")),
                              (wa, _ja_verb("嘘をついている", "嘘ついてる", "嘘をついていますか"))],
            ("liar", True): [(wa, _ja_not("嘘つき"))],
            ("honest", False): [(wa, _ja_noun("正直者")),
                                (wa, _ja_verb("本当のことを言っている", "本当のこと言ってる", "本当のことを言っていますか"))],
            ("honest", True): [(wa, _ja_not("正直者")),
                               (wa, _ja_verb("本当のことを言っていない", "本当のこと言ってない",
                                             "本当のことを言っていないんですか"))],
        }
        return v.rng.choice(options[(p, n)])

    def body(self, v: Voice, x: str, p: str, n: bool) -> tuple[str, bool]:
        head, ends = self.core(v, x, p, n)
        end = v.pick(JA_POLITE if v.polite else JA_CASUAL)
        return head + ends[end], end in JA_BARE

    def said(self, v: Voice, x: str, p: str, n: bool, form: str) -> str:
        head, ends = self.core(v, x, p, n, embedded=True)
        return head + ends[form]

    def _address(self, v: Voice, s: str, body: str, bare: bool) -> str:
        voc, end = self.name(v, s), self.qp(v, bare)
        forms = [f"{voc}、{body}{end}", f"{body}、{voc}{end}", f"{body}{end}{voc}",
                 f"{voc}に質問です。{body}{end}", f"{voc}に聞きたいんだけど、{body}{end}", f"{voc}に質問：{body}{end}"]
        if not v.unsaid:  # "Aさん ケーキ食べた？" could ask whether A ate it
            forms.append(f"{voc} {body}{end}")
        if not v.polite:
            forms.append(f"ねえ{voc}、{body}{end}")
        return v.pick(forms)

    def request(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        wh = self.said(v, x, p, n, "wh")
        voc = self.name(v, s)
        if v.polite:
            return v.pick([f"{voc}、{wh}教えてください。", f"{voc}、{wh}教えていただけますか？"])
        return v.pick([f"{voc}、{wh}教えて", f"{voc} {wh}言ってくれる？", f"{voc}、{wh}だけ教えて"])

    def _group(self, v: Voice, ss: Sequence[str]) -> tuple[str, str]:
        """The people asked, as called and as "to whom" (みんな / みんなに, 三人とも / 三人に)."""
        if len(ss) == 3 and v.rng.random() < 0.7:
            return v.pick([("皆さん", "皆さんに"), ("全員", "全員に")] if v.polite
                          else [("みんな", "みんなに"), ("三人とも", "三人に"), ("全員", "全員に")])
        names = "と".join(self.name(v, s) for s in ss)
        return names, names + "に"

    def group(self, v: Voice, ss: Sequence[str], x: str | None, p: str, n: bool) -> str:
        who, to = self._group(v, ss)
        if x is None:
            v.notes.update({s: "none" for s in ss})
            body, bare = self.body(v, ss[0], p, n)
            wh = self.said(v, ss[0], p, n, "wh")
            return v.pick([f"{who}、{body}{self.qp(v, bare)}", f"{to}質問です。{body}{self.qp(v, bare)}",
                           f"{who}、それぞれ{wh}教えてください。"])
        body, bare = self.body(v, x, p, n)
        return v.pick([f"{who}、{body}{self.qp(v, bare)}", f"{to}聞きます。{body}{self.qp(v, bare)}"])

    def pair(self, v: Voice, s: str, x: str, y: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        a = self._you(v, s) if x == s else self.name(v, x)
        b = self.name(v, y)
        ta, masu, te = self._verb(v)
        food = self._food(v)
        pol = v.polite
        table = {
            ("culprit", False): [f"{a}か{b}が{food}{masu + 'か' if pol else ta + 'の'}"],
            ("culprit", True): [f"{a}と{b}は二人とも{food}{te}{'いませんよね' if pol else 'ないよね'}"],
            ("liar", False): [f"{a}か{b}が嘘つき{'ですか' if pol else 'なの'}"],
            ("liar", True): [f"{a}と{b}は二人とも嘘つき{'ではないですよね' if pol else 'じゃないよね'}"],
            ("honest", False): [f"{a}と{b}は二人とも正直者{'ですか' if pol else 'なの'}"],
            ("honest", True): [f"{a}と{b}は二人とも正直者{'ではないですよね' if pol else 'じゃないよね'}"],
        }
        return f"{self.name(v, s)}、{v.pick(table[(p, n)])}{self.qp(v, False)}"

    def who(self, v: Voice, s: str, p: str, among: Sequence[str]) -> str:
        ta, masu, _ = self._verb(v)
        food = self._food(v)
        pol = v.polite
        if len(among) == 3:
            body = v.pick({"culprit": [f"誰が{food}{masu + 'か' if pol else ta + 'の'}", f"犯人は誰{'ですか' if pol else ''}"],
                           "liar": [f"嘘つきは誰{'ですか' if pol else ''}", f"誰が嘘つき{'ですか' if pol else 'なの'}"]}[p])
        else:
            a, b = (self.name(v, m) for m in among)
            body = v.pick({"culprit": [f"{a}と{b}のどっちが{food}{ta}の", f"{a}と{b}、どちらが犯人ですか"],
                           "liar": [f"嘘つきは{a}と{b}のどっち", f"{a}と{b}のどちらが嘘つきですか"]}[p])
        return v.pick([f"{self.name(v, s)}、{body}{self.qp(v, False)}", f"{body}、{self.name(v, s)}{self.qp(v, False)}"])

    def nested(self, v: Voice, s: str, w: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "asked"
        plain, wh = self.said(v, x, p, n, "plain"), self.said(v, x, p, n, "wh")
        voc, wn = self.name(v, s), self.name(v, w)
        return v.pick([f"{voc}、{wn}は{plain}って言うと思う{self.qp(v, False)}",
                       f"{voc}、{wn}に{wh}聞いたら、何て答えると思う{self.qp(v, False)}",
                       f"{voc}、{wn}は{plain}と言うと思いますか{self.qp(v, True)}"])

    def correct_to(self, v: Voice, s1: str, s2: str, x: str, p: str, n: bool) -> str:
        body, _ = self.body(v, x, p, n)
        a, c = self.name(v, s1), self.name(v, s2)
        return v.pick([f"{a}、{body}？いや間違えた、{a}じゃなくて{c}に聞きたい",
                       f"{a}、{body}？あ、ごめん、{a}じゃなくて{c}への質問です",
                       f"{a}、{body}？…じゃなくて、これは{c}に聞いてる"])

    def pronoun(self, v: Voice, s: str, x: str, p: str, n: bool) -> str:
        v.notes[s] = "you"
        v.notes[x] = "that"
        body, bare = self.body(v, x, p, n)
        xn = self.name(v, x)
        return v.pick([f"{self.name(v, s)}、{xn}のことなんだけど、{body}{self.qp(v, bare)}",
                       f"{self.name(v, s)}、{xn}は？{body}{self.qp(v, bare)}"])

    def follow_self(self, v: Voice, s: str) -> str:
        voc, you = self.name(v, s), self._you(v, s)
        if v.polite:
            return v.pick([f"{voc}、{you}はどうですか？", f"では{voc}、{you}は？"])
        return v.pick([f"{voc}、{you}は？", f"じゃあ{voc}、{you}は？", f"{voc}、あなたは？"])

    def follow_same(self, v: Voice, s: str) -> str:
        voc = self.name(v, s)
        return v.pick([f"{voc}にも同じ質問", f"{voc}にも同じことを聞きたいです", f"同じ質問を{voc}にも"])

    def guess(self, v: Voice, culprit: str | None, liar: str | None) -> str:
        ta, _, _ = self._verb(v)
        food = self._food(v)
        if liar is None:
            x = self.name(v, culprit or "")
            forms = [f"犯人は{x}だ", f"犯人は{x}です", f"{x}が犯人", f"{x}が{food}{ta}んだ", f"答え：犯人は{x}",
                     f"わかった、犯人は{x}"]
        elif culprit is None:
            y = self.name(v, liar)
            forms = [f"嘘つきは{y}だ", f"{y}が嘘つきです", f"嘘つきは{y}で決まり"]
        elif culprit == liar:
            x = self.name(v, culprit)
            forms = [f"{x}が犯人で、嘘つきも{x}", f"犯人も嘘つきも{x}だ"]
        else:
            x, y = self.name(v, culprit), self.name(v, liar)
            forms = [f"犯人は{x}、嘘つきは{y}", f"分かった、{x}が{ta}んだ、そして{y}が嘘つき", f"{x}が犯人で{y}が嘘つき",
                     f"最終回答：犯人{x}、嘘つき{y}"]
        return v.pick(forms) + self.ep(v)

    def hedge(self, v: Voice, x: str, y: str, p: str) -> str:
        plain = self.said(v, x, p, False, "plain")
        ta, _, _ = self._verb(v)
        xn = self.name(v, x)
        return v.pick([f"たぶん{xn}が犯人かな", f"{xn}が{ta}のかも", f"{xn}が怪しい気がする",
                       f"{xn}か{self.name(v, y)}が犯人だと思う", f"{plain}と思う", f"{plain}と思うけど"]) + self.ep(v, "remark")

    def hearsay(self, v: Voice, r: str, x: str, p: str, n: bool) -> str:
        rn = self.name(v, r)
        v.notes[r] = "self"
        plain, hear = self.said(v, x, p, n, "plain"), self.said(v, x, p, n, "hear")
        return v.pick([f"{rn}によると、{plain}", f"{rn}の話だと{plain}", f"{rn}は{plain}って言ってる",
                       f"{rn}が言うには{hear}", f"{rn}曰く、{plain}"]) + self.ep(v, "remark")


    def wrong_food(self, v: Voice, s: str, x: str, food: str) -> str:
        v.notes[s] = "you"
        verb = "を食べましたか" if v.polite else "食べた"
        return f"{self.name(v, s)}、{self._who(v, x, 'が')}{food}{verb}{self.qp(v, v.polite)}"

    def role(self, v: Voice, s: str) -> str:
        ta, masu, _ = self._verb(v)
        return f"{self.name(v, s)}、" + v.pick([f"嘘つきが{self._food(v)}{ta}の", "犯人は正直者", "犯人って嘘つきなの",
                                               f"正直者が{self._food(v)}{masu}か"]) + self.qp(v, False)

    def player(self, v: Voice, s: str, p: str) -> str:
        ta, _, _ = self._verb(v)
        return f"{self.name(v, s)}、" + {"culprit": f"私が{ta}の", "liar": "僕って嘘つき",
                                        "honest": "私は正直者ですか"}[p] + self.qp(v, False)

    def stranger(self, v: Voice, s: str, p: str) -> str:
        ta, _, _ = self._verb(v)
        who = v.pick(["Dさん", "田中さん", "シェフ", "D"])
        return f"{self.name(v, s)}、" + {"culprit": f"{who}が{ta}の", "liar": f"{who}が嘘つき",
                                        "honest": f"{who}は正直者ですか"}[p] + self.qp(v, False)

    def mixed(self, v: Voice, s: str, x: str, p: str, culprit: str) -> str:
        v.notes[s] = "you"
        body, _ = self.body(v, x, p, False)
        c = self.name(v, culprit)
        return f"{self.name(v, s)}、{body}？" + v.pick([f"犯人は{c}だ。", f"{c}が犯人です。"])




BOOKS: dict[str, Book] = {"en": English(), "ko": Korean(), "ja": Japanese()}


# ---------------------------------------------------------------------------------------------
# Frames: each draws one typed meaning and has the phrasebook say it.

Said = tuple[str, Meaning, str | None, bool]
"""A frame's result: text, meaning, the previous message (follow-ups) and whether a cost
confirmation is pending."""


def _pick(rng: random.Random) -> tuple[str, bool]:
    return rng.choice(PREDICATES), rng.random() < 0.4


def f_yesno(rng: random.Random, b: Book, v: Voice) -> Said:
    s, x = rng.choice(NAMES), rng.choice(NAMES)
    p, n = _pick(rng)
    return b.yesno(v, s, x, p, n), _ask([s], x, p, n), None, False


def f_request(rng: random.Random, b: Book, v: Voice) -> Said:
    s, x = rng.choice(NAMES), rng.choice(NAMES)
    p, n = _pick(rng)
    return b.request(v, s, x, p, n), _ask([s], x, p, n), None, False


def f_group(rng: random.Random, b: Book, v: Voice) -> Said:
    ss = list(NAMES) if rng.random() < 0.5 else sorted(rng.sample(NAMES, 2))
    x = None if rng.random() < 0.5 else rng.choice(NAMES) if len(ss) == 3 else _others(rng, *ss)
    p, n = _pick(rng)
    return b.group(v, ss, x, p, n), _ask(ss, x, p, n), None, False


def f_pair(rng: random.Random, b: Book, v: Voice) -> Said:
    s = rng.choice(NAMES)
    y = _others(rng, s)
    x = _others(rng, y)
    p, n = _pick(rng)
    return b.pair(v, s, x, y, p, n), Meaning("question", _ask([s], x, p, n).props + _ask([s], y, p, n).props), None, False


def f_who(rng: random.Random, b: Book, v: Voice) -> Said:
    s = rng.choice(NAMES)
    among = NAMES if rng.random() < 0.7 else tuple(n for n in NAMES if n != s)
    p = rng.choice(("culprit", "liar"))
    return b.who(v, s, p, among), Meaning("question", tuple(Prop(s, m, p) for m in among)), None, False


def f_nested(rng: random.Random, b: Book, v: Voice) -> Said:
    s = rng.choice(NAMES)
    w = _others(rng, s)
    x = _others(rng, w)
    p, n = _pick(rng)
    return b.nested(v, s, w, x, p, n), _ask([s], x, p, n, via=w), None, False


def f_two(rng: random.Random, b: Book, v: Voice) -> Said:
    s = rng.choice(NAMES)
    q1 = (rng.choice(NAMES), *_pick(rng))
    q2 = (rng.choice(NAMES), *_pick(rng))
    if q1[:2] == q2[:2]:
        q2 = (_others(rng, q1[0]), q2[1], q2[2])
    return b.two(v, s, q1, q2), Meaning("question", _ask([s], *q1).props + _ask([s], *q2).props), None, False


def f_correct_to(rng: random.Random, b: Book, v: Voice) -> Said:
    s1, s2, x = rng.sample(NAMES, 3)
    p, n = _pick(rng)
    return b.correct_to(v, s1, s2, x, p, n), _ask([s2], x, p, n), None, False


def f_correct_about(rng: random.Random, b: Book, v: Voice) -> Said:
    s, x1, x2 = rng.sample(NAMES, 3)
    p, n = _pick(rng)
    return b.correct_about(v, s, x1, x2, p, n), _ask([s], x2, p, n), None, False


def f_pronoun(rng: random.Random, b: Book, v: Voice) -> Said:
    s = rng.choice(NAMES)
    x = _others(rng, s)
    p, n = _pick(rng)
    return b.pronoun(v, s, x, p, n), _ask([s], x, p, n), None, False


def f_follow_self(rng: random.Random, b: Book, v: Voice) -> Said:
    s1 = rng.choice(NAMES)
    s2 = _others(rng, s1)
    p, n = _pick(rng)
    before = b.yesno(v, s1, s1, p, n)
    v.notes.clear()
    return b.follow_self(v, s2), _ask([s2], s2, p, n), before, False


def f_follow_same(rng: random.Random, b: Book, v: Voice) -> Said:
    s1 = rng.choice(NAMES)
    x = _others(rng, s1)
    s2 = _others(rng, s1)
    p, n = _pick(rng)
    before = b.yesno(v, s1, x, p, n)
    v.notes.clear()
    return b.follow_same(v, s2), _ask([s2], x, p, n), before, False


def f_remark_first(rng: random.Random, b: Book, v: Voice) -> Said:
    text, meaning, _, _ = f_yesno(rng, b, v)
    return b.remark_first(v) + text, meaning, None, False


def f_guess(rng: random.Random, b: Book, v: Voice) -> Said:
    r = rng.random()
    culprit = rng.choice(NAMES) if r < 0.75 else None
    liar = rng.choice(NAMES) if r > 0.35 or culprit is None else None
    return b.guess(v, culprit, liar), Meaning("guess", culprit=culprit, liar=liar), None, False


def f_hedge(rng: random.Random, b: Book, v: Voice) -> Said:
    x = rng.choice(NAMES)
    return b.hedge(v, x, _others(rng, x), rng.choice(("culprit", "liar"))), Meaning("remark"), None, False


def f_hearsay(rng: random.Random, b: Book, v: Voice) -> Said:
    r, x = rng.choice(NAMES), rng.choice(NAMES)
    p, n = _pick(rng)
    return b.hearsay(v, r, x, p, n), Meaning("remark"), None, False


def f_other(rng: random.Random, b: Book, v: Voice) -> Said:
    what = rng.choice(OTHER_KINDS)
    return b.other(v, what), Meaning("other"), None, what in ("yes", "no")


def f_unclear(rng: random.Random, b: Book, v: Voice) -> Said:
    """No addressee, another food, a role for a name, the player asked about, a stranger, or a
    question mixed with a guess: each asks the player to rephrase."""
    s, x = rng.choice(NAMES), rng.choice(NAMES)
    p, n = _pick(rng)
    say: list[Callable[[], str]] = [
        lambda: b.no_addressee(v, x, p, n),
        lambda: b.wrong_food(v, s, x, rng.choice(b.other_foods(v.incident))),
        lambda: b.role(v, s),
        lambda: b.player(v, s, p),
        lambda: b.stranger(v, s, p),
        lambda: b.mixed(v, s, x, p, rng.choice(NAMES)),
    ]
    return rng.choice(say)(), Meaning("unclear"), None, False


FRAMES: tuple[tuple[Callable[[random.Random, Book, Voice], Said], int], ...] = (
    (f_yesno, 20), (f_request, 5), (f_group, 8), (f_pair, 5), (f_who, 5), (f_nested, 6), (f_two, 4),
    (f_correct_to, 3), (f_correct_about, 3), (f_pronoun, 3), (f_follow_self, 3), (f_follow_same, 3),
    (f_remark_first, 4), (f_guess, 9), (f_hedge, 4), (f_hearsay, 5), (f_other, 5), (f_unclear, 10),
)


def draw(rng: random.Random, lang: str) -> Utterance:
    """One labelled message of `lang`: a frame, an incident, a register, a name form, noise."""
    frames, weights = zip(*FRAMES, strict=True)
    frame = rng.choices(frames, weights)[0]
    book = BOOKS[lang]
    incident = "cake" if rng.random() < 0.4 else rng.choice(INCIDENTS)
    v = book.voice(rng, incident)
    text, meaning, previous, pending = frame(rng, book, v)
    for _ in range(rng.choice((0, 1, 1, 2))):
        text = book.noise(v, text, meaning.kind)
    return Utterance(lang, _tidy(text), frame.__name__.removeprefix("f_"), incident, meaning, previous, pending)


def generate(lang: str, count: int, seed: int) -> list[Utterance]:
    """`count` distinct messages of `lang` from `random.Random(seed)`; the same seed, the same list."""
    rng = random.Random(seed)
    seen: set[tuple[str | None, str]] = set()
    out: list[Utterance] = []
    for _ in range(count * 20):
        u = draw(rng, lang)
        if (u.previous, u.text) not in seen:
            seen.add((u.previous, u.text))
            out.append(u)
            if len(out) == count:
                return out
    raise ValueError(f"only {len(out)} distinct {lang} messages in {count * 20} draws")


def score(lang: str, utterances: Sequence[Utterance]) -> tuple[Score, dict[str, int]]:
    """The parser on generated messages, scored as the corpora are (exact / refused /
    misfiled / wrong, per frame), and how many of each meaning kind went wrong."""
    result = Score()
    wrong_by_kind: dict[str, int] = {}
    for u in utterances:
        row = u.row()
        got = read_row(row, lang)
        want = row["expect"]
        ok = parse_key(got) == parse_key(want) and got["cost"] == want["cost"]
        kind = miss_kind(got)
        if not ok and kind == "wrong":
            wrong_by_kind[want["kind"]] = wrong_by_kind.get(want["kind"], 0) + 1
        previous = f" (after {u.previous!r})" if u.previous else ""
        result.add(u.category, ok, f"{u.text!r}{previous} [{u.incident}]\n    want {want}\n    got  {got}", kind)
    return result, wrong_by_kind


def report(lang: str, utterances: Sequence[Utterance], examples: int = 8) -> tuple[Score, str]:
    """`score` as the table the test and the bench print, with the first wrong readings."""
    result, wrong_by_kind = score(lang, utterances)
    lines = [f"paraphrase {lang}: generated {result.total}, exact {result.right}, "
             f"unclear (refused) {result.by_kind['refused']}, misfiled {result.by_kind['misfiled']}, "
             f"WRONG {result.wrong} (meant: {', '.join(f'{k} {n}' for k, n in sorted(wrong_by_kind.items()))})",
             result.table(f"  by frame {lang}")]
    wrong = [m for m in result.misses if m.startswith("[wrong]")]
    lines += [f"  first wrong readings ({min(examples, len(wrong))} of {len(wrong)}):"] + wrong[:examples]
    return result, "\n".join(lines)


def label_problems(u: Utterance) -> list[str]:
    """What is wrong with a generated message's label, if anything (the generator's own law)."""
    label, problems = u.meaning.label(), []
    props = label["propositions"]
    unique = {Prop(**p).asked() for p in props}
    if label["cost"] != len(unique) or len(props) != len(unique):
        problems.append(f"cost {label['cost']} for {len(unique)} distinct pairs")
    if (label["kind"] == "question") != bool(props):
        problems.append(f"a {label['kind']} with {len(props)} propositions")
    guess = label["guess"]
    if (label["kind"] == "guess") != (guess is not None) or (guess is not None and not any(guess.values())):
        problems.append(f"a {label['kind']} with guess {guess}")
    people = [p[k] for p in props for k in ("speaker", "about", "via") if p.get(k) is not None]
    people += [n for n in (guess or {}).values() if n is not None]
    if any(n not in NAMES for n in people):
        problems.append(f"names off the roster: {people}")
    if any(p.get("via") == p["speaker"] for p in props):
        problems.append("a question nested through its own speaker")
    if any(p["predicate"] not in PREDICATES for p in props):
        problems.append("an unknown predicate")
    if u.incident not in INCIDENTS or (u.pending and label["kind"] != "other") or not u.text.strip():
        problems.append(f"context: incident {u.incident}, pending {u.pending}, text {u.text!r}")
    return problems
