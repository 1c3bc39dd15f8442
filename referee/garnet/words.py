"""A spoken Garnet Thief announcement, read in ko, ja or en: one character, or a typed reason to ask again.

After choosing in secret, each seat says aloud which character it chose, truly or not (rule 3,
genius-rules.md G3). The referee never checks that it is true, only that it is an announcement:
the text names exactly one character and says nothing but that the speaker is it. So
`저는 경찰입니다`, `I'm police`, `私はマフィアです`, `경찰`, `police.` and `マフィアだよ` are read,
and everything else is `UnclearAnnouncement` with a `Why`, whose value is the key of the
message the harness shows when it asks again.

Reading the wrong character is the worst mistake this reader could make (the seat would be
held to an announcement it did not make, and may pay the lie penalty for it), while asking
again costs one more line. So the reader is narrow: every word of the text must be one it
knows (`_WORDS`, and the names, aliases and listed misspellings, `polcie`, `까르텔`, in
referee/garnet/character.py); a word it does not know makes the text `UNREAD`, never a
guess. The text is folded first (`referee.lang.display`: no invisible or direction-changing
characters; then NFKC, so full-width letters read as ASCII; lower case; spaces dropped
between Korean and Japanese words, so spacing typos do not matter; an English word drawn
out at its end, `mafiaaa`, is the word) and cut into the longest known pieces. Then a handful of rules:

- a negation, question, hedge, choice between characters, another seat or player, another
  round, or reported speech anywhere makes the text unclear, whatever else it says, but for
  the two clauses at the end of this list;
- the speaker must speak of themself for two kinds of words to be harmless: a word that may
  turn to the table (`everyone`, `여러분`, `皆さん`, and `네`, 'yes' or 'your'), which must also
  call it from the start or, after a comma, the end (`everyone, I'm police`, not `everyone
  pick police`), and a bare verb that may be an order (`pick`, `해`, `して`);
- in English an auxiliary opening a clause or followed by "I" asks (`am I police`, `is it mafia`);
- some words hold only in their place: a Korean tail right after a name (`마피아다`, not
  `다 경찰이야`), an opener at the start (`じゃあ、警察で`, not `警察じゃ…`), a link with a word
  after it (`저는 경찰이에요`, not `경찰은...`); out of place they are not understood; an
  opening `Honestly?` asks nothing (`Honestly? Cartel.`, not `Cartel. Honestly?`);
- a taunt or a request from a closed list (`try and stop me`, `덤벼라`, `ガーネット分けてね`,
  with its own question mark: `spare a garnet?`) says nothing of anyone's character, so it is
  harmless where the speaker speaks of themself or the name has a copula or a verb (`I'm
  mafia`, `카르텔이다`, `マフィアだ`), and beside a bare name, which it may be calling
  (`Police, try and stop me`), another seat;
- the same character named twice is that character (`Police! police!`); two are `SEVERAL`;
- an emoji of mood, money, weapons or cheer is an interjection (`police 💸`); one of a
  character is never its name but is that character beside another's (`mafia 🚓` is
  `SEVERAL`); a cross denies, a shrug hedges, any other symbol is not understood;
- two clauses, each plain by itself, are read for the one character affirmed for this
  round: a past round's (public since its reveal) beside this round's, marked as now and
  stated (`last round I was police, now I'm beggar`, `지난 라운드엔 경찰이었는데 이번엔
  거지예요`; a next round is a promise, never read), or a character denied by a plain `not`
  in one clause beside another stated in the other (`not police — I'm mafia`, `경찰 아니고
  마피아입니다`, `警察じゃなくてマフィアです`; a bare affirmed name, `not mafia, police`, may
  be advice or someone called, and is not read).

The reasons are checked in the order of `Why`: who is spoken of first, then the characters
named, then the mood (a bare verb's order to others only after it: `경찰 안 해` is a negation),
then unknown words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum, StrEnum

from referee.garnet.character import ALIASES, CHARACTERS, MISSPELLINGS, NAMES, Character
from referee.lang import LANGS
from referee.lang.display import displayable


class Why(StrEnum):
    """Why a text is no announcement, most telling first; each value is a message key of the harness."""

    EMPTY = "empty"  # nothing was said
    NO_CHARACTER = "no-character"  # none of the four characters is named
    REPORTED = "reported"  # what someone said ("he said police", "경찰이래", "警察だって")
    OTHER_SEAT = "other-seat"  # another seat or player ("seat 3 is mafia", "you are the beggar", "みんな警察")
    OTHER_ROUND = "other-round"  # another round ("last round I was police", "아까", "前回")
    SEVERAL = "several"  # two or more different characters ("mafia or police", "not mafia, police")
    QUESTION = "question"  # "am I police?", "경찰일까?", "警察ですか"
    NEGATION = "negation"  # "I'm not police", "경찰 아니에요", "警察じゃない", "just kidding"
    HEDGE = "hedge"  # "maybe mafia", "아마 마피아", "マフィアかも", "I think", "if"
    UNREAD = "unread"  # a word the reader does not know, so it cannot be sure


@dataclass(frozen=True)
class UnclearAnnouncement:
    """A text that is not plainly the speaker announcing one character; the harness asks again."""

    why: Why


class _Kind(Enum):
    """What a piece of an announcement is."""

    NAME = "name"  # a character's name
    EMBLEM = "emblem"  # a picture of a character (👮 🚓): a second character beside another name, else nothing
    SELF = "self"  # the speaker: me, my, 저, 私
    SUBJECT = "subject"  # English "I": the speaker, and after an auxiliary a question
    FILLER = "filler"  # words an announcement may have: copulas, particles, 'chose', 'really'
    INTERJECTION = "interjection"  # hi, ok, so, lol: nothing, and they do not open a clause
    AUX = "aux"  # English am, is, will: filler, but opening a clause they ask
    TAIL = "tail"  # Korean 다, 야: a copula right after a name ("마피아다"), else 'all' or 'hey'
    OPENER = "opener"  # 아, じゃ, honestly?: 'ah', 'well' opening the text; elsewhere not understood
    LINK = "link"  # and, the, 은, が: a word that needs one after it; last, the text is unfinished
    ADDRESS = "address"  # everyone, 여러분, 皆さん, 네: harmless before the speaker speaks of themself
    BARE = "bare"  # pick, go, 해, して: an order unless the speaker speaks of themself
    TAUNT = "taunt"  # try and stop me, 덤벼라, ガーネット分けてね, 믿어 주세요: nothing about anyone's character
    BREAK = "break"  # punctuation other than a question mark
    CHOICE = "choice"  # or, 아니면, それとも: a hedge, or several characters
    DENIAL = "denial"  # not, never: a negation, which may deny the name after it ("not police, I'm mafia")
    DENIAL_AFTER = "denial-after"  # 아니, ない: a negation, which may deny the name before it ("경찰 아니에요")
    CORRECTION = "correction"  # 아니고, じゃなくて: a negation denying the clause before it, before another
    CONTRAST = "contrast"  # but, 는데, けど: between two clauses; elsewhere not understood
    NEGATION = "negation"
    QUESTION = "question"
    HEDGE = "hedge"
    OTHER = "other"  # another seat or player
    OTHER_ROUND = "other-round"
    PAST = "past"  # last round, 지난 라운드, 前回: another round, unless set against this one
    TENSE = "tense"  # was, 이었어요, だった, will: which round? Another, unless the text says this one (now)
    NOW = "now"  # now, 이번, 今回: this round, a filler
    REPORTED = "reported"
    UNKNOWN = "unknown"  # not in the lexicon


# Each language's words by kind, "|" between them (an English entry may be several words).
# They are cut into pieces like the text they are looked for in, so they are written as people
# type them. No word here may contain a character's name (it would hide the name).
_WORDS: dict[str, dict[_Kind, str]] = {
    "en": {
        _Kind.SUBJECT: "i | im",
        _Kind.SELF: "me | my | mine | myself",
        _Kind.AUX: "am | is | are | were | do | does | did | will | have | has | shall",
        _Kind.TENSE: "was",
        _Kind.INTERJECTION: "hi | hello | hey | ok | okay | k | so | well | alright | all right | yes | yeah | yep"
        " | yup | um | umm | uh | er | erm | oh | ah | then | sure | fine | good | great | please | sorry | thanks"
        " | thank you | lol | lmao | haha | hahaha | hehe | xd | w | ww | www | yo | wow | whoa | welp | ugh | meh"
        " | boom | bam",
        _Kind.OPENER: "honestly ? | truthfully ? | to be honest ? | tbh ?",
        _Kind.LINK: "and | a | an | the",
        _Kind.FILLER: "it | this | that | here | today | round | round # | time | turn"
        " | character | role | choice | picked | picking | chose | chosen | choosing | selected"
        " | selecting | selection | took | taking | playing | played | going | gonna | went | being"
        " | saying | announcing | announcement | declaring | declaration | identity | card | answer | final"
        " | officially | official | definitely | certainly | totally | really | truly | honestly | absolutely"
        " | surely | obviously | clearly | seriously | literally | simply | just | only | again | still | also"
        " | too | as well | to | with | as | for | on | in | at | of | side | team | down | trust me"
        " | believe me | swear | promise | of course | real | no doubt | without a doubt | without doubt | always"
        " | decided | decision | deciding | settled | opted | opting | joined | joining | part | member | truthfully"
        " | claim | claiming | claimed | around | no question | sadly | unfortunately | proudly | happily | truth"
        " | honest | to be honest | tbh | in all honesty | no lie | not lying | no cap | cross my heart | hand on heart"
        " | swear to god | believe it or not | no shame | no regrets | what i picked is | what i picked was"
        " | what i picked : | what i chose is | what i chose was | what i chose : | what i went with is"
        " | what i went with : | the one i picked is | the one i picked : | the one i chose is | the one i chose :",
        _Kind.BARE: "pick | choose | select | take | play | go | be | say | announce | declare | call | count | put | make | mark | let | stick | stay | decide | opt | join",
        _Kind.TAUNT: "try and stop me | try to stop me | stop me if you can | catch me if you can | come at me"
        " | come and get me | come get me | bring it on | bring it | fight me | watch me | deal with it | good luck"
        " | beat that | your move | game on | so what | what of it | don't mess with me | spare a garnet"
        " | spare me a garnet | spare some garnets | spare me some garnets | give me a garnet | give me garnets"
        " | give me some garnets | garnets please | a garnet please | share the garnets | share some garnets"
        " | have mercy | have pity",
        _Kind.ADDRESS: "everyone | everybody | all | guys | folks | y'all | yall | you all",
        _Kind.CHOICE: "or | either",
        _Kind.DENIAL: "not | never | dont | doesnt | didnt | isnt | aint | wasnt | arent | werent | havent | hasnt",
        _Kind.CONTRAST: "but | whereas",
        _Kind.NEGATION: "not only | not just | not merely | not simply | no | nope | nah | none | neither | nor | nothing | without | cannot | wont | cant | wouldnt"
        " | shouldnt | couldnt | except | instead | lie | lies | lying | lied | liar | bluff | bluffs"
        " | bluffing | bluffed | fake | faking | fib | kidding | joking | joke | jk | false | wrong | opposite | anything but"
        " | other than",
        _Kind.QUESTION: "? | ¿ | ❓ | ❔ | what | which | who | whom | whose | how | why | when | where",
        _Kind.HEDGE: "maybe | perhaps | probably | possibly | likely | unlikely | might | may | could | would"
        " | should | must | can | guess | think | thinking | thought | suppose | assume | believe | expect"
        " | hope | hoping | wish | want | wanted | wanna | rather | prefer | consider | considering | plan"
        " | planning | intend | try | trying | leaning | tempted | kinda | sorta | kind of | sort of | almost"
        " | nearly | somewhat | unsure | uncertain | dunno | idk | hmm | hmmm | pretty | fairly | if | unless"
        " | whether | seems | seem | like | for now | ish | let's say | was going to | were going to | was gonna"
        " | were gonna | # %",
        _Kind.OTHER: "# | you | your | yours | yourself | yourselves | u | ur | ya | he | him | his | himself | she"
        " | her | hers | herself | they | them | their | theirs | themselves | we | us | our | ours"
        " | ourselves | let's | lets | anyone | anybody | someone | somebody | nobody | no one | others"
        " | other | another | each | every | people | person | guy | man | woman | girl | boy | player"
        " | players | seat | seats | number | one | two | three | four | five | six | seven | eight | first"
        " | second | third | fourth | fifth | sixth | seventh | eighth | opponent | opponents | friend"
        " | friends | whoever | rest | together | both | neighbor | neighbour",
        _Kind.NOW: "now | right now | this round | this round # | this time | this turn",
        _Kind.PAST: "last round | last time | last turn | previous round | the round before",
        _Kind.OTHER_ROUND: "last | previous | previously | before | earlier | next | yesterday | later | tomorrow"
        " | ago | former | formerly | originally | used to",
        _Kind.REPORTED: "said | says | tell | tells | told | telling | claims"
        " | according | heard | hear | hears | quote | quoted | quoting | reportedly | apparently | allegedly"
        " | supposedly | rumor | rumour | rumored | announced | announces | stated | states",
    },
    "ko": {
        _Kind.SELF: "저 | 나 | 제 | 내 | 전 | 난 | 본인",
        _Kind.INTERJECTION: "안녕하세요 | 안녕 | 네, | 네. | 네! | 네네 | 넵 | 넹 | 예 | 응 | 웅 | 음 | 으음"
        " | 그럼 | 그러니까 | 그니까 | 그래서 | 좋아 | 좋아요 | 오케이 | ㅋ | ㅎ | ㅠ | ㅜ | ㅇㅇ | ㅇㅋ | ^ | 하하 | 헤헤 | 히히",
        _Kind.LINK: "은 | 는 | 이 | 가 | 을 | 를 | 도 | 의 | 랑 | 이랑 | 하고 | 그리고",
        _Kind.FILLER: "요 | 로 | 으로 | 에 | 엔 | 에서 | 에는 | 니다 | 습니다 | 입니다 | 이에요 | 이예요 | 예요 | 에요 | 이야 | 이다 | 임 | 이요 | 입니당 | 이에용"
        " | 이에여 | 예용 | 임다 | 이당 | 이얌 | 얌 | 선택 | 했어요 | 했어 | 했습니다 | 했음 | 했다 | 함 | 합니다 | 하겠습니다"
        " | 하겠어요 | 하겠어 | 하겠음 | 할게요 | 할게 | 할께요 | 할께 | 한다 | 해요 | 골랐어요 | 골랐어"
        " | 골랐습니다 | 골랐음 | 골랐다 | 고를게요 | 고를게 | 고릅니다 | 찍었어요 | 찍었어 | 찍었습니다 | 찍었음"
        " | 찍음 | 찍을게요 | 뽑았어요 | 뽑았어 | 뽑았습니다 | 갈게요 | 갈게 | 갈께요 | 갈께 | 갑니다 | 간다 | 감"
        " | 가겠습니다 | 가요 | 픽 | 결정 | 정했어요 | 정했어 | 정했습니다 | 될게요 | 될게 | 됩니다 | 맡을게요"
        " | 맡았어요 | 맡겠습니다 | 선언 | 캐릭터 | 케릭터 | 캐릭 | 역할 | 정체 | 카드 | 답 | 대답"
        " | 라운드 | #라운드 | 라운드# | 판 | 오늘 | 쪽 | 편 | 팀 | 진짜 | 진짜로 | 정말 | 정말로"
        " | 확실히 | 무조건 | 당연히 | 솔직히 | 분명히 | 분명 | 틀림없이 | 절대 | 절대로 | 맹세코 | 그냥 | 역시 | 또"
        " | 다시 | 계속 | 또한 | 바로 | 할게여 | 갈게여 | 예여 | 할거예요 | 할거야 | 할겁니다 | 고름 | 거든 | 거든요"
        " | 이거든 | 인데 | 인데요 | ㄹㅇ | 될거야 | 될거예요 | 될겁니다 | 공개 | 발표 | 슴다 | 하기로"
        " | 되겠습니다 | 솔직히 말할게요 | 솔직히 말하면 | 솔직히 말해서 | 솔직하게 | 솔직하게 말할게요 | 솔직하게 말하면"
        " | 사실대로 말할게요 | 사실대로 말하면 | 사실 | 사실은 | 진심 | 진심으로 | 레알 | 리얼 | 거짓말 아니에요 | 거짓말 아니야"
        " | 거짓말 아님 | 구라 아님 | 뻥 아님 | 믿거나 말거나 | 못 믿겠으면 말고 | 못 믿겠으면 말고요 | 맹세해요 | 맹세합니다"
        " | 맹세할게요 | 지롱 | 이지롱 | 지용 | 이지용 | 이에욤 | 예욤 | 임당 | 이어요 | 여요 | 이옵니다 | 이올시다 | 올시다"
        " | 이외다 | 이오 | 고른 건 | 고른 거 | 고른 거는 | 고른 것은 | 고른 캐릭터 | 선택한 건 | 선택한 거 | 선택한 것은"
        " | 선택한 캐릭터 | 뽑은 건 | 찍은 건 | 정한 건",
        _Kind.TAIL: "다 | 야",
        _Kind.OPENER: "아 | 어 | 오 | 자 | 솔직히 ?",
        _Kind.BARE: "해 | 골라 | 골라요 | 할래 | 할래요 | 찍어 | 찍어요",
        _Kind.TAUNT: "막을 테면 막아 보세요 | 막을 테면 막아 봐 | 막을 테면 막아 봐라 | 막아 보세요 | 막아 봐 | 막아 봐라"
        " | 덤벼 | 덤벼라 | 덤벼 봐 | 덤벼 보세요 | 덤비세요 | 나 잡아 봐라 | 잡아 봐라 | 잡을 테면 잡아 봐 | 어쩌라고"
        " | 그래서 뭐 | 각오해 | 각오하세요 | 두고 봐 | 두고 보세요 | 가넷 좀 나눠 주세요 | 가넷 좀 나눠 줘"
        " | 가넷 나눠 주세요 | 가넷 나눠 줘 | 가넷 좀 주세요 | 가넷 주세요 | 가넷 좀 줘 | 한 푼 줍쇼 | 한 푼만 줍쇼"
        " | 한 푼만 주세요 | 적선 좀 해 주세요 | 적선해 주세요 | 믿어 주세요 | 믿어 줘 | 믿어 줘요 | 믿으세요",
        _Kind.ADDRESS: "여러분 | 모두 | 모두들 | 네",
        _Kind.CHOICE: "아니면 | 또는 | 혹은 | 이나 | 이든 | 든 | 든지 | 이든지 | 거나 | 이거나",
        _Kind.DENIAL_AFTER: "아니 | 아닌 | 아님 | 아닙 | 아냐 | 아녜 | 아녀 | 않 | 안",
        _Kind.CORRECTION: "아니고 | 이 아니고 | 가 아니고 | 은 아니고 | 는 아니고 | 아니라 | 이 아니라 | 가 아니라 | 말고",
        _Kind.CONTRAST: "는데 | 지만 | 이지만 | 이었는데 | 였는데 | 했는데 | 골랐는데 | 이었지만 | 였지만 | 했지만 | 골랐지만",
        _Kind.NEGATION: "아닐 | 아뇨 | 못 | 없 | 거짓 | 뻥 | 구라 | 농담 | 장난 | 노노 | ㄴㄴ | 빼고",
        _Kind.QUESTION: "? | ¿ | ❓ | ❔ | 까 | 니 | 냐 | 나요 | 인가 | 는가 | 던가 | 누구 | 누가 | 뭐 | 무엇 | 무슨"
        " | 어느 | 어떤 | 어떻게 | 왜 | 언제 | 어디",
        _Kind.HEDGE: "아니라도 | 아니어도 | 아니더라도 | 이 아니라도 | 가 아니라도 | 이 아니어도 | 가 아니어도 | 아마 | 아마도 | 글쎄 | 같 | 듯 | 지도 | 수도 | 려나 | 예정 | 생각 | 모르 | 모름 | 몰라 | 혹시"
        " | 만약 | 만일 | 면 | 싶 | 고민 | 일단 | 우선 | 어쩌면 | 반반 | 흠 | 쯤 | 정도 | 대충 | 거의 | 원해 | 걸"
        " | 텐데 | 겠지 | 일 | #%",
        _Kind.OTHER: "# | 너 | 넌 | 니가 | 네가 | 너는 | 너도 | 너희 | 당신 | 그 | 그녀 | 그분 | 걔 | 쟤 | 얘 | 저분"
        " | 이분 | 저사람 | 그사람 | 이사람 | 그들 | 우리 | 저희 | 다들 | 누군가 | 다른 | 남 | 번 | 님 | 씨"
        " | 플레이어 | 자리 | 좌석 | 사람 | 애들 | 형 | 누나 | 언니 | 오빠 | 친구 | 같이 | 함께 | 하세요 | 해라"
        " | 해줘 | 해주세요 | 하자 | 합시다 | 고르세요 | 골라라 | 하십시오 | 가자 | 갑시다 | 하셈 | 고르셈"
        " | 선택하세요 | 전부 | 전원 | 하나 | 둘 | 셋 | 넷 | 이거 | 요거",
        _Kind.NOW: "이번 | 이번엔 | 이번에 | 요번 | 지금 | 지금은",
        _Kind.TENSE: "이었어요 | 이었어 | 이었습니다 | 이었다 | 이었음 | 였어요 | 였어 | 였습니다 | 였다 | 였음",
        _Kind.PAST: "지난 라운드 | 지난번 | 지난 판 | 저번 | 전판 | 전 라운드 | 전번",
        _Kind.OTHER_ROUND: "지난 | 전에 | 아까 | 다음 | 다음번 | 어제 | 내일 | 처음 | 원래 | 예전 | 이전 | 그때",
        _Kind.REPORTED: "라고 | 이라고 | 라는 | 이라는 | 아니라고 | 이 아니라고 | 가 아니라고 | 아니라는 | 래 | 이래 | 래요 | 이래요 | 대 | 다고 | 했다고 | 댔 | 말했"
        " | 그랬 | 들었 | 란다 | 이란다 | 랍니다 | 이랍니다 | 라네 | 이라네 | 라던데 | 이라던데 | 라더라 | 이라더라"
        " | 카더라 | 한대 | 했대",
    },
    "ja": {
        _Kind.SELF: "私 | わたし | わたくし | あたし | 僕 | ぼく | ボク | 俺 | おれ | オレ | うち",
        _Kind.INTERJECTION: "はい | うん | ええ | えっと | えと | ええと | あの | よし | さて | まあ | ほら | さあ | よっしゃ"
        " | よろしく | よろしくお願いします | お願いします | おねがいします | どうも | こんにちは | こんばんは"
        " | おはよう | 笑",
        _Kind.LINK: "は | が | も | を | の | と",
        _Kind.FILLER: "で | に | へ | ね | よ | な | さ | ぞ | ぜ | わ | や"
        " | です | だ | である | であります | でございます | っす | なんです | なんだ"
        " | なのです | します | しました | する | した | しとく | しときます | 選びます | 選びました | 選んだ"
        " | 選ぶ | 選んでいます | 選んでます | 選択 | 決めた | 決めました | 決めます | 決定 | いきます | 行きます"
        " | いく | 行く | なります | なる | なりました | なった | やります | やる | 取ります | 取りました | 宣言"
        " | 申告 | 担当 | キャラ | キャラクター | 役 | 役割 | 正体 | カード | 答え | この | ラウンド"
        " | #ラウンド | ラウンド# | 第#ラウンド | #ラウンド目 | ターン | また | 本当 | 本当に | ほんと | ほんとに"
        " | ホント | 正直 | 正直に | 絶対 | 絶対に | ぜったい | 間違いなく | もちろん | 確実に | 確かに | やっぱり"
        " | やはり | 普通に | ねん | 決まり | 側 | チーム | サイド | 発表 | 公開 | 正直に言うと | 正直言うと | 正直言って"
        " | 正直に言います | 正直に言う | 正直に言えば | 本当のことを言うと | 本当のこと言うと | ぶっちゃけ | 実は | マジ"
        " | マジで | ガチ | ガチで | 嘘じゃない | 嘘じゃありません | 誓って | 誓います | 誓う | なのだ | なのよ | なのじゃ"
        " | ござる | でござります | でござんす | でありんす | でおじゃる | でやんす | だもん | ですもん | ですの | だっちゃ"
        " | だべ",
        _Kind.OPENER: "じゃ | じゃあ | では | それでは | 正直 ? | ぶっちゃけ ?",
        _Kind.BARE: "して | 選んで | しよう | いこう | 行こう | 選ぼう",
        _Kind.TAUNT: "止められるものなら止めてみろ | 止めてみろ | 止めてみな | 止めてごらん | かかってこい | かかってこいよ"
        " | かかって来い | 捕まえてみろ | 捕まえてごらん | 覚悟しろ | 見てろ | 見てろよ | 文句ある | 文句あるか"
        " | けど何か | から何 | それが何か | ガーネット分けてね | ガーネット分けて | ガーネット分けてください"
        " | ガーネットを分けてください | ガーネットください | ガーネットちょうだい | ガーネット恵んで"
        " | ガーネット恵んでください | お恵みを | 恵んでください | 信じて | 信じてください | 信じてね | 信じてよ",
        _Kind.ADDRESS: "皆さん | みなさん | みんな | 皆様 | みなさま",
        _Kind.CHOICE: "または | それとも | とか | やら | あるいは | もしくは",
        _Kind.DENIAL_AFTER: "ない | なかった | ません | ませんでした | じゃない | じゃねえ | じゃね | ではない | ではありません"
        " | じゃありません | してない | していない | してません | 選んでない | 選んでいない | 選んでません",
        _Kind.CORRECTION: "じゃなく | じゃなくて | ではなく | ではなくて",
        _Kind.CONTRAST: "けど | けれど | けれども | だが | ですが | でしたが | だったが",
        _Kind.NEGATION: "違 | ちがう | ちがい | ちゃう | 嘘 | うそ | ウソ | 冗談 | いいえ | いや"
        " | なし | 無し | 以外 | 抜き | 偽 | フェイク | ブラフ | 間違",
        _Kind.QUESTION: "? | ¿ | ❓ | ❔ | か | かい | っけ | なの | 何 | なに | なん | どれ | どっち | どちら | 誰"
        " | だれ | どう | どの | いかが | なんで",
        _Kind.HEDGE: "じゃなくても | ではなくても | かも | かもしれない | かもしれません | たぶん | 多分 | おそらく | 恐らく | きっと | だろう | だろ"
        " | でしょう | でしょ | かな | かしら | 思 | 気がする | 気がします | 予定 | つもり | みたい | っぽい | よう"
        " | 一応 | とりあえず | 一旦 | もし | もしかして | もしかしたら | なら | たら | れば | 迷 | 悩 | 考え | 希望"
        " | たい | ほしい | 欲しい | でも | よね | よな | 確か | #%",
        _Kind.OTHER: "# | あなた | あんた | 君 | きみ | お前 | おまえ | 貴方 | 彼 | 彼女 | 彼ら | あいつ | こいつ"
        " | そいつ | やつ | 奴 | 皆 | 全員 | 誰か | 他 | ほか | 人 | 番 | 席 | プレイヤー | さん | くん | ちゃん"
        " | 様 | さま | たち | 達 | 私たち | 僕たち | 僕ら | 俺ら | 俺たち | 我々 | うちら | 一緒 | ください"
        " | 下さい | しろ | 選べ | しましょう | ましょう | 相手 | 一 | 二 | 三 | 四 | 五 | 六 | 七 | 八",
        _Kind.NOW: "今回 | 今 | このラウンド",
        _Kind.TENSE: "だった | でした | だったよ | でしたよ",
        _Kind.PAST: "前回 | 前のラウンド | 前ラウンド | さっきのラウンド",
        _Kind.OTHER_ROUND: "前 | 次 | 次回 | さっき | 昨日 | 以前 | 最初 | 元々 | もともと",
        _Kind.REPORTED: "だそう | って | 言っ | 言い | 言う | 言わ | いう | 聞い | 聞き | らしい | によると | 曰く | とのこと",
    },
}

# Emoji and symbols, in every language. A mood, a heart, money, a weapon or a cheer says nothing
# about anyone's character, so it is an interjection (`마피아!!! 🔫`, `police 💸`); a cross, a
# no-entry sign or a lying face denies, a thinking face, a shrug or crossed fingers hedges. Any
# other symbol is a word the reader does not know: a wink or an upside-down face may take the
# words back, a pointing hand (👉 🫵) or a person may be another seat, a keycap digit is a number.
_SYMBOLS: dict[_Kind, str] = {
    _Kind.INTERJECTION: "♪ | ♫ | 🎵 | 🎶 | ☆ | ★ | ⭐ | 🌟 | ✨ | 💫 | ♡ | ♥ | ❤ | 💕 | 💖 | 💗 | 💙 | 💚 | 💛"
    " | 💜 | 🖤 | 🧡 | 🤍 | 💔 | 😀 | 😃 | 😄 | 😁 | 😆 | 😅 | 😂 | 🤣 | 😊 | 🙂 | 😇 | 🥰 | 😍 | 🤩 | 😋"
    " | 😎 | 🤓 | 🥳 | 😏 | 😌 | 😔 | 😞 | 😢 | 😭 | 🥺 | 🥹 | 😤 | 😠 | 😡 | 🤬 | 😈 | 👿 | 😱 | 😰 | 😳"
    " | 🤑 | 🤠 | 🫡 | 💀 | ☠ | 👍 | 👌 | ✌ | 🤘 | 🤙 | 💪 | 👊 | ✊ | 👏 | 🙌 | 🙏 | 💰 | 💸 | 💵 | 💴"
    " | 💶 | 💷 | 💲 | 🪙 | 💎 | 🔫 | 🔪 | 🗡 | 💣 | 💥 | 🔥 | 💯 | 🎉 | 🎊 | 👑 | 🏆 | 🍀 | 🕶 | 🎩 | ✅"
    " | ✔ | ☑ | ♂ | ♀",
    _Kind.NEGATION: "❌ | ✖ | 🚫 | ⛔ | 🙅 | 🤥",
    _Kind.HEDGE: "🤔 | 🤷 | 🤞",
}

# Pictures of a character: never its name (`👮` alone names nobody), but beside another
# character's name they make two (`mafia 🚓` is unclear), and beside its own they add nothing.
_EMBLEMS: dict[Character, str] = {Character.POLICE: "👮 | 🚓 | 🚔 | 🚨"}

# Curly apostrophes are straight; a drawn-out sound is the word ("いきまーす", "경찰이에요~");
# an emoji's presentation selector and skin tone are the emoji (`👍🏽`, `❤️` are 👍 and ❤).
_FOLDED = str.maketrans(
    {
        **{c: "'" for c in "\u2018\u2019\u02bc\u2032`\u00b4"},
        **{c: None for c in "ー~〜\ufe0e\ufe0f"},
        **{chr(tone): None for tone in range(0x1F3FB, 0x1F400)},
    }
)
_UNIT = re.compile(
    r"(?P<word>[a-z\u00df-\u00f6\u00f8-\u024f]+(?:'[a-z\u00df-\u00f6\u00f8-\u024f]+)*)|(?P<number>\d+)|\S"
)
_CONTRACTED = {"can't": ("can", "not"), "won't": ("will", "not"), "ain't": ("is", "not"), "let's": ("let's",)}
_SUFFIXES = (
    ("n't", "not"),
    ("'m", "am"),
    ("'re", "are"),
    ("'s", "is"),
    ("'ll", "will"),
    ("'d", "would"),
    ("'ve", "have"),
)


def _words(word: str) -> tuple[str, ...]:
    """An English word with its contraction spelled out: "i'm" is "i am", "isn't" "is not"."""
    if word in _CONTRACTED:
        return _CONTRACTED[word]
    for suffix, full in _SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            return (*_words(word[: -len(suffix)]), full)
    return (word,)


def fold(text: str) -> str:
    """Text as the referee's readers of Garnet Thief compare it: displayable, NFKC (full-width
    letters and digits as ASCII), lower case, curly apostrophes straight, and no long-vowel
    sign or wave dash (a drawn-out sound is the word)."""
    return unicodedata.normalize("NFKC", displayable(text)).casefold().translate(_FOLDED)


def units(text: str) -> tuple[str, ...]:
    """The text as the reader sees it: English words (contractions spelled out), single
    Korean or Japanese letters (so spaces between their words do not matter), '#' for a
    number, and each other sign; folded as the module docstring says, with no long-vowel
    sign or wave dash."""
    folded = fold(text)
    out: list[str] = []
    for found in _UNIT.finditer(folded):
        if found["word"]:
            out.extend(_words(found["word"]))
        else:
            out.append("#" if found["number"] else found.group())
    return tuple(out)


@dataclass(frozen=True)
class _Piece:
    kind: _Kind
    character: Character | None = None


def _lexicon() -> dict[tuple[str, ...], _Piece]:
    """Every known piece by its units: the characters' names and the words of every language.
    A word listed with two meanings, or holding a name (the longer piece would hide the name),
    is refused when the module loads, so a slip in `_WORDS` cannot pass unseen."""
    lexicon = {
        units(name): _Piece(_Kind.NAME, character)
        for lang in LANGS
        for character in CHARACTERS
        for name in (NAMES[lang][character], *ALIASES[lang][character], *MISSPELLINGS[lang][character])
    }
    names = list(lexicon)
    words = [
        (word, _Piece(kind))
        for kinds in (*_WORDS.values(), _SYMBOLS)
        for kind, listed in kinds.items()
        for word in listed.split("|")
    ]
    words += [
        (word, _Piece(_Kind.EMBLEM, character)) for character, listed in _EMBLEMS.items() for word in listed.split("|")
    ]
    for word, piece in words:
        seen = units(word)
        if any(seen[at : at + len(name)] == name for name in names for at in range(len(seen))):
            raise ValueError(f"{word.strip()!r} holds a character's name")
        # a taunt's own question mark asks nothing about a character ("spare a garnet?", "けど何か？")
        for form in (seen, (*seen, "?")) if piece.kind is _Kind.TAUNT else (seen,):
            if lexicon.setdefault(form, piece) != piece:
                raise ValueError(f"{word.strip()!r} is listed as {piece.kind.value} and as {lexicon[form].kind.value}")
    return lexicon


_LEXICON = _lexicon()
_LONGEST = max(map(len, _LEXICON))
_KNOWN = {unit for seen in _LEXICON for unit in seen}
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}$")


def _undrawn(unit: str) -> str:
    """An English word drawn out at its end ("mafiaaa", "policeeee", "yesss", "nooo") is the
    word: the last letter once, or else twice, whichever is a word the reader knows; when both
    are, with different meanings, it stays unknown. Only at the end: "cooop" may be "coop"
    drawn out, not "cop", while no word ends in a doubled letter that undoubled is a name."""
    if unit in _KNOWN or not _DRAWN_OUT.search(unit):
        return unit
    one, two = (_DRAWN_OUT.sub(kept, unit) for kept in (r"\1", r"\1\1"))
    if one in _KNOWN and (two not in _KNOWN or _LEXICON.get((one,)) == _LEXICON.get((two,))):
        return one
    return two if two in _KNOWN else unit


def _neutral(unit: str) -> bool:
    """Punctuation and marks: nothing said, at most a break."""
    return unicodedata.category(unit[0])[0] in "PZM"


def _pieces(text: str) -> list[_Piece]:
    """The text cut into the longest known pieces, from the left, its drawn-out words undrawn."""
    seen = tuple(map(_undrawn, units(text)))
    out: list[_Piece] = []
    at = 0
    while at < len(seen):
        for size in range(min(_LONGEST, len(seen) - at), 0, -1):
            piece = _LEXICON.get(seen[at : at + size])
            if piece is not None:
                out.append(piece)
                at += size
                break
        else:
            out.append(_Piece(_Kind.BREAK if _neutral(seen[at]) else _Kind.UNKNOWN))
            at += 1
    return out


def _named(pieces: list[_Piece]) -> set[Character]:
    """The characters the pieces name (a picture names none)."""
    return {piece.character for piece in pieces if piece.kind is _Kind.NAME and piece.character is not None}


def _asks(pieces: list[_Piece]) -> bool:
    """English word order: an auxiliary opening a clause ("is it mafia", "so, am I") or
    followed by "I" ("so am I police") makes a question."""
    opening = True
    for at, piece in enumerate(pieces):
        followed_by_i = at + 1 < len(pieces) and pieces[at + 1].kind is _Kind.SUBJECT
        if piece.kind is _Kind.AUX and (opening or followed_by_i):
            return True
        if piece.kind is _Kind.BREAK:
            opening = True
        elif piece.kind is not _Kind.INTERJECTION:
            opening = False
    return False


_ASIDE = (_Kind.INTERJECTION, _Kind.EMBLEM, _Kind.TAUNT, _Kind.BREAK, _Kind.ADDRESS, _Kind.OPENER)


def _calls(pieces: list[_Piece], at: int) -> bool:
    """Whether the address at `at` calls the table ("hi everyone, ...", "..., guys!"): only
    greetings and punctuation come before it, or a break comes before it and only greetings
    and punctuation after it."""
    if all(piece.kind in _ASIDE for piece in pieces[:at]):
        return True
    return at > 0 and pieces[at - 1].kind is _Kind.BREAK and all(piece.kind in _ASIDE for piece in pieces[at + 1 :])


_STATING = (_Kind.AUX, _Kind.FILLER, _Kind.TAIL, _Kind.NOW)


def _stated(pieces: list[_Piece]) -> bool:
    """Whether the speaker speaks of themself ("I", "my", "저", "私") or a name stands in a
    clause (between punctuation) with a copula, a verb or a particle ("경찰입니다", "マフィアだ",
    "police here"): a bare name alone may be someone called ("Police, try and stop me!")."""
    clause: list[_Piece] = []
    for piece in [*pieces, _Piece(_Kind.BREAK)]:
        if piece.kind in (_Kind.SELF, _Kind.SUBJECT):
            return True
        if piece.kind is not _Kind.BREAK:
            clause.append(piece)
        elif any(p.kind is _Kind.NAME for p in clause) and any(p.kind in _STATING for p in clause):
            return True
        else:
            clause = []
    return False


def _kinds(pieces: list[_Piece]) -> set[_Kind]:
    """The kinds the text holds once the words that depend on the speaker are settled: an
    address is another seat unless it calls the table in a text where the speaker speaks of
    themself; a bare verb with no word for the speaker is an order (`_Kind.BARE` stays in the
    set only then); a taunt is harmless only where the text is stated (`_stated`), since beside
    a bare name it may be calling it ("Police, try and stop me!"); a tail away from a name is
    not understood ("다 경찰이야" is 'all are police'), nor an opener that opens nothing
    ("警察じゃ…" trails off before a negation, "경찰아" calls someone Police), nor a link with
    nothing after it ("경찰은…", "警察は" stop before saying what the police are), nor a
    contrast ("I'm police but…"). A denial or a correction is a negation, a past round another
    round (`_two_clauses` reads the texts where they are not), a choice a hedge (or, with two
    names, several characters)."""
    kinds = {piece.kind for piece in pieces}
    speaker = any(piece.kind in (_Kind.SELF, _Kind.SUBJECT) for piece in pieces)
    if any(piece.kind is _Kind.ADDRESS and not (speaker and _calls(pieces, at)) for at, piece in enumerate(pieces)):
        kinds.add(_Kind.OTHER)
    if speaker:
        kinds.discard(_Kind.BARE)
    if _Kind.TAUNT in kinds and not _stated(pieces):
        kinds.add(_Kind.OTHER)
    if any(
        (piece.kind is _Kind.TAIL and (at == 0 or pieces[at - 1].kind is not _Kind.NAME))
        or (piece.kind is _Kind.OPENER and not all(before.kind in _ASIDE for before in pieces[:at]))
        or (piece.kind is _Kind.LINK and all(after.kind in _ASIDE for after in pieces[at + 1 :]))
        for at, piece in enumerate(pieces)
    ):
        kinds.add(_Kind.UNKNOWN)
    if kinds & {_Kind.DENIAL, _Kind.DENIAL_AFTER, _Kind.CORRECTION}:
        kinds.add(_Kind.NEGATION)
    if _Kind.PAST in kinds or (_Kind.TENSE in kinds and _Kind.NOW not in kinds):
        kinds.add(_Kind.OTHER_ROUND)
    if _Kind.CONTRAST in kinds:
        kinds.add(_Kind.UNKNOWN)
    if _Kind.CHOICE in kinds:
        kinds.add(_Kind.HEDGE)
    if _asks(pieces):
        kinds.add(_Kind.QUESTION)
    return kinds


def _why(pieces: list[_Piece]) -> Why | None:
    """The first reason the pieces are no plain announcement: who is spoken of, then how many
    characters are named, then the mood, then an order to others, then unknown words."""
    named = _named(pieces)
    pictured = {piece.character for piece in pieces if piece.kind is _Kind.EMBLEM}
    kinds = _kinds(pieces)
    reasons = (
        (all(piece.kind is _Kind.BREAK for piece in pieces), Why.EMPTY),
        (not named, Why.NO_CHARACTER),
        (_Kind.REPORTED in kinds, Why.REPORTED),
        (_Kind.OTHER in kinds, Why.OTHER_SEAT),
        (_Kind.OTHER_ROUND in kinds, Why.OTHER_ROUND),
        (len(named | pictured) > 1, Why.SEVERAL),
        (_Kind.QUESTION in kinds, Why.QUESTION),
        (_Kind.NEGATION in kinds, Why.NEGATION),
        (_Kind.HEDGE in kinds, Why.HEDGE),
        (_Kind.BARE in kinds, Why.OTHER_SEAT),  # "pick police", "경찰 해": said to the others?
        (_Kind.UNKNOWN in kinds, Why.UNREAD),
    )
    return next((why for holds, why in reasons if holds), None)


def _plain(pieces: list[_Piece]) -> Character | None:
    """The character a clause announces plainly by itself, if it does."""
    if _why(pieces) is not None:
        return None
    (character,) = _named(pieces)
    return character


_JOINS = (_Kind.BREAK, _Kind.CONTRAST, _Kind.CORRECTION)


def _cuts(pieces: list[_Piece]) -> Iterator[tuple[list[_Piece], list[_Piece], list[_Piece]]]:
    """Every way to cut the text in two clauses at a run of punctuation, contrasts ("but",
    "는데", "けど") and corrections ("아니고", "じゃなくて"): (before, the run, after)."""
    at = 0
    while at < len(pieces):
        end = at
        while end < len(pieces) and pieces[end].kind in _JOINS:
            end += 1
        if 0 < at < end < len(pieces):
            yield pieces[:at], pieces[at:end], pieces[end:]
        at = max(end, at + 1)


def _this_round(before: list[_Piece], join: list[_Piece], after: list[_Piece]) -> Character | None:
    """The character of this round, where one clause is a past round's plain announcement
    ("last round I was police", "지난 라운드엔 경찰이었는데", "前回は警察だった"), which the reveal
    has made public, and the other this round's, marked as now and stated ("now I'm beggar",
    "이번엔 거지예요", "今回は物乞い"). A next round is a promise, not history: never read."""
    if any(piece.kind is _Kind.CORRECTION for piece in join):
        return None
    for past, now in ((before, after), (after, before)):
        then = [piece for piece in past if piece.kind not in (_Kind.PAST, _Kind.TENSE)]
        if (
            len(then) < len(past)
            and all(piece.kind is not _Kind.NOW for piece in past)
            and any(piece.kind is _Kind.NOW for piece in now)
            and all(piece.kind is not _Kind.PAST for piece in now)
            and _plain(then) is not None
            and _stated(now)
        ):
            return _plain(now)
    return None


def _two_clauses(pieces: list[_Piece]) -> Character | None:
    """The one character a text of two clauses announces though it names two, one of them in a
    past round (`_this_round`); every piece but the join between them stands in a clause that
    is plain by itself, and every way to cut it must agree. A correction ("not police, I'm
    mafia") is not read: two people labelling the same rules disagreed on whether it is plain
    (the second held-out set asks again), and asking again costs one line."""
    readings = {reading for cut in _cuts(pieces) if (reading := _this_round(*cut)) is not None}
    return readings.pop() if len(readings) == 1 else None


def read_announcement(text: str, lang: str) -> Character | UnclearAnnouncement:
    """The character `text` announces as the speaker's own, or why it does not plainly do so.

    `lang` is the seat's language (ko, ja, en; anything else is a ValueError). Every script is
    read in its own language whatever `lang` is, since a model seated as a Korean player may
    still answer `I'm police`; no word of one language means something else in another.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    pieces = _pieces(text)
    why = _why(pieces)
    if why is None:
        (character,) = _named(pieces)
        return character
    affirmed = _two_clauses(pieces)
    return UnclearAnnouncement(why) if affirmed is None else affirmed
