from evals.chat import split_chat


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
    ])
    chat = split_chat(text)
    assert [m.role for m in chat.messages] == [
        "player", "gm", "player", "gm", "player", "gm", "player", "gm", "player"]
    assert [m.text for m in chat.messages][:2] == ["A, did you eat it?", "A: No."]
    assert chat.messages[6].text == "Aさん？"
    assert chat.messages[-1].text == "last"
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
