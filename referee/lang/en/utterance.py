"""A player's English utterance to an intent.

Each sentence is read on its own (a sentence that calls on a second person, "A, did
you eat it, and B, did you?", as two), then the readings are combined: any question
makes the utterance a question (lead-in remarks are ignored), else a clear guess, else a
count query, a remark or other talk. Anything unreadable makes the whole utterance
Unclear, so nothing is charged for a half-understood question; and so does a sentence
put to someone in which nothing can be charged, when another sentence is a question, so
that no question is silently left unanswered (a remark or check-in to someone is answered
by a question to him after it). An elliptical sentence ("B, did you?", "And you, C?") puts
the previous question again, in this message or the one before (`Context.previous`); a
correction ("sorry, I meant ...", "nvm wrong person") replaces it, and a bare "I mean, ..."
glosses it.

The addressee comes from a vocative ("A, ...", "..., A?", "Question for A: ...",
"Everyone, ...") and carries over to the following sentences of the same utterance.
A question with no addressee ("Did A eat it?") is Unclear: asking it of A, of B or of
everyone are all plausible, and a wrongly charged question costs the player more than
a request to name whom they ask.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.lang.context import Context
from referee.lang.en.clause import SELF, Claim, People, Unreadable, is_person, read
from referee.lang.en.words import (
    AUX,
    CONJUNCTIONS,
    CULPRIT_VERBS,
    DETERMINERS,
    EVERYONE,
    HEDGES,
    NEGATORS,
    OTHER_FOODS,
    OTHER_INCIDENT_WORDS,
    PLAYER,
    PORTION,
    PREPOSITIONS,
    THINKING,
    THIRD,
    YOU,
    Sentence,
    incident_nouns,
    is_ref,
    misspelt,
    name_of,
    predicate_words,
    sentences,
    wrong_verbs,
)
from referee.liar.intent import (
    Confirm,
    CountQuery,
    Guess,
    Intent,
    Other,
    Query,
    Question,
    Remark,
    Unclear,
)
from referee.liar.proposition import Proposition, Says, as_literal, literal, names_in

# Words that make an unaddressed question thinking aloud ("Perhaps C ate it?").
_MUSING = frozenset("maybe perhaps probably possibly might wonder sure".split())
_BOUNDARY = frozenset("and or but nor too either then right again huh".split())
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
                   r"| goes for you)?(?: for you| to you)?$")
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
               "i mean", "let me rephrase", "or rather", "rather", "to say")
_CORRECTING_SOFT = frozenset("oh ugh uh um hmm ah wait no ok , : - ! i".split())
_APOLOGY = frozenset(["sorry", "oops", "whoops"])  # a correction only when something follows
_POLITE_AFTER = frozenset(["to", "for", "if", "but", "again"])  # "sorry to ask", "sorry for ...", "sorry if ..."
# What "I meant ..." names instead: "to ask C", "B, not C", "C instead", then maybe ": is B lying".
_MEANT = re.compile(
    r"^(?P<ask>to ask |ask |for )?(?P<new>@\d+)(?: ,)?(?: (?:not|instead of) (?P<old>@\d+))?(?: instead)?"
    r"(?: (?:,|:|-) (?P<rest>.+))?$"
)
# Role nouns a "he" or "himself" can point back to in a question about the rules.
_ROLES = frozenset("liar culprit thief perpetrator criminal eater drinker fibber deceiver truthteller".split())
_INNER_VOCATIVE = re.compile(r" , (" + _REF_LIST + r") (?:,|:) ")
_LEADING_LIST = re.compile(r"^(?:both )?(" + _REF_LIST + r")(?: (?:,|:|-))?")
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

    Alone it is what `alone` says (other talk or a remark); beside a question it makes
    the utterance unclear, so that no question the player asked is silently left
    unanswered. A remark to someone before a question to him ("B, I keep thinking about
    A. Is he the liar?") is answered by that question: `told` are whom it was said to.
    """

    alone: Intent
    told: tuple[str, ...] = ()
    topic: str | None = None  # "A, what about C?": answered only by a question about C


Reading = Intent | _Unanswered


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


def _nested(words: tuple[str, ...], ctx: Context, people: People) -> tuple[str, tuple[Claim, ...]] | None:
    """"If I asked B whether C ate it, would B say yes?": whom it goes via, and what he is asked.

    "Would B say no" is read as "would B say yes to the opposite".
    """
    text = " ".join(words)
    for pattern in _NESTED:
        found = pattern.match(text)
        if not found:
            continue
        via = name_of(found.group("via"), ctx.roster)
        says_no = found.groupdict().get("answer") == "no"
        inner_people = People(ctx.roster, you=people.you, antecedent=via, group=people.group)
        inner = tuple(found.group("inner").split())
        if _EMBEDDED_ASK.intersection(inner):  # "what would B say if I asked C whether ...": who is asked?
            raise Unreadable("it is not clear who would be asked what: ask about one person at a time")
        claims = read(inner, ctx.incident, inner_people)
        if not claims:
            raise Unreadable("it is not clear what the other person would be asked")
        return via, tuple(Claim(c.subjects, c.predicate, c.negated != says_no) for c in claims)
    return None


def _queries(addressees: tuple[str, ...], claims: tuple[Claim, ...], via: str | None = None) -> tuple[Query, ...]:
    """Every addressee asked every claim; SELF is each addressee himself."""
    queries = []
    for addressee in addressees:
        for claim in claims:
            for subject in claim.subjects:
                p: Proposition = literal(claim.predicate, addressee if subject == SELF else subject, claim.negated)
                queries.append(Query(addressee, Says(via, p) if via else p))
    return tuple(queries)


def _mentions_game(words: tuple[str, ...], ctx: Context) -> bool:
    """A name, a role, the incident or "who": about the game even if unreadable."""
    lexicon = predicate_words(ctx.incident)
    return any(
        is_ref(w) or w in lexicon or w in OTHER_INCIDENT_WORDS or w == "who"
        for w in words
    )


def _guess(claims: tuple[Claim, ...], addressees: tuple[str, ...]) -> Intent:
    """Positive culprit/liar claims about one person each: a guess. Else thinking aloud."""
    named: dict[str, set[str]] = {"culprit": set(), "liar": set()}
    for claim in claims:
        if claim.negated or claim.predicate == "honest":
            continue
        if len(claim.subjects) != 1:
            return Remark()
        subject = claim.subjects[0]
        if subject == SELF:
            if len(addressees) != 1:
                return Remark()
            subject = addressees[0]
        named[claim.predicate].add(subject)
    if any(len(names) > 1 for names in named.values()):
        return Unclear("name one culprit and one liar")
    culprit, liar = (next(iter(named[k]), None) for k in ("culprit", "liar"))
    return Guess(culprit, liar) if culprit or liar else Remark()


def _wrong_incident(words: tuple[str, ...], ctx: Context) -> str | None:
    """Another incident's object or verb ("did you eat the juice?"): better asked again."""
    nouns = incident_nouns(ctx.incident)
    verbs = wrong_verbs(ctx.incident)
    noun = ctx.incident.noun["en"]
    done = "drank" if ctx.incident.verb == "drink" else "ate"
    for i, word in enumerate(words):
        if word in OTHER_INCIDENT_WORDS and word not in nouns:
            return f"this game is about the {noun}, not the {word}"
        if word in verbs or (word in CULPRIT_VERBS and _other_object(words[i + 1:], nouns)):
            return f"this game is about who {done} the {noun}"
    return None


_SOMETHING = frozenset(["anything", "something", "everything", "nothing"])  # "did you eat anything?"


def _other_object(after: tuple[str, ...], nouns: frozenset[str]) -> bool:
    """Whether the object after an eating word is something else than the incident: a known
    food ("pizza"), or a noun after a determiner ("the sandwich") that is neither the
    incident ("my chocolate cake"), a portion of it ("the last slice") nor a person."""
    if not after or after[0] in OTHER_FOODS or after[0] in _SOMETHING:
        return bool(after)
    if after[0] not in DETERMINERS:
        return False
    rest = [w for w in after[1:5] if not (is_ref(w) or w == "is")]  # "the B's cake": a possessive
    for word in rest:
        if word in nouns or ((word in PORTION or any(misspelt(word, n) for n in nouns)) and word not in OTHER_FOODS):
            return False
        if not word.isalpha() or word in CONJUNCTIONS or word in AUX:
            break
    return bool(rest) and rest[0].isalpha() and rest[0] not in CONJUNCTIONS


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
    asking = not guess_intro and (asked or tagged or wrapped or open_ or (bool(words) and words[0] in AUX))
    accusing = guess_intro is not None and "accuse" in guess_intro.group(0)
    return _Frame(addressees or carried, words, nested_words, asking, open_, bool(guess_intro), accusing,
                  bool(addressees), torn)


def _read_sentence(sentence: Sentence, ctx: Context, carried: tuple[str, ...], antecedent: str | None,
                   previous: Question | None) -> tuple[Reading | None, tuple[str, ...]]:
    """One sentence's intent (None: pure flavour) and the addressees from here on.

    `previous` is the question of the sentence before, which an elliptical one repeats.
    """
    original = sentence.words
    text = " ".join(original)
    if _COUNT.search(text):
        return CountQuery(), carried
    words = _strip_fillers(original)
    if not words:
        return (Remark() if THINKING.intersection(original) else None), carried
    frame = _frame(words, sentence.asked, ctx, carried)
    if frame.torn:
        return Unclear("name the people you ask once, at the start"), frame.addressees
    follow_up = (bool(_AND.intersection(original[:2])) or original[-1] == "too") and frame.words == words
    if previous is not None and (again := _asked_again(frame, previous, follow_up, ctx)) is not None:
        return again, frame.addressees
    if topic := _TOPIC.fullmatch(" ".join(frame.words)):  # "A, what about C? Did he eat it?": C is the topic
        unread = Unclear("say the whole question, for example 'A, did C eat it?'")
        return _Unanswered(unread, frame.addressees, name_of(topic.group(1), ctx.roster)), frame.addressees
    if _ONLY_NAMES.match(" ".join(words)):  # "OK, now C." then "Did you eat it?"
        return None, _names(" ".join(words), ctx)
    if not frame.words:  # "I have a question for C." then "Is A honest?"
        put = frame.named and frame.asking and not _only_a_call(words, ctx)  # "B, is it true?"
        return (_Unanswered(Other()) if put else None), frame.addressees
    addressees, words = frame.addressees, frame.words
    if frame.declared and _ONLY_NAMES.match(" ".join(words)):
        names = _names(" ".join(words), ctx)
        if frame.accusing and len(names) == 1:  # "I accuse B!"
            return Guess(culprit=names[0]), addressees
        return Unclear("say who is the culprit and who is the liar"), addressees
    if wrong := _wrong_incident(words, ctx):
        return Unclear(wrong), addressees
    musing = bool(_MUSING.intersection(original)) or "could it be" in text
    if frame.asking and _about_a_role(words):
        if addressees:
            return Unclear("say whom you mean by name, not 'he' or 'she'"), addressees
        return (Remark() if musing else Other()), addressees  # about the rules: "does the liar lie about himself?"
    people = People(ctx.roster, you=SELF if addressees else None, antecedent=antecedent,
                    group=len(addressees) > 1)
    try:
        nesting = frame.asking or bool(addressees)  # "A what would B say if i asked him ...": no "?" needed
        nested = (_nested(frame.nested_words, ctx, people) or _nested(words, ctx, people)) if nesting else None
        if nested is not None:
            if not addressees:
                return Unclear("say whom you are asking, for example 'A, ...'"), addressees
            return Question(_queries(addressees, nested[1], via=nested[0])), addressees
        claims = read(words, ctx.incident, people, open_=frame.open_)
    except Unreadable as problem:
        if addressees or (frame.asking and not musing and any(map(is_person, words))):
            return Unclear(problem.reason), addressees
        return (Other() if frame.asking and not musing else Remark()), addressees
    if frame.asking:
        if musing and not addressees:
            return Remark(), addressees
        return _question(claims, frame, ctx), addressees
    if not claims:
        thinking = not _META.search(text) and (THINKING.intersection(original) or _mentions_game(words, ctx))
        said: Intent = Remark() if thinking else Other()
        return (_Unanswered(said, addressees) if frame.named else said), addressees  # "B, your turn."
    if frame.declared and len(claims) == 1 and claims[0].predicate != "honest" and len(claims[0].subjects) > 1:
        return Unclear("say which one is the culprit and which one the liar"), addressees
    if _hedged(original):
        return Remark(), addressees
    if not frame.declared and _question_inside(words):  # "A spill the tea, who ate it": no conclusion
        return Unclear("ask a yes/no question or a who-question, with a question mark"), addressees
    return _guess(claims, addressees), addressees


def _question_inside(words: tuple[str, ...]) -> bool:
    """A question word opening the clause or a part of it ("..., who ate it"): the words
    ask something, so they are no conclusion to judge, whatever else they say."""
    return any(w in _QUESTION_WORDS and (i == 0 or words[i - 1] in _CALL_MARKS) for i, w in enumerate(words))


def _question(claims: tuple[Claim, ...], frame: _Frame, ctx: Context) -> Reading:
    """What a question asks, if it can be charged; why not otherwise."""
    words, addressees = frame.words, frame.addressees
    if words and words[0] in _OTHER_WH:  # "why did you eat it?": no yes/no to charge
        return Unclear("ask a yes/no question or a who-question") if claims else _nothing_asked(frame)
    if not claims:
        if addressees and _mentions_game(words, ctx):
            return Unclear("ask whether someone ate it, is the liar or is honest")
        return _nothing_asked(frame, checking=True)
    if not addressees:
        if not frame.open_ and not any(map(is_person, words)):
            return Other()  # about the rules: "does the liar always lie?"
        return Unclear("say whom you are asking, for example 'A, did B eat it?'")
    return Question(_queries(addressees, claims), open=frame.open_)


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
        return Unclear("say something: a question, a guess or a remark")
    if read_text.unknown:
        known = ", ".join(ctx.roster.names)
        return Unclear(f"{read_text.unknown[0]} is not one of {known}")
    if ctx.pending and (accept := _confirmation(read_text.sentences, ctx)) is not None:
        return Confirm(accept)
    readings: list[Reading] = []
    addressees: tuple[str, ...] = ()
    antecedent: str | None = None
    calling = False  # the last sentences only called on someone ("Now B."), asking nothing yet
    last = -1  # the last reading that is no remark ("Hmm."), kept as readings are added
    correcting: _Correction | None = None  # a correction waiting for the question it brings
    first = read_text.sentences[0].words
    if ctx.previous is not None and (_AND.intersection(first[:2]) or _FOLLOW_UP_LEAD.match(" ".join(first))):
        # "and is B honest?", "what about A?": put to the one asked before
        addressees = tuple(dict.fromkeys(q.speaker for q in ctx.previous.queries))
    for whole in _suppositions(read_text.sentences):
        found = _correction(whole, ctx) if last >= 0 and isinstance(readings[last], Question) else None
        if found is not None:
            whole, correcting = found.rest, found
        for sentence in (p for topic in _topics(whole, ctx) for p in _calls(topic, ctx)) if whole.words else ():
            repeatable = readings[last] if last >= 0 else None
            # what a next sentence repeats: the last question, in this message or the one before
            previous = repeatable if isinstance(repeatable, Question) else ctx.previous if last < 0 else None
            before = addressees
            reading, addressees = _read_sentence(sentence, ctx, addressees, antecedent, previous)
            calling = (calling or addressees != before) if reading is None else False
            named = [name_of(w, ctx.roster) for w in sentence.words if is_ref(w)]
            others = [n for n in dict.fromkeys(named) if n not in addressees]
            antecedent = others[-1] if len(others) == 1 else antecedent
            if correcting is not None and previous is not None and isinstance(reading, Question):
                readings[last] = _restatement(previous, reading) if correcting.gloss else reading
                correcting = None
            elif reading is not None:
                readings.append(reading)
                last = last if isinstance(reading, Remark) else len(readings) - 1
    if correcting is not None and not correcting.gloss:
        # "A, did B eat it? Sorry, I meant to ask C" (no question followed the correction)
        repeatable = readings[last]
        readings[last] = _corrected(repeatable, correcting) if isinstance(repeatable, Question) else Unclear(
            "ask just the question you mean")
    if calling:  # "A, did you eat it? Now B.": B is called and asked nothing
        readings.append(_Unanswered(Other()))
    return _combine(readings, any(_hedged(s.words) for s in read_text.sentences))


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


def _nothing_asked(frame: _Frame, checking: bool = False) -> Reading:
    """A question with nothing to charge: unanswered if it was put to someone about someone.
    `checking`: it says nothing of the game ("A u still there?"), so a question to the
    same person after it answers it."""
    to_someone = frame.named or (bool(frame.addressees) and any(map(is_person, frame.words)))
    told = frame.addressees if checking and frame.named else ()
    return _Unanswered(Other(), told) if to_someone else Other()


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
    gloss = set(markers) <= {"i mean"}
    meant = _MEANT.match(" ".join(rest))
    if meant is None:
        return _Correction(Sentence(rest, sentence.asked), gloss)
    later = tuple(meant.group("rest").split()) if meant.group("rest") else ()
    return _Correction(Sentence(later, sentence.asked), gloss, name_of(meant.group("new"), ctx.roster),
                       name_of(meant.group("old"), ctx.roster) if meant.group("old") else None,
                       meant.group("ask") is not None)


def _corrected(previous: Question, correction: _Correction) -> Intent:
    """"A, did B eat it? Sorry, I meant to ask C (, not A)": the question with one name
    replaced, when it is clear whether the one asked or the one asked about changes."""
    flat = [as_literal(q.proposition) for q in previous.queries]
    literals = [f for f in flat if f is not None]
    new, old = correction.new, correction.old
    if new is None or len(literals) < len(flat):
        return Unclear("ask just the question you mean")
    speakers = {q.speaker for q in previous.queries}
    abouts = {atom.about for atom, _ in literals}
    speaker_changes = (correction.ask and old in (None, *speakers)) or (
        not correction.ask and old in speakers and old not in abouts)
    if speaker_changes and len(speakers) == 1:
        (was,) = speakers
        return Question(tuple(
            Query(new, literal(atom.predicate, new if atom.about == was else atom.about, negated))
            for atom, negated in literals))
    if not correction.ask and old in abouts and old not in speakers:
        return Question(tuple(
            Query(q.speaker, literal(atom.predicate, new if atom.about == old else atom.about, negated))
            for q, (atom, negated) in zip(previous.queries, literals, strict=True)))
    return Unclear("ask just the question you mean")


def _restatement(previous: Question, restated: Question) -> Intent:
    """A glossed question ("I mean, ...") is kept once when it asks the same as the one
    before; a different one would leave unclear which of the two the player wants answered."""
    if {q.key() for q in restated.queries} == {q.key() for q in previous.queries}:
        return previous
    return Unclear("ask just the question you mean")


def _asked_again(frame: _Frame, previous: Question, follow_up: bool, ctx: Context) -> Intent | None:
    """"B, did you?", "And you, C?", "What about C?", "Same question, B.": the previous
    question put again, to other addressees or about someone else. None when the
    sentence is no such ellipsis; a name alone ("C?", "Now C.") is one only after
    "and" or "what about" or before "too" (`follow_up`), else it calls C.

    "You" is each new addressee himself when the previous question was about its own
    addressee; without an auxiliary ("And you, C?") it is the same third person when the
    previous question was about one. "He" is that third person. A bare name ("And C?")
    after a question about oneself could mean "C, did you?" or "did C?". Whatever is
    not one of these is unclear, never guessed.
    """
    text = " ".join(frame.words)
    elliptic = _ELLIPTIC.match(text)
    if not (elliptic or _SAME.match(text)):
        return Unclear("say the whole question again") if _FOLLOW_UP_LEAD.match(text) else None
    auxiliary = elliptic is not None and elliptic.group("aux") is not None
    who = elliptic.group("who") if elliptic else "you"
    if is_ref(who.split()[0]) and not (frame.named or auxiliary or follow_up or (elliptic and elliptic.group("lead"))):
        return None
    flat = [as_literal(q.proposition) for q in previous.queries]
    literals = [f for f in flat if f is not None]
    if not frame.addressees or len(literals) < len(flat):  # nobody to ask, or a nested question
        return Unclear("say the whole question again for the next person")
    asked = [(q.speaker, atom.about) for q, (atom, _) in zip(previous.queries, literals, strict=True)]
    subjects = _repeated_about(who, auxiliary, frame.named, asked, ctx)
    if not subjects:
        return Unclear("say the whole question again for the next person")
    # "Didn't you?" puts it negatively; "did you?" after "didn't you eat it?" or "is C
    # innocent?" is the same question again, so a negation is never undone.
    negative = elliptic is not None and "not" in frame.words
    asks = dict.fromkeys((atom.predicate, negated or negative) for atom, negated in literals)
    return Question(tuple(
        Query(speaker, literal(predicate, speaker if subject == SELF else subject, negated))
        for speaker in frame.addressees for subject in subjects for predicate, negated in asks
    ))


def _repeated_about(who: str, auxiliary: bool, named: bool, asked: list[tuple[str, str]], ctx: Context
                    ) -> tuple[str, ...]:
    """Whom an elliptical question is about (SELF: each addressee); () when unclear.

    `who` is its person word, `auxiliary` whether it has one ("did you?" against "you?"),
    `named` whether it names its addressees, `asked` the (speaker, about) pairs before.
    """
    speakers = {speaker for speaker, _ in asked}
    abouts = [about for _, about in asked]
    about_self = [speaker == about for speaker, about in asked]
    third = abouts[0] if len(set(abouts)) == 1 and abouts[0] not in speakers else None
    if who in ("you", "yourself"):
        if named and all(about_self):
            return (SELF,)
        return (third,) if named and third and not auxiliary else ()
    if who in ("he", "she", "him", "her"):
        return (third,) if third else ()
    if named or auxiliary or not (any(about_self) and (len(speakers) == 1 or len(set(abouts)) > 1)):
        return _names(who, ctx)
    return ()


def _answered_dropped(readings: list[Reading]) -> list[Reading]:
    """The readings without the remarks and check-ins to someone that a later question to
    him answers (about the topic, if they named one; see _Unanswered)."""
    kept: list[Reading] = []
    speakers: set[str] = set()  # of the questions after the reading at hand
    about: set[str] = set()
    for reading in reversed(readings):
        if isinstance(reading, Question):
            speakers.update(q.speaker for q in reading.queries)
            about.update(n for q in reading.queries for n in names_in(q.proposition))
        answered = isinstance(reading, _Unanswered) and bool(reading.told) and set(reading.told) <= speakers \
            and (reading.topic is None or reading.topic in about)
        if not answered:
            kept.append(reading)
    return kept[::-1]


def _combine(readings: list[Reading], hedged: bool) -> Intent:
    """One intent for the utterance: unclear wins, then questions, guesses, a count query,
    remarks and other talk; a question and a guess at once are unclear, and so is a
    question beside one left unanswered; a guess with a hedge anywhere ("A ate it...
    I think.") is thinking aloud."""
    readings = _answered_dropped(readings)
    intents = [r.alone if isinstance(r, _Unanswered) else r for r in readings]
    unclear = [i for i in intents if isinstance(i, Unclear)]
    if unclear:
        return unclear[0]
    questions = [i for i in intents if isinstance(i, Question)]
    guesses = [i for i in intents if isinstance(i, Guess)]
    if questions and guesses:
        return Unclear("ask a question or give an answer, one at a time")
    if questions and any(isinstance(r, _Unanswered) for r in readings):
        return Unclear("one of those questions could not be read: ask each one in full")
    if questions:
        queries = tuple(q for question in questions for q in question.queries)
        return Question(queries, open=any(q.open for q in questions))
    if guesses and hedged:
        return Remark()
    if guesses:
        culprits = {g.culprit for g in guesses if g.culprit}
        liars = {g.liar for g in guesses if g.liar}
        if len(culprits) > 1 or len(liars) > 1:
            return Unclear("name one culprit and one liar")
        return Guess(next(iter(culprits), None), next(iter(liars), None))
    for kind in (CountQuery, Remark, Other):
        for intent in intents:
            if isinstance(intent, kind):
                return intent
    return Other()
