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


def _subject(lang: Lang, speaker: str, about: str, topic: bool = False) -> str:
    """Who a proposition is about, as the asked speaker hears it ("you" for himself)."""
    if lang == "ko":
        return ("당신은" if topic else "당신이") if about == speaker else f"{about}씨" + ("는" if topic else "가")
    if lang == "ja":
        return "あなたは" if about == speaker else f"{about}さんは"
    return "you" if about == speaker else about


ROLES: dict[Lang, dict[str, str]] = {
    "ko": {"culprit": "범인", "liar": "거짓말쟁이", "honest": "정직한 사람"},
    "ja": {"culprit": "犯人", "liar": "嘘つき", "honest": "正直者"},
    "en": {"culprit": "the culprit", "liar": "the liar", "honest": "honest"},
}
"""Each predicate said as what one is ("is B the liar?"); `culprit` is also said as the act."""


def _clause(lang: Lang, incident: Incident, speaker: str, predicate: str, abouts: list[str],
            negated: bool, role: bool = False) -> str:
    """The question body, one predicate about one or more people, without the addressee;
    `role` says `culprit` as what one is ("is B the culprit?"), not as the act."""
    noun = incident.noun[lang]
    act_asked = predicate == "culprit" and not role
    if lang == "ko":
        who = "와 ".join(f"{a}씨" for a in abouts) if len(abouts) > 1 else None
        if act_asked:
            subject = f"{who}가" if who else _subject(lang, speaker, abouts[0], topic=negated)
            return f"{subject} {josa(noun, '을', '를')} {_asked(lang, incident, negated)}?"
        subject = f"{who}는" if who else _subject(lang, speaker, abouts[0], topic=True)
        name = ROLES[lang][predicate]
        return f"{subject} {josa(name, '이', '가') + ' 아닌가요' if negated else name + '인가요'}?"
    if lang == "ja":
        who = "と".join(f"{a}さん" for a in abouts) + "は" if len(abouts) > 1 else _subject(
            lang, speaker, abouts[0])
        if act_asked:
            return f"{who}{noun}を{_asked(lang, incident, negated)}？"
        return f"{who}{ROLES[lang][predicate]}{'ではありませんか' if negated else 'ですか'}？"
    who = " and ".join(abouts) if len(abouts) > 1 else _subject(lang, speaker, abouts[0])
    plural = len(abouts) > 1 or who == "you"
    if act_asked:
        aux = "didn't" if negated else "did"
        return f"{aux} {who} {_asked(lang, incident, negated)} the {noun}?"
    be = ("aren't" if negated else "are") if plural else ("isn't" if negated else "is")
    name = "liars" if len(abouts) > 1 and predicate == "liar" else ROLES[lang][predicate]
    return f"{be} {who} {name}?"


def question_texts(
    question: Question, lang: Lang, incident: Incident, roster_names: tuple[str, ...]
) -> tuple[str, ...]:
    """The plain frames of `question`: one speaker asked about one predicate (one or more
    people), or everyone about himself. The first is the one the simulated players type; a
    question whether one person is the culprit may also ask it as what he is.

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
    if len(set(speakers)) == 1:
        speaker, abouts = speakers[0], [a.about for a in atoms]
        sep = {"ko": ", ", "ja": "、", "en": ", "}[lang]
        head = f"{name_form(lang, speaker)}{sep}"
    elif sorted(speakers) == sorted(roster_names) and all(
        atom.about == q.speaker for atom, q in zip(atoms, question.queries, strict=True)
    ):
        speaker, abouts = speakers[0], [speakers[0]]
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
