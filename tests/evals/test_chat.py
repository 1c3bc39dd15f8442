import pytest

from evals.chat import SpeakersError, split_chat


def test_labels_in_every_language_and_markdown_bold_start_messages() -> None:
    text = "\n".join([
        "Rules pasted first",
        "Player: A, did you eat it?",
        "GM: A: No.",
        "User: B?",
        "Assistant: B: Yes.",
        "플레이어: A씨?",
        "**GM:** 네.",
        "プレイヤー：Aさん？",
        "**GM**: はい。",
        "__User:__ last",
        "Me: and me",
        "AI: the model",
    ])
    chat = split_chat(text)
    assert [m.role for m in chat.messages] == [
        "player", "gm", "player", "gm", "player", "gm", "player", "gm", "player", "player", "gm"]
    assert [m.text for m in chat.messages][:2] == ["A, did you eat it?", "A: No."]
    assert chat.messages[6].text == "Aさん？"
    assert [m.text for m in chat.messages][-3:] == ["last", "and me", "the model"]
    assert chat.preamble == "Rules pasted first"


def test_a_message_runs_until_the_next_label_and_keeps_its_first_line_number() -> None:
    chat = split_chat("GM: opening\n\nPlayer: A, did you eat it?\nGM: A: No.\nB: Yes.\n\nQuestions left: 5")
    gm = chat.messages[-1]
    assert gm.text == "A: No.\nB: Yes.\n\nQuestions left: 5"
    assert gm.line == 4
    assert chat.messages[1].line == 3


def test_a_character_label_is_not_a_role_label() -> None:
    chat = split_chat("GM: A: No.\nA: I didn't eat it.")
    assert len(chat.messages) == 1


def test_text_without_labels_has_no_messages() -> None:
    assert split_chat("just some text\nwith lines").messages == ()


def test_the_labels_chat_apps_export_are_read() -> None:
    """ChatGPT's "You said:", KakaoTalk's "[name] [time]", LINE's "time name" and Discord's
    "name — Today at time" header line: before, none of them started a message."""
    chat = split_chat(
        "You said:\nA, did you eat the cake?\nChatGPT said:\nA: No.\n"
        "[플레이어] [오후 3:12] A씨 먹었어?\n[GM] [오후 3:12] A씨: 아니요.\n"
        "15:02 Player B, huh?\n15:02\tGM\tB: yes\n"
        "Player — Today at 15:02\nC, did you?\nGM — Today at 15:03\nC: no\n"
    )
    assert [(m.role, m.text) for m in chat.messages] == [
        ("player", "A, did you eat the cake?"), ("gm", "A: No."),
        ("player", "A씨 먹었어?"), ("gm", "A씨: 아니요."),
        ("player", "B, huh?"), ("gm", "B: yes"),
        ("player", "C, did you?"), ("gm", "C: no"),
    ]


# Exports and shares written for these tests (not from the fresh set): each a player, a game
# master and their lines, in the shape the app gives.
EXPORTS = {
    "chatgpt ko": ("나의 말:\n게임 하자\n\nChatGPT의 말:\n사건: 마지막 츄러스가 사라졌어요.\n\n나의 말:\nA씨, 먹었어요?\n\n"
                   "ChatGPT의 말:\nA: 아니요.", [1, 4, 7, 10]),
    "chatgpt ja": ("あなた:\nやろう\n\nChatGPT:\n事件です。\n\nあなた:\nAさん、食べた？\n\nChatGPT:\nA：いいえ。", [1, 4, 7, 10]),
    "gemini en": ("You\nlet's play\n\nGemini\nShow drafts\nHere we go.\n\nYou\nA, did you?\n\nGemini\nA: No.", [1, 4, 8, 11]),
    "ai studio": ("User\nplay\n\nModel\nIncident.\n\nUser\nA, did you?\n\nModel\nA: No.", [1, 4, 7, 10]),
    "markdown": ("# Case\n\n### 🧑 Player\n\nplay\n\n### 🤖 Game Master\n\nIncident.\n\n### 🧑 Player\n\nA?\n\n"
                 "### 🤖 Game Master\n\nA: No.", [3, 7, 11, 15]),
    "kakao names": ("[민수] [오후 3:12] 시작\n[게임봇] [오후 3:12] 사건입니다\n[민수] [오후 3:13] A씨?\n"
                    "[게임봇] [오후 3:13] A: 아니요", [1, 2, 3, 4]),
    "line names": ('2026/12/01(火)\n21:03\tはな\tやろう\n21:03\tGMボット\t"事件です。\n質問をどうぞ。"\n'
                   "21:04\tはな\tAさん？\n21:04\tGMボット\tA：いいえ", [2, 3, 5, 6]),
    "whatsapp": ("[3/2/26, 20:01] Priya: play?\n[3/2/26, 20:01] Meta AI: Incident.\n[3/2/26, 20:02] Priya: A?\n"
                 "[3/2/26, 20:02] Meta AI: A: No.", [1, 2, 3, 4]),
    "discord names": ("jun — 오늘 오후 9:02\n시작\n\nQuizMaster — 오늘 오후 9:02\n사건\n\njun — 오늘 오후 9:03\nA씨?\n\n"
                      "QuizMaster — 오늘 오후 9:03\nA: 아니요", [1, 4, 7, 10]),
    "gemini ko": ("사용자 프롬프트\n하자\n\nGemini 응답\n사건.\n\n사용자 프롬프트\nA야?\n\nGemini 응답\nA: 아니", [1, 4, 7, 10]),
    "brackets ja": ("【プレイヤー】やろう\n【GM】事件です。\n【プレイヤー】Aさん？\n【GM】A「いいえ」", [1, 2, 3, 4]),
    "irc": ("<player> go\n<GM> Incident.\n<player> A?\n<GM> A: No.", [1, 2, 3, 4]),
    "kakao en": ("[Mia] [9:12 PM] go\n[Quiz Bot] [9:12 PM] Incident.\n[Mia] [9:13 PM] A?\n[Quiz Bot] [9:13 PM] A: No.",
                 [1, 2, 3, 4]),
    "kakao ko date": ("2026. 8. 1. 오후 8:01, 도현 : 하자\n2026. 8. 1. 오후 8:01, 수박GM : 사건\n"
                      "2026. 8. 1. 오후 8:02, 도현 : A?\n2026. 8. 1. 오후 8:02, 수박GM : A: 아니", [1, 2, 3, 4]),
    "line ko": ("2026/08/01(토)\n오후 8:01\t도현\t하자\n오후 8:01\t수박GM\t사건\n오후 8:02\t도현\tA?\n"
                "오후 8:02\t수박GM\tA: 아니", [2, 3, 4, 5]),
    "slack": ("Lee Park  9:01 PM\nplay\nTrivia Bot  APP  9:01 PM\nIncident.\nLee Park  9:02 PM\nA?\n"
              "Trivia Bot  APP  9:02 PM\nA: No.", [1, 3, 5, 7]),
    "telegram": ("ゆう, [03.08.26 20:14]\nやろう\n\nおでんGM, [03.08.26 20:14]\n事件です\n\nゆう, [03.08.26 20:15]\n"
                 "Aさん？\n\nおでんGM, [03.08.26 20:15]\nA「いいえ」", [1, 4, 7, 10]),
    "telegram ko iso date": ("지호, [2026-12-01 21:04]\n하자\n\n추리 봇, [2026-12-01 21:04]\n사건\n\n지호, [2026-12-01 21:05]\n"
                             "A?\n\n추리 봇, [2026-12-01 21:05]\nA: 아니", [1, 4, 7, 10]),
    "camel-case gm": ("[1/12/26, 19:01] Dana: go\n[1/12/26, 19:01] PuddingGM: Incident.\n[1/12/26, 19:02] Dana: A?\n"
                      "[1/12/26, 19:02] PuddingGM: A: No.", [1, 2, 3, 4]),
    "host ko": ("나: 시작\n사회자: 사건입니다.\n나: A씨?\n사회자: A \"아니요\"", [1, 2, 3, 4]),
    "narrator en": ("Me: start\nNarrator: The incident.\nMe: A?\nNarrator: A: No.", [1, 2, 3, 4]),
    "host ja": ("私：始めて\n司会：事件です。\n私：Aさん？\n司会：A「いいえ」", [1, 2, 3, 4]),
    "discord compact": ("[8:02 PM] rin: /start\n[8:02 PM] CaseBot: The incident.\n[8:03 PM] rin: A?\n[8:03 PM] CaseBot: A: No.",
                        [1, 2, 3, 4]),
    "discord exporter": ("[2026/11/02 20:01] 千夏\nはじめて\n\n[2026/11/02 20:01] 推理Bot\n事件です\n\n"
                         "[2026/11/02 20:02] 千夏\nAさん？\n\n[2026/11/02 20:02] 推理Bot\nA「いいえ」", [1, 4, 7, 10]),
    "claude markdown export": ("# Game\n\n## Prompt:\nplay\n\n## Response:\nThe incident.\n\n## Prompt:\nA?\n\n"
                               "## Response:\nA: No.", [3, 6, 9, 12]),
    "kakaotalk english": ("Talk with Bot\nNovember 3, 2026 at 8:00 PM, Ana : start\nNovember 3, 2026 at 8:00 PM, QuizBot : Case.\n"
                          "November 3, 2026 at 8:01 PM, Ana : A?\nNovember 3, 2026 at 8:01 PM, QuizBot : A: No.", [2, 3, 4, 5]),
    "discord app header": ("mina — 오늘 오후 9:02\n시작\n퀴즈요정\n앱\n — 오늘 오후 9:02\n사건입니다\nmina — 오늘 오후 9:03\n"
                           "A씨?\n퀴즈요정\n앱\n — 오늘 오후 9:03\nA: 아니요", [1, 3, 7, 9]),
    "discord app header en": ("sam_r — 12/02/2026 8:01 PM\n!start\nRiddle Fox\nAPP\n — 12/02/2026 8:01 PM\nCase.\n"
                              "sam_r — 12/02/2026 8:02 PM\nA?\nRiddle Fox\nAPP\n — 12/02/2026 8:02 PM\nA: No.",
                              [1, 3, 7, 9]),
    "brackets alone ja": ("【私】\nやろう\n【マスター】\n事件です\n【私】\nAさん？\n【マスター】\nA「いいえ」", [1, 3, 5, 7]),
    "me beside one name": ("[18:02] Me: go\n[18:02] Professor Plum: Incident.\n[18:03] Me: A?\n"
                           "[18:03] Professor Plum: A: No.", [1, 2, 3, 4]),
    "kakaotalk japanese": ("2026年11月3日 火曜日\n2026年11月3日 午後8:00, ゆい : やろう\n2026年11月3日 午後8:00, 推理GM : 事件です\n"
                           "2026年11月3日 午後8:01, ゆい : Aさん？\n2026年11月3日 午後8:01, 推理GM : A「いいえ」", [2, 3, 4, 5]),
    "kakaotalk english short": ("Nov 3, 2026 8:00 PM, Ana : start\nNov 3, 2026 8:00 PM, Clue Bot : Case.\n"
                                "Nov 3, 2026 8:01 PM, Ana : A?\nNov 3, 2026 8:01 PM, Clue Bot : A: No.", [1, 2, 3, 4]),
    "gemini ko share": ("말씀하신 내용\n하자\n\nGemini의 응답\n사건.\n\n말씀하신 내용\nA야?\n\nGemini의 응답\nA: 아니",
                        [1, 4, 7, 10]),
    "imessage": ("おでんGM\niMessage\n今日 19:42\n\n自分: やろう\nおでんGM: 事件です\n自分: Aさん？\nおでんGM: A「いいえ」",
                 [5, 6, 7, 8]),
}


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_chat_exports_are_split_by_speaker(name: str) -> None:
    text, lines = EXPORTS[name]
    chat = split_chat(text)
    assert [m.role for m in chat.messages] == ["player", "gm", "player", "gm"]
    assert [m.line for m in chat.messages] == lines
    assert not chat.inferred
    assert chat.messages[1].text and "\t" not in chat.messages[1].text and not chat.messages[1].text.startswith('"')


@pytest.mark.parametrize("host", ["Trivia Host", "호스트", "진행봇", "進行ちゃん", "ホスト"])
def test_a_host_by_any_name_is_the_game_master(host: str) -> None:
    chat = split_chat(f"[3/2/26, 20:01] Tom: play?\n[3/2/26, 20:01] {host}: Incident.\n[3/2/26, 20:02] Tom: A?")
    assert [m.role for m in chat.messages] == ["player", "gm", "player"]


def test_named_speakers_none_of_them_the_game_master_are_refused_until_named() -> None:
    text = "[3/2/26, 20:01] Tom: play?\n[3/2/26, 20:01] Quiz Pal: Incident.\n[3/2/26, 20:02] Tom: A?"
    with pytest.raises(SpeakersError, match="Tom, Quiz Pal"):
        split_chat(text)
    chat = split_chat(text, gm="quiz pal")
    assert [m.role for m in chat.messages] == ["player", "gm", "player"]
    with pytest.raises(ValueError, match="--gm Bob"):
        split_chat(text, gm="Bob")


def test_a_share_labelling_only_the_game_master_places_the_player_before_each_answer() -> None:
    chat = split_chat("let's play\n\nGemini\nIncident.\n\nRemaining: 7\n\nA, did you?\n\nGemini\nA: No.")
    assert chat.inferred
    assert [(m.role, m.text, m.line) for m in chat.messages] == [
        ("player", "let's play", 1), ("gm", "Incident.\n\nRemaining: 7", 3), ("player", "A, did you?", 8),
        ("gm", "A: No.", 10)]


def test_a_line_export_speaker_whose_name_holds_a_label_and_its_quoted_messages() -> None:
    """"GM Bot" is one speaker, not the label GM and a message starting "Bot"; LINE doubles the
    quotes inside a message it quotes, CSV-style."""
    chat = split_chat('22:31\tRin\tA, did you eat it?\n22:31\tGM Bot\t"A: ""No, I didn\'t.""\nQuestions left: 6"')
    assert [(m.role, m.text) for m in chat.messages] == [
        ("player", "A, did you eat it?"), ("gm", 'A: "No, I didn\'t."\nQuestions left: 6')]


def test_the_game_master_is_told_by_what_it_says_when_no_name_does() -> None:
    """Two speakers, neither named as a game master: the one whose messages hold the characters'
    answers and the counts is it, and the chat says it was told so."""
    text = ("[3/2/26, 20:01] Mina: let's play\n[3/2/26, 20:01] Oracle: Someone broke the lamp.\n"
            "[3/2/26, 20:02] Mina: A, did you break it?\n[3/2/26, 20:02] Oracle: A: No.\nQuestions left: 6\n"
            "[3/2/26, 20:03] Mina: B, did A break it?\n[3/2/26, 20:03] Oracle: B: \"Yes.\"\nQuestions left: 5")
    chat = split_chat(text)
    assert [m.role for m in chat.messages] == ["player", "gm"] * 3
    assert chat.gm_told == "Oracle"


def test_two_speakers_who_both_speak_for_the_characters_are_still_refused() -> None:
    text = ("[3/2/26, 20:01] Mina: A: No.\nQuestions left: 6\n[3/2/26, 20:01] Oracle: B: Yes.\nQuestions left: 5")
    with pytest.raises(SpeakersError):
        split_chat(text)


def test_kakaotalks_export_with_korean_dates_and_lines_spaced_export() -> None:
    kakao = split_chat("2026년 3월 2일 오후 8:01, 지수 : 시작\n2026년 3월 2일 오후 8:01, 게임봇 : 사건입니다\n"
                       "2026년 3월 2일 오후 8:02, 지수 : A씨?")
    assert [(m.role, m.text) for m in kakao.messages] == [("player", "시작"), ("gm", "사건입니다"), ("player", "A씨?")]
    line = split_chat("[LINE] 謎解きのトーク\n\n2026/03/02(月)\n20:01 結衣 はじめよう\n20:01 判定ちゃん 事件です\n"
                      "20:02 結衣 Aさん？\n20:02 判定ちゃん A「いいえ」 残り6回\n20:03 結衣 Bさん？\n20:03 判定ちゃん B「はい」 残り5回")
    assert [m.role for m in line.messages] == ["player", "gm"] * 3 and line.gm_told == "判定ちゃん"
