import pytest

from evals.reading import read_claims, read_counts, read_notes, read_turn, read_verdict
from referee.lang import Context
from referee.liar import Guess, Other, Query, Question, Unclear, literal
from referee.liar.problem import Problem, Why


@pytest.mark.parametrize(("lang", "text", "counts"), [
    ("ko", "남은 질문: 5회", (5,)),
    ("ko", "질문권이 3회 남았습니다.", (3,)),
    ("ko", "(1회 사용, 남은 질문 6회)", (6,)),
    ("ja", "残り質問回数：5回", (5,)),
    ("ja", "残り６回。", (6,)),
    ("ja", "あと2回質問できます。", (2,)),
    ("en", "Questions left: 5", (5,)),
    ("en", "(1 question used, 6 left)", (6,)),
    ("en", "You have 2 questions remaining.", (2,)),
    ("en", "You have 7 questions in all.", ()),
    ("ko", "남은 질문권 ▶ 4", (4,)),
    ("ja", "残り回数 ➡ 3", (3,)),
    ("en", "Remaining questions — 2", (2,)),
    ("en", "questions left | 1", (1,)),
    # the used count with the budget, and a bare "Remaining:"
    ("en", "Used 3 of 7", (4,)),
    ("en", "(2/7 used)", (5,)),
    ("en", "Remaining: 4", (4,)),
    ("ja", "質問：4/7 使用", (3,)),
    ("ko", "질문 2/7 사용", (5,)),
    ("en", "The remaining 2 people are honest.", ()),
    ("en", "B: I used 1 of 2 forks.", ()),
    # in kana
    ("ja", "（のこり4回）", (4,)),
    ("ja", "しつもんはのこり 2 回！", (2,)),
    ("ja", "のこりの2人は正直者です。", ()),
])
def test_remaining_count_lines(lang: str, text: str, counts: tuple[int, ...]) -> None:
    assert read_counts(text, lang) == counts  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "text", "verdict"), [
    ("ko", "오답입니다.", False), ("ko", "정답입니다!", True),
    ("ja", "不正解です。", False), ("ja", "正解です！", True),
    ("en", "Incorrect.", False), ("en", "Correct!", True), ("en", "Hmm, go on.", None),
    # the first said stands: praise after it may hold the other word
    ("ko", "정답입니다! 🎉 오답 한 번 빼고는 완벽했어요!", True),
    ("ja", "正解！不正解が続いたのによく粘りましたね", True),
    ("en", "Correct! Only one wrong guess on the way.", True),
    ("ja", "残念、不正解です。正解はBさんでした", False),
    ("en", "Not correct, sorry.", False),
])
def test_guess_verdicts(lang: str, text: str, verdict: bool | None) -> None:
    assert read_verdict(text, lang) is verdict  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "text", "named"), [
    ("ko", "범인은 B, 거짓말쟁이는 C였습니다.", {("culprit", "B"), ("liar", "C")}),
    ("ja", "犯人：A、嘘つき：Bでした。", {("culprit", "A"), ("liar", "B")}),
    ("en", "By the way, C is the liar.", {("liar", "C")}),
    ("en", "B: C is the liar.", set()),  # a character's answer, not the game master's claim
    ("ja", "「A: Bさんは嘘つきです。」", set()),
    ("ko", "2. B: A가 거짓말쟁이가 아니다.", set()),  # a numbered recap line of an answer
    # two called honest: the third is named the liar; a list of all three names no one
    ("ko", "📝 참고: B와 C는 정직한 쪽이니까 잘 들어 보세요!", {("liar", "A")}),
    ("ja", "ヒント：AさんとCさんは正直者です。", {("liar", "B")}),
    ("en", "Note: A and B are both telling the truth.", {("liar", "C")}),
    ("en", "Are A and B honest?", set()),
    ("ko", "A와 B는 정직하지 않을 수도 있어요.", set()),
    ("en", "Two of A, B and C are honest; one of A, B and C ate it.", set()),
    ("en", "Someone drank it: one of A, B or C drank the soda.", set()),
])
def test_roles_named_outright_but_not_in_characters_lines(
    lang: str, text: str, named: set[tuple[str, str]]
) -> None:
    assert {(c.role, c.name) for c in read_claims(text, lang)} == named  # type: ignore[arg-type]


def test_a_reply_to_a_question_is_read_against_the_question_asked() -> None:
    asked = Question((Query("A", literal("culprit", "A")),))
    turn = read_turn("A, did you eat the cake?", asked, "No.\nQuestions left: 6",
                     Context(lang="en"))
    assert [(s.speaker, s.asserted) for s in turn.statements] == [("A", False)]
    assert turn.counts == (6,)
    assert turn.unread == ()


@pytest.mark.parametrize(("lang", "reply", "said"), [
    ("en", 'B shrugs. "Nope, not me." (Questions left: 6)', [("B", False)]),
    ("en", 'Questions left: 6. "Yes," says B, looking away.', [("B", True)]),
    ("ko", "B씨가 고개를 젓는다. 「아니요, 저는 안 먹었어요.」 (남은 질문: 6회)", [("B", False)]),
    ("ja", "Bさんは首を振った。「いいえ、食べていません。」（残り6回）", [("B", False)]),
    # a quote beside the count that no character is named by: the game master's own words
    ("en", 'Please ask "yes" or "no" questions. (Questions left: 6)', []),
    ("ja", "「はい」か「いいえ」で答えられる質問をどうぞ。（残り6回）", []),
])
def test_an_answer_told_in_narration_beside_the_count_is_read(
    lang: str, reply: str, said: list[tuple[str, bool]]
) -> None:
    asked = Question((Query("B", literal("culprit", "B")),))
    turn = read_turn("B?", asked, reply, Context(lang=lang))  # type: ignore[arg-type]
    assert [(s.speaker, s.asserted) for s in turn.statements] == said
    assert turn.counts == (6,)


def test_a_reply_to_anything_but_a_question_holds_no_answers() -> None:
    recap = "The culprit was B and the liar was C.\n1. A: B ate the cake."
    turn = read_turn("Reveal please", Other(), recap, Context(lang="en"))
    assert turn.statements == ()
    assert {(c.role, c.name) for c in turn.claims} == {("culprit", "B"), ("liar", "C")}


@pytest.mark.parametrize(("lang", "reply"), [
    ("en", 'B: "No."\nUsed 2 of 7'),
    ("ko", "B: 아니.\n남은 질문 5개"),
    ("ja", "B「いいえ」\n残り5回"),
])
def test_an_answer_to_a_line_read_as_no_question_is_listed(lang: str, reply: str) -> None:
    """"B, did you?" (a follow-up the audit reads alone, as no question) answered "No." with
    the count down by one was charged as a count error: the answer is not read, so the line
    may have been a question of any cost."""
    turn = read_turn("B, did you?", Other(), reply, Context(lang=lang))  # type: ignore[arg-type]
    assert turn.statements == () and turn.unread


def test_a_guess_reply_without_a_verdict_is_listed_not_guessed() -> None:
    turn = read_turn("B and C", Guess("B", "C"), "Interesting idea!", Context(lang="en"))
    assert turn.verdict is None
    assert turn.unread == ("Interesting idea!",)


def test_a_player_line_the_parser_cannot_read_is_listed() -> None:
    turn = read_turn("A, B?", Unclear(Problem(Why.NO_PREDICATE)), "A: Yes.", Context(lang="en"))
    assert turn.statements == () and turn.unread == ("A, B?",)


@pytest.mark.parametrize(("lang", "player", "reply"), [
    ("ja", "Bさん、Cさんはケーキを食べましたか？", "**B**：「いいえ、Cさんは食べていません。」"),
    ("ja", "Bさん、Cさんはケーキを食べましたか？", "> Bさん: いいえ、Cさんは食べていません。"),
    ("en", "B, did C eat the cake?", "> B: No, C did not eat it."),
    ("en", "B, did C eat the cake?", "🧑 **B:** No, C did not eat it."),
    ("en", "B, did C eat the cake?", "B - \"No, C did not eat it.\""),
    ("en", "B, did C eat the cake?", "- __B__: No, C did not eat it."),
    ("ko", "B씨, C씨가 케이크 먹었어요?", "**B씨**: 아니요, C씨는 안 먹었어요."),
    ("ko", "B씨, C씨가 케이크 먹었어요?", "> 🙂 B님 - 「아니요, C씨는 안 먹었어요.」"),
])
def test_a_character_line_is_read_in_every_chat_app_shape(lang: str, player: str,
                                                          reply: str) -> None:
    """Before, a bold name or a quote mark left the line unread, or read it as B saying that
    B and C both ate it."""
    ctx = Context(lang=lang)  # type: ignore[arg-type]
    turn = read_turn(player, Question((Query("B", literal("culprit", "C")),)), reply, ctx)
    assert [(s.speaker, s.proposition, s.asserted) for s in turn.statements] == \
        [("B", literal("culprit", "C"), False)]
    assert turn.unread == ()


@pytest.mark.parametrize(("lang", "reply", "notes", "counts"), [
    ("en", "(Thinking aloud is free. 6 questions left.)", {"free"}, (6,)),
    ("en", "I could not read that safely (no one is asked). Please rephrase and name who you "
           "ask, e.g. \"A, did B eat the cake?\" Nothing was charged.", {"free"}, ()),
    ("en", "That asks about 3 things:\n  - A, whether A ate the cake\n  - A, whether B ate the "
           "cake\nIt costs 3 questions of the 7 you have left. Ask it? (yes/no)", {"confirm"}, ()),
    ("en", "You have no questions left. Give your final answer: who is the culprit and who is "
           "the liar?", {"final"}, ()),
    ("en", "A: I did not eat it.\n(The actor's reply was rejected 3 times; this is the "
           "referee's own text.)\n(1 question used, 6 left)", {"aside"}, (6,)),
    ("ko", "(생각을 말하는 것은 무료입니다. 남은 질문 6회.)", {"free"}, (6,)),
    ("ko", "질문권을 모두 썼습니다. 최종 답을 말해 주세요: 범인은 누구이고 거짓말쟁이는 "
           "누구입니까?", {"final"}, ()),
    ("ko", "(배우의 답이 3번 거부되어 심판의 문장으로 대신합니다.)", {"aside"}, ()),
    ("ja", "（考えを口にするのは無料です。残り6回。）", {"free"}, (6,)),
    ("ja", "この質問は3つのことを聞きます:\n  - Aに: Bさんがケーキを食べたか\n"
           "残り7回のうち3回かかります。聞きますか?(はい/いいえ)", {"confirm"}, (7,)),
    ("ja", "はっきり読み取れませんでした。誰に聞くのかを示して言い直してください。消費はありません。",
     {"free"}, ()),
])
def test_refgms_own_messages_are_read_never_unread(lang: str, reply: str, notes: set[str],
                                                   counts: tuple[int, ...]) -> None:
    ctx = Context(lang=lang)  # type: ignore[arg-type]
    question = Question((Query("A", literal("culprit", "B")),))
    turn = read_turn("A, did B eat it?", question, reply, ctx)
    assert read_notes(reply, lang) == notes  # type: ignore[arg-type]
    assert turn.unread == () and turn.counts == counts
    assert [s.speaker for s in turn.statements] == ["A"] * reply.count("A: ")
