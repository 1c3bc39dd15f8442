"""A player's English utterance to an intent.

Each sentence is read on its own (a sentence that calls on a second person, "A, did
you eat it, and B, did you?", as two) into a shared `Reading` (referee.lang.reading):
its mood, whom it asks, its claims about people, or the typed problem that makes it
unreadable. What is English stays here: vocatives, tags, politeness, the clause's
claims, hearsay, the surface of corrections ("sorry, I meant ...", "nvm wrong person";
a bare "I mean, ..." glosses the question before) and of elliptical follow-ups ("B, did
you?", "And you, C?", "What about C?"). What the readings mean together (whom "he" or
an elliptical claim stands for, how a correction changes the question, question or
guess or remark) is decided by the one policy every language shares, `combine`.

One English rule is kept before it: a sentence put to someone in which nothing can be
charged ("B, how come?") makes the utterance unclear beside a question, so that no
question is silently left unanswered, unless a later question to him answers it (a
remark or check-in to someone, then a question to him).

The addressee comes from a vocative ("A, ...", "..., A?", "Question for A: ...",
"Everyone, ...") and carries over to the following sentences of the same utterance.
A question with no addressee ("Did A eat it?") is Unclear: asking it of A, of B or of
everyone are all plausible, and a wrongly charged question costs the player more than
a request to name whom they ask.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TypeGuard

from referee.lang.context import Context
from referee.lang.en.clause import People, Unreadable, is_person, read
from referee.lang.en.words import (
    ARTICLES,
    AUX,
    CONJUNCTIONS,
    CULPRIT_VERBS,
    EVERYONE,
    HEDGES,
    NEGATORS,
    OTHER_INCIDENT_WORDS,
    PLAYER,
    PREPOSITIONS,
    THINKING,
    THIRD,
    YOU,
    Sentence,
    incident_nouns,
    is_ref,
    name_of,
    other_object,
    predicate_words,
    sentences,
    wrong_verbs,
)
from referee.lang.reading import (
    ADDRESSEE,
    Claim,
    Correction,
    Mood,
    Person,
    Reading,
    Ref,
    combine,
    named,
    queries,
    unclear,
)
from referee.liar.intent import Confirm, Intent, Question
from referee.liar.problem import Problem, Why
from referee.liar.proposition import as_literal

# Words that make an unaddressed question thinking aloud ("Perhaps C ate it?").
_MUSING = frozenset("maybe perhaps probably possibly might wonder sure".split())
_BOUNDARY = frozenset("""and or but nor too either then right again huh probably maybe perhaps possibly definitely
    surely obviously clearly honestly lol""".split())
_FILLERS = frozenset(
    """ok so well hey hi hello yo oi um uh umm er erm now then alright right and also next oh
    hmm hm hmmm sorry please first second third lastly finally again great cool thanks good
    interesting fine wait listen look actually but dear , : - lol haha nice honestly bro dude bruh fam ngl tbh
    fr lowkey lmao lmfao xd""".split()
)
_THREE_WORD_FILLERS = frozenset(["i got it", "i get it", "i see it", "figured it out", "worked it out"])
_TWO_WORD_FILLERS = ("excuse me", "pardon me", "thank you", "i see", "got it", "one more", "let us see",
                     "good morning", "good evening", "good afternoon", "good day")

_INTRO = re.compile(
    r"^(?:(?:i have |got )?(?:a |my |one more |another |next |quick |the next |last |two |three |a few |some |2 |3 )?"
    r"questions? (?:goes |go |is |are )?(?:for|to) |(?:this one is |this is |now |and |then )?for |to |"
    r"i (?:want to |would like to |will |need to |am going to |wanna )?ask |"
    r"(?:let me|can i|may i|could i) ask |asking |ask )"
)
_WRAPPERS = tuple(
    re.compile(p)
    for p in (
        r"^please ",
        r"^(?:could|can|would|will|might) (?:you|everyone) (?:please |kindly |just )*(?:tell|let) me (?:know )?"
        r"(?:honestly |truthfully )?",
        r"^(?:could|can|would|will) (?:you|everyone) (?:please |kindly |just )*(?:confirm|say|answer)(?: me)? "
        r"(?:honestly )?",
        r"^(?:please |just |now |so )*(?:tell|answer) me (?:honestly |truthfully |this |something |the truth )?",
        r"^(?:please |just )*let me know ",
        r"^i (?:would like|want|need) (?:you|everyone) to (?:please )?(?:tell|let) me (?:know )?",
        r"^i have (?:a |one |two |three |a few |some |2 |3 )?(?:more )?(?:quick )?questions?"
        r"(?: for (?:you|everyone))?(?: ,| :| -)? ",
        r"^i (?:want|would like|need|wanna|have) to (?:know|ask you|ask) ",
        r"^i (?:wonder|am wondering|was wondering) ",
        r"^(?:do|did) you (?:know|remember) ",
        r"^(?:is it|would it be|is that|was it) (?:true|correct|right|the case) (?:that )?",
        r"^(?:am i|would i be) (?:right|correct)(?: in thinking| to think)? (?:that )?",
        r"^(?:would|do|will) you say (?:that )?",
        r"^(?:do|did) you (?:think|believe|reckon|suppose) (?:that )?",
        r"^(?:please )?confirm ",
        r"^(?:come on |just )?spill(?: the tea| it)?(?: ,| :| -)? ",
        r"^(?:would|could) you be so kind as to ",
        r"^if you do not mind(?: me asking| my asking)?(?: ,)? ",
        r"^(?:would|do) you mind telling me ",
        r"^(?:let me|can i|may i|could i|might i|i want to|i would like to|i will) ask (?:you )?"
        r"(?:something|a question|this|one thing)? ?",
        r"^i am asking (?:you )?",
        r"^(?:quick|another|one more|next|my|a|the|last) question(?: for you)?(?: is)? ",
        r"^(?:honestly|truthfully|seriously|be honest|be truthful|in your opinion|just wondering|"
        r"just curious|out of curiosity) ",
        r"^(?:,|:|-) ",
    )
)
_WHO_THINK = re.compile(
    r"^(who|which(?: one)?(?: of (?:you|them|these|those))?) (?:do|did) you (?:think|believe|reckon|suppose|suspect) "
)
_TAG = re.compile(
    r"(?: ,)?(?<! all) (?:right|correct|huh|eh|innit|am i right|is that right|is that true|is that so|yes or no|or what|or no)$"
    r"| , (?:yes|no|true|ok|yes\?)$"
    r"| , (?:" + "|".join(sorted(AUX)) + r")(?: not)? (?:you|he|she|they|it|@\d+|everyone|i)(?: not)?$"
    r"|(?: ,)? (?:" + "|".join(sorted(AUX)) + r") not (?:you|he|she|they|it|@\d+|everyone|i)$"
    # a tag whose subject was mistyped ("..., isn't the?", "isn'tthe…?", "isn't?"): still a tag,
    # so its "not" must not fold into the clause
    r"| , (?:" + "|".join(sorted(AUX)) + r") not(?: (?:the|a|an|that|this|him|them|his|her|he|she|it|they))*$"
)
_JOINING = frozenset(["than", "before", "after", "like", "as", "except", "by", "then", "both", "either"])
_TAG_SUBJECTS = frozenset(["you", "he", "she", "they"])
_POLITE_TAIL = re.compile(r"(?: ,)? (?:please|be honest|honestly|truthfully|thanks|thank you|lol|lmao|lmfao|haha|"
                          r"hahaha|xd|tbh|ngl|fr|bro|dude|bruh)$")
_REF_LIST = r"(?:@\d+|everyone)(?: (?:,|and|&|/|, and) (?:@\d+|everyone))*"
_TRAILING_VOCATIVE = re.compile(r" , (" + _REF_LIST + r")$")
_BARE_TRAILING_VOCATIVE = re.compile(r"(?<! or)(?<! and)(?<! ,) (" + _REF_LIST + r")$")
_ONLY_NAMES = re.compile(r"^(" + _REF_LIST + r")(?: :)?$")
_OTHER_WH = frozenset(["why", "how", "when", "where", "what"])
_QUESTION_WORDS = _OTHER_WH | frozenset(["who", "whom", "whose", "which", "whether"])
# After a name, these show it is a call and not a subject ("B what about you?", "C your turn").
_CALL_FOLLOWERS = frozenset(
    ["you", "tell", "please", "who", "which", "whether", "if", "what", "how", "why", "same", "your", "answer",
     "speak", "say", "reply", "respond", "go", "spill", "just", "bro", "dude", "bruh", "ngl", "tbh", "honestly"]
)
_AUX_RE = "(?:" + "|".join(sorted(AUX)) + ")"
# The previous question put again with its predicate left out: "B, did you?", "And you, C?",
# "What about C?", "Did he, C?"; and "Same question, B." (read like "And you, B?").
_ELLIPTIC = re.compile(
    r"^(?P<lead>(?:what|how) about |and |or )?(?:(?P<aux>" + _AUX_RE + r")(?: not)? )?"
    r"(?P<who>" + _REF_LIST + r"|you|yourself|he|she|him|her)(?: not)?(?: too| either| though| then| also)?$"
)
_AND = frozenset(["and", "or", "also"])  # "And C?": a follow-up, where "C?" alone calls C
_FOLLOW_UP_LEAD = re.compile(r"^(?:what|how) about\b")  # "What about the others?": one we cannot read
# "what about C", "about A:": whom the next question is about ("... is he innocent?")
_TOPIC = re.compile(r"(?:and |now |so )?(?:what about|how about|about|regarding|as for|concerning) (@\d+)(?: (?::|,|-))?")
_TOPIC_WORDS = frozenset(["about", "regarding", "concerning"])
_SAME = re.compile(r"^(?:and )?(?:what is your answer to )?(?:the |that )?same(?: question| here| again| for you| to you"
                   r"| goes for you)?(?: for you| to you| (?:for|to) (?P<to>" + _REF_LIST + r"))?$")
# A second call inside one sentence: "..., and B, did you?", "..., C did you eat it?"
# (a name before an auxiliary and "you" cannot be the subject). Read token by token in
# `_second_calls`, in one pass over the sentence: a break (", ", ", and ", "and ", "but ",
# "or "), then a list of names as in _REF_LIST, then ", did"/": did"/"- did" or "did you"/"did not you".
_LIST_NAME = re.compile(r"@\d+|everyone")
_LIST_JOINS = frozenset([",", "and", "&", "/"])  # and ", and"
_CALL_MARKS = frozenset([",", ":", "-"])
_AUX_WORD = re.compile(_AUX_RE + r"\b")
_YOU_WORD = re.compile(r"you\b")
# A sentence that corrects the question before it: "oops", "sorry, I meant ...", "nvm wrong
# person", "correction:". Soft words may come between ("ugh typo, I meant A"); a bare "I mean"
# only glosses the question before it (see `_correction`).
_CORRECTING = ("oops", "whoops", "sorry", "nvm", "correction", "typo", "never mind", "scratch that",
               "my bad", "wrong person", "wrong one", "wrong name", "no wait", "wait no", "i meant",
               "i mean", "let me rephrase", "or rather", "rather", "to say", "meant")
_CORRECTING_SOFT = frozenset("oh ugh uh um hmm ah wait no ok , : - ! i".split())
_APOLOGY = frozenset(["sorry", "oops", "whoops"])  # a correction only when something follows
_POLITE_AFTER = frozenset(["to", "for", "if", "but", "again"])  # "sorry to ask", "sorry for ...", "sorry if ..."
# What "I meant ..." names instead: "to ask C", "B, not C", "C instead", then maybe ": is B lying".
_MEANT = re.compile(
    r"^(?P<ask>to ask |ask |(?:i )?(?:am |was )?asking |(?:that (?:one |question |was |is )*(?:meant )?|meant )?for )?"
    r"(?P<new>@\d+)(?: ,)?(?: (?:not|instead of) (?P<old>@\d+))?(?: instead)?"
    r"(?: (?:,|:|-) (?P<rest>.+))?$"
)
# Role nouns a "he" or "himself" can point back to in a question about the rules.
_ROLES = frozenset("liar culprit thief perpetrator criminal eater drinker fibber deceiver truthteller".split())
_INNER_VOCATIVE = re.compile(r" , (" + _REF_LIST + r") (?:,|:) ")
# A list of names that calls on them ends at its "and" (or a quantifier after it: "A and
# B, each of you"): in "A, B and C, B ate it, didn't he?" the second B is the subject,
# not a fourth name called.
_CALL_LIST = (r"(?:@\d+|everyone)(?: (?:,|&|/) (?:@\d+|everyone))*"
              r"(?: (?:and|, and) (?:@\d+|everyone)(?: (?:and|&|/) (?:@\d+|everyone))*)?(?: , everyone)?")
_LEADING_LIST = re.compile(r"^(?:both )?(" + _CALL_LIST + r")(?: (?:,|:|-))?")
_GUESS_INTRO = re.compile(
    r"^(?:(?:my|the|our) )?(?:final )?(?:answer|guess|solution|verdict|accusation|conclusion)s?"
    r"(?: is| would be| will be)?(?: :| ,| -)? "
    r"|^i (?:am going|will go|go|choose|pick|accuse|say|declare|conclude|know)(?: with)?(?: that)? "
    r"|^i am (?:sure|certain|positive|confident)(?: that)? |^i would say(?: that)? "
)
_COUNT = re.compile(
    r"\bhow many\b(?:.* )?(?:questions?|left|remain|remaining|more|tries|turns|chances|asks|used|budget)\b"
    r"|\b(?:questions?|tries|turns|chances) (?:do i have )?(?:left|remaining)\b"
    r"|\bremaining questions\b|\bquestion count\b|\bhow much (?:budget|left)\b|\bmy budget\b"
)
_META = re.compile(
    r"\b(?:rules?|how (?:do|does|to) (?:i |you |we )?(?:play|win|this work)|help|restart|start over|"
    r"new game|play again|quit|exit|joke|weather|your name|who are you|what are you|hint)\b"
)
# A reply to "this costs 3, go ahead?": any refusing word makes it a no; a yes is short and
# made only of agreeing words and harmless ones ("sure, ask away").
_REFUSING = frozenset("no n not never cancel skip stop abort nevermind decline forget wait hold".split())
_AGREEING = frozenset(
    "yes y sure ok alright fine go ahead proceed confirm confirmed absolutely agreed deal accept do please course".split()
)
_HARMLESS = frozenset(
    """it that then away on ask them all of by me let us thanks thank you good sounds course
    really just right now for why is go ahead""".split()
)


@dataclass(frozen=True)
class _Addressed:
    """A sentence with its vocative taken off: who is asked, and the rest of the words."""

    addressees: tuple[str, ...]
    words: tuple[str, ...]


@dataclass(frozen=True)
class _Unanswered:
    """A sentence put to someone in which nothing chargeable was read ("B, how come?").

    Alone it is what `alone` says (other talk, a remark, or why it is unclear); beside a
    question it makes the utterance unclear, so that no question the player asked is
    silently left unanswered. A remark to someone before a question to him ("B, I keep
    thinking about A. Is he the liar?") is answered by that question: `told` are whom it
    was said to.
    """

    alone: Reading
    told: tuple[str, ...] = ()
    topic: str | None = None  # "A, what about C?": answered only by a question about C


_Read = Reading | _Unanswered
_OTHER = Reading(Mood.OTHER)
_COUNT_QUERY = Reading(Mood.COUNT)


def _problem(why: Why, other: str = "") -> Reading:
    """A sentence that cannot be read safely: the message is Unclear for this reason."""
    return Reading(Mood.OTHER, problem=Problem(why, other=other))


def _remark(original: tuple[str, ...], claims: tuple[Claim, ...] = (), told: tuple[str, ...] = ()) -> Reading:
    """Thinking aloud, or a conclusion (said to `told`: "C, you're the liar!"); hedged
    ("maybe", "I think") it hedges the message."""
    return Reading(Mood.MUSE if _hedged(original) else Mood.CONCLUDE, claims, told)


def _strip_fillers(words: tuple[str, ...]) -> tuple[str, ...]:
    """Drop interjections in front ("OK so", "Hey", "Excuse me", "No, ...")."""
    start = 0  # an index, not a new tuple per filler dropped
    while start < len(words):
        joined = " ".join(words[start:start + 2])
        if joined in _TWO_WORD_FILLERS or joined in ("yes ,", "no ,"):
            start += 2
        elif " ".join(words[start:start + 3]) in _THREE_WORD_FILLERS:
            start += 3
        elif words[start] in _FILLERS:
            start += 1
        else:
            break
    return words[start:]


def _hedged(words: tuple[str, ...]) -> bool:
    """A hedge ("maybe", "I think", "or") outside a declared answer ("my guess is ...")."""
    return bool(HEDGES.intersection(words)) and not _GUESS_INTRO.match(" ".join(_strip_fillers(words)) + " ")


def _names(listed: str, ctx: Context) -> tuple[str, ...]:
    """The roster names of a list of reference tokens; "everyone" is the whole roster,
    unless names are listed with it: "A and B, each of you" ranges over A and B only."""
    if EVERYONE in listed.split() and not any(map(is_ref, listed.split())):
        return ctx.roster.names
    return tuple(dict.fromkeys(name_of(w, ctx.roster) for w in listed.split() if is_ref(w)))


def _leading_vocative(words: tuple[str, ...], ctx: Context) -> _Addressed | None:
    """"A, ...", "A and B: ...", "Question for C: ...", "ask A whether ...", "B did you ...".

    A list of names is a vocative when punctuation follows it, when an intro
    ("question for") precedes it, when a word no subject takes follows it ("b you ate
    it?", "B what about you?", see _CALL_FOLLOWERS) or when an auxiliary and a subject
    follow it ("B did you eat it", "A is C the liar"), but not in "B did it" or "C is
    the liar".
    """
    text = " ".join(words)
    intro = _INTRO.match(text)
    body = text[intro.end():] if intro else text
    found = _LEADING_LIST.match(body)
    if not found:
        return _inner_vocative(text, ctx)
    listed = found.group(1)
    rest = tuple(body[found.end():].split())
    punctuated = found.group(0).endswith((",", ":", "-"))
    if not rest and not (intro or punctuated):
        return None
    if not (intro or punctuated):
        following = rest[1] if len(rest) > 1 else ""
        third = rest[2] if len(rest) > 2 else ""
        subject_follows = rest[0] in AUX and (
            is_person(following) or (following in ("it", "there") and third.isalpha() and third not in _BOUNDARY)
            or (following == "not" and is_person(third))  # "B didnt u eat it"
        )
        if not subject_follows and rest[0] not in _CALL_FOLLOWERS:
            first = listed.split()
            if len(first) > 2 and first[1] == ",":  # "A, B ate it?": A is asked about B
                return _Addressed(_names(first[0], ctx), tuple(first[2:]) + rest)
            return None
    return _Addressed(_names(listed, ctx), rest)


def _inner_vocative(text: str, ctx: Context) -> _Addressed | None:
    """"Sorry to bother you, A, but ..." / "Could you tell me, B, if ...": a name between commas.

    What comes before it may not name anyone or anything of the game; it is kept when
    it is a polite wrapper ("could you tell me") and dropped otherwise.
    """
    found = _INNER_VOCATIVE.search(text + " ")
    if not found:
        return None
    before = tuple(text[: found.start()].split())
    lexicon = predicate_words(ctx.incident)
    if any(is_ref(w) or w in lexicon for w in before):
        return None
    _, wrapped = _strip_wrappers(before)
    rest = tuple(text[found.end():].split())
    return _Addressed(_names(found.group(1), ctx), (before if wrapped else ()) + rest)


def _strip_tail(words: tuple[str, ...], ctx: Context) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """Take tags ("..., right?", "..., didn't you?") and a trailing vocative (", A?") off.

    Returns the words left, the trailing addressees and whether a tag was found.
    """
    text = " " + " ".join(words)
    addressees: tuple[str, ...] = ()
    tagged = False
    while True:
        before = text
        text = _POLITE_TAIL.sub("", text)
        untagged = _TAG.sub("", text)
        if untagged != text and untagged.strip():  # a tag alone ("didn't you, B?") is the question
            text, tagged = untagged, True
        vocative = _TRAILING_VOCATIVE.search(text)
        if vocative and not addressees:
            addressees, text = _names(vocative.group(1), ctx), text[: vocative.start()]
        if text == before:
            return tuple(text.split()), addressees, tagged


def _called_at_the_end(words: tuple[str, ...]) -> bool:
    """A name after a whole question about someone else, with no comma: "did C eat it A".
    Not after a word that joins it to the question ("... or A", "... to A", "than A"),
    nor when no one else is named ("was it A", where A is the one asked about)."""
    if len(words) < 4 or words[0] not in AUX or not is_ref(words[-1]) or words[-1] in words[:-1]:
        return False
    before = words[-2]
    joined = before in CONJUNCTIONS or before in PREPOSITIONS or before in NEGATORS or before in AUX or is_ref(before)
    return not joined and before not in _JOINING and any(map(is_ref, words[1:-1]))


def _bare_tag(words: tuple[str, ...]) -> bool:
    """A tag typed without its comma after a statement: "you didn't eat it did you"."""
    return (len(words) > 3 and words[0] not in AUX and words[-2] in AUX and words[-1] in _TAG_SUBJECTS
            and words[-3] not in CONJUNCTIONS and words[-3] not in AUX)


def _strip_wrappers(words: tuple[str, ...]) -> tuple[tuple[str, ...], bool]:
    """Take politeness and embedding off the front ("could you tell me whether ...")."""
    text = " ".join(words) + " "
    wrapped = False
    changed = True
    while changed:
        changed = False
        text = _WHO_THINK.sub(r"\1 ", text)
        for wrapper in _WRAPPERS:
            stripped = wrapper.sub("", text, count=1)
            if stripped != text:
                text, wrapped, changed = stripped, True, True
    return tuple(text.split()), wrapped


_SAY = r"(?:say|answer|reply|respond|tell (?:me|you))"
_ASK = r"(?:i |you |we |someone )?(?:were to |had |did )?ask(?:ed)?"
_HIM = r"(?:him|her|them|(?P=via))"
# "..., what would he say?" / "..., would B say yes?": the question put to the one asked
_WOULD_ANSWER = (r"(?:(?:what|how) would (?:he|she|they|(?P=via)) " + _SAY + r"|(?:would|will|does|do|could|might) "
                 r"(?:he|she|they|(?P=via)) " + _SAY + r"(?: (?P<answer>yes|no))?)(?: to that)?$")
_EMBEDDED_ASK = frozenset(["whether", "if"])
# "Suppose I asked C if you ate it. Would C say yes?": a supposition and its question, one nested question
_SUPPOSING = re.compile(r"(?:^|\s)(?:if|suppose|imagine) " + _ASK + r" @\d+ ")
_WOULD_THEY = re.compile(r"^(?:- |, )?(?:(?:what|how) would|(?:would|will|does|do) (?:he|she|they|@\d+) "
                         + _SAY + r")\b")
_NESTED = tuple(re.compile(p) for p in (
    r"^(?:if|suppose|imagine|say) " + _ASK + r" (?P<via>@\d+) (?:whether |if )?(?P<inner>.+?) (?:, )?" + _WOULD_ANSWER,
    r"^if (?P<via>@\d+) (?:were|was|is|got|gets) asked (?:whether |if )?(?P<inner>.+?) (?:, )?" + _WOULD_ANSWER,
    r"^(?:would|will|does) (?P<via>@\d+) " + _SAY + r" (?P<answer>yes|no) (?:if " + _ASK + r"(?: " + _HIM
    + r")? |to )(?:whether |if )?(?P<inner>.+)$",
    r"^(?:what|how) would (?P<via>@\d+) " + _SAY + r"(?: to that)? if (?:" + _ASK + r"(?: " + _HIM
    + r")?|(?:he|she|they) (?:were|was) asked|asked) (?:whether |if )?(?P<inner>.+)$",
    r"^(?:would|will) (?P<via>@\d+) (?:say|claim|tell (?:me|you)|admit|confess) (?:that )?(?P<inner>.+)$",
    r"^if " + _ASK + r" (?P<via>@\d+) , (?:would|will) (?:he|she|they) (?:say|claim|tell (?:me|you)|admit) "
    r"(?:that )?(?P<inner>.+)$",
))


def _nested(words: tuple[str, ...], ctx: Context, people: People) -> tuple[Claim, ...] | None:
    """"If I asked B whether C ate it, would B say yes?": what B is asked, nested via B.

    "Would B say no" is read as "would B say yes to the opposite".
    """
    text = " ".join(words)
    for pattern in _NESTED:
        found = pattern.match(text)
        if not found:
            continue
        via = name_of(found.group("via"), ctx.roster)
        says_no = found.groupdict().get("answer") == "no"
        inner_people = replace(people, antecedent=via, pronouns=False)
        inner = tuple(found.group("inner").split())
        if _EMBEDDED_ASK.intersection(inner):  # "what would B say if I asked C whether ...": who is asked?
            raise Unreadable(Why.NESTED)
        claims = read(inner, ctx.incident, inner_people)
        if not claims:
            raise Unreadable(Why.NESTED)
        return tuple(replace(c, negated=c.negated != says_no, via=named(via)) for c in claims)
    return None


def _mentions_game(words: tuple[str, ...], ctx: Context) -> bool:
    """A name, a role, the incident or "who": about the game even if unreadable."""
    lexicon = predicate_words(ctx.incident)
    return any(
        is_ref(w) or w in lexicon or w in OTHER_INCIDENT_WORDS or w == "who"
        for w in words
    )


def _wrong_incident(words: tuple[str, ...], ctx: Context) -> Reading | None:
    """Another incident's object or verb ("did you eat the juice?"): better asked again,
    told what the game is about (`other`: the other thing, as typed)."""
    nouns = incident_nouns(ctx.incident)
    verbs = wrong_verbs(ctx.incident)
    for i, word in enumerate(words):
        if word in OTHER_INCIDENT_WORDS and word not in nouns:
            return _problem(Why.OTHER_INCIDENT, word)
        if word in CULPRIT_VERBS and (thing := other_object(words[i + 1:], nouns)) is not None:
            return _problem(Why.OTHER_INCIDENT, thing)
    if verbs.intersection(words):  # "drank the cake": the other act, the incident's own object
        return _problem(Why.OTHER_INCIDENT)
    return None


@dataclass(frozen=True)
class _Frame:
    """A sentence with its frame taken off: whom it asks, the clause, and how it is put."""

    addressees: tuple[str, ...]
    words: tuple[str, ...]  # the clause itself
    nested_words: tuple[str, ...]  # before politeness wrappers, where "if I asked B ..." starts
    asking: bool  # a question mark, an auxiliary first, a tag, a wrapper or a who-word
    open_: bool  # a who-question
    declared: bool  # "My answer: ...", "I'm sure ...": a guess even if hedged
    accusing: bool  # "I accuse B": a name alone is the culprit
    named: bool  # the addressees were named in this very sentence, not carried over
    torn: bool  # other addressees named at the end than at the start ("A, ..., B?")


def _frame(words: tuple[str, ...], asked: bool, ctx: Context, carried: tuple[str, ...]) -> _Frame:
    """Take off everything around the clause: fillers, vocatives, tags, politeness."""
    guess_intro = _GUESS_INTRO.match(" ".join(words) + " ")
    if guess_intro:
        words = tuple((" ".join(words) + " ")[guess_intro.end():].split())
    addressed = _leading_vocative(words, ctx)
    addressees, words = (addressed.addressees, addressed.words) if addressed else ((), words)
    words, trailing, tagged = _strip_tail(words, ctx)
    if not tagged and _bare_tag(words):  # "C you didnt eat the donut did you"
        words, tagged = words[:-2], True
    torn = bool(addressees and trailing) and set(addressees) != set(trailing)
    addressees = addressees or trailing
    words = _strip_fillers(words)
    nested_words = words
    words, wrapped = _strip_wrappers(words)
    if (addressed or wrapped) and words[:1] in (("if",), ("whether",)):
        words, wrapped = words[1:], True
    if not addressees and _called_at_the_end(words):  # "did C eat it A??", "is C innocent Mr. A"
        addressees, words = (name_of(words[-1], ctx.roster),), words[:-1]
    if not addressees and "you" in words:
        bare = _BARE_TRAILING_VOCATIVE.search(" " + " ".join(words))
        if bare and len(words) > 2:
            addressees = _names(bare.group(1), ctx)
            words = tuple((" " + " ".join(words))[: bare.start()].split())
    open_ = bool(words) and words[0] in ("who", "whom", "which", "whose")
    # "could be that C did it": a hedge, not a question put with its auxiliary first
    musing_aux = words[:2] in (("could", "be"), ("might", "be"), ("may", "be"))
    asking = not guess_intro and (asked or tagged or wrapped or open_ or (bool(words) and words[0] in AUX
                                                                          and not musing_aux))
    accusing = guess_intro is not None and "accuse" in guess_intro.group(0)
    return _Frame(addressees or carried, words, nested_words, asking, open_, bool(guess_intro), accusing,
                  bool(addressees), torn)


def _read_sentence(sentence: Sentence, ctx: Context, carried: tuple[str, ...], before: _Before | None
                   ) -> tuple[_Read | None, tuple[str, ...]]:
    """One sentence's reading (None: pure flavour) and the addressees from here on.

    `before` is the question of the sentence before, which an elliptical one repeats.
    """
    original = sentence.words
    text = " ".join(original)
    if _COUNT.search(text):
        return _COUNT_QUERY, carried
    words = _strip_fillers(original)
    if not words:
        return (_remark(original) if THINKING.intersection(original) else None), carried
    frame = _frame(words, sentence.asked, ctx, carried)
    if frame.torn:  # "A, ..., B?": which of them is asked?
        return _problem(Why.ASKED_OR_ABOUT), frame.addressees
    follow_up = (bool(_AND.intersection(original[:2])) or original[-1] == "too") and frame.words == words
    if before is not None and (again := _asked_again(frame, before, follow_up, ctx)) is not None:
        return again, again.addressees or frame.addressees
    if topic := _TOPIC.fullmatch(" ".join(frame.words)):  # "A, what about C? Did he eat it?": C is the topic
        about = name_of(topic.group(1), ctx.roster)
        unread = Reading(Mood.OTHER, problem=Problem(Why.WHICH_QUESTION), mentioned=(about,))
        return _Unanswered(unread, frame.addressees, about), frame.addressees
    if _ONLY_NAMES.match(" ".join(words)):  # "OK, now C." then "Did you eat it?"
        return None, _names(" ".join(words), ctx)
    if not frame.words:  # "I have a question for C." then "Is A honest?"
        # "B, is it true?", "B, I have a question.": answered by a question to B after it
        put = frame.named and frame.asking and not _only_a_call(words, ctx)
        return (_Unanswered(_OTHER, frame.addressees) if put else None), frame.addressees
    addressees, words = frame.addressees, frame.words
    if frame.declared and _ONLY_NAMES.match(" ".join(words)):
        names = _names(" ".join(words), ctx)
        if frame.accusing and len(names) == 1:  # "I accuse B!"
            return Reading(Mood.CONCLUDE, (Claim("culprit", (named(names[0]),)),)), addressees
        return _problem(Why.WHICH_ROLE), addressees
    if wrong := _wrong_incident(words, ctx):
        return wrong, addressees
    musing = bool(_MUSING.intersection(original)) or "could it be" in text
    if frame.asking and _about_a_role(words):
        if addressees:
            return _problem(Why.ROLE), addressees
        # about the rules: "does the liar lie about himself?"
        return (_remark(original) if musing else _OTHER), addressees
    people = People(ctx.roster, you=bool(addressees), group=len(addressees) > 1, pronouns=True)
    try:
        nesting = frame.asking or bool(addressees)  # "A what would B say if i asked him ...": no "?" needed
        nested = (_nested(frame.nested_words, ctx, people) or _nested(words, ctx, people)) if nesting else None
        if nested is not None:
            return Reading(Mood.ASK, nested, addressees), addressees
        claims = read(words, ctx.incident, people, open_=frame.open_)
    except Unreadable as unreadable:
        if addressees or (frame.asking and not musing and any(map(is_person, words))):
            return Reading(Mood.OTHER, problem=unreadable.problem), addressees
        return (_OTHER if frame.asking and not musing else _remark(original)), addressees
    if frame.asking:
        if musing and not addressees:
            return _remark(original, claims, addressees), addressees
        return _question(claims, frame, ctx), addressees
    if not claims:
        thinking = not _META.search(text) and (THINKING.intersection(original) or _mentions_game(words, ctx))
        said = _remark(original) if thinking else _OTHER
        return (_Unanswered(said, addressees) if frame.named else said), addressees  # "B, your turn."
    if frame.declared and len(claims) == 1 and claims[0].predicate != "honest" and len(claims[0].about) > 1:
        return _problem(Why.WHICH_ROLE), addressees
    if not frame.declared and not _hedged(original) and _question_inside(words):
        return _problem(Why.QUESTION_OR_ANSWER), addressees  # "A spill the tea, who ate it": no conclusion
    return _remark(original, claims, addressees), addressees


def _question_inside(words: tuple[str, ...]) -> bool:
    """A question word opening the clause or a part of it ("..., who ate it"), or an
    auxiliary before a subject after a mark ("quick qestion: did you drink it"): the
    words ask something, so they are no conclusion to judge, whatever else they say."""
    return any(
        (w in _QUESTION_WORDS and (i == 0 or words[i - 1] in _CALL_MARKS))
        or (w in AUX and i and words[i - 1] in _CALL_MARKS and i + 1 < len(words)
            and (is_person(words[i + 1]) or words[i + 1] in ("not", "it", "there")))
        for i, w in enumerate(words))


def _question(claims: tuple[Claim, ...], frame: _Frame, ctx: Context) -> _Read:
    """What a question asks, if it can be charged; why not otherwise."""
    words, addressees = frame.words, frame.addressees
    if words and words[0] in _OTHER_WH:  # "why did you eat it?": no yes/no to charge
        return _problem(Why.UNREAD) if claims else _nothing_asked(frame)
    if not claims:
        if addressees and (_mentions_game(words, ctx) or _names_a_thing(words)):
            return _problem(Why.NO_PREDICATE)
        return _nothing_asked(frame, checking=True)
    if not addressees and not frame.open_ and not any(map(is_person, words)):
        return _OTHER  # about the rules: "does the liar always lie?"
    return Reading(Mood.ASK, claims, addressees)


def _confirmation(sentences_: tuple[Sentence, ...], ctx: Context) -> bool | None:
    """A short yes (True) or no (False) to a pending open question; None for anything else."""
    words = [w for s in sentences_ for w in s.words if w.isalnum() or is_ref(w)]
    if len(words) > 8 or _mentions_game(tuple(words), ctx) or EVERYONE in words:
        return None
    if " ".join(words) == "why not":
        return True
    if _REFUSING.intersection(words):
        return False
    if _AGREEING.intersection(words) and all(w in _AGREEING or w in _HARMLESS for w in words):
        return True
    return None


def parse(text: str, ctx: Context) -> Intent:
    """Read one English utterance into an intent (see the module docstring)."""
    read_text = sentences(text, ctx.roster)
    if not read_text.sentences:
        return unclear(Why.EMPTY)
    if read_text.unknown:
        return unclear(Why.UNKNOWN_PERSON, read_text.unknown)
    if ctx.pending and (accept := _confirmation(read_text.sentences, ctx)) is not None:
        return Confirm(accept)
    readings: list[_Read] = []
    addressees: tuple[str, ...] = ()
    calling = False  # the last sentences only called on someone ("Now B."), asking nothing yet
    last: _Read | None = None  # the last reading that is no remark ("Hmm.")
    correcting: _Correction | None = None  # a correction waiting for the question it brings
    first = read_text.sentences[0].words
    if ctx.previous is not None and (_AND.intersection(first[:2]) or _FOLLOW_UP_LEAD.match(" ".join(first))):
        # "and is B honest?", "what about A?": put to the one asked before
        addressees = tuple(dict.fromkeys(q.speaker for q in ctx.previous.queries))
    for whole in _suppositions(read_text.sentences):
        found = _correction(whole, ctx) if _asking(last) else None
        if found is None and correcting is not None and correcting.new is None and not correcting.gloss:
            # "oops, wrong person. That one is for C, not A."
            found = _meant(whole, ctx) if _MEANT.match(" ".join(whole.words)) else None
        if found is not None:
            whole, correcting = found.rest, found
        for sentence in (p for topic in _topics(whole, ctx) for p in _calls(topic, ctx)) if whole.words else ():
            # what a next sentence repeats: the last question, in this message or the one before
            before = (_asked_before(last) if _asking(last) else None) if last is not None else (
                _previous_before(ctx.previous) if ctx.previous is not None else None)
            was = addressees
            reading, addressees = _read_sentence(sentence, ctx, addressees, before)
            calling = (calling or addressees != was) if reading is None else False
            if reading is None:
                continue
            named_here = [name_of(w, ctx.roster) for w in sentence.words if is_ref(w)]
            reading = _mentioning(reading, tuple(n for n in dict.fromkeys(named_here) if n not in addressees))
            if correcting is not None and _asking(last) and _asking(reading):
                reading = _restated(last, reading, ctx) if correcting.gloss else replace(reading, corrects=True)
                correcting = None
            readings.append(reading)
            if not _remarking(reading):
                last = reading
    if correcting is not None and not correcting.gloss:
        # "A, did B eat it? Sorry, I meant to ask C" (no question followed the correction)
        readings.append(_fixed(correcting, last) if _asking(last)
                        else _problem(Why.CORRECTION))
    if calling:  # "A, did you eat it? Now B.": B is called and asked nothing
        readings.append(_Unanswered(_OTHER))
    final = _unanswered_resolved(readings)
    hedged = any(_hedged(s.words) for s in read_text.sentences)
    if hedged and any(r.mood is Mood.CONCLUDE and r.claims for r in final):
        final.append(Reading(Mood.MUSE))  # "A ate it... I think.": a hedge anywhere hedges the conclusion
    return combine(final, ctx.roster, ctx.previous)


def _asking(reading: _Read | None) -> TypeGuard[Reading]:
    """A readable question with something to ask."""
    return isinstance(reading, Reading) and reading.mood is Mood.ASK and bool(reading.claims) \
        and reading.problem is None


def _remarking(reading: _Read) -> bool:
    """Thinking aloud, which an elliptical question after it skips over ("Hmm. B, did you?")."""
    return isinstance(reading, Reading) and reading.problem is None and (
        reading.mood is Mood.MUSE or (reading.mood is Mood.CONCLUDE and not reading.claims))


def _mentioning(reading: _Read, others: tuple[str, ...]) -> _Read:
    """The reading with the suspects its sentence names without asking them (for a "he" later)."""
    if isinstance(reading, _Unanswered):
        return replace(reading, alone=replace(reading.alone, mentioned=others or reading.alone.mentioned))
    return replace(reading, mentioned=others)


def _topics(sentence: Sentence, ctx: Context) -> tuple[Sentence, ...]:
    """"C, about A: is he innocent?" cut after its topic, so that "he" is read as A; and
    "I'm just going to ask directly: B, are you honest?" after a lead-in that says nothing
    of the game, before the call."""
    words = sentence.words
    lexicon = predicate_words(ctx.incident)
    for i in range(len(words) - 3):
        lead = i == 0 or words[i - 1] in (",", ":", "what", "how")
        if lead and words[i] in _TOPIC_WORDS and is_ref(words[i + 1]) and words[i + 2] in _CALL_MARKS:
            return Sentence(words[:i + 2], False), Sentence(words[i + 3:], sentence.asked)
        if words[i] in lexicon:
            break  # a lead-in says nothing of the game
        if i and words[i] == ":" and is_ref(words[i + 1]) and words[i + 2] in _CALL_MARKS:
            return Sentence(words[:i], False), Sentence(words[i + 1:], sentence.asked)
    return (sentence,)


def _suppositions(found: tuple[Sentence, ...]) -> list[Sentence]:
    """The sentences, a supposition joined to the question about it that follows ("Suppose I
    ask A whether C ate it. What would A say?"), so that the nesting is read whole."""
    joined: list[Sentence] = []
    for sentence in found:
        before = joined[-1].words if joined else ()
        if _WOULD_THEY.match(" ".join(sentence.words)) and _SUPPOSING.search(" ".join(before)):
            tail = sentence.words[1:] if sentence.words[0] in ("-", ",") else sentence.words
            joined[-1] = Sentence((*before, ",", *tail), True)
        else:
            joined.append(sentence)
    return joined


def _names_a_thing(words: tuple[str, ...]) -> bool:
    """A question about a person and a noun this reader does not know ("are you the lierr?",
    "is C the bakr?"): it asks something, so it is no check-in a later question answers."""
    return bool(ARTICLES.intersection(words)) and any(map(is_person, words))


def _nothing_asked(frame: _Frame, checking: bool = False) -> _Read:
    """A question with nothing to charge: unanswered if it was put to someone about someone.
    `checking`: it says nothing of the game ("A u still there?"), so a question to the
    same person after it answers it."""
    to_someone = frame.named or (bool(frame.addressees) and any(map(is_person, frame.words)))
    told = frame.addressees if checking and frame.named else ()
    return _Unanswered(_OTHER, told) if to_someone else _OTHER


def _about_a_role(words: tuple[str, ...]) -> bool:
    """Whether "he" or "himself" points back to a role, no person being named
    ("does the liar lie about himself?"): a question about the rules, not about someone."""
    if any(is_ref(w) or w in YOU or w in PLAYER for w in words):
        return False
    roles = [i for i, w in enumerate(words) if w in _ROLES and i and words[i - 1] in ("the", "a")]
    return bool(roles) and any(w in THIRD for w in words[roles[0]:])


def _calls(sentence: Sentence, ctx: Context) -> tuple[Sentence, ...]:
    """A sentence cut where it calls on someone else ("A, did you eat it, and B, did you?"),
    so that each part is read with its own addressees. Nothing is cut off a part that only
    says whom it asks ("A and B, did you ...", "Question for A and B, ...")."""
    words = sentence.words
    calls = _second_calls(words)
    parts: list[Sentence] = []
    start, i = 0, 1
    listing = _list_step("name", words[0]) if words else ""
    while i < len(words):
        rest = calls[i]
        # A part that is a list of names only calls: known without reading it again, so a
        # long list ("A, B, A, B, ..., did you") is not re-read at each of its commas.
        if rest is not None and listing != "join" and not _only_a_call(words[start:i], ctx):
            parts.append(Sentence(words[start:i], sentence.asked))
            start, i = rest, rest + 1
            listing = _list_step("name", words[start])
        else:
            listing = _list_step(listing, words[i])
            i += 1
    return (*parts, Sentence(words[start:], sentence.asked))


def _list_step(expected: str, word: str) -> str:
    """A list of names as in _REF_LIST read one word at a time: what it expects after
    `word` ("join" after a name, where the list may end; "name"; "comma" after ", ",
    where a name or "and" follows), or "" once the words are no such list."""
    if expected in ("name", "comma") and _LIST_NAME.fullmatch(word):
        return "join"
    if (expected == "join" and word in _LIST_JOINS - {","}) or (expected == "comma" and word == "and"):
        return "name"
    return "comma" if expected == "join" and word == "," else ""


def _second_calls(words: tuple[str, ...]) -> list[int | None]:
    """For each word, where the call starts when a second call begins there (see the
    comment on _LIST_NAME): the index after its break words; None elsewhere. One pass from
    the end, so a long sentence or list of names is not re-read from every word."""
    n = len(words)

    def word(i: int) -> str:
        return words[i] if i < n else ""

    def tail(i: int) -> bool:  # ", did" or "did you" right after the last name
        if word(i) in _CALL_MARKS and _AUX_WORD.match(word(i + 1)):
            return True
        you = i + 2 if word(i + 1) == "not" and _YOU_WORD.match(word(i + 2)) else i + 1
        return word(i) in AUX and _YOU_WORD.match(word(you)) is not None

    listed = [False] * (n + 3)  # listed[i]: a list of names starts at i and a tail follows it
    for i in range(n - 1, -1, -1):
        listed[i] = _LIST_NAME.fullmatch(words[i]) is not None and (
            tail(i + 1)
            or (word(i + 1) in _LIST_JOINS and listed[i + 2])
            or (word(i + 1) == "," and word(i + 2) == "and" and listed[i + 3]))
    calls: list[int | None] = [None] * n
    for i, w in enumerate(words):
        if w == ",":
            calls[i] = i + 2 if word(i + 1) in ("and", "but", "or") and listed[i + 2] else (
                i + 1 if listed[i + 1] else None)
        elif w in ("and", "but", "or") and listed[i + 1]:
            calls[i] = i + 1
    return calls


def _only_a_call(words: tuple[str, ...], ctx: Context) -> bool:
    """Whether `words` only say whom a question is for: "A and B", "Question for C"."""
    words = _strip_fillers(words)
    addressed = _leading_vocative(words, ctx)
    return not words or bool(_ONLY_NAMES.match(" ".join(words))) or (addressed is not None and not addressed.words)


@dataclass(frozen=True)
class _Correction:
    """A sentence that corrects the question before it.

    `rest` is what follows the correcting words (a question that replaces the one before,
    or nothing); `gloss` is a bare "I mean": the same question again is kept once, a
    different one leaves unclear which is meant. `new`/`old`/`ask` are "I meant (to ask)
    C(, not A)" when no question follows.
    """

    rest: Sentence
    gloss: bool
    new: str | None = None
    old: str | None = None
    ask: bool = False


def _correction(sentence: Sentence, ctx: Context) -> _Correction | None:
    """The correction a sentence makes, or None when it makes none."""
    words = sentence.words
    i, markers = 0, []
    while i < len(words):
        pair = " ".join(words[i:i + 2])
        if pair in _CORRECTING:
            markers.append(pair)
            i += 2
        elif words[i] in _CORRECTING:
            markers.append(words[i])
            i += 1
        elif words[i] in _CORRECTING_SOFT:
            i += 1
        else:
            break
    rest = words[i:]
    if not markers or (set(markers) <= _APOLOGY and (not rest or rest[0] in _POLITE_AFTER)):
        return None  # "Sorry.", "sorry to ask, but ...": politeness, nothing corrected
    return _meant(Sentence(rest, sentence.asked), ctx, gloss=set(markers) <= {"i mean"})


def _meant(rest: Sentence, ctx: Context, gloss: bool = False) -> _Correction:
    """What follows the correcting words: whom "I meant (to ask) C (, not A)" names, if it
    names someone ("that one is for C": the question was for C), else a question."""
    meant = _MEANT.match(" ".join(rest.words))
    if meant is None:
        return _Correction(rest, gloss)
    later = tuple(meant.group("rest").split()) if meant.group("rest") else ()
    return _Correction(Sentence(later, rest.asked), gloss, name_of(meant.group("new"), ctx.roster),
                       name_of(meant.group("old"), ctx.roster) if meant.group("old") else None,
                       meant.group("ask") is not None)


def _fixed(correction: _Correction, asked: Reading) -> Reading:
    """"A, did B eat it? Sorry, I meant to ask C (, not A)": the name the correction swaps;
    without "not A" it is the one asked, when one was asked and the correction says "ask"."""
    old = correction.old
    if old is None and correction.ask and len(asked.addressees) == 1:
        old = asked.addressees[0]
    if correction.new is None or old is None:
        return _problem(Why.CORRECTION)
    return Reading(Mood.ASK, correction=Correction(old, correction.new, correction.ask))


def _restated(previous: Reading, restated: Reading, ctx: Context) -> Reading:
    """A glossed question ("I mean, ...") replaces the one before when it asks the same;
    a different one would leave unclear which of the two the player wants answered."""
    was = queries(previous.claims, previous.addressees, ctx.roster)
    now = queries(restated.claims, restated.addressees, ctx.roster)
    if isinstance(was, tuple) and isinstance(now, tuple) and {q.key() for q in was} == {q.key() for q in now}:
        return replace(restated, corrects=True)
    return _problem(Why.CORRECTION)


@dataclass(frozen=True)
class _Before:
    """The question an elliptical sentence repeats, as the (speaker, about) pairs it asked;
    `plain` when each is a claim about a known person (no nesting, no open question)."""

    asked: tuple[tuple[str, str], ...]
    plain: bool


def _asked_before(reading: Reading) -> _Before:
    """A question of this message as what a follow-up after it repeats."""
    pairs: list[tuple[str, str]] = []
    plain = True
    for speaker in reading.addressees:
        for claim in reading.claims:
            plain = plain and claim.via is None
            for ref in claim.about:
                if ref.person is Person.ADDRESSEE:
                    pairs.append((speaker, speaker))
                elif ref.name:
                    pairs.append((speaker, ref.name))
                else:
                    plain = False
    return _Before(tuple(pairs), plain and bool(pairs))


def _previous_before(previous: Question) -> _Before:
    """The player's last question as what a follow-up in this message repeats."""
    flat = [(q.speaker, as_literal(q.proposition)) for q in previous.queries]
    return _Before(tuple((speaker, f[0].about) for speaker, f in flat if f is not None),
                   all(f is not None for _, f in flat))


def _asked_again(frame: _Frame, before: _Before, follow_up: bool, ctx: Context) -> Reading | None:
    """"B, did you?", "And you, C?", "What about C?", "Same question, B.": the previous
    question put again, to other addressees or about someone else. None when the
    sentence is no such ellipsis; a name alone ("C?", "Now C.") is one only after
    "and" or "what about" or before "too" (`follow_up`), else it calls C.

    "You" is each new addressee himself when the previous question was about its own
    addressee; without an auxiliary ("And you, C?") it is the same third person when the
    previous question was about one. "He" is that third person. A bare name ("And C?")
    after a question about oneself could mean "C, did you?" or "did C?". Whatever is
    not one of these is unclear, never guessed. The predicate is left out (None): the
    message's policy continues the question before (referee.lang.reading.combine).
    """
    text = " ".join(frame.words)
    elliptic, same = _ELLIPTIC.match(text), _SAME.match(text)
    if not (elliptic or same):
        return _problem(Why.WHICH_QUESTION) if _FOLLOW_UP_LEAD.match(text) else None
    if same is not None and same.group("to"):  # "same question for B": B is asked
        frame = replace(frame, addressees=_names(same.group("to"), ctx), named=True)
    auxiliary = elliptic is not None and elliptic.group("aux") is not None
    who = elliptic.group("who") if elliptic else "you"
    if is_ref(who.split()[0]) and not (frame.named or auxiliary or follow_up or (elliptic and elliptic.group("lead"))):
        return None
    if not frame.addressees or not before.plain:  # nobody to ask, or a nested question
        return _problem(Why.WHICH_QUESTION)
    subjects = _repeated_about(who, auxiliary, frame.named, before.asked, ctx)
    if not subjects:
        return _problem(Why.WHICH_QUESTION)
    # "Didn't you?" echoes the question before, whatever its polarity: it turns nothing around.
    return Reading(Mood.ASK, (Claim(None, subjects),), frame.addressees)


def _repeated_about(who: str, auxiliary: bool, is_named: bool, asked: tuple[tuple[str, str], ...], ctx: Context
                    ) -> tuple[Ref, ...]:
    """Whom an elliptical question is about (the addressee, or people); () when unclear.

    `who` is its person word, `auxiliary` whether it has one ("did you?" against "you?"),
    `is_named` whether it names its addressees, `asked` the (speaker, about) pairs before.
    """
    speakers = {speaker for speaker, _ in asked}
    abouts = [about for _, about in asked]
    about_self = [speaker == about for speaker, about in asked]
    third = abouts[0] if len(set(abouts)) == 1 and abouts[0] not in speakers else None
    if who in ("you", "yourself"):
        if is_named and all(about_self):
            return (ADDRESSEE,)
        return (named(third),) if is_named and third and not auxiliary else ()
    if who in ("he", "she", "him", "her"):
        return (named(third),) if third else ()
    if is_named or auxiliary or not (any(about_self) and (len(speakers) == 1 or len(set(abouts)) > 1)):
        return tuple(map(named, _names(who, ctx)))
    return ()


def _unanswered_resolved(readings: list[_Read]) -> list[Reading]:
    """The readings, a sentence left unanswered made what it is: dropped when a later
    question to the one it was said to answers it (about its topic, if it named one; see
    _Unanswered), unreadable beside a question, else what it is alone."""
    kept: list[_Read] = []
    speakers: set[str] = set()  # of the questions after the reading at hand
    about: set[str] = set()
    pronoun = False  # a later question about "him": the topic named just before
    for reading in reversed(readings):
        if isinstance(reading, Reading) and reading.mood is Mood.ASK:
            speakers.update(reading.addressees)
            for claim in reading.claims:
                about.update(r.name for r in (*claim.about, *([claim.via] if claim.via else [])) if r.name)
                if any(r.person is Person.ADDRESSEE for r in claim.about):
                    about.update(reading.addressees)
                pronoun = pronoun or any(r.person is Person.PRONOUN for r in claim.about)
        answered = isinstance(reading, _Unanswered) and bool(reading.told) and set(reading.told) <= speakers \
            and (reading.topic is None or reading.topic in about or pronoun)
        if isinstance(reading, _Unanswered) and answered:  # what it names still points a "he" after it
            kept.append(Reading(Mood.OTHER, mentioned=reading.alone.mentioned))
        else:
            kept.append(reading)
    asks = any(_asking(r) for r in kept)
    return [
        r if isinstance(r, Reading) else r.alone if r.alone.problem is not None or not asks
        else _problem(Why.PART_UNREAD)
        for r in reversed(kept)
    ]
