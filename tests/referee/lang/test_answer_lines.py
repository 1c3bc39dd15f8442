"""Characters' answers as game masters write them: several on one line, a claim vouched for
after it, a remark about something else the character did, in every language.

Each was a wrong reading before (a statement the character did not make, which the audit
then charged as a contradiction); the examples are new, not the chats' own lines.
"""

from __future__ import annotations

import pytest

from referee.lang import extract, parse
from referee.lang.context import Context
from referee.lang.incident import INCIDENTS, Incident, Lang
from referee.liar.intent import Question
from referee.liar.proposition import Atom
from referee.liar.world import Roster

MIRROR = Incident("mirror", "break", {"ko": "거울", "ja": "鏡", "en": "mirror"})


def said(text: str, lang: Lang, incident: Incident = MIRROR, speaker: str = "B") -> set[tuple[str, Atom, bool]]:
    x = extract(text, Context(incident=incident, lang=lang), speaker=speaker)
    return {(s.speaker, s.proposition, s.asserted) for s in x.statements}  # type: ignore[misc]


@pytest.mark.parametrize(("lang", "text"), [
    ("ja", "A「Cさんは割ってないよ」 C「Aさんが割りました」"),
    ("ja", "A『Cさんは割ってない』　C『Aさんが割った』"),
    ("ko", 'A: "C는 안 깨뜨렸어." C: "A가 깨뜨렸어."'),
    ("ko", "A씨: 「C씨는 안 깨뜨렸어요」 C씨: 「A씨가 깨뜨렸어요」"),
    ("en", 'A: "C did not break it." C: "A broke it."'),
])
def test_answers_on_one_line_are_each_their_speakers(lang: Lang, text: str) -> None:
    assert said(text, lang) == {("A", Atom("culprit", "C"), False), ("C", Atom("culprit", "A"), True)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "C가 거짓말쟁이야, 내가 보증해."),
    ("ko", "C가 거짓말쟁이예요. 제가 확신해요."),
    ("ja", "Cさんが嘘つきです、私が保証します。"),
    ("en", "C is the liar, I swear to god."),
    ("en", "C is the liar, trust me."),
])
def test_a_claim_vouched_for_is_the_claim_alone(lang: Lang, text: str) -> None:
    """"…, 내가 보증해" had read as "I am the liar" too, the vouching clause taking the claim's predicate."""
    assert said(text, lang) == {("B", Atom("liar", "C"), True)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "저는 안 먹었어요. 저녁은 식당에서 먹었어요."),
    ("ko", "난 아니야. 그릇도 내가 닦아 놨어."),
    ("ja", "私は食べてません。夕飯は外で食べました。"),
    ("en", "Not me. I ate dinner at the diner."),
    ("en", "I didn't eat it. I had lunch at work."),
])
def test_something_else_the_character_did_is_no_claim_about_the_incident(lang: Lang, text: str) -> None:
    """"나 점심 밖에서 먹었어" had read as "I ate it"; "숟가락도 내가 씻어 놨어" as the claim before, carried."""
    claims = said(text, lang, INCIDENTS["cake"])
    assert ("B", Atom("culprit", "B"), True) not in claims


_TAKEN = Incident("eraser", "take", {"ko": "지우개", "ja": "消しゴム", "en": "eraser"})


@pytest.mark.parametrize(
    ("lang", "question", "reply", "expected"),
    [
        ("ko", "B씨, 지우개 가져갔어요? 그리고 C씨는 정직해요?", 'B: "아니요, 저는 안 가져갔어요."\nB: "C씨는 정직해요."',
         {("culprit(B)", False), ("honest(C)", True)}),
        ("ja", "Bさん、消しゴムを持っていきましたか？あとCさんは正直者？", "B：「はい、私が持っていきました。」\nB：「Cさんは嘘つきです。」",
         {("culprit(B)", True), ("liar(C)", True)}),
        ("ko", "B씨, 지우개 가져갔어요? 그리고 C씨는 정직해요?", 'B: "아니요."', {("culprit(B)", False), ("honest(C)", False)}),
        ("ja", "Bさん、消しゴムを持っていきましたか？あとCさんは正直者？", "B：「いいえ。」", {("culprit(B)", False), ("honest(C)", False)}),
        ("ko", "A B 둘 다 대답해 줘. 너네가 지우개 가져갔어?", 'A: "아니, 안 가져갔어."\nB: "나도 아니야. 난 오늘 외근이었어."',
         {("culprit(A)", False), ("culprit(B)", False)}),
    ],
)
def test_a_yes_or_no_heading_its_own_answer_answers_that_alone(
        lang: Lang, question: str, reply: str, expected: set[tuple[str, bool]]) -> None:
    """"아니요, 저는 안 가져갔어요" answers the first part only: the second is answered on its own
    line, or not at all; a bare "아니요" answers every part asked."""
    ctx = Context(Roster(("A", "B", "C")), _TAKEN, lang)
    intent = parse(question, ctx).intent
    assert isinstance(intent, Question)
    found = {(str(s.proposition), s.asserted) for s in extract(reply, ctx, None, intent.queries).statements}
    assert found == expected
