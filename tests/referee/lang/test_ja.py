"""Japanese parser and extractor: the tricky cases the corpus does not pin down on its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.lang import Context, incident
from referee.lang.ja import extract, parse
from referee.liar import (
    Atom,
    Confirm,
    CountQuery,
    Guess,
    Other,
    Query,
    Question,
    Remark,
    Roster,
    Says,
    Unclear,
    literal,
)
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Predicate
from tests.referee.lang.flat import flat_queries

JA = Context(lang="ja")


def queries(text: str, ctx: Context = JA) -> set[tuple[str, str, str, bool]]:
    return flat_queries(parse(text, ctx))


def playing(food: str) -> Context:
    """A Japanese game about `food` (an incident key)."""
    return Context(lang="ja", incident=incident(food))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # second person is the addressee, whatever the word
        ("Bさん、ご自身は嘘つきですか？", {("B", "B", "liar", False)}),
        ("Cさん、お前が食べたんだろ？", {("C", "C", "culprit", False)}),
        ("Aさん、きみは正直者？", {("A", "A", "honest", False)}),
        ("Cさん、自分が犯人だと思いますか？", {("C", "C", "culprit", False)}),
        # each addressee answers about himself
        ("AさんとBさんに質問です。あなたは嘘つきですか？", {("A", "A", "liar", False), ("B", "B", "liar", False)}),
        # the addressee may come last, or in full-width, lower case or katakana letters
        ("Bさんは食べましたか、Cさん？", {("C", "B", "culprit", False)}),
        ("ｃさん、ａさんは嘘つき？", {("C", "A", "liar", False)}),
        ("シーさん、エーさんは食べてない？", {("C", "A", "culprit", True)}),
        # negation is what is phrased; tags ask the positive
        ("Aさん、Bさんは食べませんでしたか？", {("A", "B", "culprit", True)}),
        ("Aさん、Bさんが食べたんじゃないですか？", {("A", "B", "culprit", False)}),
        ("Aさん、Bさんが食べたのではありませんか？", {("A", "B", "culprit", False)}),
        ("Aさん、Bさんが食べたと思いませんか？", {("A", "B", "culprit", False)}),
        ("Aさん、Bさんは嘘つきではないのですか？", {("A", "B", "liar", True)}),
    ],
)
def test_questions(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


def test_a_roster_of_other_names() -> None:
    ctx = Context(roster=Roster(("太郎", "花子", "健")), lang="ja")
    assert queries("太郎さん、花子ちゃんはケーキを食べましたか？", ctx) == {("太郎", "花子", "culprit", False)}
    assert queries("健くん、君は嘘つき？", ctx) == {("健", "健", "liar", False)}
    assert parse("嘘つきは花子さんですね", ctx) == Guess(liar="花子")
    unknown = parse("Aさん、食べましたか？", ctx)
    assert unknown == Unclear(problem=Problem(Why.UNKNOWN_PERSON, ("A",)))


def test_latin_and_katakana_names() -> None:
    latin = Context(roster=Roster(("Alice", "Bob", "Carol")), lang="ja")
    assert queries("aliceさん、Bobさんは食べた？w", latin) == {("Alice", "Bob", "culprit", False)}
    kana = Context(roster=Roster(("アリス", "ボブ")), lang="ja")
    assert queries("食べていないよね、アリスさん？", kana) == {("アリス", "アリス", "culprit", True)}


def test_a_fourth_letter_is_a_person_only_on_a_roster_of_four() -> None:
    four = Context(roster=Roster(("A", "B", "C", "D")), lang="ja")
    assert queries("ディーさん、Aさんは食べた？", four) == {("D", "A", "culprit", False)}
    assert isinstance(parse("ディーさん、Aさんは食べた？", JA), Unclear)


def test_open_questions_are_marked_open_and_compounds_are_not() -> None:
    who = parse("Aさん、誰が食べましたか？", JA)
    assert isinstance(who, Question) and who.open and who.cost == 3
    which = parse("Aさん、BさんとCさんのどちらが嘘つき？", JA)
    assert isinstance(which, Question) and which.open and which.cost == 2
    both = parse("Aさん、BさんもCさんも食べていませんか？", JA)
    assert isinstance(both, Question) and not both.open and both.cost == 2


def test_a_nested_question_quotes_the_other_speaker() -> None:
    intent = parse("Aさん、Bさんに聞いたらCさんが食べたと答えますか？", JA)
    assert intent == Question((Query("A", Says("B", Atom("culprit", "C"))),))
    # the question put to A comes between "Aさんに" and the ask verb; once read as B's words
    intent = parse("Cさん、もしAさんに、Bさんは嘘つきかと尋ねたら、Aさんは「はい」と言いますか", JA)
    assert intent == Question((Query("C", Says("A", Atom("liar", "B"))),))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a later sentence's "Name、" after a lead-in is a new addressee, not a second subject
        ("Aさん、Cさんは食べた？それからBさん、Aさんは嘘つき？", {("A", "C", "culprit", False), ("B", "A", "liar", False)}),
        ("Bさん、食べた？次にCさん、Aさんは正直者？", {("B", "B", "culprit", False), ("C", "A", "honest", False)}),
        ("Cさん、Bさんは嘘つき？では、Aさん、Bさんは食べた？", {("C", "B", "liar", False), ("A", "B", "culprit", False)}),
        ("Aさん、嘘つき？あとBさん、Cさんは食べた？", {("A", "A", "liar", False), ("B", "C", "culprit", False)}),
        ("Aさん、食べた？じゃあBさん、あなたは？", {("A", "A", "culprit", False), ("B", "B", "culprit", False)}),
        ("Bさん、食べた？念のためCさん、Aさんは嘘つき？", {("B", "B", "culprit", False), ("C", "A", "liar", False)}),
        ("Aさん、食べた？あとみんな、Bさんは嘘つき？", {("A", "A", "culprit", False)} | {(s, "B", "liar", False) for s in "ABC"}),
        # or after a background clause closed by けど, が
        ("BかCだと思うけど、Aさん、Bさんは嘘つき？", {("A", "B", "liar", False)}),
        # with no vocative the first addressee still holds
        ("Aさん、Bさんは食べた？それからCさんは嘘つき？", {("A", "B", "culprit", False), ("A", "C", "liar", False)}),
    ],
)
def test_a_new_vocative_switches_the_addressee(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Aさん、食べた？そしたらBさん、Cさんは嘘つき？",  # the lead-in hides the vocative
        "Aさん、食べた？今度はこっちに聞くね、Bさん、Cさんは嘘つき？",
        "Aさん、Bさんは嘘つき？いや、Cさんは嘘つき？",  # a bare いや: another question, or instead?
    ],
)
def test_a_doubtful_switch_is_unclear_rather_than_charged_to_the_first(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # whom is asked, mended
        ("Aさん、Bさん食べた？あ、ごめん、Aさんじゃなくて Cさんに聞きたかった", {("C", "B", "culprit", False)}),
        ("Aさん、Bさんはケーキを食べましたか？失礼しました、Aさんではなく Cさんに伺いたかったのです。",
         {("C", "B", "culprit", False)}),
        ("Bくん、Aくんは食べてないよね？あっ、違う、Cくんに聞くつもりだった", {("C", "A", "culprit", True)}),
        ("Aさん、あなたは嘘つき？あ、まちがえた、Bさんに聞きたかったんだ", {("B", "B", "liar", False)}),
        # whom it is about, mended
        ("Aさん、Cさんが食べた？ ごめん訂正、Cさんじゃなくて Bさん", {("A", "B", "culprit", False)}),
        ("Aさん、Cさんは正直者ですか？あ、いや、Cさんじゃなくて Bさんについてです", {("A", "B", "honest", False)}),
        # the question asked again, mended
        ("Cさん、Aさんは嘘つきですか？いや間違えた、Bさんは嘘つきですか？", {("C", "B", "liar", False)}),
        ("Aさん、食べた？いや違う、Bさん、食べた？", {("B", "B", "culprit", False)}),
    ],
)
def test_a_correction_is_applied_and_charged_once(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Aさん、Bさん食べた？ごめん",  # sorry, but for what?
        "Aさん、Bさん食べた？Cさんじゃなくて Bさん",  # C was not in the question
        "AさんとBさん、Cさんは食べた？ごめん、Cさんに聞きたかった",  # which of the two is replaced?
        "Aさん、Bさん食べた？ごめん、AさんじゃなくてBさんとCさんに聞きたい",
    ],
)
def test_a_correction_that_does_not_say_what_it_mends_is_unclear(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear)


@pytest.mark.parametrize(
    "text",
    [
        "Bさんによると、Cが嘘つき",
        "Bの話だと犯人はA",
        "Bの話じゃCが嘘つきなんだってさ",
        "Cさんが言うには、Aさんがやったんだって",
        "Bさん曰く、Cが犯人",
        "Aさん、Bさんは食べたって言ってた",
        "Aさんは自分が食べたと言っていました",
        "Aさんはご自分が食べたとおっしゃっていますね。",
        "Aのやつ、自分が食べたって言ってんだよな",
        "Aは食べたらしい",
        "Aが食べたそうだ",
        "Cが嘘つきだって",
        "Aさんは食べたって",
    ],
)
def test_hearsay_is_a_remark_never_a_guess_or_a_question(text: str) -> None:
    assert parse(text, JA) == Remark()


def test_hearsay_asked_about_is_unclear() -> None:
    intent = parse("Bさん、Aさんは嘘つきって言ってたけど本当？", JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.REPORTED


@pytest.mark.parametrize("text", ["B犯人説あるな", "A犯人説", "Cさんに嘘つき疑惑"])
def test_a_theory_is_no_conclusion(text: str) -> None:
    assert parse(text, JA) == Remark()


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        ("じゃあAさん、BさんとCさんは二人とも飲んでないよね?", {("A", "B", "culprit", True), ("A", "C", "culprit", True)},
         "juice"),
        ("Aさん、BさんとCさんは二人ともケーキを食べていませんか？",
         {("A", "B", "culprit", True), ("A", "C", "culprit", True)}, "cake"),
        ("Aさん、BさんもCさんも、二人とも食べてませんか？", {("A", "B", "culprit", True), ("A", "C", "culprit", True)},
         "cake"),
        ("Aさん、BくんとCくん、二人ともプリン食べた？", {("A", "B", "culprit", False), ("A", "C", "culprit", False)},
         "pudding"),
        ("Cさん、あなたとAさんは二人とも正直者ですか？", {("C", "C", "honest", False), ("C", "A", "honest", False)}, "cake"),
        ("Cさん、あなたとAさんはお二人とも正直者ですか？", {("C", "C", "honest", False), ("C", "A", "honest", False)},
         "cake"),
        ("Bさん、AさんとCさんは2人とも嘘つき？", {("B", "A", "liar", False), ("B", "C", "liar", False)}, "cake"),
    ],
)
def test_both_quantifies_over_the_names_never_the_addressee(
    text: str, expected: set[tuple[str, str, str, bool]], food: str
) -> None:
    assert queries(text, playing(food)) == expected


@pytest.mark.parametrize("text", ["Aさん、二人とも食べた？", "Bさん、両方嘘つき？", "Cさん、Aさんは2人とも正直者？"])
def test_both_with_fewer_than_two_named_is_unclear(text: str) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.EACH


@pytest.mark.parametrize(
    ("text", "food", "game"),
    [
        ("Aさん、ピザ食べた？", "ピザ", "cake"),
        ("Bさん、コーヒー飲みましたか？", "コーヒー", "cake"),
        ("Aさん、あなたはピザを召し上がりましたか？", "ピザ", "cake"),
        ("Cさん、ラーメンは食べた？", "ラーメン", "cake"),
        ("A、Bがおにぎり食った？", "おにぎり", "cookie"),
        ("Aさん、お茶飲んだ？", "お茶", "juice"),
    ],
)
def test_a_food_that_is_not_the_incident_is_unclear_naming_the_incident(text: str, food: str, game: str) -> None:
    """The problem names the other food as typed; the rendering names this game's incident."""
    intent = parse(text, Context(lang="ja", incident=incident(game)))
    assert intent == Unclear(problem=Problem(Why.OTHER_INCIDENT, other=food)), intent


def test_all_of_it_is_not_all_of_them() -> None:
    assert queries("Aさん、全部食べた？") == {("A", "A", "culprit", False)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Cさん、Bさんが正直者か教えてくれない？", {("C", "B", "honest", False)}),
        ("Aさん、Bさんが食べたか教えてもらえない？", {("A", "B", "culprit", False)}),
        ("Bさん、Cさんが嘘つきかどうか教えてくれませんか？", {("B", "C", "liar", False)}),
    ],
)
def test_a_negative_request_to_tell_asks_the_positive(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


@pytest.mark.parametrize(("text", "predicate"), [("C、嘘つき誰？", "liar"), ("Aさん、犯人誰？", "culprit")])
def test_a_role_then_who_asks_about_everyone(text: str, predicate: str) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Question) and intent.open
    assert {q[1:3] for q in queries(text)} == {(x, predicate) for x in "ABC"}


@pytest.mark.parametrize("text", ["Aさん、嘘つきの人がケーキを食べましたか？", "Bさん、正直者の人は食べた？", "Cさん、犯人の人は嘘つき？"])
def test_a_role_standing_for_a_person_is_unclear(text: str) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.ROLE


@pytest.mark.parametrize(
    "text",
    [
        "Bさん、あなたは嘘つき？犯人はAです。",
        "Bさん、あなたは嘘つき？Aが犯人だ",
        "Aさん、Cさんは食べた？嘘つきはBさんね",
    ],
)
def test_a_guess_beside_a_question_is_unclear(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear)


def test_asking_the_same_thing_twice_costs_once() -> None:
    intent = parse("Bさん、Aさんは嘘つきですか？それとも正直者ですか？", JA)
    assert isinstance(intent, Question) and intent.cost == 1
    corrected = parse("Bさん、食べましたか？いや、Bさんは食べましたか？", JA)
    assert isinstance(corrected, Question) and corrected.cost == 1


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Aさんは食べましたか？", Why.NO_ADDRESSEE),  # a topic is not an addressee
        ("食べましたか？", Why.NO_ADDRESSEE),
        ("Dさん、食べましたか？", Why.UNKNOWN_PERSON),
        ("Aさん、嘘つきが食べましたか？", Why.ROLE),
        ("Aさん、Bさんはプリンを食べましたか？", Why.OTHER_INCIDENT),
        ("Aさん、私が食べたと思いますか？", Why.PLAYER),
        ("Aさん、Bさんは何を食べましたか？", Why.NO_PREDICATE),
        ("Aさん、Bさんについてどう思う？", Why.NO_PREDICATE),
        ("Aさん、Bさんが食べるのを見ましたか？", Why.NOT_THE_ACT),
        ("", Why.EMPTY),
        ("  ", Why.EMPTY),
    ],
)
def test_unclear_says_why(text: str, why: Why) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Unclear), intent
    assert intent.problem.why is why, intent


@pytest.mark.parametrize(
    "text",
    [
        "Aさん、Bさん以外の誰かが食べましたか？",
        "Bさん以外が食べた、Aさん？",
        "Aさん、あなた以外の誰かが食べましたか",
        "Aさん、ほかの人が食べましたか",
        "Cさん、他の人はみんな正直者？",
        "Aさん、Bさん以外に嘘つきはいますか？",
        "Bさん、自分以外で嘘をついている人はいる？",
        "Cさん、Aさんを除いて誰がケーキを食べたの？",
        "Aさん、Cさん抜きで考えると、犯人はBさん？",
        "Bさん、残りの二人のどちらかが食べましたか？",
        "Aさん、別の人が犯人ですか？",
        "Cさん、Bさんじゃない人が嘘つきなの？",
        "Aさん、違う人が食べたんですか？",
        "Aさん、Bさんは食べましたか？Cさん以外は？",
        "Cさん、残りは嘘つきですか？",
        "Bさん、Aさんじゃなくて誰が食べたの？",
        "Aさん、Cさんでなければ誰が嘘つき？",
        "Aさん、Bさんじゃないなら、Cさんが食べた？",
        "Cさん、もう一人が嘘つき？",
        "Bさん、片方は正直者ですか？",
        "Aさん、Bさんしか食べていませんか？",  # only B: the negation affirms
        "Cさん、Aさんだけが正直者？",
    ],
)
def test_someone_other_than_a_person_is_never_charged(text: str) -> None:
    """Read as a question about the person named, "someone other than B" would charge
    culprit(B): the opposite of what was asked."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear), intent
    assert intent.problem.why in (Why.WHO_IS_MEANT, Why.ONE_AT_A_TIME), intent


@pytest.mark.parametrize(
    "text",
    ["Aさん、猫が食べましたか？", "Aさん、あなたの友達が食べましたか？", "Bさん、友達は犯人じゃないよね？",
     "Cさん、お客さんが嘘つきですか？"],
)
def test_a_subject_that_is_no_one_named_is_not_the_one_asked(text: str) -> None:
    """Once read with the addressee as the subject: "did the cat eat it?" charged culprit(A)."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear), intent
    assert intent.problem.why is Why.WHO_IS_MEANT, intent


@pytest.mark.parametrize("text", ["Aさん、彼は嘘つきですか？", "Bさん、あいつが食べたの？", "Cさん、あの人が犯人ですか"])
def test_he_or_that_person_is_never_read_as_the_one_asked(text: str) -> None:
    """Once charged as liar(A): "he" fell back to the addressee, the default subject."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.WHO_IS_MEANT, intent


@pytest.mark.parametrize(
    "text", ["Aさん、今日はケーキを食べましたか？", "Aさん、本当は食べましたか？", "Aさん、ケーキは食べましたか？"]
)
def test_a_topic_that_is_a_time_a_manner_or_the_cake_leaves_the_one_asked(text: str) -> None:
    assert queries(text) == {("A", "A", "culprit", False)}


def test_what_is_left_of_the_incident_and_only_the_culprit_are_no_exclusion() -> None:
    assert queries("Aさん、残ったケーキを食べましたか？") == {("A", "A", "culprit", False)}
    assert queries("Cさん、Bさんだけが食べたの？") == {("C", "B", "culprit", False)}
    assert queries("Cさん、食べたのはBさんではなくAさんですか？") == {
        ("C", "B", "culprit", True), ("C", "A", "culprit", False),
    }


def test_whoever_can_be_trusted_is_honest() -> None:
    assert queries("Cさん、Aさんは信用できますか？") == {("C", "A", "honest", False)}
    assert queries("Aさん、Bさんは信頼できない？") == {("A", "B", "honest", True)}


def test_a_character_excluding_himself_confesses_nothing() -> None:
    assert facts("私以外の誰かが食べました。", "A") == set()
    assert facts("Bさん以外は正直者です。", "A") == set()
    assert facts("Bさんしか食べていません。", "A") == set()


def test_juice_is_drunk_not_eaten() -> None:
    juice = Context(lang="ja", incident=incident("juice"))
    assert queries("Aさん、Bさんはジュースを飲みましたか？", juice) == {("A", "B", "culprit", False)}
    assert isinstance(parse("Aさん、Bさんはジュースを食べましたか？", juice), Unclear)


def test_confirmations_only_while_a_question_waits() -> None:
    pending = Context(lang="ja", pending=True)
    assert parse("はい、お願いします", pending) == Confirm(True)
    assert parse("やっぱりやめます", pending) == Confirm(False)
    assert parse("はい", JA) == Other()


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("犯人はB、嘘つきはCです", Guess(culprit="B", liar="C")),
        ("Bさん、あなたが食べたんですね！", Guess(culprit="B")),
        ("BかCのどちらかが嘘つきだな", Remark()),
        ("Bさんは食べていないね", Remark()),
        ("犯人はAだと思う", Remark()),
        ("あと何回聞けますか", CountQuery()),
        ("犯人と嘘つきが同一人物ってこともある？", Other()),
    ],
)
def test_guesses_remarks_and_meta(text: str, intent: object) -> None:
    assert parse(text, JA) == intent


def facts(text: str, speaker: str | None, *asked: Query) -> set[tuple[str, object, bool]]:
    found = extract(text, JA, speaker, asked)
    return {(s.speaker, s.proposition, s.asserted) for s in found.statements}


def test_yes_agrees_with_the_question_as_phrased() -> None:
    not_b = literal("culprit", "B", negated=True)
    assert facts("はい。", "A", Query("A", not_b)) == {("A", not_b, True)}
    assert facts("いいえ。", "A", Query("A", not_b)) == {("A", not_b, False)}


def test_the_stated_fact_wins_over_yes_or_no() -> None:
    asked = Query("A", literal("culprit", "B", negated=True))
    assert facts("はい、Bさんは食べました。", "A", asked) == {("A", Atom("culprit", "B"), True)}


def test_a_subjectless_answer_is_about_whom_the_question_was_about() -> None:
    asked = Query("C", Atom("liar", "A"))
    assert facts("いいえ、嘘つきではありません。", "C", asked) == {("C", Atom("liar", "A"), False)}
    assert facts("いいえ、嘘つきではありません。", "C") == {("C", Atom("liar", "C"), False)}


@pytest.mark.parametrize(
    ("text", "asserted"),
    [
        ("Bさんは「Cはケーキを食べた」と言うはずです。", True),
        ("Bさんは「Cはケーキを食べていない」と言うでしょう。", False),
        ("Bさんは「Cがケーキを食べた」とは言いません。", False),
    ],
)
def test_what_another_would_say_is_read_as_nested(text: str, asserted: bool) -> None:
    asked = Query("A", Says("B", Atom("culprit", "C")))
    assert facts(text, "A", asked) == {("A", Says("B", Atom("culprit", "C")), asserted)}


def test_quoting_oneself_is_nested_too() -> None:
    assert facts("Aさんは「Aは嘘つきではない」と言うはずです。", "A") == {("A", Says("A", Atom("liar", "A")), False)}


def test_first_person_is_the_speaker_of_each_labelled_line() -> None:
    text = "A: 私は食べていません。\nB：僕が食べました。\nC「俺は嘘つきじゃない」"
    assert facts(text, None) == {
        ("A", Atom("culprit", "A"), False),
        ("B", Atom("culprit", "B"), True),
        ("C", Atom("liar", "C"), False),
    }


def test_unread_sentences_are_listed_and_flavour_is_not() -> None:
    found = extract("えっと…。Bさんはよく知りません。残り4回です。", JA, "A", ())
    assert found.statements == ()
    assert found.unread == ("Bさんはよく知りません。", "残り4回です。")


PIECES = [
    *"ABCDabcＡＢＣエービーシーさん君ちゃん氏、。？！?!はがもとかのにへ誰嘘つき正直者犯人食べ飲ん「」:\n ",
    "ました", "ません", "ない", "ですか", "じゃない", "全員", "みなさん", "聞いたら", "と答え", "あなた", "私",
]
JAPANESE = st.lists(st.sampled_from(PIECES), max_size=25).map("".join)
"""Text built from the words the parser acts on, so the search reaches its branches."""


@settings(max_examples=300)
@given(st.one_of(JAPANESE, st.text(max_size=40)), st.booleans())
def test_parse_never_raises(text: str, pending: bool) -> None:
    parse(text, Context(lang="ja", pending=pending))


@settings(max_examples=300)
@given(st.one_of(JAPANESE, st.text(max_size=40)), st.sampled_from([None, "A", "B"]))
def test_extract_never_raises(text: str, speaker: str | None) -> None:
    extract(text, JA, speaker, (Query("A", Atom("culprit", "B")),))


@pytest.mark.parametrize(
    ("text", "speaker", "via", "about", "predicate", "negated", "food"),
    [
        ("Aさん、仮にBさんに聞いたとして、Bさんは『Cさんは食べてない』って言う？", "A", "B", "C", "culprit", True, "cake"),
        ("Aさん、もしBさんに『Cさんが食べた？』って聞いたら、Bさんは何て答える？", "A", "B", "C", "culprit", False, "cake"),
        ("Aくん、Cくんが『Aくんは正直者』って答えると思う？", "A", "C", "A", "honest", False, "cake"),
        ("Cさん、Bさんならドーナツを食べたのはAさんだと言いますか？", "C", "B", "A", "culprit", False, "donut"),
        ("Bさん、Cさんに『あなたは食べましたか』と聞いたら『はい』と答えますか？", "B", "C", "C", "culprit", False, "cake"),
        ("Bさんに質問です。Aさんに、Cさんが犯人かどうか聞いたら、Aさんは「はい」って言いますか？",
         "B", "A", "C", "culprit", False, "cake"),
    ],
)
def test_a_nested_question_keeps_its_nesting_in_every_phrasing(
    text: str, speaker: str, via: str, about: str, predicate: Predicate, negated: bool, food: str
) -> None:
    intent = parse(text, playing(food))
    assert intent == Question((Query(speaker, Says(via, literal(predicate, about, negated))),)), intent


@pytest.mark.parametrize(
    "text",
    [
        "Bさんに質問です。Aさんに、Cさんが犯人かどうか聞いたら、Aさんは「いいえ」って言いますか？",  # a quoted no
        "Aさん、BさんとCさんに聞いたら『はい』って言う？",  # two quoted at once
        "Aさん、『Cさんが食べた』って答える人はいる？",  # quoted with no one to say it
        "Aさん、Cさんは食べたって答えると思う？",  # whose answer?
    ],
)
def test_a_nesting_that_cannot_be_kept_is_unclear_never_flattened(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear), parse(text, JA)


def _after(previous: str, text: str) -> object:
    before = parse(previous, JA)
    assert isinstance(before, Question)
    return parse(text, Context(lang="ja", previous=before))


@pytest.mark.parametrize(
    ("previous", "text", "expected"),
    [
        ("Aさん、あなたがケーキを食べましたか？", "Bさん、あなたは？", {("B", "B", "culprit", False)}),
        ("Aさん、食べた？", "Cくん、君は？", {("C", "C", "culprit", False)}),
        ("Cさん、Aさんは嘘つきですか？", "Cさん、じゃあBさんは？", {("C", "B", "liar", False)}),
        ("Aさん、Bさんは食べてないよね？", "Cさんについては？", {("A", "C", "culprit", True)}),
        ("Aさん、Bさんは食べてないよね？", "Bさん、Cさんは？", {("B", "C", "culprit", True)}),
        ("Bさん、Cさんは正直者？", "Aさんにも同じこと聞きたい", {("A", "C", "honest", False)}),
        ("Bさん、あなたは嘘つきですか？", "同じ質問をCさんにも", {("C", "C", "liar", False)}),
        ("Bさん、あなたは嘘つきですか？", "AさんとCさんにも同じ質問", {("A", "A", "liar", False), ("C", "C", "liar", False)}),
    ],
)
def test_a_follow_up_continues_the_last_question(
    previous: str, text: str, expected: set[tuple[str, str, str, bool]]
) -> None:
    intent = _after(previous, text)
    assert isinstance(intent, Question) and flat_queries(intent) == expected


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        ("Aさん、食べた？", "Cさんは？"),  # C asked about himself, or A about C?
        ("全員に質問です。あなたは嘘つき？", "Cさんは？"),
        ("Aさん、Bさんは嘘つき？それとも食べた？", "Cさんは？"),  # which of the two?
        ("Bさん、あなたは嘘つきですか？", "同じ質問を"),  # to whom?
    ],
)
def test_a_follow_up_that_could_mean_two_things_is_unclear(previous: str, text: str) -> None:
    assert isinstance(_after(previous, text), Unclear)


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        ("Cさんがケーキ食べたの？Aさん", {("A", "C", "culprit", False)}, "cake"),
        ("Aくんは正直者なの？ねえCくん", {("C", "A", "honest", False)}, "cake"),
        ("ジュース飲んだのはCさん？ Bさんに聞いてます", {("B", "C", "culprit", False)}, "juice"),
        ("ジュース飲んだのってあなた？Bさん", {("B", "B", "culprit", False)}, "juice"),
        ("Cってプリン食ってなくね？なあA", {("A", "C", "culprit", True)}, "pudding"),
        ("Aさんが犯人？Bさん、Cさん", {("B", "A", "culprit", False), ("C", "A", "culprit", False)}, "cake"),
    ],
)
def test_the_addressee_may_follow_the_question_in_a_sentence_of_his_own(
    text: str, expected: set[tuple[str, str, str, bool]], food: str
) -> None:
    assert queries(text, playing(food)) == expected


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        ("Aさん、Bさんのことなんだけど、あの人が食べたの？", {("A", "B", "culprit", False)}, "cake"),
        ("Cさん、Aくんについて聞きたい。彼って嘘つき？", {("C", "A", "liar", False)}, "cake"),
        ("Bさん、Cさんってどう？あの人は正直者？", {("B", "C", "honest", False)}, "cake"),
        ("Aさん、Cさんのことで質問。あいつプリン食べた？", {("A", "C", "culprit", False)}, "pudding"),
        ("Bさん、Aさんは？彼女は食べていない？", {("B", "A", "culprit", True)}, "cake"),
        ("Cさん、Bくんのこと聞いていい？その人、嘘ついてる？", {("C", "B", "liar", False)}, "cake"),
        ("A、Bはどう？あいつケーキ食べた？", {("A", "B", "culprit", False)}, "cake"),
        ("Bさん、Cさんは嘘つき？彼は食べた？", {("B", "C", "liar", False), ("B", "C", "culprit", False)}, "cake"),
    ],
)
def test_he_is_the_one_person_named_before_who_is_not_asked(
    text: str, expected: set[tuple[str, str, str, bool]], food: str
) -> None:
    assert queries(text, playing(food)) == expected


@pytest.mark.parametrize(
    "text",
    ["Aさん、彼は嘘つきですか？", "Aさん、BさんとCさん…あいつ食べた？", "Bさん、Aさんは？Cさんは？あの人は食べた？"],
)
def test_he_with_no_single_antecedent_stays_unread(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear)


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        ("Aさん、ケーキ食べた", {("A", "A", "culprit", False)}, "cake"),
        ("Cさん、Aさんってジュース飲んだ", {("C", "A", "culprit", False)}, "juice"),
        ("Bさん、食べてない", {("B", "B", "culprit", True)}, "cake"),
        ("Aさん、Bってプリン食べた", {("A", "B", "culprit", False)}, "pudding"),
    ],
)
def test_a_question_form_said_to_someone_needs_no_question_mark(
    text: str, expected: set[tuple[str, str, str, bool]], food: str
) -> None:
    assert queries(text, playing(food)) == expected


@pytest.mark.parametrize(
    "text",
    ["Aさん、Bさんが食べた", "Aさん、Bさんは食べた", "Aさん、Bさんは嘘つき", "Aさん、嘘つきはBさん", "Aさん、食べた。",
     "Aさん、たぶんBさん食べた"],
)
def test_a_statement_to_someone_in_the_form_of_a_conclusion_is_neither_charged_nor_judged(text: str) -> None:
    assert isinstance(parse(text, JA), Unclear)


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        ("CさんにききたいんだけどAさんがクッキー食べたの？", {("C", "A", "culprit", False)}, "cookie"),
        ("全員に質問です。嘘つきですか?", {(x, x, "liar", False) for x in "ABC"}, "cake"),
        ("A、お前食べたやろ", {("A", "A", "culprit", False)}, "cake"),
        ("Bお前食ったろ？", {("B", "B", "culprit", False)}, "cake"),
        ("Bさー、Aって正直なん？", {("B", "A", "honest", False)}, "cake"),
        ("Aさ、食べたっしょ？", {("A", "A", "culprit", False)}, "cake"),
        ("Bさん、Cさんは嘘つき？😅😅", {("B", "C", "liar", False)}, "cake"),
        ("Aさん、Cさんが嘘つきか教えてくださいm(_ _)m", {("A", "C", "liar", False)}, "cake"),
    ],
)
def test_chat_as_people_type_it(text: str, expected: set[tuple[str, str, str, bool]], food: str) -> None:
    assert queries(text, playing(food)) == expected


@pytest.mark.parametrize("text", ["ルール教えて", "ルールってどうなってるの？", "遊び方を教えてください"])
def test_rules_talk_is_other(text: str) -> None:
    assert parse(text, JA) == Other()


@pytest.mark.parametrize(
    ("text", "expected", "food"),
    [
        # innocent is not the culprit
        ("Cさん、Bさんは無実？", {("C", "B", "culprit", True)}, "cake"),
        ("Bさん、Aさんとあなた、どっちも無実？", {("B", "A", "culprit", True), ("B", "B", "culprit", True)}, "cake"),
        ("Aさん、あなたは潔白ですか？", {("A", "A", "culprit", True)}, "cake"),
        # misspellings
        ("Bさん、Aさんは正直物ですか？", {("B", "A", "honest", False)}, "cake"),
        ("Aさん、Cさんは嘘月ですか？", {("A", "C", "liar", False)}, "cake"),
        ("Cさn、Aさんはクッキー食べてないですか？", {("C", "A", "culprit", True)}, "cookie"),
        ("B、Aは正直か？", {("B", "A", "honest", False)}, "cake"),
        # politeness formulas and requests to tell
        ("すみません、Bさん、Aさんは正直者でしょうか。", {("B", "A", "honest", False)}, "cake"),
        ("お手数をおかけしますが、Cさま、Bさまがジュースをお飲みになったかどうか教えていただけますか？",
         {("C", "B", "culprit", False)}, "juice"),
        ("Bさん、Cさんが嘘つきであるかどうかを教えていただけますか。", {("B", "C", "liar", False)}, "cake"),
        ("Bさん、あなたが食べたのかどうか、はっきり言ってください", {("B", "B", "culprit", False)}, "cake"),
        ("AとB、それぞれ自分が正直か言って", {("A", "A", "honest", False), ("B", "B", "honest", False)}, "cake"),
        # a trailing ellipsis keeps the question mark; a mended predicate
        ("Bさん、Aさんは正直者？…じゃなくて、嘘つきかどうかを聞きたい", {("B", "A", "liar", False)}, "cake"),
    ],
)
def test_chat_forms_read_as_meant(text: str, expected: set[tuple[str, str, str, bool]], food: str) -> None:
    assert queries(text, playing(food)) == expected


def test_not_innocent_is_unclear_rather_than_a_double_negation_guessed() -> None:
    assert isinstance(parse("Aさん、Bさんは無実じゃない？", JA), Unclear)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("おけわかった、食べたのBで嘘つきもB", Guess(culprit="B", liar="B")),
        ("食べたのAで、嘘つきはC", Guess(culprit="A", liar="C")),
        ("嘘つきは自分のことでも嘘つくんだっけ？", Other()),
        # "the other two" in a reason given before the answer excludes no one
        ("よし、今までの答えを全部まとめると、Bさんの発言だけが他の二人と食い違ってるから、嘘つきはBさんで、"
         "ケーキを食べたのはAさん。これが私の答えです。", Guess(culprit="A", liar="B")),
        ("質問って一人に何回までだっけ", Other()),
    ],
)
def test_casual_conclusions_and_rules_questions(text: str, intent: object) -> None:
    assert parse(text, JA) == intent


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aさん、Bさんのことなんだけど、Cさんは嘘つき？", {("A", "C", "liar", False)}),
        ("Aさん、Bは嘘つきだけど、Cは正直者？", {("A", "C", "honest", False)}),
    ],
)
def test_a_background_clause_before_the_question_is_not_asked(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


def test_each_said_to_one_person_is_unclear() -> None:
    intent = parse("Aさん、それぞれ食べた？", JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.EACH
    assert queries("AさんとBさん、それぞれ食べた？") == {("A", "A", "culprit", False), ("B", "B", "culprit", False)}


def test_a_character_saying_one_thing_but_another_says_both() -> None:
    """Background is dropped only from a question: a statement with が, けど says both halves."""
    assert facts("Aさんは食べていませんが、Cさんは食べました。", "B") == {
        ("B", Atom("culprit", "A"), False), ("B", Atom("culprit", "C"), True)}
    assert facts("Aさんは嘘つきだけど、Cさんは正直者です。", "B") == {
        ("B", Atom("liar", "A"), True), ("B", Atom("honest", "C"), True)}


# --- classes the paraphrase property found (issue 11, point 5): written anew, not its sentences ---


@pytest.mark.parametrize(
    "text",
    ["Aさんが飲んだかも", "犯人はCさんなのかも…", "Bくんが嘘つきなのかもね", "Aが食べたのかもな〜", "Cが犯人かも 😅"],
)
def test_kamo_hedges_though_sudachi_cuts_it_in_two(text: str) -> None:
    """か and も are two words to Sudachi: read apart, "Aが食べたのかも" was a guess of A."""
    assert parse(text, JA) == Remark()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("嘘つきはA、犯人はCｗ", Guess(culprit="C", liar="A")),
        ("犯人はB、嘘つきはAww草", Guess(culprit="B", liar="A")),
        ("Aが食べたのかも笑", Remark()),
        ("ｗｗｗ", Other()),
        ("草", Other()),
    ],
)
def test_laughter_is_never_part_of_a_name(text: str, expected: object) -> None:
    """"Cw" was one noun to Sudachi: the liar lost his name and took the culprit's."""
    assert parse(text, JA) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aさんは嘘つきですかCさん", {("C", "A", "liar", False)}),
        ("Bくんがケーキ食べたかAくん", {("A", "B", "culprit", False)}),
        ("えっと、Cさんが正直者ですか Bさん", {("B", "C", "honest", False)}),
    ],
)
def test_the_addressee_after_ka_with_no_comma(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """The name after a question's か was read as a conclusion's tail: a guess of the one asked about."""
    assert queries(text) == expected


@pytest.mark.parametrize("text", ["犯人はAかBさん", "嘘つきはCかA"])
def test_two_names_joined_by_ka_are_no_addressee(text: str) -> None:
    assert parse(text, JA) == Remark()


def test_a_statement_after_a_space_says_both_its_clauses() -> None:
    """A verb before a space ("なるほどね 分かった") closed the clause, so only the last claim of
    "…Aが食べたんだ、それでCが嘘つき" counted: half a guess."""
    assert parse("なるほど分かった Aが食べたんだ、それでCが嘘つき！", JA) == Guess(culprit="A", liar="C")


@pytest.mark.parametrize(
    "text",
    ["Bさんに聞きたい。Aさんは正直者？Cさんがべたよね", "Aさん、Bさんは嘘つき？Cさんがさわったよね"],
)
def test_an_unread_sentence_is_no_follow_up(text: str) -> None:
    """A sentence of a name and words not read was taken as "and C?", asking the question before
    about C; it is unclear, or asks nothing."""
    intent = parse(text, JA)
    assert not isinstance(intent, Question) or flat_queries(intent) <= {
        ("B", "A", "honest", False), ("A", "B", "liar", False)}, intent
    assert isinstance(intent, Unclear), intent


def test_hiragana_eat_after_a_particle() -> None:
    assert queries("Aさん、Cさんがたべたよね？") == {("A", "C", "culprit", False)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aさん、Bさんは食べた？ごめんAさんじゃなくてCさん", {("C", "B", "culprit", False)}),  # the one asked
        ("Aさん、Bさんは嘘つき？ごめん、Bさんじゃなくて、Cさん", {("A", "C", "liar", False)}),  # the one asked about
        ("Bさん、Cさんは正直者？…じゃなくてAさんに聞きたかった", {("A", "C", "honest", False)}),
        ("Cさん、Aさんは食べた？間違えた、Bさんに聞くつもりだった", {("B", "A", "culprit", False)}),
    ],
)
def test_corrections_in_other_wordings(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Question) and intent.cost == 1, intent
    assert flat_queries(intent) == expected


@pytest.mark.parametrize(
    "text",
    ["Aさん、Bさんは食べた？いや、Cさん", "Aさん、Bさんは嘘つき？あ、Cさんね", "Bさん、Aさんは食べた？Cさんも",
     "Cさん、Aさんは正直者？失礼、Bさんです"],
)
def test_a_name_said_after_a_question_is_no_silent_remark(text: str) -> None:
    """Asked instead, asked too, or asked about? The question was charged as if it were not said."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.ASKED_OR_ABOUT, intent


@pytest.mark.parametrize(
    "text",
    ["Cさん、Aさんの返事はBさんが食べたってこと？", "Aさん、Bさんが聞かれたら、自分は嘘つきじゃないって答えるかな？",
     "Bさん、Cさんが質問されたら、Aが犯人だって言う？"],
)
def test_someones_answer_keeps_its_nesting_or_is_unclear(text: str) -> None:
    """Read plainly, "B's answer is that C ate it?" charged culprit(C), the nesting dropped."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.NESTED, intent


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Cさん、AさんとBさんは全員食べてない？", {("C", "A", "culprit", True), ("C", "B", "culprit", True)}),
        ("Bさん、AくんもCくんもみんな正直者？", {("B", "A", "honest", False), ("B", "C", "honest", False)}),
    ],
)
def test_everyone_after_names_quantifies_over_them(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """"全員" after B and C asked about the whole roster too: the one asked included."""
    assert queries(text) == expected


def test_everyone_closing_a_mixed_list_is_unclear() -> None:
    """"Aさん、BさんとCさん、みんな…" asks A about B and C, or all three about themselves."""
    intent = parse("Bさん、AさんとCさん、みんな嘘つき？", JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.ASKED_OR_ABOUT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aさん、Cさん食べてねえ？", {("A", "C", "culprit", True)}),
        ("Bさん、Aくんケーキ食べてねーよね？", {("B", "A", "culprit", True)}),
        ("Cさん、Bさんって嘘つきじゃねぇ？", {("C", "B", "liar", True)}),
    ],
)
def test_a_casual_negation_glued_to_the_verb(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """"食べてねえ" is 食べてない; read as the particle ね it charged the opposite."""
    assert queries(text) == expected


@pytest.mark.parametrize(
    ("text", "food"),
    [("ピザ食べた、Aさん？", "ピザ"), ("ラーメン食べたのはBさんですか、Cさん？", "ラーメン"), ("Bさんがパン食べたかAさん", "パン")],
)
def test_another_food_with_the_addressee_at_the_end(text: str, food: str) -> None:
    assert parse(text, JA) == Unclear(problem=Problem(Why.OTHER_INCIDENT, other=food))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bさん、あなたかCさんが犯人？", {("B", "B", "culprit", False), ("B", "C", "culprit", False)}),
        ("Cさん、Aさんかあなた、どっちが嘘つき？", {("C", "A", "liar", False), ("C", "C", "liar", False)}),
        ("Aさん、あなたとCさん、どちらが食べた？", {("A", "A", "culprit", False), ("A", "C", "culprit", False)}),
    ],
)
def test_you_or_another(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """"Are you or C …": the one asked about himself and about C, never the whole roster."""
    assert queries(text) == expected


def test_you_among_the_candidates_of_several_asked_is_unclear() -> None:
    intent = parse("AさんとBさん、あなたとCさん、どっちが食べた？", JA)
    assert isinstance(intent, Unclear), intent


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("そっか。Aさんは嘘つき？Cさん", {("C", "A", "liar", False)}),  # a remark before: still the question's
        ("BさんとCさん、どっちが食べたの、Aさん？", {("A", "B", "culprit", False), ("A", "C", "culprit", False)}),
        ("Cは嘘つきじゃないよねA", {("A", "C", "liar", True)}),
        ("Aは食べてないの B？", {("B", "A", "culprit", True)}),
        ("Bさん、Cさんが食べたかどうかだけ教えて", {("B", "C", "culprit", False)}),
    ],
)
def test_more_addressees_at_the_end(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert queries(text) == expected


@pytest.mark.parametrize(("text", "expected"), [("食べたのA", Guess(culprit="A")), ("犯人はBだよC", Remark())])
def test_a_name_after_a_statement_is_no_addressee(text: str, expected: object) -> None:
    """"食べたのA" is "the one who ate it is A"; only a particle that asks calls a name after it."""
    assert parse(text, JA) == expected


def test_a_trailing_name_addresses_only_the_question_before_it() -> None:
    intent = parse("Aは食べた？Bは嘘つき？Cさん", JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.NO_ADDRESSEE


@pytest.mark.parametrize("text", ["Aさん、正直者ですか？Bさんは？", "AさんとBさん、Cさんは食べた？Aさんは？"])
def test_what_about_him_after_a_question_about_oneself_is_unclear(text: str) -> None:
    """"Aさん、正直者？Bさんは？": B about himself, or A about B? (as after the last message)."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.NO_ADDRESSEE, intent
    assert queries("Aさん、Bさんは正直者ですか？Cさんは？") == {("A", "B", "honest", False), ("A", "C", "honest", False)}


@pytest.mark.parametrize(
    "text", ["Aさん、誰かが食べた？", "Bさん、誰か嘘ついてる？", "Cさん、誰か食べたか知ってる？"],
)
def test_someone_is_no_one_in_particular(text: str) -> None:
    """"誰か" (someone) took the default subject: "did someone eat it?" charged A about himself."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.WHO_IS_MEANT, intent


@pytest.mark.parametrize(("text", "predicate"), [("Bさん、嘘つきは誰か教えて", "liar"), ("Cさん、犯人は誰か？", "culprit")])
def test_who_ka_asks_who(text: str, predicate: str) -> None:
    intent = parse(text, JA)
    assert isinstance(intent, Question) and intent.open
    assert {q[1:3] for q in queries(text)} == {(x, predicate) for x in "ABC"}


def test_shi_adds_a_claim_to_the_question() -> None:
    """"…じゃないし、…" asked only its last part (the negation read as a verb of its own)."""
    assert queries("Cさん、Aさんは嘘つきじゃないし、食べてもいない？") == {
        ("C", "A", "liar", True), ("C", "A", "culprit", True)}


@pytest.mark.parametrize("text", ["Cかな？", "Cくんかしら？", "じゃあAかな？"])
def test_wondering_after_a_question_about_another_never_borrows_it(text: str) -> None:
    """After "Aさん、Bさんは食べた？", "Cかな？" was asked as "did C eat it?" (test_follow_ups
    has the same class after a question about oneself)."""
    before = parse("Aさん、Bさんは食べた？", JA)
    assert isinstance(before, Question)
    after = parse(text, Context(lang="ja", previous=before))
    assert not isinstance(after, Question | Guess), after


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Aさん、Cさんが犯人ってことはないよね？", {("A", "C", "culprit", True)}),
        ("Bさん、Aさんが正直者だということはありませんか？", {("B", "A", "honest", True)}),
    ],
)
def test_a_claim_restated_as_a_fact_keeps_its_negation(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """"…嘘つきってことはないよね" stopped at って and asked the positive."""
    assert queries(text) == expected


@pytest.mark.parametrize("text", ["Aさん！Bさん！どっちが食べたの？", "Cさん、どちらが嘘つきですか？"])
def test_which_of_no_two_named_is_unclear(text: str) -> None:
    """"Which one" with no two named was asked over the whole roster."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.WHO_IS_MEANT, intent


def test_calls_in_a_row_call_everyone_called() -> None:
    """"Aさん！Bさん！食べた？" was put to B alone."""
    assert queries("Aさん！Bさん！食べた？") == {("A", "A", "culprit", False), ("B", "B", "culprit", False)}
    assert queries("Aさん。Bさん、食べた？") == {("B", "B", "culprit", False)}  # a call, then another asked


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a person in a background clause, no subject after it: who did not, it does not say
        ("私がお腹すいてたけど、食べてないよ。", set()),
        ("僕はずっと見てましたから、食べてないですよ。", set()),
        ("私が隣にいましたが、手もつけていません。", set()),
        # the one asked, or a subject of its own after it
        ("Aさんは甘いものが好きだけど、食べてないよ。", {("C", literal("culprit", "A"), False)}),
        ("私が見てたけど、Aさんは食べてないよ。", {("C", literal("culprit", "A"), False)}),
        ("いいえ、食べていません。", {("C", literal("culprit", "A"), False)}),
    ],
)
def test_a_person_of_a_background_clause_is_not_the_acts(text: str, read: set[tuple[str, object, bool]]) -> None:
    """"私はお腹がすいていたけど、食べてないよ" (I was hungry, but did not eat it), answering
    whether A ate it, was read as A's denial: the subject left out was taken for the one asked,
    and the speaker named before it was passed over."""
    assert facts(text, "C", Query("C", literal("culprit", "A"))) == read


@pytest.mark.parametrize(
    "text",
    ["Aさん、あなたが食べた？まあどうせCが嘘つきなんでしょ", "Bさん、Cは正直？きっとAが食べたんでしょう"],
)
def test_a_presumption_after_a_question_is_never_charged_as_a_second_one(text: str) -> None:
    """でしょ without ？ after a question: the player's supposition, or a tag question; unclear."""
    intent = parse(text, JA)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.QUESTION_AND_ANSWER


def test_a_presumption_with_its_question_mark_still_asks() -> None:
    assert queries("Bさん、Aが食べたんでしょ？") == {("B", "A", "culprit", False)}
