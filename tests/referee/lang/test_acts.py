"""An incident's act is any of five (eat, drink, break, take, hide), in every language.

The law: a sentence about breaking the vase, taking the earphones or hiding the key reads in
that game as the same sentence about eating the cake reads in the cake game: the same
question, guess or statement. And the other way round, an act that is not the game's own is
never read as its culprit ("깼어?" in a cake game may be "did you wake up?"): the line is
refused or left unread, never charged as a question of the game. Table tests hold the forms
the analysers join or split (가지고 갔어, 持ってった); the property draws acts and sentences.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.lang import extract, parse
from referee.lang.context import Context
from referee.lang.incident import INCIDENTS, Incident, Lang, Verb
from referee.liar.intent import Guess, Question
from referee.liar.proposition import Atom

OBJECTS: dict[Verb, dict[Lang, str]] = {
    "eat": {"ko": "케이크", "ja": "ケーキ", "en": "cake"},
    "break": {"ko": "꽃병", "ja": "花瓶", "en": "vase"},
    "take": {"ko": "이어폰", "ja": "イヤホン", "en": "earphones"},
    "hide": {"ko": "열쇠", "ja": "鍵", "en": "key"},
}
# The forms the sentences take: Korean past stem and negative; Japanese polite stem (ました),
# plain stem (た, て), negative (ていない); English base and past.
FORMS: dict[Verb, dict[Lang, dict[str, str]]] = {
    "eat": {"ko": {"p": "먹었"}, "ja": {"m": "食べ", "t": "食べ"}, "en": {"v": "eat", "v2": "ate"}},
    "break": {"ko": {"p": "깨뜨렸"}, "ja": {"m": "割り", "t": "割っ"}, "en": {"v": "break", "v2": "broke"}},
    "take": {"ko": {"p": "가져갔"}, "ja": {"m": "持っていき", "t": "持っていっ"}, "en": {"v": "take", "v2": "took"}},
    "hide": {"ko": {"p": "숨겼"}, "ja": {"m": "隠し", "t": "隠し"}, "en": {"v": "hide", "v2": "hid"}},
}
PLAYER: dict[Lang, list[str]] = {
    "ko": ["A씨, {n} {p}어요?", "B, 네가 {n} {p}지?", "C씨, A씨랑 B씨가 {n} {p}어요?", "B가 {n} {p}고 A가 거짓말쟁이야",
           "C씨 혹시 {n} {p}나요?", "A씨, 누가 {p}어요?", "B야, C는 안 {p}어?", "범인은 A야. A가 {p}어"],
    "ja": ["Aさん、{n}を{m}ましたか？", "Bさん{n}{t}た？", "Cさん、AさんとBさんは{n}を{m}ましたか？",
           "Bさんが{n}を{t}て、嘘つきはAさん", "Cさん、誰が{m}ましたか？", "Aさん、Bさんは{t}てない？"],
    "en": ["A, did you {v} the {n}?", "B, you {v2} the {n}, didn't you?", "C, did A and B {v} the {n}?",
           "B {v2} the {n} and A is the liar", "A, who {v2} it?", "B, didn't C {v} it?"],
}
ANSWERS: dict[Lang, list[str]] = {
    "ko": ["아니요, 저는 {n} 안 {p}어요.", "네, 제가 {n} {p}어요.", "B씨가 {n} {p}어요.", "C가 {p}어."],
    "ja": ["はい、私が{n}を{m}ました。", "Bさんが{n}を{m}ました。", "Cさんが{t}たよ。"],
    "en": ["No, I didn't {v} the {n}.", "Yes, I {v2} the {n}.", "B {v2} the {n}.", "C {v2} it."],
}


def _incident(verb: Verb) -> Incident:
    return INCIDENTS["cake"] if verb == "eat" else Incident(f"my-{verb}", verb, OBJECTS[verb])


def _say(template: str, lang: Lang, verb: Verb) -> str:
    return template.format(n=OBJECTS[verb][lang], **FORMS[verb][lang])


def _read(template: str, lang: Lang, verb: Verb, game: Verb) -> object:
    return parse(_say(template, lang, verb), Context(incident=_incident(game), lang=lang)).intent


@pytest.mark.parametrize("verb", ["break", "take", "hide"])
@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_line_about_an_act_reads_as_the_same_line_about_eating_the_cake(lang: Lang, verb: Verb) -> None:
    for template in PLAYER[lang]:
        ours, cake = _read(template, lang, verb, verb), _read(template, lang, "eat", "eat")
        assert isinstance(cake, (Question, Guess)), (template, cake)
        assert ours == cake, (template, ours, cake)
    for template in ANSWERS[lang]:
        ctx = Context(incident=_incident(verb), lang=lang)
        ours_x = extract(_say(template, lang, verb), ctx, speaker="A")
        cake_x = extract(_say(template, lang, "eat"), Context(incident=INCIDENTS["cake"], lang=lang), speaker="A")
        assert ours_x.statements and not ours_x.unread, (template, ours_x)
        assert [(s.proposition, s.asserted) for s in ours_x.statements] == [
            (s.proposition, s.asserted) for s in cake_x.statements], template


@pytest.mark.parametrize(("lang", "text", "game", "about"), [
    ("ko", "C씨, A가 가지고 갔어요?", "take", "A"),  # 가지 + 고 + 가: one act
    ("ko", "B야, A가 이어폰 챙겨 갔어?", "take", "A"),
    ("ko", "A씨, B씨가 들고 갔나요?", "take", "B"),
    ("ko", "C, 네가 꽃병 깨트렸지?", "break", "C"),
    ("ko", "A씨, B가 부쉈어요?", "break", "B"),
    ("ko", "B씨, C씨가 열쇠를 감췄어요?", "hide", "C"),
    ("ja", "Aさん、Bさんが持ってった？", "take", "B"),  # 持つ + てく: one act
    ("ja", "Cさん、Aさんがイヤホンを持って行きましたか？", "take", "A"),
    ("ja", "Bさん、Cさんが盗んだの？", "take", "C"),
    ("ja", "Aさん、Bさんが花瓶を壊したの？", "break", "B"),
    ("en", "A, did B smash the vase?", "break", "B"),
    ("en", "C, did A steal the earphones?", "take", "A"),
    ("en", "B, did you take them?", "take", "B"),  # "them" after the act: the earphones, not people
    ("en", "B, did you stash the key?", "hide", "B"),
])
def test_each_language_reads_the_forms_of_an_act(lang: Lang, text: str, game: Verb, about: str) -> None:
    intent = parse(text, Context(incident=_incident(game), lang=lang)).intent
    assert isinstance(intent, Question) and [q.proposition for q in intent.queries] == [Atom("culprit", about)], intent


@given(st.sampled_from(["ko", "ja", "en"]), st.sampled_from(["eat", "break", "hide"]),
       st.sampled_from(["eat", "break", "take", "hide"]), st.data())
def test_another_act_is_never_read_as_the_games_culprit(lang: Lang, verb: Verb, game: Verb, data: st.DataObject) -> None:
    """A line about an act the game is not about is no question or guess of the game: breaking in
    a cake game, eating or hiding in a vase game. Not taking, which every language lets a player
    say of any incident ("who took the cake?", 훔쳤어?, 盗んだ?)."""
    if verb == game:
        return
    template = data.draw(st.sampled_from([t for t in PLAYER[lang] if "범인" not in t]))  # a guess of its own
    intent = _read(template, lang, verb, game)
    assert not isinstance(intent, (Question, Guess)), (template, verb, game, intent)


FOLLOW_UPS: dict[Lang, list[str]] = {
    "ko": ["B씨, C씨가 {p}어요?", "C는 {p}어?", "A씨, B가 {p}나요?"],
    "ja": ["Bさん、Cさんが{t}た？", "Cさんは{m}ましたか？"],
    "en": ["B, did C {v} it?", "and C, did you {v} it?"],
}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize(("verb", "game"), [("eat", "break"), ("take", "break"), ("take", "hide"), ("break", "eat"),
                                            ("hide", "take")])
def test_another_act_is_no_follow_up_of_the_question_before(lang: Lang, verb: Verb, game: Verb) -> None:
    """After "A, did you break the vase?", "B, did C take it?" asks another thing, not whether C
    broke it: a line with a verb of its own continues no question (only "C는?", "and C?" do)."""
    before = parse(_say(PLAYER[lang][0], lang, game), Context(incident=_incident(game), lang=lang)).intent
    assert isinstance(before, Question)
    for template in FOLLOW_UPS[lang]:
        ctx = Context(incident=_incident(game), lang=lang, previous=before)
        intent = parse(template.format(**FORMS[verb][lang]), ctx).intent
        assert not isinstance(intent, (Question, Guess)), (template, intent)
