"""Every common shape of a reveal and a verdict, in ko, ja and en: what a game master's own
words name (outright, or by the act, which only a reveal reads) and judge. One table per
class; the examples are new, written for these tests (none is from an issue or a corpus)."""

from __future__ import annotations

import pytest

from evals.reading import read_claims, read_verdict
from referee.lang.incident import Lang


def named(text: str, lang: Lang) -> set[tuple[str, str, bool]]:
    return {(c.role, c.name, c.outright) for c in read_claims(text, lang)}


BOTH = {("culprit", "B", True), ("liar", "C", True)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "- 범인: B씨\n- 거짓말쟁이: C씨"),
    ("ko", "* 범인 : B\n* 거짓말쟁이 : C"),
    ("ko", "• 범인 — 없음이 아니라\n• 범인: B님\n• 거짓말쟁이: C님"),
    ("ja", "- 犯人：Bさん\n- 嘘つき：Cさん"),
    ("ja", "* 犯人: B\n* うそつき: C"),
    ("ja", "• 犯人…Bくん" + "\n• 犯人：Bくん\n• 嘘つき：Cくん"),
    ("en", "- Culprit: B\n- Liar: C"),
    ("en", "* culprit: B\n* liar: C"),
    ("en", "• Culprit — B\n• Culprit: B\n• Liar: C"),
])
def test_bulleted_reveals(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "1. 범인: B씨\n2. 거짓말쟁이: C씨"),
    ("ko", "1) 범인은 B씨\n2) 거짓말쟁이는 C씨"),
    ("ja", "1. 犯人：Bさん\n2. 嘘つき：Cさん"),
    ("ja", "①犯人はBさん\n②嘘つきはCさん"),
    ("en", "1. Culprit: B\n2. Liar: C"),
    ("en", "1) The culprit was B.\n2) The liar was C."),
])
def test_numbered_reveals(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "- 범인: **B씨**\n- 거짓말쟁이: **C씨**"),
    ("ko", "**범인**: B씨 / **거짓말쟁이**: C씨"),
    ("ko", "범인：B씨、거짓말쟁이：C씨"),  # full-width colons
    ("ja", "・犯人：**Bさん**\n・嘘つき：**Cさん**"),
    ("ja", "**犯人**：B、**嘘つき**：C"),
    ("ja", "犯人：Ｂさん／嘘つき：Ｃさん"),  # full-width letters
    ("en", "- **Culprit:** B\n- **Liar:** C"),
    ("en", "**Culprit**: **B** | **Liar**: **C**"),
    ("en", "Culprit：B，Liar：C"),
])
def test_bold_and_full_width_reveals(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "- 머핀을 먹은 사람: B씨\n- 거짓말쟁이: C씨"),
    ("ko", "식혜를 마신 사람은 B, 거짓말쟁이는 C였어요."),
    ("ja", "・マフィンを食べた人：Bさん\n・嘘つき：Cさん"),
    ("ja", "麦茶を飲んだ人はB、嘘つきはCでした。"),
    ("en", "The one who ate the muffin: B. The liar: C."),
    ("en", "The person who drank the lemonade was B, and the liar was C."),
])
def test_the_culprit_named_by_the_act(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "- 액자를 깨뜨린 사람: B씨\n- 거짓말쟁이: C씨"),
    ("ko", "열쇠를 숨긴 사람은 B, 거짓말쟁이는 C였어요."),
    ("ja", "・お皿を割った人：Bさん\n・嘘つき：Cさん"),
    ("ja", "傘を持っていった人はB、嘘つきはCでした。"),
    ("en", "The one who broke the mirror: B. The liar: C."),
])
def test_the_culprit_named_by_an_act_on_an_object(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "정답은 B씨가 가져갔고, 거짓말쟁이는 C씨였습니다."),
    ("ja", "正解はBさんが鍵を隠して、嘘つきはCさんでした。"),
    ("en", "B took the charger, and C was the liar."),
    ("en", "The answer: B hid the keys and C was the liar."),
])
def test_the_act_on_an_object_names_the_culprit_in_a_reveal(lang: Lang, text: str) -> None:
    """By the act, not outright: a reveal reads it, a leak before the end does not."""
    assert named(text, lang) == {("culprit", "B", False), ("liar", "C", True)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "잠에서 깬 B가 하품을 했다."),  # 깨다: to wake up, no act of the game
    ("en", "B broke down laughing, and C hid behind the sofa."),  # no object broken or hidden
])
def test_a_verb_of_an_act_without_its_object_names_no_culprit(lang: Lang, text: str) -> None:
    assert not {c for c in named(text, lang) if c[0] == "culprit"}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "정답은 B씨가 먹었고, 거짓말쟁이는 C씨였습니다."),
    ("ko", "B씨가 마카롱을 먹었고, 거짓말쟁이는 C씨예요."),
    ("ja", "正解は、Bさんがマカロンを食べて、嘘つきはCさんでした。"),
    ("ja", "Bさんが食べました。そして嘘つきはCさんです。"),
    ("en", "B ate it, and C was the liar."),
    ("en", "The answer: **B** ate the bagel, and **C** was the liar."),
    ("en", "It was B all along, and C was the liar!"),
])
def test_reveals_in_a_sentence(lang: Lang, text: str) -> None:
    assert named(text, lang) == {("culprit", "B", False), ("liar", "C", True)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "🎉 정답 공개 🎉\n🕵️ 범인: B씨\n🤥 거짓말쟁이: C씨"),
    ("ja", "🎉答え合わせ🎉\n🍩 犯人：Bさん ✅\n🤥 嘘つき：Cさん ✅"),
    ("en", "🎉 The reveal 🎉\n🕵️ Culprit: B ✅\n🤥 Liar: C ✅"),
    ("en", "## The reveal\n| Role | Who |\n|---|---|\n| Culprit | B |\n| Liar | C |"),
])
def test_reveals_with_emoji_headings_and_tables(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "- A씨: 정직\n- B씨: 범인\n- C씨: 거짓말쟁이"),
    ("ja", "・Aさん：正直者\n・Bさん：犯人\n・Cさん：嘘つき"),
    ("en", "- A: honest\n- B: culprit\n- C: liar"),
])
def test_reveals_listed_by_person(lang: Lang, text: str) -> None:
    assert named(text, lang) == {("culprit", "B", False), ("liar", "C", False)}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "B씨가 범인이라고 생각하시는군요. 아쉽지만 오답입니다."),  # an echo of the guess
    ("ko", "범인이 C씨일까요? 더 질문해 보세요."),  # a question
    ("ko", "C씨는 거짓말쟁이가 아닙니다."),  # a denial names no one
    ("ko", "만약 B씨가 범인이라면, A씨의 답이 이상하겠죠."),  # a supposition
    ("ja", "Bさんが犯人だと思うんですね。残念、不正解です。"),
    ("ja", "嘘つきはCさんでしょうか？"),
    ("ja", "Cさんは嘘つきではありません。"),
    ("en", "So you think B is the culprit? Not quite."),
    ("en", "Is C the liar? Keep asking."),
    ("en", "C is not the liar."),
    ("en", "If B ate it, A's answer would be odd."),
    ("ko", "A: 아니요, B씨가 범인이에요."),  # a character's answer
    ("ja", "**A**：「はい、Cさんが嘘つきです。」"),
    ("en", "> B: Yes, C ate it."),
])
def test_echoes_questions_denials_and_answers_name_no_one(lang: Lang, text: str) -> None:
    assert named(text, lang) == set()


@pytest.mark.parametrize(("lang", "text", "verdict"), [
    ("ko", "정답입니다! 🎉 대단해요, 완벽한 추리예요.", True),
    ("ko", "축하합니다, 맞히셨어요!", True),
    ("ko", "빙고! 훌륭합니다.", True),
    ("ko", "아쉽지만 틀렸어요. 질문권 1회를 차감합니다.", False),
    ("ko", "땡! 다시 생각해 보세요.", False),
    ("ko", "오답이에요 😢 질문 1회 차감.", False),
    ("ko", "정답은 B씨가 먹은 것이었습니다.", None),  # a reveal, not a verdict
    ("ja", "正解です！🎉 お見事な推理でした。", True),
    ("ja", "ピンポン！その通りです。", True),
    ("ja", "大正解！素晴らしい。", True),
    ("ja", "残念、ハズレです。質問権を1回消費します。", False),
    ("ja", "ブッブー！違います。", False),
    ("ja", "正解は、Bさんが食べたのでした。", None),
    ("en", "Correct! 🎉 Brilliant deduction, well played.", True),
    ("en", "You got it! Nicely reasoned.", True),
    ("en", "Spot on.", True),
    ("en", "Nope, that's wrong. That costs you 1 question.", False),
    ("en", "Not quite. 1 question used.", False),
    ("en", "I'm afraid not.", False),
    ("en", "The correct answer was B.", None),
])
def test_verdict_shapes(lang: Lang, text: str, verdict: bool | None) -> None:
    assert read_verdict(text, lang) is verdict


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "누가 틀렸는지는 제가 말씀드릴 수 없어요. 계속 질문해 주세요."),
    ("ko", "정답인지 아닌지는 추리를 말씀해 주시면 판정할게요."),
    ("ko", "맞혔는지 궁금하시죠? 답을 말씀해 주세요."),
    ("ko", "틀리면 질문권이 1회 차감됩니다."),
    ("ko", "오답인 경우 질문권 하나가 사라져요."),
    ("ja", "どちらが違うかは、まだお伝えできません。"),
    ("ja", "正解かどうかは、答えを言ってくれたら判定します。"),
    ("ja", "外れなら質問権を1回消費します。"),
    ("ja", "不正解の場合は質問権が1つ減ります。"),
    ("en", "I can't tell you which of them is wrong, keep asking."),
    ("en", "Tell me your answer and I'll say whether it's correct."),
    ("en", "If you're right, you win; a wrong guess costs a question."),
])
def test_a_verdict_word_in_an_indirect_question_or_a_condition_judges_nothing(lang: Lang, text: str) -> None:
    assert read_verdict(text, lang) is None


@pytest.mark.parametrize(("lang", "text", "who"), [
    # a role said of a name in passing, in the game master's narration
    ("ko", "A씨가 거짓말쟁이인 C씨 쪽을 슬쩍 본다.", {("liar", "C")}),
    ("ko", "범인이었던 B씨는 아무 말도 하지 않았다.", {("culprit", "B")}),
    ("ja", "Aさんは、犯人のCさんの方をちらりと見た。", {("culprit", "C")}),
    ("ja", "嘘つきであるBさんは、にやりと笑った。", {("liar", "B")}),
    ("en", "B, the liar, shrugs and says nothing.", {("liar", "B")}),
    ("en", "Meanwhile C, our culprit, hides the wrapper.", {("culprit", "C")}),
    ("en", "Turns out C was the one lying all along.", {("liar", "C")}),
    ("en", "So B is the person who fibbed.", {("liar", "B")}),
    # what a character says in narration is the character's, not the game master's
    ("ko", 'C씨가 팔짱을 낀다. "범인은 A씨예요."', set()),
    ("ja", "Bさんは目をそらした。「嘘つきはAさんだよ。」", set()),
    ("en", 'A grins. "B is the liar, obviously."', set()),
    # the subject of a line that names another's role in passing has none named
    ("ko", "B씨는 범인인 A씨를 가리켰다.", {("culprit", "A")}),
    ("ja", "Bさんは嘘つきのCさんに目配せした。", {("liar", "C")}),
    # asked, not said
    ("en", "C, the liar? Maybe. Keep asking.", set()),
    ("ja", "犯人のAさんか、それとも？", set()),
])
def test_roles_said_in_passing_in_narration_and_not_in_characters_quotes(
    lang: Lang, text: str, who: set[tuple[str, str]]
) -> None:
    assert {(c.role, c.name) for c in read_claims(text, lang)} == who


@pytest.mark.parametrize(("lang", "text", "who"), [
    # the second role said with "too" (도, も, also) after the first
    ("ko", "B씨가 범인이었고, 거짓말쟁이도 B씨였어요.", {("culprit", "B", True), ("liar", "B", True)}),
    ("ja", "犯人はAさん、嘘つきもAさんでした。", {("culprit", "A", True), ("liar", "A", True)}),
    ("en", "A took it, and the liar was also A.", {("culprit", "A", False), ("liar", "A", True)}),
    # the act as a subject ("食べたのは") and in the passive
    ("ja", "飲んだのはCさんで、嘘をついていたのはAさんです。", {("culprit", "C", True), ("liar", "A", True)}),
    ("en", "The last slice was eaten by C; B was the liar.", {("culprit", "C", False), ("liar", "B", True)}),
    ("en", "It was drunk by A.", {("culprit", "A", False)}),
    # asked, not said
    ("ja", "食べたのはBさんですか？", set()),
    ("en", "Was it eaten by B?", set()),
])
def test_reveals_with_too_the_act_as_subject_and_the_passive(
    lang: Lang, text: str, who: set[tuple[str, str, bool]]
) -> None:
    assert named(text, lang) == who


@pytest.mark.parametrize(("lang", "text", "who"), [
    ("en", "Questions left: 3 (psst: the liar is A)", {("liar", "A", True)}),
    ("ko", "남은 질문: 2회 / 범인=C", {("culprit", "C", True)}),
    ("ja", "残り3回（ネタバレ：嘘つきはBさん）", {("liar", "B", True)}),
])
def test_roles_named_on_the_count_line(lang: Lang, text: str, who: set[tuple[str, str, bool]]) -> None:
    assert named(text, lang) == who


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "🔪 범인 → B\n😈 거짓말쟁이 → C"),
    ("ko", "범인 ➡ B씨 / 거짓말쟁이 ➡ C씨"),
    ("ja", "犯人 → Bくん\n嘘つき → Cくん"),
    ("ja", "・盗んだ人 ⇒ Bさん\n・嘘つき ⇒ Cさん"),
    ("en", "Culprit -> B\nLiar -> C"),
    ("en", "🕵️ Culprit ➡ B, 🤥 Liar ➡ C"),
])
def test_reveals_with_arrows(lang: Lang, text: str) -> None:
    assert named(text, lang) == BOTH


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "정답! 쿠키를 먹은 건 B, 거짓말쟁이는 C였어요"),
    ("ko", "꽃병을 깨뜨린 것은 B씨, 거짓말쟁이는 C씨입니다."),
    ("ko", "우산 가져간 게 B고 거짓말쟁이는 C야"),
    ("en", "🍪 Ate the cookie: B\n🤥 The liar: C"),
    ("en", "Who took it → B\nLiar → C"),
    ("en", "Drank the cocoa: **B** / Liar: **C**"),
])
def test_the_culprit_named_by_the_act_as_a_label(lang: Lang, text: str) -> None:
    assert {(role, name) for role, name, _ in named(text, lang)} == {("culprit", "B"), ("liar", "C")}


@pytest.mark.parametrize(("lang", "text"), [
    ("ko", "B가 먹은 건 아니에요."),
    ("ko", "쿠키를 먹은 건 B일까요?"),
    ("en", "Ate the cookie: nobody knows yet"),
    ("en", "I ate it: no, says B"),
])
def test_the_act_as_a_label_or_a_denial_names_no_one_when_no_name_follows(lang: Lang, text: str) -> None:
    assert named(text, lang) == set()


@pytest.mark.parametrize(("lang", "text", "verdict"), [
    ("ko", "범인은 정답! 근데 거짓말쟁이는 오답이에요 ㅠ", False),
    ("ko", "범인은 틀렸고 거짓말쟁이는 맞혔어요.", False),
    ("ko", "범인 맞았어요, 거짓말쟁이도 맞았어요!", True),
    ("ja", "犯人は正解、でも嘘つきは不正解です。", False),
    ("ja", "盗んだ人はハズレ…嘘つきは当たり！", False),
    ("ja", "犯人も正解、嘘つきも正解！", True),
    ("en", "Culprit: correct. Liar: wrong, sorry!", False),
    ("en", "The liar is right but the culprit is wrong.", False),
    ("en", "culprit ✅ correct / liar ✅ correct", True),
])
def test_a_verdict_given_part_by_part_is_wrong_when_one_part_is(lang: Lang, text: str, verdict: bool) -> None:
    """A guess is right only when every part is; the first verdict word said is not the verdict."""
    assert read_verdict(text, lang) is verdict
