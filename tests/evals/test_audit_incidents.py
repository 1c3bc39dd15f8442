"""An audit finds the incident from the chat itself, for any food or drink, and reads the
questions and guesses about it; what a game master may say after a guess follows the rules
(a right single part confirmed is allowed, a part named before it was guessed is a leak)."""

from __future__ import annotations

import pytest

from evals.audit import audit_chat, find_incident
from evals.chat import split_chat
from referee.lang.incident import INCIDENTS, Lang
from referee.liar.intent import Guess, Question


@pytest.mark.parametrize(("lang", "opening", "noun", "verb"), [
    ("en", "The incident: someone ate the last muffin in the staff room.", "muffin", "eat"),
    ("en", "Somebody drank the iced tea! Who was it?", "iced tea", "drink"),
    ("en", "The last slice of cheesecake has vanished.", "cheesecake", "eat"),
    ("en", "Who finished the last cinnamon roll?", "cinnamon roll", "eat"),
    ("en", "Someone drank the glass of lemonade on the porch.", "lemonade", "drink"),
    ("en", "Who ate the bowl of ramen I left out?", "ramen", "eat"),
    ("en", "Somebody finished the last jar of pickles!", "pickles", "eat"),
    ("ko", "사건: 식탁 위의 마지막 호떡이 사라졌습니다.", "호떡", "eat"),
    ("ko", "마지막 남은 김밥을 누군가 먹었어요.", "김밥", "eat"),
    ("ko", "냉장고의 식혜를 누가 마셨을까요?", "식혜", "drink"),
    ("ko", "마지막 파이가 없어졌어요!", "파이", "eat"),
    ("ja", "事件：最後のどら焼きがなくなりました。", "どら焼き", "eat"),
    ("ja", "最後に残ったメロンパンを誰かが食べてしまいました。", "メロンパン", "eat"),
    ("ja", "冷蔵庫の牛乳を飲んだのは誰でしょう？", "牛乳", "drink"),
    # a one-syllable noun, words that describe or count it, a compound with a space
    ("ko", "A·B·C 중 한 명이 마지막 떡을 먹었어요.", "떡", "eat"),
    ("ko", "식탁에 남아 있던 마지막 구운 고구마 한 개가 없어졌어요.", "고구마", "eat"),
    ("ko", "컵에 따라 둔 매실차 한 잔을 누군가 마셨습니다.", "매실차", "drink"),
    ("ko", "냉장고에 하나 남은 딸기 우유를 누가 몰래 마셨어요!", "딸기 우유", "drink"),
    # a comma, someone and how between the object and the act; a hiragana compound
    ("ja", "棚にあったほうじ茶ラテを、誰かがこっそり飲んでしまいました。", "ほうじ茶ラテ", "drink"),
    ("ja", "お皿のみかん大福を誰かが食べました。", "みかん大福", "eat"),
    ("en", "Someone ate the last grilled cheese sandwich on the plate.", "grilled cheese sandwich", "eat"),
    # objects broken, taken or hidden
    ("en", "Someone broke the snow globe on the shelf.", "snow globe", "break"),
    ("en", "Who smashed the flower pot by the door?", "flower pot", "break"),
    ("en", "The incident: somebody took the stapler from my desk.", "stapler", "take"),
    ("en", "Someone stole the red umbrella!", "red umbrella", "take"),
    ("en", "Somebody hid the TV remote, and nobody will say who.", "tv remote", "hide"),
    ("ko", "거실에 있던 꽃병을 누군가 깨뜨렸습니다.", "꽃병", "break"),
    ("ko", "책상 위의 충전기를 누가 가져갔어요.", "충전기", "take"),
    ("ko", "누군가 현관 열쇠를 숨겼어요!", "현관 열쇠", "hide"),
    ("ko", "선반의 유리컵을 누가 부쉈을까요?", "유리컵", "break"),
    ("ja", "誰かが棚の湯のみを割りました。", "湯のみ", "break"),
    ("ja", "机の上のホチキスを誰かが持っていきました。", "ホチキス", "take"),
    ("ja", "誰かがテレビのリモコンを隠しました。", "リモコン", "hide"),
])
def test_the_opening_names_the_incident(lang: Lang, opening: str, noun: str, verb: str) -> None:
    player = {"en": "Player: A, did you do it?", "ko": "플레이어: A씨가 그랬어요?",
              "ja": "プレイヤー: Aさんがやったの？"}[lang]
    found = find_incident(split_chat(f"GM: {opening}\n{player}\nGM: ..."), lang)
    assert (found.incident.noun[lang].casefold(), found.incident.verb, found.how) == (noun, verb, "named")


def test_an_object_asked_about_with_no_particle_is_found_from_the_questions() -> None:
    """The opening says only that the bottle is empty; the questions name the drink bare."""
    chat = split_chat("GM: 냉장고의 아이스티 한 병이 비어 있었습니다.\n플레이어: B, 너가 아이스티 마셨어?\n"
                      "GM: B: 아니.\n플레이어: C, 아이스티 마셨어?\nGM: C: 응.")
    found = find_incident(chat, "ko")
    assert (found.incident.noun["ko"], found.incident.verb) == ("아이스티", "drink")


def test_a_built_in_incident_named_in_the_opening_is_the_built_in_one() -> None:
    found = find_incident(split_chat("GM: 最後のプリンが消えました。\nプレイヤー: Aさん、食べた？"), "ja")
    assert found.incident is INCIDENTS["pudding"]


def test_a_chat_that_names_no_incident_says_it_was_assumed() -> None:
    found = find_incident(split_chat("GM: Ask away.\nPlayer: A, did you do it?"), "en")
    assert (found.incident.key, found.how) == ("cake", "assumed")


@pytest.mark.parametrize(("lang", "chat", "culprit", "liar"), [
    ("en", "GM: Someone ate the last brownie.\nPlayer: Brownie time. B ate the brownie, and C is the liar.\nGM: Correct!",
     "B", "C"),
    ("ko", "GM: 마지막 호떡을 누군가 먹었습니다.\n플레이어: B씨가 호떡을 먹었고 C씨가 거짓말쟁이예요.\nGM: 정답입니다!",
     "B", "C"),
])
def test_a_guess_about_a_made_up_incident_is_read(lang: Lang, chat: str, culprit: str, liar: str) -> None:
    audit = audit_chat(split_chat(chat), lang=lang)
    assert audit.turns[0].intent == Guess(culprit, liar)
    assert audit.turns[0].verdict is True


def test_a_wrong_verdict_about_a_made_up_incident_is_found() -> None:
    """Only culprit B fits (A and C, honest or not, agree B ate it and B admits it): a
    "correct" for culprit C is a wrong verdict."""
    chat = split_chat(
        "GM: The incident: someone ate the last cupcake.\n"
        "Player: A, did B eat the cupcake?\nGM: A: Yes, B ate the cupcake.\nQuestions left: 6\n"
        "Player: C, did B eat the cupcake?\nGM: C: Yes, B ate it.\nQuestions left: 5\n"
        "Player: C ate the cupcake.\nGM: Correct! 🎉\n")
    audit = audit_chat(chat, lang="en")
    assert all(isinstance(t.intent, Question) for t in audit.turns[:2])
    assert [v.guess for v in audit.score.wrong_verdicts] == [Guess("C", None)]


def test_another_object_named_later_is_another_incident() -> None:
    chat = split_chat("GM: 最後のたい焼きを誰かが食べました。\nプレイヤー: Aさん、ケーキを食べましたか？\n"
                      "GM: ケーキではなく、たい焼きの話です。\n")
    audit = audit_chat(chat, lang="ja")
    assert not isinstance(audit.turns[0].intent, Question)


RIGHT_PART = {
    "ko": "GM: 마지막 마카롱을 누가 먹었을까요?\n플레이어: A씨, 마카롱 먹었어요?\nGM: A: 네, 제가 먹었어요.\n남은 질문: 6회\n"
          "플레이어: B씨, A씨가 마카롱 먹었어요?\nGM: B: 네, A씨가 먹었어요.\n남은 질문: 5회\n"
          "플레이어: 범인은 A씨예요.\nGM: 정답입니다! 범인은 A씨로 확정되었습니다. 이제 거짓말쟁이를 찾아 주세요.\n",
    "ja": "GM: 最後のマカロンを誰かが食べました。\nプレイヤー: Aさん、マカロンを食べましたか？\nGM: A「はい、私が食べました。」\n残り質問回数：6回\n"
          "プレイヤー: Bさん、Aさんはマカロンを食べましたか？\nGM: B「はい、Aさんが食べました。」\n残り質問回数：5回\n"
          "プレイヤー: 犯人はAさんです。\nGM: 正解です！犯人はAさんで確定です。次は嘘つきを見つけてください。\n",
    "en": "GM: Someone ate the last macaron.\nPlayer: A, did you eat the macaron?\nGM: A: Yes, I ate it.\nQuestions left: 6\n"
          "Player: B, did A eat the macaron?\nGM: B: Yes, A ate it.\nQuestions left: 5\n"
          "Player: A is the culprit.\nGM: Correct! A is confirmed as the culprit. Now find the liar.\n",
}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_right_single_part_confirmed_is_no_leak(lang: Lang) -> None:
    audit = audit_chat(split_chat(RIGHT_PART[lang]), lang=lang)
    assert audit.turns[-1].intent == Guess("A", None) and audit.turns[-1].verdict is True
    assert audit.score.leaks == ()


@pytest.mark.parametrize(("lang", "then"), [
    ("ko", "GM: 정답입니다! 범인은 A씨로 확정되었습니다. 참고로 거짓말쟁이는 C씨예요.\n"),
    ("ja", "GM: 正解です！犯人はAさんで確定です。ちなみに嘘つきはCさんです。\n"),
    ("en", "GM: Correct! A is confirmed as the culprit. By the way, the liar is C.\n"),
])
def test_the_other_part_named_before_it_was_guessed_is_a_leak(lang: Lang, then: str) -> None:
    chat = RIGHT_PART[lang].rsplit("GM:", 1)[0] + then
    audit = audit_chat(split_chat(chat), lang=lang)
    assert [(leak.claim.role, leak.claim.name) for leak in audit.score.leaks] == [("liar", "C")]


def test_an_opening_labelled_line_by_line_is_read_whole() -> None:
    """A share that labels each line of the game master's opening as its own message: the act
    may be told in the third ("司会：では始めます。" / "司会：事件：…" / "司会：…を壊しました")."""
    chat = split_chat("私：ゲームしたいです\n司会：では始めます。\n司会：事件：棚の置き時計が床に落ちていました。\n"
                      "司会：A・B・Cのうち1人が置き時計を壊しました。\n私：Aさん、壊した？\n司会：A「いいえ」")
    found = find_incident(chat, "ja")
    assert (found.incident.noun["ja"], found.incident.verb, found.how) == ("置き時計", "break", "named")
