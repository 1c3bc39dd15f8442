"""The plain question frames: one speaker asked about one predicate, or everyone about himself.

These are the forms the referee's parser reads exactly, in ko, ja and en ("A, did B eat the
cake?", "Everyone, are you the culprit?"; tests/evals/test_utterances.py reads every shape
back): the simulated players ask in them (evals.utterances), the second reader's model is
checked on them (gm.reader), and when the two readers differ on an utterance of one of these
forms the confirmation says the parser's reading is of a form it reads exactly (`framed`).
"""

from __future__ import annotations

import re
import unicodedata

from gm.acts import act
from gm.render import josa
from referee.lang.incident import Incident, Lang
from referee.liar.intent import Intent, Question
from referee.liar.proposition import as_literal


def _asked(lang: Lang, incident: Incident, negated: bool) -> str:
    """The act as a question's verb: 먹었나요 / 먹지 않았나요, 食べましたか / 食べていませんか, eat."""
    forms = act(incident, lang)
    if lang == "ko":
        return (forms.neg if negated else forms.past) + "나요"
    if lang == "ja":
        return forms.polite_neg + "か" if negated else forms.ask
    return forms.base


def name_form(lang: Lang, name: str) -> str:
    """A name as the plain frames write it: A씨, Aさん, A."""
    return {"ko": f"{name}씨", "ja": f"{name}さん", "en": name}[lang]


def _who(lang: Lang, speaker: str, about: str | None) -> str:
    """Who a proposition is about, as the asked speaker hears it: 본인, あなた, you for himself
    (the paraphrase generator's polite forms), else the name; None, everyone each about
    himself: unsaid in ko and ja ("여러분, 케이크를 먹었나요?"), "you" in en."""
    if about is None:
        return "you" if lang == "en" else ""
    if about == speaker:
        return {"ko": "본인", "ja": "あなた", "en": "you"}[lang]
    return name_form(lang, about)


ROLES: dict[Lang, dict[str, str]] = {
    "ko": {"culprit": "범인", "liar": "거짓말쟁이", "honest": "정직한 사람"},
    "ja": {"culprit": "犯人", "liar": "嘘つき", "honest": "正直者"},
    "en": {"culprit": "the culprit", "liar": "the liar", "honest": "honest"},
}
"""Each predicate said as what one is ("is B the liar?"); `culprit` is also said as the act."""


def _ko(incident: Incident, predicate: str, whos: list[str], negated: bool, act_asked: bool) -> str:
    """The Korean body in the generator's forms: "B씨가 케이크를 먹었나요?", "C씨가 케이크를 먹지
    않았나요?", "B씨가 범인인가요?", "C씨는 거짓말쟁이인가요?", "B씨는 거짓말쟁이가 아닌가요?", and
    about several "A씨나 B씨가 케이크 먹었나요?" (the object without its particle, as it says it)."""
    noun, role = incident.noun["ko"], ROLES["ko"][predicate]
    if len(whos) > 1:
        *rest, last = whos
        subject = " ".join(josa(w, "이나", "나") for w in rest) + " " + josa(last, "이", "가")
        return f"{subject} {noun} {_asked('ko', incident, False)}?" if act_asked else f"{subject} {role}인가요?"
    who = whos[0]
    if act_asked:
        subject = josa(who, "이", "가") + " " if who else ""
        return f"{subject}{josa(noun, '을', '를')} {_asked('ko', incident, negated)}?"
    if negated:
        return f"{josa(who, '은', '는') + ' ' if who else ''}{josa(role, '이', '가')} 아닌가요?"
    particle = ("이", "가") if predicate == "culprit" else ("은", "는")  # 범인 after 가, the rest after 는
    return f"{josa(who, *particle) + ' ' if who else ''}{role}인가요?"


def _ja(incident: Incident, predicate: str, whos: list[str], negated: bool, act_asked: bool) -> str:
    """The Japanese body in the generator's polite forms: "Bさんがケーキを食べましたか？",
    "Cさんはケーキを食べていませんか？", "Bさんが犯人ですか？", "Bさんは無実ですか？", "Cさんは嘘つき
    ですか？", "Bさんは嘘つきではないですよね？" (a bare negative question leans positive), and about
    several "AさんかBさんがケーキを食べましたか？"."""
    noun, role = incident.noun["ja"], ROLES["ja"][predicate]
    if len(whos) > 1:
        subject = "か".join(whos) + "が"
        return f"{subject}{noun}を{_asked('ja', incident, False)}？" if act_asked else f"{subject}{role}ですか？"
    who = whos[0]

    def said(particle: str) -> str:
        return who + particle if who else ""

    if act_asked:
        return f"{said('は' if negated else 'が')}{noun}を{_asked('ja', incident, negated)}？"
    if predicate == "culprit":
        return f"{said('は')}無実ですか？" if negated else f"{said('が')}{role}ですか？"
    return f"{said('は')}{role}{'ではないですよね' if negated else 'ですか'}？"


def _clause(lang: Lang, incident: Incident, speaker: str, predicate: str, abouts: list[str | None],
            negated: bool, role: bool = False) -> str:
    """The question body, one predicate about one or more people (None: everyone, each about
    himself), without the addressee; `role` says `culprit` as what one is ("is B the
    culprit?"), not as the act."""
    act_asked = predicate == "culprit" and not role
    whos = [_who(lang, speaker, about) for about in abouts]
    if lang == "ko":
        return _ko(incident, predicate, whos, negated, act_asked)
    if lang == "ja":
        return _ja(incident, predicate, whos, negated, act_asked)
    who = " and ".join(whos)
    plural = len(abouts) > 1 or who == "you"
    if act_asked:
        aux = "didn't" if negated else "did"
        return f"{aux} {who} {_asked(lang, incident, negated)} the {incident.noun[lang]}?"
    be = ("aren't" if negated else "are") if plural else ("isn't" if negated else "is")
    name = "liars" if len(abouts) > 1 and predicate == "liar" else ROLES[lang][predicate]
    return f"{be} {who} {name}?"


def question_texts(
    question: Question, lang: Lang, incident: Incident, roster_names: tuple[str, ...]
) -> tuple[str, ...]:
    """The plain frames of `question`: one speaker asked about one predicate (one person, or
    whether one of several did it or is the liar), or everyone about himself. The first is
    the one the simulated players type; a question whether one person is the culprit may also
    ask it as what he is.

    Raises ValueError for a question these shapes cannot say.
    """
    flats = [as_literal(q.proposition) for q in question.queries]
    if any(flat is None for flat in flats):
        raise ValueError("the plain frames ask no nested questions")
    speakers = [q.speaker for q in question.queries]
    atoms = [flat[0] for flat in flats if flat]
    negations = {flat[1] for flat in flats if flat}
    predicates = {atom.predicate for atom in atoms}
    if len(predicates) != 1 or len(negations) != 1:
        raise ValueError("a plain question has one predicate and one polarity")
    predicate, negated = predicates.pop(), negations.pop()
    abouts: list[str | None] = [a.about for a in atoms]
    if len(set(speakers)) == 1:
        if len(abouts) > 1 and (negated or predicate == "honest"):
            raise ValueError("of several people the plain frames ask only whether one did it or is the liar")
        speaker = speakers[0]
        sep = {"ko": ", ", "ja": "、", "en": ", "}[lang]
        head = f"{name_form(lang, speaker)}{sep}"
    elif sorted(speakers) == sorted(roster_names) and all(
        atom.about == q.speaker for atom, q in zip(atoms, question.queries, strict=True)
    ):
        speaker, abouts = speakers[0], [None]
        head = {"ko": "여러분, ", "ja": "皆さん、", "en": "Everyone, "}[lang]
    else:
        raise ValueError("several speakers are asked only as everyone, each about himself")
    roles = (False, True) if predicate == "culprit" and len(abouts) == 1 else (False,)
    return tuple(head + _clause(lang, incident, speaker, predicate, abouts, negated, role)
                 for role in roles)


def question_text(
    question: Question, lang: Lang, incident: Incident, roster_names: tuple[str, ...]
) -> str:
    """The plain frame the simulated players ask `question` in (see `question_texts`)."""
    return question_texts(question, lang, incident, roster_names)[0]


_LOOSE = re.compile(r"[\s?？!！.。…,、]+")


def _bare(text: str, roster_names: tuple[str, ...]) -> str:
    """`text` without what a plain frame may differ in: width, case, spaces, punctuation,
    and the honorific after a name (A씨 or A, Aさん or A)."""
    text = unicodedata.normalize("NFKC", text)
    names = "|".join(map(re.escape, roster_names))
    if names:
        text = re.sub(rf"(?<![^\W\d_])({names})(씨|님|さん|くん)", r"\1", text)
    return _LOOSE.sub(" ", text.casefold()).strip()


def framed(text: str, intent: Intent, lang: Lang, incident: Incident,
           roster_names: tuple[str, ...]) -> bool:
    """Whether `text` says the question `intent` in one of its plain frames (up to width,
    case, spaces, punctuation and honorifics): a form the parser reads exactly, so its
    reading is the question asked."""
    if not isinstance(intent, Question):
        return False
    try:
        plain = question_texts(intent, lang, incident, roster_names)
    except ValueError:
        return False
    said = _bare(text, roster_names)
    return any(said == _bare(frame, roster_names) for frame in plain)
