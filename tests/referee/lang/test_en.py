"""Tricky English cases beyond the corpus: names, rosters, nesting, confirmations, extraction."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.lang import Context, incident
from referee.lang.en import extract, parse
from referee.lang.en.words import misspelt
from referee.liar.intent import Confirm, CountQuery, Guess, Other, Query, Question, Remark, Unclear
from referee.liar.problem import Problem, Why
from referee.liar.proposition import Not, Says, as_literal, literal
from referee.liar.world import Roster

CAKE = Context(lang="en")


def asked(text: str, ctx: Context = CAKE) -> set[tuple[str, str, str, bool]]:
    """The (speaker, predicate, about, negated) pairs a question charges; fails on anything else."""
    intent = parse(text, ctx)
    assert isinstance(intent, Question), f"{text!r} read as {intent!r}"
    pairs: set[tuple[str, str, str, bool]] = set()
    for query in intent.unique():
        flat = as_literal(query.proposition)
        assert flat is not None, f"{text!r}: nested {query.proposition}"
        atom, negated = flat
        pairs.add((query.speaker, atom.predicate, atom.about, negated))
    return pairs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "a" is a name before a verb or punctuation, the article before a noun.
        ("b, is a a liar?", {("B", "liar", "A", False)}),
        ("C, did a eat the cake?", {("C", "culprit", "A", False)}),
        ("A question for B: is C honest?", {("B", "honest", "C", False)}),
        # Vocatives anywhere: inside commas, at the end, after an intro, without a comma.
        ("Could you tell me, B, whether C ate it?", {("B", "culprit", "C", False)}),
        ("Is C lying, A?", {("A", "liar", "C", False)}),
        ("did you eat it A", {("A", "culprit", "A", False)}),
        ("I want to ask C whether B is lying", {("C", "liar", "B", False)}),
        ("B — did you eat it?", {("B", "culprit", "B", False)}),
        # Passive, cleft and alternative questions.
        ("A, was the cake eaten by B?", {("A", "culprit", "B", False)}),
        ("C, was it you or A?", {("C", "culprit", "C", False), ("C", "culprit", "A", False)}),
        # Tags keep the polarity of the main clause, not the tag's.
        ("A, B is the liar, isn't he?", {("A", "liar", "B", False)}),
        ("A, B isn't the liar, is he?", {("A", "liar", "B", True)}),
        # Asking whether someone lies or tells the truth is one question.
        ("B, is A lying or telling the truth?", {("B", "liar", "A", False)}),
        # A follow-up sentence reuses the previous question about a new person.
        ("A, did B eat the cake? And C?", {("A", "culprit", "B", False), ("A", "culprit", "C", False)}),
        # The addressee carries over to the next sentences.
        ("A, are you honest? Did B eat it?", {("A", "honest", "A", False), ("A", "culprit", "B", False)}),
        ("C, which of A and B is lying?", {("C", "liar", "A", False), ("C", "liar", "B", False)}),
    ],
)
def test_questions(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # After a question about its addressee, "you" is the next addressee himself.
        ("C, are you honest? B, are you?", {("C", "honest", "C", False), ("B", "honest", "B", False)}),
        ("A, did you take it? You too, C?", {("A", "culprit", "A", False), ("C", "culprit", "C", False)}),
        ("A and B, did you eat it? Same question, C.",
         {("A", "culprit", "A", False), ("B", "culprit", "B", False), ("C", "culprit", "C", False)}),
        ("B, didn't you eat it? A, didn't you?", {("B", "culprit", "B", True), ("A", "culprit", "A", True)}),
        # After a question about a third person, "And you?" and "he" are that person.
        ("B, is A the liar? And you, C?", {("B", "liar", "A", False), ("C", "liar", "A", False)}),
        ("A, did B eat it? Did he, C?", {("A", "culprit", "B", False), ("C", "culprit", "B", False)}),
        # A second call inside one sentence is a question of its own.
        ("C, is B lying, but A, are you lying?", {("C", "liar", "B", False), ("A", "liar", "A", False)}),
        ("A did you eat it, B did you", {("A", "culprit", "A", False), ("B", "culprit", "B", False)}),
        # A name alone calls the next addressee.
        ("B, are you lying? Now C. Are you lying?", {("B", "liar", "B", False), ("C", "liar", "C", False)}),
        ("A, is C honest? B what about you?", {("A", "honest", "C", False), ("B", "honest", "C", False)}),
    ],
)
def test_an_elliptical_follow_up_asks_the_next_person(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A, did B eat it? C, did you?",  # "did you eat it" or "did B eat it"?
        "A, did you eat it? C, did he?",  # "he" points to nobody
        "A, did you eat it or is C the liar? B, did you?",  # which of the two?
        "A, is B lying? B, what do you think?",  # nothing to charge, but B was asked
        "C, are you the liar? A, is it true?",
        "B, did you eat it? A, your turn.",
        "A, did you eat it? B speak up",  # a call without its comma
        "A, did you eat it? C go ahead.",
        "A, did you eat it? What about the others?",
        "B, is C honest, A?",  # two different addressees in one sentence
        "A, did you eat it, and what about you, B?",
        "B, did you? A, did you eat it?",  # the ellipsis comes first
        "A, is C the liar? B?",  # B called, or asked about? Either way B is not ignored
        "C, did you eat it? Now A.",  # A called and asked nothing
        "A, is B honest? C is that true?",
    ],
)
def test_a_question_put_to_someone_never_vanishes(text: str) -> None:
    """Every addressee of a multi-sentence question is asked, or the whole is unclear."""
    assert isinstance(parse(text, CAKE), Unclear)


def test_duplicates_in_one_utterance_are_charged_once() -> None:
    question = parse("A, did you eat it? Didn't you eat it, A?", CAKE)
    assert isinstance(question, Question)
    assert question.cost == 1


def test_a_restated_question_counts_once_and_a_different_one_is_unclear() -> None:
    same = parse("B, did you eat the cake? Sorry, I mean: did B eat it?", CAKE)
    assert isinstance(same, Question) and same.cost == 1
    assert isinstance(parse("C, is A honest? I mean, is B honest?", CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Can the liar lie about what he did?", Other),  # "he" is the liar: the rules
        ("Would the culprit admit that she ate it?", Other),
        ("A, does the liar lie about himself?", Unclear),  # put to A: ask for a name
    ],
)
def test_a_pronoun_pointing_to_a_role_is_about_the_rules(text: str, kind: type) -> None:
    assert type(parse(text, CAKE)) is kind


def test_open_question_is_marked_open_and_counts_every_candidate() -> None:
    question = parse("B, who ate it, A or C?", CAKE)
    assert isinstance(question, Question) and question.open
    assert {q.proposition for q in question.queries} == {literal("culprit", "A"), literal("culprit", "C")}


def test_roster_names_are_whole_words_case_insensitive() -> None:
    ctx = Context(roster=Roster(("Alice", "Bob", "Carol")), lang="en")
    assert asked("alice, did BOB eat the cake?", ctx) == {("Alice", "culprit", "Bob", False)}
    assert asked("Ms. Carol, are you the liar?", ctx) == {("Carol", "liar", "Carol", False)}
    assert isinstance(parse("Bobby, did you eat it?", ctx), Unclear)  # no addressee: "Bobby" is nobody
    assert parse("Alice ate it and Bob lied.", ctx) == Guess("Alice", "Bob")


def test_multi_word_roster_names() -> None:
    ctx = Context(roster=Roster(("Mr Kim", "Ms Lee")), lang="en")
    assert asked("Mr Kim, is Ms Lee lying?", ctx) == {("Mr Kim", "liar", "Ms Lee", False)}


def test_nested_question_reads_as_says() -> None:
    question = parse("A, if I asked B whether C ate it, would B say yes?", CAKE)
    assert question == Question((Query("A", Says("B", literal("culprit", "C"))),))
    no = parse("C, would B say no if I asked him whether he is the liar?", CAKE)
    assert no == Question((Query("C", Says("B", Not(literal("liar", "B")))),))


@pytest.mark.parametrize(
    ("text", "pending", "expected"),
    [
        ("yes", True, Confirm(True)),
        ("ok, go ahead", True, Confirm(True)),
        ("No, cancel that.", True, Confirm(False)),
        ("never mind", True, Confirm(False)),
        ("yes", False, Other()),
        ("how many questions have I got left?", True, CountQuery()),
    ],
)
def test_confirmations_only_while_pending(text: str, pending: bool, expected: object) -> None:
    assert parse(text, Context(lang="en", pending=pending)) == expected


def test_a_new_question_while_pending_is_a_question() -> None:
    assert isinstance(parse("A, did you eat it?", Context(lang="en", pending=True)), Question)


@pytest.mark.parametrize(
    "text",
    [
        "Did B eat it?",  # no addressee: asked of whom?
        "A, did he eat it?",  # "he" points to nobody
        "A, did anyone eat it?",
        "A, did you see B eat it?",  # another clause inside
        "B, did the liar eat the cake?",  # a role, not a name
        "A, did I eat it?",  # the player is no suspect
        "D, are you the liar?",  # not on the roster
        "B ate it. A, is C the liar?",  # a guess and a question at once
        "A, did you eat the cookie?",  # another incident
        "A ate it. No, B ate it.",  # two culprits
        # a question about someone and a noun not read is not dropped beside another question
        "Two questions for A: you are not the lierr, are you? is C not the liar?",
        "A, are you the bakr? is C the liar?",
        "B, is C the theif or not? and did A eat it?",
    ],
)
def test_unclear_rather_than_a_wrong_charge(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was B, and C is the liar.", Guess("B", "C")),
        ("culprit: C, liar: A", Guess("C", "A")),
        ("A, you're the liar!", Guess(None, "A")),
        ("I'm sure it was C.", Guess("C", None)),
        ("A is honest, B is honest, so C is the liar.", Guess(None, "C")),
        ("I think B ate it.", Remark()),
        ("B or C ate it.", Remark()),
        ("So B didn't eat it.", Remark()),
        ("Perhaps C ate it?", Remark()),
    ],
)
def test_guesses_and_hedges(text: str, expected: object) -> None:
    assert parse(text, CAKE) == expected


def test_drink_incident_uses_drink_verbs() -> None:
    juice = Context(incident=incident("juice"), lang="en")
    assert asked("A, who drank it?", juice) == {("A", "culprit", n, False) for n in "ABC"}
    assert isinstance(parse("A, did you eat it?", juice), Unclear)


def statements(text: str, speaker: str | None = None, asked_: tuple[Query, ...] = ()) -> set[tuple]:
    read = extract(text, CAKE, speaker, asked_)
    return {(s.speaker, str(s.proposition), s.asserted) for s in read.statements}


def test_extract_a_message_of_several_speakers() -> None:
    text = "A: I didn't eat it.\nB (smiling): C is the liar. *points at C* He ate it, too."
    assert statements(text) == {
        ("A", "culprit(A)", False), ("B", "liar(C)", True), ("B", "culprit(C)", True),
    }


def test_extract_yes_after_a_negative_question_is_about_the_positive() -> None:
    didnt = (Query("B", Not(literal("culprit", "B"))),)
    assert statements("Yes.", "B", didnt) == {("B", "culprit(B)", True)}
    assert statements("No, no.", "B", didnt) == {("B", "culprit(B)", False)}


def test_extract_explicit_statement_wins_over_yes() -> None:
    didnt = (Query("A", Not(literal("culprit", "A"))),)
    assert statements("Yes, I didn't eat it.", "A", didnt) == {("A", "culprit(A)", False)}


def test_extract_bare_yes_after_a_compound_question_is_unread() -> None:
    both = (Query("A", literal("culprit", "B")), Query("A", literal("culprit", "C")))
    read = extract("Yes.", CAKE, "A", both)
    assert read.statements == () and read.unread == ("yes",)


def test_extract_nested_answers() -> None:
    nested = (Query("A", Says("B", literal("culprit", "C"))),)
    assert statements("Yes.", "A", nested) == {("A", "says(B, culprit(C))", True)}
    assert statements("B would say that C is honest.", "A") == {("A", "says(B, honest(C))", True)}


def test_extract_unread_and_flavour() -> None:
    read = extract("Hmm. *sighs* I saw C near the cake. You have 3 questions left. Oh well.", CAKE, "A", ())
    assert read.statements == ()
    assert len(read.unread) == 2


@pytest.mark.parametrize(
    "text",
    ["I am not the liar. (I am the liar)", "No. [B ate the cake]", "I didn't eat it *but C did*"],
)
def test_extract_a_claim_in_a_stage_direction_is_unread(text: str) -> None:
    """Stage directions are not read, so one that claims something must reach the verifier."""
    assert extract(text, CAKE, "C", ()).unread


@pytest.mark.parametrize(
    "text", ["- A, whether B ate the cake", "I don't know whether C is the liar.", "If B ate it, I'd know."]
)
def test_extract_an_embedded_question_or_supposition_states_nothing(text: str) -> None:
    read = extract(text, CAKE, "A", ())
    assert read.statements == () and read.unread


def test_extract_flavour_stage_directions_are_ignored() -> None:
    read = extract("(nervously) *sighs* No, I did not eat it.", CAKE, "A", ())
    assert read.unread == () and len(read.statements) == 1


@settings(max_examples=300)
@given(st.text(max_size=120), st.booleans())
def test_parse_never_raises(text: str, pending: bool) -> None:
    intent = parse(text, Context(lang="en", pending=pending))
    assert intent is not None


game_words = st.sampled_from(
    "A B C a b c Mr. you I he did didn't eat ate liar lying honest truth who which is not "
    "neither nor and or , ? . ! : if would say asked whether everyone all of the cake it "
    "yes no right tell me please culprit was".split()
)


@settings(max_examples=500)
@given(st.lists(game_words, max_size=16), st.text(max_size=20))
def test_parse_and_extract_never_raise_on_game_vocabulary(words: list[str], speaker_text: str) -> None:
    text = " ".join(words)
    parse(text, CAKE)
    extract(text, CAKE, "A", (Query("A", literal("culprit", "B")),))
    extract(speaker_text + text, CAKE, None, ())


@pytest.mark.parametrize(
    ("text", "speaker", "asked_", "expected"),
    [
        ("W-well, I-I didn't eat the cake...", "A", (), {("A", "culprit(A)", False)}),
        ("Not me, B did it.", "A", (), {("A", "culprit(A)", False), ("A", "culprit(B)", True)}),
        ("B: Neither did I.", None, (), set()),  # an ellipsis with nothing before it says nothing
        ("A: I didn't eat it.\nB: Neither did I.", None, (),
         {("A", "culprit(A)", False), ("B", "culprit(B)", False)}),
        # "Right" agrees with the question as put; "yes" names the positive proposition.
        ("Right.", "C", (Query("C", Not(literal("liar", "A"))),), {("C", "not liar(A)", True)}),
        ("Neither of them ate it.", "A", (Query("A", literal("culprit", "B")), Query("A", literal("culprit", "C"))),
         {("A", "culprit(B)", False), ("A", "culprit(C)", False)}),
    ],
)
def test_extract_table(text: str, speaker: str | None, asked_: tuple[Query, ...], expected: set[tuple]) -> None:
    assert statements(text, speaker, asked_) == expected


def test_extract_hedges_are_unread_and_echoes_flavour() -> None:
    read = extract("Me, the liar? No! But C might be lying. Did B eat it?", CAKE, "A",
                   (Query("A", literal("liar", "A")),))
    assert {(s.speaker, str(s.proposition), s.asserted) for s in read.statements} == {("A", "liar(A)", False)}
    assert len(read.unread) == 2
    assert "might" in read.unread[0] and "B" in read.unread[1]


# --- issue 11: chat as people type it, precision first ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "according to B, C is the liar",
        "C is the liar according to B",
        "B says C ate it",
        "B told me C is the liar",
        "B claims A ate the cake",
        "apparently C ate it",
        "supposedly A is the liar.",
        "A said he ate it lol",
        "word is C ate it",
        "C admitted he ate it",
    ],
)
def test_hearsay_is_never_a_guess_or_a_question(text: str) -> None:
    assert parse(text, CAKE) == Remark()


@pytest.mark.parametrize("text", ["A, according to B, is C the liar?", "A, B says you ate it?"])
def test_hearsay_put_to_someone_is_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A and B, each of you tell me whether you're honest.",
         {("A", "honest", "A", False), ("B", "honest", "B", False)}),
        ("A and B, each of you: are you honest?", {("A", "honest", "A", False), ("B", "honest", "B", False)}),
        ("B and C, both of you, did you eat it?", {("B", "culprit", "B", False), ("C", "culprit", "C", False)}),
        ("A and B, can each of you tell me whether you are honest?",
         {("A", "honest", "A", False), ("B", "honest", "B", False)}),
        ("A, did B and C both eat it?", {("A", "culprit", "B", False), ("A", "culprit", "C", False)}),
        ("A, are both B and C honest?", {("A", "honest", "B", False), ("A", "honest", "C", False)}),
        ("A, B and C, all three of you: did you eat it?", {(n, "culprit", n, False) for n in "ABC"}),
    ],
)
def test_a_quantifier_over_named_people_never_adds_the_addressee(
        text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C, is A the liar? oops I mean is A honest", {("C", "honest", "A", False)}),
        ("B, did A eat it? wait no, I meant to ask C", {("C", "culprit", "A", False)}),
        ("A, did B eat it? oh sorry, I meant to ask C, not A", {("C", "culprit", "B", False)}),
        ("A, is C lying? sorry, I meant B, not C: is B lying?", {("A", "liar", "B", False)}),
        ("A, is C the liar? sorry I mean B, not C", {("A", "liar", "B", False)}),
        ("A, did you eat it? sorry I meant to ask B", {("B", "culprit", "B", False)}),
        ("B did u eat it? nvm wrong person. C did u eat it?", {("C", "culprit", "C", False)}),
        ("A did B eat it? wait no wrong person, C did B eat it?", {("C", "culprit", "B", False)}),
        ("Mr. C, did B eat the cake? Correction: did A eat the cake?", {("C", "culprit", "A", False)}),
        ("A, are you honest? no wait, I meant: are you the liar?", {("A", "liar", "A", False)}),
        ("B, is C innocent? ugh typo, I meant A. is A innocent?", {("B", "culprit", "A", True)}),
        ("A, is C the liar? sorry, is B the liar?", {("A", "liar", "B", False)}),
        ("Sorry, A, did you eat it?", {("A", "culprit", "A", False)}),  # an apology, nothing corrected
        ("A, did you eat it? Sorry for asking.", {("A", "culprit", "A", False)}),
        ("A, did you eat it? Sorry.", {("A", "culprit", "A", False)}),
    ],
)
def test_a_correction_applies_and_charges_once(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A, is C the liar? sorry I mean B",  # B asked, or asked about?
        "A, did you eat it? nvm",  # taken back
        "A, did you eat it? I mean, did B eat it?",  # a gloss that asks something else
    ],
)
def test_a_correction_that_leaves_the_question_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "key", "other"),
    [
        ("C, did you eat the pizza?", "cake", "pizza"),
        ("A, may I ask whether you ate the pizza?", "cake", "pizza"),
        ("C, did you eat the sandwich?", "cake", "sandwich"),
        ("A did you eat my sandwich", "cake", "sandwich"),
        ("A, did you eat pizza?", "cake", "pizza"),
        ("A, did you have the pizza?", "cake", "pizza"),
        ("A, did you take the money?", "cake", "money"),
        ("A, did you eat anything?", "cake", ""),
        ("B ate the chocolate.", "cake", "chocolate"),
        ("A, did you eat the coke?", "cake", "coke"),  # a food, though one letter from "cake"
        ("B, did you drink the coffee?", "juice", "coffee"),
        ("A, did you drink the cake?", "cake", ""),  # the other act, the incident's own object
        ("C, did you eat the juice?", "cake", "juice"),  # another incident's object
    ],
)
def test_another_food_is_unclear_naming_what_was_typed(text: str, key: str, other: str) -> None:
    intent = parse(text, Context(incident=incident(key), lang="en"))
    assert isinstance(intent, Unclear) and intent.problem == Problem(Why.OTHER_INCIDENT, other=other)


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("A, did you eat the chocolate cake?", "cake", {("A", "culprit", "A", False)}),
        ("A, did you eat the last piece?", "cake", {("A", "culprit", "A", False)}),
        ("A, did you take a bite of the cake?", "cake", {("A", "culprit", "A", False)}),
        ("B did C eat the cak", "cake", {("B", "culprit", "C", False)}),  # a typo of the incident
        ("B, did you drink my juice?", "juice", {("B", "culprit", "B", False)}),
        ("B, did you have the orange juice?", "juice", {("B", "culprit", "B", False)}),
    ],
)
def test_the_incident_however_it_is_described(key: str, text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text, Context(incident=incident(key), lang="en")) == expected


@pytest.mark.parametrize("text", ["A spill the tea, who ate it", "A just tell me, who ate it"])
def test_a_question_typed_without_its_mark_is_a_question(text: str) -> None:
    assert asked(text) == {("A", "culprit", n, False) for n in "ABC"}


@pytest.mark.parametrize("text", ["B ate it, who cares", "C is the liar, whether you like it"])
def test_words_that_ask_are_no_conclusion(text: str) -> None:
    assert not isinstance(parse(text, CAKE), Guess)


@pytest.mark.parametrize(
    ("word", "meant", "typo"),
    [("cak", "cake", True), ("ckae", "cake", True), ("cakke", "cake", True), ("cake", "cake", False),
     ("coke", "cake", True), ("pie", "cake", False), ("ca", "cak", False)],
)
def test_misspelt_is_one_edit(word: str, meant: str, typo: bool) -> None:
    assert misspelt(word, meant) is typo


def nested(text: str) -> set[tuple[str, str | None, str, str, bool]]:
    """(speaker, via, predicate, about, negated) of every query; a flat one has via None."""
    intent = parse(text, CAKE)
    assert isinstance(intent, Question), f"{text!r} read as {intent!r}"
    out: set[tuple[str, str | None, str, str, bool]] = set()
    for query in intent.queries:
        p, via = query.proposition, None
        if isinstance(p, Says):
            via = p.speaker
            p = p.inner
        flat = as_literal(p)
        assert flat is not None, query
        out.add((query.speaker, via, flat[0].predicate, flat[0].about, flat[1]))
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A, what would B say if I asked whether C ate it?", {("A", "B", "culprit", "C", False)}),
        ("A, what would B answer if asked whether C is the liar?", {("A", "B", "liar", "C", False)}),
        ("A what would B say if i asked him did C eat it", {("A", "B", "culprit", "C", False)}),
        ("A, if B were asked whether C ate the cake, what would B answer?", {("A", "B", "culprit", "C", False)}),
        ("A, would B say yes if I asked whether C ate it?", {("A", "B", "culprit", "C", False)}),
        ("A, would B say no if asked whether C is honest?", {("A", "B", "honest", "C", True)}),
        ("A, if I asked B, would he say C ate it?", {("A", "B", "culprit", "C", False)}),
        ("A, if I asked B whether C ate it, what would he say?", {("A", "B", "culprit", "C", False)}),
        ("A, would B admit he ate it?", {("A", "B", "culprit", "B", False)}),
        ("Mr. A, suppose I asked C if you ate the cake. Would C say yes?", {("A", "C", "culprit", "A", False)}),
        ("A, suppose I asked B whether C is the liar. What would he say?", {("A", "B", "liar", "C", False)}),
    ],
)
def test_a_nested_question_keeps_its_nesting_in_every_phrasing(
        text: str, expected: set[tuple[str, str | None, str, str, bool]]) -> None:
    assert nested(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A, what would B say if I asked C whether A ate it?",  # B answers, C is asked?
        "A, if I asked B whether C ate it. Would C say yes?",  # asked B, answered by C
        "A, does B think C ate it?",
        "A, B would say C ate it, right?",
        "A, would B deny eating it?",
    ],
)
def test_a_nesting_that_cannot_be_kept_is_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("before", "text", "expected"),
    [
        ("A, did you eat it?", "and you, B?", {("B", "culprit", "B", False)}),
        ("A, did you eat it?", "C, did you?", {("C", "culprit", "C", False)}),
        ("A, is C lying?", "B, same question.", {("B", "liar", "C", False)}),
        ("C, are you honest?", "and you, A?", {("A", "honest", "A", False)}),
        ("B, did you eat it?", "what about you, Mr. C?", {("C", "culprit", "C", False)}),
        ("A, is B the liar?", "and is B honest?", {("A", "honest", "B", False)}),
        ("C, did A eat it?", "ok and did B?", {("C", "culprit", "B", False)}),
        ("C, did A eat it?", "what about B?", {("C", "culprit", "B", False)}),
        ("B, is A honest?", "C, what's your answer to that same question?", {("C", "honest", "A", False)}),
    ],
)
def test_a_follow_up_continues_the_previous_question(
        before: str, text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    previous = parse(before, CAKE)
    assert isinstance(previous, Question)
    assert asked(text, replace(CAKE, previous=previous)) == expected


@pytest.mark.parametrize(
    ("before", "text"),
    [
        ("B, did you eat it?", "what about A?"),  # "A, did you?" or "B, did A?"
        ("A, did you eat it?", "and you?"),  # nobody named
        ("A, would B say C ate it?", "C, did you?"),  # a nested question is not repeated
        ("A, did you eat it and are you the liar?", "B, did you?"),  # one of them, or both?
    ],
)
def test_a_follow_up_that_could_mean_two_things_is_unclear(before: str, text: str) -> None:
    previous = parse(before, CAKE)
    assert isinstance(previous, Question)
    assert isinstance(parse(text, replace(CAKE, previous=previous)), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A, what about C? did he eat it?", {("A", "culprit", "C", False)}),
        ("Mr. C, about A: is he innocent?", {("C", "culprit", "A", True)}),
        # A remark to someone before a question to him; "he" is the one it named.
        ("B, I keep thinking about A. Is he the liar?", {("B", "liar", "A", False)}),
        ("C, B has been really quiet. is he honest?", {("C", "honest", "B", False)}),
        ("B, C said something weird earlier. Is he lying?", {("B", "liar", "C", False)}),
        ("A, you seem nervous. Did you eat it?", {("A", "culprit", "A", False)}),
    ],
)
def test_a_pronoun_or_topic_named_earlier_in_the_message(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A, what about C?",  # a topic and no question
        "A, what about B? did C eat it?",  # the topic is not asked about
        "B, your turn. A, did you eat it?",  # B called and asked nothing
        "A, B and C are weird. Is he honest?",  # "he" could be anyone
    ],
)
def test_a_topic_or_remark_left_unasked_is_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C, are you honets?", {("C", "honest", "C", False)}),
        ("A, did B eaat it?", {("A", "culprit", "B", False)}),
        ("B, is A lyign?", {("B", "liar", "A", False)}),
        ("C, is B inocent?", {("C", "culprit", "B", True)}),
        ("B, si C the lair?", {("B", "liar", "C", False)}),
        ("A, is C honst?", {("A", "honest", "C", False)}),
        ("C, are you guilyt?", {("C", "culprit", "C", False)}),
    ],
)
def test_typos_of_the_game_words(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize("text", ["A, are you flying?", "A, is B dying?", "A, is C dating B?", "A, is B frank?"])
def test_a_real_word_is_no_typo_of_a_game_word(text: str) -> None:
    assert not isinstance(parse(text, CAKE), Question)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C 🙏 are you honest?", {("C", "honest", "C", False)}),
        ("😂😂 ok A, is B innocent?", {("A", "culprit", "B", True)}),
        ("Mr. B 🍰❓ did A eat it", {("B", "culprit", "A", False)}),
        ("A 👍🏽, did you eat it?", {("A", "culprit", "A", False)}),
        ("B‼ did you eat it", {("B", "culprit", "B", False)}),
        ("Ｃ， ｄｉｄ Ａ ｅａｔ ｉｔ？", {("C", "culprit", "A", False)}),
    ],
)
def test_emoji_and_full_width_letters(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yo B u ate it or nah", {("B", "culprit", "B", False)}),
        ("B is C cappin", {("B", "liar", "C", False)}),
        ("no cap A, is B legit honest?", {("A", "honest", "B", False)}),
        ("C bro did A do it lmao", {("C", "culprit", "A", False)}),
        ("A n B is C lying", {("A", "liar", "C", False), ("B", "liar", "C", False)}),
        ("C you didnt eat the donut did you", {("C", "culprit", "C", True)}),
    ],
)
def test_slang(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    ctx = Context(incident=incident("donut"), lang="en") if "donut" in text else CAKE
    assert asked(text, ctx) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ok I got it, B ate it and B is also the liar", Guess("B", "B")),
        ("got it!! B ate the cake n B is the liar too", Guess("B", "B")),
        ("C ate it n C is the liar too", Guess("C", "C")),
        ("I got it, maybe B ate it", Remark()),  # still hedged
        ("honestly B ate it", Guess("B", None)),
    ],
)
def test_a_casual_conclusion_is_a_guess(text: str, expected: object) -> None:
    assert parse(text, CAKE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B keeps dodging A, so B is the liar and C ate it.", Guess("C", "B")),
        ("A blames C, therefore A is the liar, and C ate it", Guess("C", "A")),
        ("Since C contradicts B, C is the liar and B ate it.", Guess("B", "C")),
        ("Because A and B disagree, A ate it and B is the liar.", Guess("A", "B")),
        ("C argues with A and so C is the liar", Guess(None, "C")),
        ("A is honest, so B is the liar.", Guess(None, "B")),
    ],
)
def test_a_conclusion_after_a_reason_is_read_without_the_reasons_names(text: str, expected: object) -> None:
    """"C is contradicting B, so C is the liar, and A ate it" was read as "A ate it" alone:
    the names of the reason, which says nothing the game knows, were taken for the liar's."""
    assert parse(text, CAKE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("did C eat it A??", {("A", "culprit", "C", False)}),
        ("is C innocent Mr. A??", {("A", "culprit", "C", True)}),
        ("did B and C eat it A", {("A", "culprit", "B", False), ("A", "culprit", "C", False)}),
        ("B didnt u eat it??", {("B", "culprit", "B", True)}),
    ],
)
def test_the_addressee_at_the_end(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text", ["was it A?", "is it C or A?", "did C lie to A?", "is C more honest than A?", "was it B A?",
             "did B eat it and not A?"],
)
def test_a_name_that_belongs_to_the_question_is_no_addressee(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my question goes to C - is B innocent?", {("C", "culprit", "B", True)}),
        ("A, I'd like you to tell me whether B is innocent.", {("A", "culprit", "B", True)}),
        ("Mr. B, please let me know if C is telling the truth.", {("B", "honest", "C", False)}),
        ("Pardon me, B - might I ask whether you are honest?", {("B", "honest", "B", False)}),
        ("B pls just tell me whether C is the liar", {("B", "liar", "C", False)}),
        ("Two questions for C: is A honest? Did B eat it?", {("C", "honest", "A", False), ("C", "culprit", "B", False)}),
        ("B, I have two questions: is A the liar, and did C eat the cake?",
         {("B", "liar", "A", False), ("B", "culprit", "C", False)}),
        ("A, B and C, I have a question for all of you: did you eat the cake?",
         {(n, "culprit", n, False) for n in "ABC"}),
        ("Good evening, everyone. Could each of you kindly tell me whether you ate the cake?",
         {(n, "culprit", n, False) for n in "ABC"}),
    ],
)
def test_intros_and_requests_to_tell(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm just going to ask directly: B, are you honest?", {("B", "honest", "B", False)}),
        ("ok here goes: A, did you eat it?", {("A", "culprit", "A", False)}),
        ("A u still there? is B the liar or what", {("A", "liar", "B", False)}),
        ("Alright, I've been going back and forth on this. If B is honest then A must have done it. "
         "I'm just going to ask directly: B, are you honest?", {("B", "honest", "B", False)}),
    ],
)
def test_a_remark_or_lead_in_before_a_question(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text", ["A, did you eat it? B, are you there?", "B, are you there? A, did you eat it?", "B ate it: C, is that right?"],
)
def test_a_check_in_to_someone_not_asked_after_it_is_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A, did you eat B's cake?", {("A", "culprit", "A", False)}),  # B owns it, B is not asked about
        ("C, did you eat B's slice?", {("C", "culprit", "C", False)}),
        ("A, B's lying, right?", {("A", "liar", "B", False)}),  # "B's" is "B is"
    ],
)
def test_a_possessive_name_is_no_subject(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


@pytest.mark.parametrize("text", ["I admit I ate the cake.", "Fine, I admit it: I ate the cake.", "I confess, I ate it."])
def test_extract_a_confession_is_a_statement(text: str) -> None:
    """'admit' embeds a clause in a question ("would B admit ...?"); a character's own
    confession still states what it confesses."""
    assert statements(text, "A") == {("A", "culprit(A)", True)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B, is A notthe liar?", {("B", "liar", "A", True)}),  # negation glued to a word
        ("B, is A nnot honest?", {("B", "honest", "A", True)}),  # negation typed with a letter twice
        ("C, A iisn't the culprit, is he?", {("C", "culprit", "A", True)}),
        ("A, areyou or C the liar?", {("A", "liar", "A", False), ("A", "liar", "C", False)}),
        ("A, did youor C eat it?", {("A", "culprit", "A", False), ("A", "culprit", "C", False)}),
        ("B, are youand C both honest?", {("B", "honest", "B", False), ("B", "honest", "C", False)}),
        ("A, B aand C, is A innocent?", {(s, "culprit", "A", True) for s in "ABC"}),
        ("C, you are honest, arenn't you?", {("C", "honest", "C", False)}),
    ],
)
def test_a_word_that_carries_the_sense_is_read_through_its_typo(
        text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """A negation, a conjunction or a person glued to the next word or typed with a letter
    twice is read as meant: left out, it would charge another question."""
    assert asked(text) == expected


@pytest.mark.parametrize("text", ["B, would A ttell me that C isn't the liar?", "C, would A tellme you ate it?"])
def test_a_nesting_verb_typed_wrong_keeps_its_nesting(text: str) -> None:
    intent = parse(text, CAKE)
    assert isinstance(intent, Question) and all(isinstance(q.proposition, Says) for q in intent.queries)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ok I got it, B ateit and B is the liar too!", Guess("B", "B")),
        ("Theculprit is C.", Guess(culprit="C")),
        ("A, are you theliar? The culprit is B.", Unclear(problem=Problem(Why.QUESTION_AND_ANSWER))),
        ("whoo, A ate it", Guess(culprit="A")),  # "whoo" is no "who"
        ("A, did you finish off the cake?", None),  # "off" is no "of"
    ],
)
def test_glued_words_in_guesses_and_real_words_left_alone(text: str, expected: object) -> None:
    intent = parse(text, CAKE)
    assert intent == expected if expected is not None else isinstance(intent, Question)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mayybe A is lying.", Remark()),  # a hedge typed wrong still hedges
        ("maybbe C is the liar", Remark()),
        ("couldbe that B ate it", Remark()),  # "could be that ...": a hedge, not an auxiliary first
        ("hmm, B did it probably.", Remark()),
        ("I suspect Mr. A...", Remark()),  # "suspect" then "Mr.": no unknown name
        ("B claimshe did it...", Remark()),  # a report glued to its pronoun
        ("C toldme he is lying.", Remark()),
        ("accordingto A, he is the culprit.", Remark()),
        ("B, quick qestion: did you drink the juice", Question((Query("B", literal("culprit", "B")),))),
        ("A, quickquestion: is B the liar", Question((Query("A", literal("liar", "B")),))),
        ("Person A, quick qestion: isperson C lying", Question((Query("A", literal("liar", "C")),))),
        ("B, weird thing: did you drink the juice", Unclear(problem=Problem(Why.QUESTION_OR_ANSWER))),
        ("Person A, weird thing: isperson C lying", Unclear(problem=Problem(Why.QUESTION_OR_ANSWER))),
    ],
)
def test_a_mistyped_hedge_report_or_question_form_is_never_a_guess(text: str, expected: object) -> None:
    """A hedge, a report or an auxiliary after "question:" keeps its sense through a typo; a
    question form left after a mark ("...: did you drink it") is no conclusion."""
    assert parse(text, Context(incident=incident("juice" if "juice" in text else "cake"), lang="en")) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A, B and C, B ate the cake, didn't he?", {(s, "culprit", "B", False) for s in "ABC"}),
        ("A, B and C, A is not the liar, is he?", {(s, "liar", "A", True) for s in "ABC"}),
        ("A and B, each of you: are you honest?", {("A", "honest", "A", False), ("B", "honest", "B", False)}),
        ("B, C each tell me: are you the liar?", {("B", "liar", "B", False), ("C", "liar", "C", False)}),
        ("A and C, are you both innocent?", {("A", "culprit", "A", True), ("C", "culprit", "C", True)}),
        ("B, C each tell me whether you ate it", {("B", "culprit", "B", False), ("C", "culprit", "C", False)}),
        ("A and B, did all of you eat it?", {("A", "culprit", "A", False), ("B", "culprit", "B", False)}),
    ],
)
def test_a_list_of_names_called_ends_where_its_clause_begins(
        text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """The names called end at the list's "and" (or its quantifier, "each of you", which
    ranges over them only): a name after it is the clause's subject, not one more asked."""
    assert asked(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A, is B the liar? oops, wrong person. That one is for C, not A.", {("C", "liar", "B", False)}),
        ("A, is B the liar? sorry, that was meant for C", {("C", "liar", "B", False)}),
        ("A, is B the liar? sorry wrong person, that question is for C", {("C", "liar", "B", False)}),
        ("A, is B the liar? ooops, meant C not B", {("A", "liar", "C", False)}),
        ("A, did you eat it? sorry, I meant for B", {("B", "culprit", "B", False)}),
    ],
)
def test_corrections_and_follow_ups_in_other_wordings(text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    """A correction says whom the question was for in several wordings, also in a sentence
    after "wrong person"."""
    assert asked(text) == expected


@pytest.mark.parametrize(
    "text",
    ["A, is B the liar? no wait, I mean C",  # is C asked, or asked about?
     "A, is B the liar? oops, wrong person.",  # who, then?
     "A, ask B whether C ate it. What is B's answer?",  # a relay, not a question to A
     "A, ask B about C: did he eat it? what would B say?"],
)
def test_a_correction_or_relay_that_names_no_one_safely_is_unclear(text: str) -> None:
    assert isinstance(parse(text, CAKE), Unclear)


@pytest.mark.parametrize(
    ("text", "other"),
    [("did C drink the pizza, A?", "pizza"), ("did C eat the pizza A??", "pizza"),
     ("C ate the sandwich, right B?", "sandwich"), ("is it true B had the chocolate, C?", "chocolate")],
)
def test_another_food_with_the_addressee_at_the_end_names_the_food(text: str, other: str) -> None:
    intent = parse(text, CAKE)
    assert isinstance(intent, Unclear) and intent.problem == Problem(Why.OTHER_INCIDENT, other=other)


@pytest.mark.parametrize(
    "text", ["B, would C agree that A ate it?", "B, do you agree that A ate it?", "C, A swears that B is lying, right?"],
)
def test_a_clause_inside_a_clause_is_nested_or_unclear_never_two_claims(text: str) -> None:
    """"that" and a subject after someone named: what one would say of another, which a
    verb this reader does not know cannot turn into two questions."""
    intent = parse(text, CAKE)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.NESTED


def test_glued_words_read_the_same_whatever_the_hash_seed() -> None:
    """"wantto" is "want to" (never "want too"): the typo tables are built in a fixed order."""
    assert asked("I wantto ask Person B: do you tell the truth?!") == {("B", "honest", "B", False)}


@pytest.mark.parametrize(
    ("previous", "text", "expected"),
    [
        ("A, did you eat it?", "same question for B", {("B", "culprit", "B", False)}),
        ("I want to ask B: is C the liar?", "samme question for A", {("A", "liar", "C", False)}),
        ("Question for B: is A the culprit?", "and C, same qestion?", {("C", "culprit", "A", False)}),
    ],
)
def test_the_same_question_for_someone_else(previous: str, text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    before = parse(previous, CAKE)
    assert isinstance(before, Question)
    assert asked(text, replace(CAKE, previous=before)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mr. B, I have a question. Is Mr. C not the liar", {("B", "liar", "C", True)}),
        ("is C the culprit, A? wait no, I'm asking B, not A", {("B", "culprit", "C", False)}),
    ],
)
def test_an_intro_or_a_correction_to_the_one_asked_then_the_question(
        text: str, expected: set[tuple[str, str, str, bool]]) -> None:
    assert asked(text) == expected


def test_a_check_in_to_one_then_a_question_to_another_is_unclear() -> None:
    intent = parse("B, is it true? C, did you eat it?", CAKE)
    assert isinstance(intent, Unclear) and intent.problem.why is Why.PART_UNREAD


def test_or_neither_at_the_end_asks_the_same() -> None:
    """"... or neither?" offers the other answer; it negates nothing."""
    assert asked("C, is A or B the liar or neither?") == {("C", "liar", "A", False), ("C", "liar", "B", False)}


@pytest.mark.parametrize(
    "text",
    [
        "B put the cake in the fridge, and it is still there.",
        "C baked it, but it was gone by noon.",
        "A wrapped it up, so it is safe now",
        "B looked for it, but it was not there.",
    ],
)
def test_it_and_a_copula_away_from_a_name_are_no_cleft(text: str) -> None:
    """"B saved it, but it is gone" was read as "it was B", the guess that B ate it."""
    assert not isinstance(parse(text, CAKE), Guess)


@pytest.mark.parametrize(
    ("text", "culprit"),
    [("It was C.", "C"), ("it's really A", "A"), ("ok, it is definitely B who ate it", "B")],
)
def test_a_cleft_names_the_culprit(text: str, culprit: str) -> None:
    assert parse(text, CAKE) == Guess(culprit, None)


@pytest.mark.parametrize("text", ["I ate it, and he didn't.", "I did, but she did not eat it.",
                                  "Me? I ate it, and he never did."])
def test_he_or_she_never_stands_for_i(text: str) -> None:
    """In "I sat with him, and he never ate it" the "he" was read as the speaker, the one name
    seen before it: "I" is no antecedent of "he" or "she"."""
    read = statements(text, "C", (Query("C", literal("culprit", "B")),))
    assert ("C", "culprit(C)", False) not in read


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("B, C is the liar, isn't the?", False),
        ("B, C ate the cake, didn'tthe?", False),
        ("B, C is the liar, isn't?", False),
        ("B, C is not the liar, isn't the?", True),
        ("B, C is the liar, isn't he?", False),
    ],
)
def test_a_tag_with_its_subject_mistyped_is_still_a_tag(text: str, negated: bool) -> None:
    """"Ａ is the liar, isn'tthe…?" was asked as "A is not the liar": the tag's "not" folded in."""
    intent = parse(text, CAKE)
    assert isinstance(intent, Question) and len(intent.queries) == 1
    assert isinstance(intent.queries[0].proposition, Not) is negated


@pytest.mark.parametrize(
    "text",
    [
        "I don't like cake, but I ate it.",
        "Honestly I was not hungry, but I ate it.",
        "A is grumpy, and B ate it.",
        "B ate the cake and B is also the lierr",
        "I was right next to her, and she never touched it.",  # "right" muses only at the head
        "I sat beside A the whole time, and she didn't eat it.",  # a verb the reader does not know
        "We shared a table, but A ate it.",
        "B is not the liar but A, who ate the last cake, is.",  # a relative clause on a name
        "C who drank it is the liar",
    ],
)
def test_a_clause_with_a_verb_the_game_does_not_know_leaves_the_whole_unread(text: str) -> None:
    """"I don't like cake, but I ate it" was read as "I did not eat it" (the first clause's
    "not" counted in the second's), "A is grumpy, and B ate it" as "A and B ate it", and
    "B ate the cake and B is also the lierr" as the guess "B ate it" alone; "I was right next
    to him, and he didn't touch it" as the speaker's denial ("right" was taken for musing)."""
    assert statements(text, "B") == set()
    assert not isinstance(parse(text, CAKE), Guess)
