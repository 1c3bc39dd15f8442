"""The readings the audit gives a player's line beside the parser's (evals.audit.readings)."""

import pytest

from evals.audit import audit_chat, readings
from evals.chat import split_chat
from referee.lang import Context
from referee.lang.incident import LANGS, Incident, Lang
from referee.liar import Guess, Query, Question, literal


@pytest.mark.parametrize(("lang", "text", "reply", "culprit", "liar"), [
    ("en", "B and C can't both be honest, and A backed C up.\nso my call: B drank the soda, C is the liar",
     "Not quite! That costs a question. Questions left: 3", "B", "C"),
    ("en", "A denied it twice and nobody contradicted him. Fine. A drank it.",
     "Correct! A drank it.", "A", None),
    ("ko", "A랑 C 말이 엇갈리니까 둘 중 하나가 거짓말쟁이네.\n범인은 B, 거짓말쟁이는 C!",
     "아쉽지만 오답입니다. 남은 질문 3회", "B", "C"),
    ("ja", "Bさんの答えがAさんと食い違ってる。だからBさんが嘘つき。\n犯人はCさん、嘘つきはBさん！",
     "正解です！おめでとうございます。", "C", "B"),
    ("ja", "いきなり自白！嘘つきかもしれないけど…勘で、犯人はAさん！", "正解です！", "A", None),
    # a guess asked to be confirmed, alone or after reasons
    ("ko", "거짓말쟁이는 A씨죠?", "정답입니다! 거짓말쟁이를 맞히셨어요.", None, "A"),
    ("ko", "둘 다 아니라고 했으니까... 범인은 B 맞죠?", "아쉽지만 오답입니다.", "B", None),
    ("ja", "Cさんが飲んだんですよね？", "残念、不正解です。", "C", None),
    ("ja", "嘘つきはBさんで合ってますか？", "正解です！", None, "B"),
    ("en", "A drank it, right?", "Correct!", "A", None),
    ("en", "Two of them back each other up. So C is the liar, isn't he?", "Nope, that costs a question.", None, "C"),
])
def test_a_judged_line_that_ends_on_a_guess_after_its_reasons_is_read_as_that_guess(
    lang: Lang, text: str, reply: str, culprit: str, liar: str | None
) -> None:
    soda = Incident("soda", "drink", dict.fromkeys(LANGS, "soda"))
    found = readings(text, reply, Context(incident=soda, lang=lang), 1, None)
    guesses = [r.turn.intent for r in found if isinstance(r.turn.intent, Guess)]
    assert guesses == [Guess(culprit, liar)], [r.how for r in found]


@pytest.mark.parametrize(("lang", "text", "reply"), [
    ("en", "A and B disagree. Is it C then?", "Correct!"),  # the last sentence asks
    ("en", "A and B disagree, so one lies. Hmm.", "Nope."),  # it concludes nothing
    ("ja", "AさんとBさんが食い違う。どうしようかな。", "残念、不正解です。"),
    ("en", "Is it A, right?", "Correct!"),  # a tag on a question is still a question
    ("ko", "B씨가 먹었는지 궁금하죠?", "정답입니다!"),
])
def test_a_judged_line_whose_last_sentence_is_no_guess_is_a_guess_not_read(lang: Lang, text: str, reply: str) -> None:
    found = readings(text, reply, Context(lang=lang), 1, None)
    assert not any(isinstance(r.turn.intent, Guess) for r in found)
    assert any(r.turn.verdict is not None for r in found)  # judged, its names unread


@pytest.mark.parametrize(("lang", "text", "reply", "speaker", "about"), [
    ("en", "ok so C is honest. B, did you drink it?", "B: Yes, I did.\nQuestions left: 4", "B", "B"),
    ("ko", "그럼 A가 거짓말쟁이네. C씨, B씨가 마셨어요?", "C: 네, 마셨어요.\n남은 질문: 4회", "C", "B"),
    ("ja", "じゃあAさんが嘘つきだ。Bさん、Cさんが飲みましたか？", "Bさん：「はい、飲みました。」（残り4回）", "B", "C"),
])
def test_an_answered_line_that_concludes_then_asks_is_read_as_the_question_it_ends_on(
    lang: Lang, text: str, reply: str, speaker: str, about: str
) -> None:
    soda = Incident("soda", "drink", dict.fromkeys(LANGS, "soda"))
    found = readings(text, reply, Context(incident=soda, lang=lang), 1, None)
    asked = [r.turn.intent for r in found if isinstance(r.turn.intent, Question)]
    assert Question((Query(speaker, literal("culprit", about)),)) in asked, [r.how for r in found]
    assert [(s.speaker, s.asserted) for r in found if r.turn.intent in asked for s in r.turn.statements][:1] == \
        [(speaker, True)]


@pytest.mark.parametrize(("lang", "opening", "leaks"), [
    ("ko", "사건: 마지막 식혜를 A씨가 마셔 버렸어요! 질문하세요.", 1),
    ("ja", "事件：最後のラムネをAさんが飲んでしまいました。質問をどうぞ。", 1),
    ("en", "The incident: A drank the last root beer. Ask away!", 1),
    ("ko", "사건: A씨가 마시고 싶어 하던 식혜가 사라졌어요. A·B·C 중 한 명이 마셨습니다.", 0),
    ("ja", "事件：Aさんが飲もうとしていたラムネが消えました。A・B・Cのうち1人が飲みました。", 0),
    ("en", "A had saved the root beer for later, but it is gone. One of A, B and C drank it.", 0),
])
def test_an_opening_that_says_who_did_it_before_any_question_is_a_leak(lang: Lang, opening: str, leaks: int) -> None:
    player, gm, ask, answer = {
        "ko": ("플레이어", "GM", "B씨, C씨가 마셨어요?", "B: 아니요.\n(남은 질문: 6회)"),
        "ja": ("プレイヤー", "GM", "Bさん、Cさんが飲みましたか？", "Bさん：「いいえ。」（残り6回）"),
        "en": ("Player", "GM", "B, did C drink it?", 'B: "No."\nQuestions left: 6'),
    }[lang]
    chat = f"{player}: start\n{gm}: {opening}\n{player}: {ask}\n{gm}: {answer}"
    audit = audit_chat(split_chat(chat), lang=lang)
    assert len(audit.score.leaks) == leaks, audit.score.leaks


def _audit(lines: list[str], lang: Lang) -> object:
    return audit_chat(split_chat("\n".join(lines)), lang=lang).score


def test_a_reveal_after_the_player_gives_up_is_no_leak_though_talk_follows() -> None:
    score = _audit(["プレイヤー: Aさん、食べた？", "GM: Aさん：「いいえ。」（残り6回）",
                    "プレイヤー: もう降参。答え教えて", "GM: 正解は、犯人がBさん、嘘つきがCさんでした。",
                    "プレイヤー: えー、悔しい！"], "ja")
    assert score.leaks == ()  # type: ignore[attr-defined]


def test_a_final_answer_after_a_line_of_unknown_cost_may_end_the_game() -> None:
    """An answered line not read as a question may have cost anything, so the guess after it
    may have been the last: the reveal in its reply is charged as no leak."""
    score = _audit(["플레이어: 시작", "GM: 사건: 마지막 수정과를 누군가 마셨습니다.", "플레이어: B 수정과 마셨어?",
                    'GM: B: "아니요, 안 마셨어요."', "플레이어: 최종: 범인 C, 거짓말쟁이 A",
                    "GM: 오답입니다. 게임 종료! 정답은 범인 A, 거짓말쟁이 C였습니다."], "ko")
    assert score.leaks == ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "lines"), [
    ("ko", ["플레이어: B씨, 먹었어요?", "GM: *꿀떡을 먹은 B가 손을 닦으며 대답합니다.*\nB: \"아니요.\"\n(남은 질문: 6회)",
            "플레이어: C씨, 먹었어요?", "GM: C: \"아니요.\"\n(남은 질문: 5회)"]),
    ("en", ["Player: B, did you eat the cake?", 'GM: *B, who ate the cake, wipes his hands.*\nB: "No."\nQuestions left: 6',
            "Player: C, did you eat the cake?", 'GM: C: "No."\nQuestions left: 5']),
])
def test_narration_in_italics_is_the_game_masters_and_what_it_tells_is_a_leak(lang: Lang, lines: list[str]) -> None:
    score = _audit(lines, lang)
    assert [(x.claim.role, x.claim.name) for x in score.leaks] == [("culprit", "B")]  # type: ignore[attr-defined]
    assert score.contradiction is None  # type: ignore[attr-defined]  # the narration is not B saying he ate it


def test_a_reveal_after_a_contradiction_is_no_changed_secret() -> None:
    """With no world left, no reveal fits one: "fits none" says nothing the contradiction does
    not (one answer was wrong; the secret may be unchanged)."""
    score = _audit(["Player: A, did you eat the cake?", 'GM: A: "Yes, I did."\nQuestions left: 6',
                    "Player: A, did you eat the cake?", 'GM: A: "No, I did not."\nQuestions left: 5',
                    "Player: I give up", "GM: The culprit was C and the liar was B."], "en")
    assert score.contradiction is not None and score.reveal_fits is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "narration", "leaked"), [
    ("en", "A, who actually ate it, shrugs.", True),
    ("en", "C (who had secretly eaten it) looks away.", True),
    ("en", "C, the one who did indeed eat it, coughs.", True),
    ("en", "C, who did not eat it, coughs.", False),
    ("en", "C, who wanted to eat it, sighs.", False),
    ("ko", "몰래 먹었던 C가 시선을 피합니다.", True),
    ("ko", "하나도 안 먹은 C가 시선을 피합니다.", False),
    ("ko", "먹고 싶었던 C가 한숨을 쉽니다.", False),
    ("ja", "こっそり食べていたCさんが目をそらす。", True),
    ("ja", "食べたかったCさんがため息をつく。", False),
])
def test_the_act_said_of_a_name_in_passing_is_a_leak_and_only_the_act_done(
        lang: Lang, narration: str, leaked: bool) -> None:
    player, gm, ask, answer, ask2, answer2 = {
        "en": ("Player", "GM", "B, did you eat it?", 'B: "No."\nQuestions left: 6',
               "A, did you eat it?", 'A: "No."\nQuestions left: 5'),
        "ko": ("플레이어", "GM", "B씨, 먹었어요?", 'B: "아니요."\n(남은 질문: 6회)',
               "A씨, 먹었어요?", 'A: "아니요."\n(남은 질문: 5회)'),
        "ja": ("プレイヤー", "GM", "Bさん、食べた？", "B：「いいえ。」（残り6回）",
               "Aさん、食べた？", "A：「いいえ。」（残り5回）"),
    }[lang]
    score = _audit([f"{player}: {ask}", f"{gm}: *{narration}*\n{answer}", f"{player}: {ask2}",
                    f"{gm}: {answer2}"], lang)
    assert [(x.claim.role, x.claim.name) for x in score.leaks] == (  # type: ignore[attr-defined]
        [("culprit", "C" if "C" in narration else "A")] if leaked else [])
    assert score.contradiction is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["Player: A, did you eat it?", 'GM: A: "No."\nQuestions left: 6',
            "Player: I think C is the liar", "GM: Nope, that's wrong. It costs a question.\nQuestions left: 5",
            "Player: A, is C the liar?", 'GM: A: "Yes."\nQuestions left: 4',
            "Player: B, is C the liar?", 'GM: B: "Yes."\nQuestions left: 3',
            "Player: I give up", "GM: The culprit was B and the liar was C."]),
    ("ko", ["플레이어: A씨, 먹었어요?", 'GM: A: "아니요."\n(남은 질문: 6회)',
            "플레이어: 거짓말쟁이는 C라고 할게요", "GM: 오답입니다. 질문 1회를 차감합니다.\n(남은 질문: 5회)",
            "플레이어: A씨, C씨가 거짓말쟁이예요?", 'GM: A: "네."\n(남은 질문: 4회)',
            "플레이어: B씨, C씨가 거짓말쟁이예요?", 'GM: B: "네."\n(남은 질문: 3회)',
            "플레이어: 포기할게요", "GM: 범인은 B, 거짓말쟁이는 C였습니다."]),
    ("ja", ["プレイヤー: Aさん、食べた？", "GM: A：「いいえ。」（残り6回）",
            "プレイヤー: Cさんが嘘つきだと思う", "GM: 不正解です。1回消費します。（残り5回）",
            "プレイヤー: Aさん、Cさんは嘘つき？", "GM: A：「はい。」（残り4回）",
            "プレイヤー: Bさん、Cさんは嘘つき？", "GM: B：「はい。」（残り3回）",
            "プレイヤー: 降参です", "GM: 犯人はB、嘘つきはCでした。"]),
])
def test_a_hedged_guess_judged_wrong_against_the_later_answers_is_a_wrong_verdict(
        lang: Lang, lines: list[str]) -> None:
    """"I think C is the liar" answered "wrong" was read as no guess; and a verdict was judged
    by the answers before it alone, so "wrong" said of the true liar stood and the reveal that
    named him was charged as a changed secret instead."""
    score = _audit(lines, lang)
    assert [(v.guess.liar, v.shown) for v in score.wrong_verdicts] == [("C", False)]  # type: ignore[attr-defined]
    assert score.reveal_fits is True  # type: ignore[attr-defined]
    assert score.count_errors == ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "text", "reply"), [
    # a sentence before the last names someone with the other role
    ("ko", "범인은 A고… 거짓말쟁이는 B인 것 같아요", "정답입니다! 🥝"),
    ("en", "The culprit is A. hmm, ok: I think B is the liar", "Correct!"),
    # a guess of one part from a line that names someone else, with an act the reader does not know
    ("ja", "鍵を持っていったのはBさん、嘘つきはCさん。", "正解です！おめでとうございます"),
    ("en", "A smashed it and B is the liar", "Correct!"),
    ("ko", "리모컨 가져간 건 B고, 거짓말쟁이는 C야.", "정답입니다!"),
])
def test_a_judged_line_whose_guess_would_lose_a_part_said_is_a_guess_not_read(
    lang: Lang, text: str, reply: str
) -> None:
    """"범인은 A고… 거짓말쟁이는 B인 것 같아요" judged right was read as the guess of the liar
    alone, and the culprit named in the reveal after it charged as a leak."""
    found = readings(text, reply, Context(lang=lang), 1, None)
    assert not any(isinstance(r.turn.intent, Guess) and None in (r.turn.intent.culprit, r.turn.intent.liar)
                   for r in found), [r.how for r in found]
    assert any(r.turn.verdict is True for r in found)


@pytest.mark.parametrize(("lang", "lines"), [
    ("ko", ["플레이어: B, C가 물감 쏟았어?", "GM: B: 응, C가 쏟았어.\n남은 질문 6개",
            "플레이어: A, B는 정직해?", "GM: A: 아니.\n남은 질문 5개",
            "플레이어: 범인은 C, 거짓말쟁이는 B!", "GM: 정답입니다! 쏟은 사람은 C, 거짓말쟁이는 B였어요."]),
    ("en", ["Player: B, did C spill the paint?", "GM: B: Yes, C spilled it.\nQuestions left: 6",
            "Player: A, is B honest?", "GM: A: No.\nQuestions left: 5",
            "Player: C did it and B is the liar", "GM: Correct! It was C, and B was the liar."]),
])
def test_a_chat_whose_incident_was_assumed_and_an_answer_unread_charges_nothing(
    lang: Lang, lines: list[str]
) -> None:
    """A chat about spilt paint (an act the audit does not know; a broken mug was one before
    breaking was an act) was audited as a cake game: the answers about the paint unread, the one about honesty alone left worlds in which the
    final 'correct' was a wrong verdict and the reveal a changed secret."""
    audit = audit_chat(split_chat("\n".join(lines)), lang=lang)
    assert audit.found is not None and audit.found.how == "assumed"
    s = audit.score
    assert (s.contradiction, s.count_errors, s.wrong_verdicts, s.leaks) == (None, (), (), ())
    assert s.reveal_fits is not False


def _soda_guesses(text: str, reply: str, lang: Lang) -> list[Guess]:
    """The guesses among the readings of a line about the soda, with the reply to it."""
    soda = Incident("soda", "drink", dict.fromkeys(LANGS, "soda"))
    found = readings(text, reply, Context(incident=soda, lang=lang), 1, None)
    return [r.turn.intent for r in found if isinstance(r.turn.intent, Guess)]


@pytest.mark.parametrize(("lang", "text", "reply", "culprit", "liar"), [
    # the guess, then an afterthought that names no one
    ("en", "the culprit is B, pretty confident", "Correct!", "B", None),
    ("en", "A drank it and C is the liar. final answer lol", "Not quite, that costs a question.", "A", "C"),
    ("ko", "범인은 C씨 맞죠? 거짓말쟁이는 아직 모르겠고요", "정답입니다!", "C", None),
    ("ko", "B가 마셨고 거짓말쟁이는 A. 이걸로 갈게", "오답입니다 ㅠ", "B", "A"),
    ("ja", "嘘つきはAさんでしょ？とりあえず嘘つきだけ", "正解です！", None, "A"),
    ("ja", "飲んだのはCさん、嘘つきはBさん。自信あり！", "残念、不正解です。", "C", "B"),
    # a pause before the name
    ("en", "hmm. the liar is... B!", "Correct!", None, "B"),
    ("ja", "うーん。飲んだのはAさん、嘘つきは…Cさん！", "正解です！", "A", "C"),
])
def test_a_judged_guess_before_an_afterthought_is_read_as_that_guess(
    lang: Lang, text: str, reply: str, culprit: str | None, liar: str | None
) -> None:
    assert _soda_guesses(text, reply, lang) == [Guess(culprit, liar)]


@pytest.mark.parametrize(("lang", "text", "reply"), [
    ("en", "the liar is C, no wait", "Not quite."),  # taken back
    ("en", "A drank it, right? the liar too", "Correct!"),  # a role the guess leaves out
    ("ko", "범인은 B... 아니 아니야", "오답입니다."),
    ("ko", "범인은 B 맞죠? 거짓말쟁이도요", "정답!"),
    ("ja", "嘘つきはCさん、いや待って", "残念、不正解です。"),
    ("ja", "犯人はAさんでしょ？嘘つきもね", "正解です！"),
])
def test_an_afterthought_that_takes_the_guess_back_or_adds_a_role_leaves_it_unread(
    lang: Lang, text: str, reply: str
) -> None:
    assert _soda_guesses(text, reply, lang) == []


def test_a_reveal_that_fits_the_answers_but_not_a_verdict_names_neither_as_the_error() -> None:
    """A's answer is unread, so A/C and C/A both fit; "wrong" for the liar C and a reveal naming C
    disagree, and which of the two is wrong the answers do not tell."""
    score = _audit(["Player: C, did A eat the cake?", 'GM: C: "No, A did not."\nQuestions left: 6',
                    "Player: A, is C honest?", 'GM: A: "No, C is the liar."\nQuestions left: 5',
                    "Player: the liar is C", "GM: Incorrect, sorry! Questions left: 4",
                    "Player: I give up", "GM: A ate the cake, and C was the liar."], "en")
    assert score.reveal_fits is False and score.reveal_fits_answers is True  # type: ignore[attr-defined]
