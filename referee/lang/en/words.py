"""English text to sentences of normalised tokens, and the game's English vocabulary.

Everything the parser and the extractor read goes through `sentences`: NFKC (so a
full-width "Ａ" is "A"), roster names replaced by reference tokens ("@0" for the first
name) with honorifics such as "Mr." or "Person" dropped, lower case, contractions and
chat spellings expanded ("didn't" -> "did not", "u" -> "you"), group words folded
("all of you" -> "everyone"), and the text cut into sentences at . ? ! ; and newlines.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from referee.lang.incident import Incident
from referee.liar.proposition import Predicate
from referee.liar.world import Roster

REF = "@"  # prefix of a reference token: "@" + the name's index in the roster


@dataclass(frozen=True)
class Sentence:
    """One sentence as tokens; `asked` is True when it ended with a question mark."""

    words: tuple[str, ...]
    asked: bool


@dataclass(frozen=True)
class Text:
    """A whole utterance read into sentences, with person-like names not on the roster."""

    sentences: tuple[Sentence, ...]
    unknown: tuple[str, ...]


def display(words: tuple[str, ...], roster: Roster) -> str:
    """Normalised words as readable text, names put back (for `unread` and statement sources)."""
    return " ".join(name_of(w, roster) if is_ref(w) else w for w in words)


def is_ref(word: str) -> bool:
    return word.startswith(REF) and word[1:].isdigit()


def ref(index: int) -> str:
    return f"{REF}{index}"


def name_of(word: str, roster: Roster) -> str:
    return roster.names[int(word[1:])]


# --- vocabulary ---------------------------------------------------------------

AUX = frozenset(
    "do does did is are was were am have has had can could would will should shall may might must".split()
)
COPULA = frozenset("is are was were am be been being".split())
CONJUNCTIONS = frozenset(["and", "or", "but", "nor", ",", "&", "plus", "also", "/"])
NEGATORS = frozenset(["not", "never", "no", "neither"])
PREPOSITIONS = frozenset("to about from with for than at of against on among between".split())
# In a who-question these introduce the candidates: "which of A and B", "who among B and C".
CHOOSING = frozenset(["of", "among", "between"])
# Verbs that put another clause (or another person's word) inside this one.
EMBEDDING = frozenset(
    """see sees saw seen watch watched hear heard say says said tell tells told think thinks
    thought know knows knew believe believes claim claims claimed accuse accuses accused
    suspect suspects ask asks asked want wants wanted catch caught notice noticed help helped
    make made let lets saying telling claiming deny denies denied denying admit admits admitted
    admitting confess confesses confessed confessing
    try tries tried trying attempt attempts attempted plan plans planned wish wishes wished
    almost nearly""".split()  # wanting, trying or almost doing it is not doing it
)
# Words that report what someone else said: "according to B, C is the liar" states nothing
# of the player's own and asks nothing, so it is never a guess or a question.
HEARSAY = frozenset(
    "according apparently supposedly allegedly reportedly rumor rumour rumored rumoured".split()
)
PLAYER = frozenset(["i", "me", "myself", "we", "us", "ourselves"])
YOU = frozenset(["you", "yourself", "yourselves"])
THIRD = frozenset(["he", "she", "him", "her", "himself", "herself", "they", "them", "themselves"])
ANYONE = "anyone"  # "any of you", "someone": nobody in particular
EVERYONE = "everyone"  # "all of you", "you guys": every addressee

_EAT = "eat eats ate eaten eating eated devour devoured munch munched scoff scoffed scarf scarfed gobble gobbled nibble nibbled"
_DRINK = "drink drinks drank drunk drinking sip sipped gulp gulped chug chugged slurp slurped guzzle guzzled"
_BREAK = "break breaks broke broken breaking smash smashes smashed smashing shatter shatters shattered shattering"
_HIDE = "hide hides hid hidden hiding stash stashes stashed stashing conceal conceals concealed"
_ACTS = {"eat": _EAT, "drink": _DRINK, "break": _BREAK, "take": "", "hide": _HIDE}
"""Each act's own verbs; taking and finishing (_EITHER) are the act of a food, a drink or a
thing taken, not of a vase broken or a key hidden ("did C take it?" asks another thing there)."""
_TAKEN = frozenset({"eat", "drink", "take"})
_EITHER = """take takes took taken taking steal steals stole stolen stealing swipe swiped
    pinch pinched snatch snatched grab grabbed nick nicked finish finished finishing consume
    consumed touch touched polish polished"""
_CULPRIT_NOUNS = "culprit culprits guilty thief perpetrator perp responsible criminal eater drinker"
_LIAR = "liar liars lying lie lies lied fib fibs fibbed fibbing fibber dishonest deceiving deceiver"
_HONEST = "honest truthful honesty truth truthteller sincere trustworthy"

HAVE = frozenset(["have", "has", "had", "having"])
DO = frozenset(["do", "does", "did", "done", "doing"])
DEMONSTRATIVE = frozenset(["it", "this", "that"])
# Words after "have"/"had" that make it the incident verb ("had the cake") and not an auxiliary.
HAVE_OBJECTS = frozenset(["it", "the", "that", "this", "some", "one", "last"])
INNOCENT = "innocent"

# Hedges: a declarative with one of these is thinking aloud, never a guess.
HEDGES = frozenset(
    """maybe perhaps probably possibly might may could think thinking guess guessing suspect
    suspicious sus reckon seems seem seemed likely unlikely wonder wondering feel feeling
    believe if unless either assume assuming hypothetically suppose supposing hmm hm or
    whether""".split()
)
THINKING = frozenset(
    """hmm hm huh oh ah aha wait interesting think thinking see so ok right weird strange odd
    suspicious sus wonder figure confusing tricky hmmm okay alright well noted makes sense
    let hmmmm sure hard tough confused confusing puzzled clue idea""".split()
)
NUMBER_WORDS = frozenset("zero one two three four five six seven eight nine ten".split())

_CONTRACTED = {
    "can't": ["can", "not"], "cannot": ["can", "not"], "won't": ["will", "not"],
    "ain't": ["is", "not"], "shan't": ["shall", "not"], "let's": ["let", "us"],
    "cant": ["can", "not"], "wont": ["will", "not"], "aint": ["is", "not"],
}
_SLANG = {
    "u": "you", "ya": "you", "yu": "you", "yuo": "you", "r": "are", "ur": "you are",
    "im": "i am", "youre": "you are", "whos": "who is", "whats": "what is", "thats": "that is",
    "its": "it is", "hes": "he is", "shes": "she is", "theyre": "they are", "ive": "i have",
    "lets": "let us", "pls": "please", "plz": "please", "plx": "please", "thx": "thanks",
    "ty": "thanks", "okay": "ok", "k": "ok", "kk": "ok", "okey": "ok", "yeah": "yes",
    "yep": "yes", "yup": "yes", "yea": "yes", "yah": "yes", "yass": "yes", "nope": "no",
    "nah": "no", "naw": "no", "lier": "liar", "lyer": "liar", "lyar": "liar", "liers": "liars",
    "culprint": "culprit", "culpit": "culprit", "culprite": "culprit", "honset": "honest",
    "honnest": "honest", "onest": "honest", "teh": "the", "hte": "the", "waht": "what",
    "wat": "what", "wut": "what", "wanna": "want to", "gonna": "going to", "dunno": "do not know",
    "idk": "i do not know", "cuz": "because", "coz": "because", "bc": "because",
    "wether": "whether", "wheather": "whether", "doughnut": "donut", "doughnuts": "donuts",
    "y'all": "everyone", "si": "is", "cappin": "lying", "capping": "lying", "capper": "liar", "legit": "really", "yall": "everyone", "tho": "though", "pudd": "pudding",
    "didnt": "did not", "dont": "do not", "doesnt": "does not", "isnt": "is not",
    "wasnt": "was not", "werent": "were not", "arent": "are not", "havent": "have not",
    "hasnt": "has not", "hadnt": "had not", "couldnt": "could not", "wouldnt": "would not",
    "shouldnt": "should not", "eated": "ate", "ated": "ate", "drinked": "drank",
    "liyng": "lying", "lyin": "lying", "lyng": "lying", "tellin": "telling", "eatin": "eating",
}
_S_IS = frozenset("it he she that who what there where here how liar culprit one everyone".split())
_SUFFIXES = {"'re": "are", "'m": "am", "'ve": "have", "'ll": "will", "'d": "would"}

# Multi-word phrases folded to one word, longest first (applied to the joined sentence).
_GROUPS = (
    (r"\b(\w) - (?=\1)", ""),  # a stutter: "w - well", "i - i did"
    (r"\bwhich (?:one )?of (?:you|them|us|the three)\b", "which"),
    (r"\b(?:all (?:three|3|two|2) of you|all of you|every one of you|each (?:one )?of you|"
     r"each of ya|everybody|you all|you guys|you three|all three|you lot|all suspects|"
     r"every suspect|you folks|folks|guys)\b", EVERYONE),
    (r"\b(?:both of you|you two|you both|the two of you)\b", "you"),
    (r"\b(?:any of you|any one of you|either of you|one of you|anybody|someone|somebody|"
     r"no one|nobody|anyone else)\b", ANYONE),
    (r"(@\d+) each\b(?: (?:of you|one))?(?: ,| :)?", r"\1 , everyone ,"),  # "B, C each tell me": each of them
    (r"\bas well\b", "too"),
    (r"(?<=\S) n (?=\S)", " and "),  # "A n B", "C ate it n C is the liar"
    (r"\bno cap\b", "honestly"),
    (r"^(?:the )?word is\b", "apparently"),  # hearsay: "word is C ate it"
    (r"\bor (?:did|do|does|is|are|was|were|have|has) not (?:you|he|she|they|@\d+)\b", ""),
    (r"\btruth - teller\b", "truthteller"),
    (r"\bto blame\b", "responsible"),
    (r"\bwhether or not\b", "whether"),
    (r"\bor (?:not|neither|none)\b", ""),  # "is A or B the liar or neither?" asks the same
)
_GROUP_RES = tuple((re.compile(p), r) for p, r in _GROUPS)

# Curly quotes and CJK punctuation NFKC leaves alone; brackets, quotes and markup are dropped.
_PUNCTUATION = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u3001": ",", "\u3002": ".",
                              "\u2014": "-", "\u2013": "-", "\u201c": " ", "\u201d": " ", '"': " ",
                              "(": " ", ")": " ", "[": " ", "]": " ", "*": " ", "@": " ", "#": " ", "_": " "})
_MARK_EMOJI = {"\u2753": "?", "\u2754": "?", "\u2757": "!", "\u2755": "!", "\u203c": "!", "\u2049": "?"}
_SYMBOLS = frozenset(["So", "Sk", "Cf", "Cs", "Co", "Mn"])  # pictographs, skin tones, joiners, selectors
HONORIFICS = frozenset(
    "mr mrs ms miss mister mx dr sir madam madame lady person suspect player character "
    "monsieur mme mlle senor".split()
)
_ABBREVIATED = frozenset("mr mrs ms mx dr mme mlle".split())  # "Mr. C"; "wrong person. C did ..." ends a sentence
_TOKEN = re.compile(r"\w+(?:'\w+)*|[^\w\s]")
_END = frozenset(".?!;")
# After a one-letter name "A" these show that it is a name and not the article "a".
_NAME_FOLLOWERS = AUX | CONJUNCTIONS | NEGATORS | frozenset(
    """ate eat eats eaten drank drink drinks drunk had took take takes stole lied lies lying
    tells told telling says said honest guilty innocent the too either also really
    actually definitely then did please right is was yes no so and or nor who that it
    you could would did says said looks seems smiles nods shrugs answers replies laughs sighs
    frowns will should ?""".split()
)
# After a sentence-initial capital "A" these make it the article ("A question for B").
_ARTICLE_NOUNS = frozenset(
    """question quick few little lot bit good great real simple person thought moment hint clue
    final new strange small big nice second minute single liar culprit cake cookie donut pudding
    juice funny weird tough hard follow""".split()
)


def _name_table(roster: Roster) -> dict[str, list[tuple[tuple[str, ...], int]]]:
    table: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for index, name in enumerate(roster.names):
        parts = tuple(t.lower() for t in _TOKEN.findall(unicodedata.normalize("NFKC", name)))
        table.setdefault(parts[0], []).append((parts, index))
    for entries in table.values():
        entries.sort(key=lambda e: -len(e[0]))
    return table


@lru_cache(maxsize=32)
def _cached_table(roster: Roster) -> dict[str, list[tuple[tuple[str, ...], int]]]:
    return _name_table(roster)


def _is_article(raw: list[str], i: int) -> bool:
    """Whether a one-letter "a"/"A" at `raw[i]` is the English article rather than a name."""
    following = _expand(raw[i + 1])[0] if i + 1 < len(raw) else None
    if raw[i] == "A":
        sentence_start = i == 0 or raw[i - 1] in _END or raw[i - 1] in {'"', "("}
        return sentence_start and following in _ARTICLE_NOUNS
    if following is None or not following[0].isalnum() or (i and raw[i - 1].lower() in DO):
        return False  # "is it a?", "did a lie?": no article there
    return following not in _NAME_FOLLOWERS and len(following) > 1


def _drop_honorific(out: list[str]) -> None:
    """Remove "Mr." / "Person" just before a name: the name alone identifies the person."""
    if len(out) > 1 and out[-1] == "." and out[-2].lower() in _ABBREVIATED:
        del out[-2:]
    elif out and (_sense(out[-1].lower()) or out[-1].lower()) in HONORIFICS:  # "Persoon C"
        out.pop()


def _tag_names(raw: list[str], roster: Roster) -> tuple[list[str], list[str]]:
    """Replace roster names with reference tokens; collect person-like unknown names."""
    table = _cached_table(roster)
    single_letters = all(len(n) == 1 for n in roster.names)
    out: list[str] = []
    unknown: list[str] = []
    i = 0
    while i < len(raw):
        word = raw[i]
        low = word.lower()
        possessive = low.endswith("'s") and low[:-2] in table
        key = low[:-2] if possessive else low
        matched = False
        for parts, index in table.get(key, []):
            span = len(parts)
            window = [t.lower() for t in raw[i : i + span]]
            if possessive:
                window[0] = key
            if window == list(parts) and not (parts == ("a",) and not possessive and _is_article(raw, i)):
                _drop_honorific(out)
                owned = possessive and i + span < len(raw) and raw[i + span].lower() in _OWNED
                out.extend(("of", ref(index)) if owned else (ref(index), "is") if possessive else (ref(index),))
                i += span
                matched = True
                break
        if matched:
            continue
        previous = raw[i - 1].lower() if i else ""
        before = raw[i - 2].lower() if i > 1 else ""
        # "Mr. X" is a name; "wrong person. That one ..." starts a sentence
        after_honorific = previous in HONORIFICS or (previous == "." and before in _ABBREVIATED)
        if (after_honorific and word[:1].isupper() and low not in HONORIFICS) or (
            single_letters and len(word) == 1 and word.isupper() and word not in {"I", "A"}
        ):
            unknown.append(word)
        out.append(word)
        i += 1
    return out, unknown


def _expand(word: str) -> list[str]:
    """Lower-case one token and expand contractions, chat spellings and the typos of
    the words that carry a question's sense (see _sense, _glued)."""
    if is_ref(word):
        return [word]
    low = word.lower()
    low = _sense(low) or low
    if (parts := _glued(low)) is not None:
        return [w for part in parts for w in _expand(part)]
    if low in _CONTRACTED:
        return list(_CONTRACTED[low])
    if low in _SLANG:
        return _SLANG[low].split()
    if low.endswith("n't"):
        return [low[:-3], "not"]
    if low.endswith("'s"):
        base = low[:-2]
        return [base, "is"] if base in _S_IS else [base]
    for suffix, full in _SUFFIXES.items():
        if low.endswith(suffix):
            return [low[: -len(suffix)], full]
    return [_typo_fixed(low)]


# The words that carry a question's sense: who, whether, negation, a tag, a hedge, a
# report or a nesting. Typed with a letter twice ("nnot", "iisn't", "aand", "ttell"), two
# letters swapped ("teh", "adn", "woudl") or glued to the next word ("notthe", "areyou",
# "ateit", "tellme", "juiceor") they are read as meant, never left out: a negation, a
# hedge or a person dropped this way would change what is asked. "to", "of", "in", "an",
# "be" and "we" are not among them: "too", "off", "inn", "ann", "bee", "wee" are words.
_SENSE_WORDS = EMBEDDING | HEARSAY | HEDGES | frozenset(
    """not no nor and or but the a you your me he she it that is are was were am did does do
    didn't doesn't don't isn't aren't wasn't weren't can't won't tell would will both each
    either neither ate eat eaten drank drink drunk liar culprit honest innocent wait sorry
    mean meant ask asked say said who which whether if maybe perhaps probably could might
    according claims claimed says thinks true question quick for all everyone wrong person
    oops sorry one same what how about questions two can please like""".split()
)
_SWAPPED = {
    w[:i] + w[i + 1] + w[i] + w[i + 2:]: w for w in sorted(_SENSE_WORDS) if len(w) > 2 for i in range(len(w) - 1)
    if w[i].isalpha() and w[i + 1].isalpha()
} | {w: w for w in _SENSE_WORDS}
_RUNS = re.compile(r"(\w)\1+")
_COLLAPSED = {_RUNS.sub(r"\1", w): w for w in sorted(_SENSE_WORDS, key=lambda w: (len(w), w))}
# Words that look like a sense word mistyped or two glued, and are none.
_REAL_WORDS = frozenset(
    """whoo butt theme themes another noted note item ashed orate donor whoa heat heated eater neat
    hedge tease ado abut shea hehe hehehe meme area areas door doors dome domes mayor amy hera lest
    fro odes dose eta lira noor amor forme leet""".split()
)


_CHAT_PARTS = {"u": "you", "to": "to", "of": "of"}  # "uor", "areu", "toask": a short word glued that is no sense word


def _food(word: str) -> str | None:
    """`word` when it may follow a sense word glued ("be", "ice"), or the food it is with
    letters typed twice ("icee", "pizzza")."""
    if word in _GLUABLE or word in OTHER_FOODS:
        return word
    return _FOODS_COLLAPSED.get(_RUNS.sub(r"\1", word)) if _RUNS.search(word) else None


@lru_cache(maxsize=4096)
def _sense(word: str) -> str | None:
    """The sense word `word` is, typed right, swapped or with letters typed twice
    ("noott", "iisn't"); None for any other word."""
    if word in _REAL_WORDS:
        return None
    return _SWAPPED.get(word) or (_COLLAPSED.get(_RUNS.sub(r"\1", word)) if _RUNS.search(word) else None)


@lru_cache(maxsize=4096)
def _glued(word: str) -> tuple[str, ...] | None:
    """Sense words typed as one ("notthe", "isn'tthe", "areyou", "tellmethat"), or None."""
    if _sense(word) is not None or word in _REAL_WORDS or not word.isascii():
        return None
    for i in range(1, len(word)):
        first, second = _sense(word[:i]) or _CHAT_PARTS.get(word[:i]), word[i:]
        if first is None:
            continue
        if meant := _sense(second) or _CHAT_PARTS.get(second) or _food(second):
            return first, meant
        if (more := _glued(second)) is not None:
            return first, *more
    for i in range(3, len(word) - 1):  # a food before a sense word: "juiceor not", "cakeand"
        if (food := _food(word[:i])) and (meant := _sense(word[i:])):
            return food, meant
    return None


# Typos of the game's words ("honets", "lyign", "inocent", "lair", "eaat") read as the word
# meant: a doubled letter too many, two letters swapped or one left out, and for long words
# one letter changed. Not a letter added, nor one changed in a short word: that makes other
# words ("flying", "dying", "dating").
_TYPO_TARGETS = ("honest", "truthful", "innocent", "culprit", "guilty", "liar", "liars", "lying", "eaten",
                 "eating", "drinking", "question")
_VOCABULARY = frozenset(
    f"{' '.join(_ACTS.values())} {_EITHER} {_CULPRIT_NOUNS} {_LIAR} {_HONEST} innocent".split())
# After a sense word, these are read off a glued token too ("thepudding", "couldbe",
# "accordingto", "liartoo", "oneis").
_GLUABLE = frozenset("cake pudding cookie donut juice truth lying be to of too one teh ice".split())


@lru_cache(maxsize=4096)
def _typo_fixed(word: str) -> str:
    """`word`, or the game word it is a typo of (see _TYPO_TARGETS)."""
    if len(word) < 4 or not word.isalpha() or word in _VOCABULARY or word in OTHER_FOODS:
        return word
    for i in range(len(word) - 1):
        if word[i] == word[i + 1] and word[:i] + word[i + 1:] in _VOCABULARY:
            return word[:i] + word[i + 1:]
    for meant in _TYPO_TARGETS:
        changed_ok = len(meant) >= 6 and meant != "eating"
        if len(word) <= len(meant) and misspelt(word, meant) and (
                changed_ok or len(word) < len(meant) or sorted(word) == sorted(meant)):
            return meant
    return word


def _fold_groups(words: list[str]) -> tuple[str, ...]:
    joined = " ".join(words)
    for pattern, replacement in _GROUP_RES:
        joined = pattern.sub(replacement, joined)
    return tuple(joined.split())


def _without_symbols(text: str) -> str:
    """Emoji and other pictographs dropped ("C 🙏 are you honest?"), a question-mark emoji
    read as "?" ("Mr. B 🍰❓ did A eat it")."""
    return "".join(
        _MARK_EMOJI.get(ch, " " if unicodedata.category(ch) in _SYMBOLS else ch) for ch in text
    )


def sentences(text: str, roster: Roster) -> Text:
    """Cut `text` into normalised sentences (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text)
    text = _without_symbols(text.translate(_PUNCTUATION))
    found: list[Sentence] = []
    unknown: list[str] = []
    for line in text.splitlines():
        raw = [t for t in _TOKEN.findall(line) if t != "'"]
        tagged, strangers = _tag_names(raw, roster)
        unknown.extend(strangers)
        current: list[str] = []
        for word in tagged + ["\n"]:
            if word in _END or word == "\n":
                folded = _fold_groups(current)
                if folded:
                    found.append(Sentence(folded, word == "?"))
                elif word == "?" and found:
                    found[-1] = Sentence(found[-1].words, True)
                current = []
            else:
                if is_ref(word) and current and current[-1] in HONORIFICS:  # glued: "isperson C"
                    current.pop()
                current.extend(_expand(word))
    return Text(tuple(found), tuple(dict.fromkeys(unknown)))


# --- the predicates --------------------------------------------------------------


@lru_cache(maxsize=16)
def predicate_words(incident: Incident) -> dict[str, Predicate]:
    """Every single word that names a predicate in a game about `incident`."""
    words: dict[str, Predicate] = {}
    either = _EITHER if incident.verb in _TAKEN else ""
    for group, predicate in ((_ACTS[incident.verb], "culprit"), (either, "culprit"), (_CULPRIT_NOUNS, "culprit"),
                             (_LIAR, "liar"), (_HONEST, "honest")):
        for word in group.split():
            words[word] = predicate  # type: ignore[assignment]
    words[INNOCENT] = "culprit"
    return words


OTHER_INCIDENT_WORDS = frozenset(
    "cake cakes pudding puddings cookie cookies donut donuts juice juices".split()
)
# After "B's" these make it B's thing, not "B is": "did you eat B's cake?" asks about the one
# asked, and B is no subject ("of B").
_OWNED = OTHER_INCIDENT_WORDS | frozenset("slice piece share plate portion own".split())


# Foods and drinks that are no incident: "did you eat pizza?" asks about something else.
OTHER_FOODS = frozenset(
    """pizza pizzas sandwich sandwiches pie pies bread toast chocolate chocolates candy candies
    sweets biscuit biscuits muffin muffins cupcake cupcakes brownie brownies icecream tart tarts
    pastry croissant burger burgers hamburger fries chips crisps sushi apple apples banana bananas
    orange oranges cheese pasta noodles soup salad steak chicken rice egg eggs snack snacks dessert
    coffee tea milk soda cola coke water beer wine lemonade smoothie milkshake yogurt jelly popcorn
    cereal waffle waffles pancake pancakes cheesecake sandwhich lunch dinner breakfast brunch supper meal
    meals""".split()
)
# After "ate the ...": words that still point at the incident ("the last piece", "my slice").
PORTION = frozenset(
    """last whole entire remaining final leftover piece pieces slice slices bit bits rest one all
    any some bite bites sip sips mouthful crumb crumbs same""".split()
)
ARTICLES = frozenset(["the", "a", "an"])
DETERMINERS = ARTICLES | frozenset("my your his her our their that this those these".split())
CULPRIT_VERBS = frozenset(" ".join((*_ACTS.values(), _EITHER)).split()) | HAVE


_FOODS_COLLAPSED = {_RUNS.sub(r"\1", w): w for w in sorted(OTHER_FOODS | OTHER_INCIDENT_WORDS | {"ice"})}


def misspelt(word: str, meant: str) -> bool:
    """Whether `word` is `meant` with one letter left out, added, changed or two swapped
    ("cak", "cakke", "ckae"): a typo, not another word."""
    if word == meant or abs(len(word) - len(meant)) > 1 or min(len(word), len(meant)) < 3:
        return False
    if len(word) == len(meant):
        diff = [i for i, (a, b) in enumerate(zip(word, meant, strict=True)) if a != b]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == meant[diff[1]] \
            and word[diff[1]] == meant[diff[0]]
        return len(diff) == 1 or swapped
    short, long_ = sorted((word, meant), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def wrong_verbs(incident: Incident) -> frozenset[str]:
    """Eating words in a game about a drink, drinking words in a game about food, both in a game
    about an object ("did you eat the vase?" is no question of this game)."""
    return frozenset(f"{_EAT} {_DRINK}".split()) - frozenset(_ACTS[incident.verb].split())


@lru_cache(maxsize=16)
def incident_nouns(incident: Incident) -> frozenset[str]:
    """The words that name the incident's object, singular and plural: each word of a name of
    several ("iced tea", "slice of pizza": the tea, the pizza, the slice)."""
    words = [w for w in incident.noun["en"].casefold().split() if w.isalpha() and w not in _NOT_NOUNS]
    return frozenset(form for w in words for form in (w, w + "s", w + "es"))


_NOT_NOUNS = frozenset("of the a an with and or in on".split())


_SOMETHING = frozenset(["anything", "something", "everything", "nothing"])  # "did you eat anything?"


def other_object(after: tuple[str, ...], nouns: frozenset[str]) -> str | None:
    """The object after an eating word when it is something else than the incident: a known
    food ("pizza"), or a noun after a determiner ("the sandwich") that is neither the
    incident ("my chocolate cake"), a portion of it ("the last slice") nor a person ("" for
    "anything"); None when it is the incident or there is no object."""
    if after and after[0] in _SOMETHING:
        return ""
    if not after or after[0] in nouns:
        return None
    if after[0] in OTHER_FOODS:
        return after[0]
    if after[0] not in DETERMINERS:
        return None
    rest = [w for w in after[1:5] if not (is_ref(w) or w == "is")]  # "the B's cake": a possessive
    for word in rest:
        if word in nouns or ((word in PORTION or any(misspelt(word, n) for n in nouns)) and word not in OTHER_FOODS):
            return None
        if not word.isalpha() or word in CONJUNCTIONS or word in AUX:
            break
    return rest[0] if rest and rest[0].isalpha() and rest[0] not in CONJUNCTIONS else None
