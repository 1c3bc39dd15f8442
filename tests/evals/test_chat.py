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
