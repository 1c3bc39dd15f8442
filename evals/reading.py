"""Read a game master's reply into typed observations (see `evals.observed`).

The characters' answers are read by the referee's statement extractor (`referee.lang.extract`).
Three things a reply also shows are read here with small per-language patterns, because
they are the game master's own words rather than a character's: the remaining count
("남은 질문: 5회", "残り質問回数：5回", "Questions left: 5"), the verdict on a guess
(정답/오답, 正解/不正解, correct/incorrect) and a role named outright ("범인은 B",
"嘘つきはC", "the liar is C"). In a reply to a question, what none of these reads is passed on
to the extractor, whose unread sentences are kept, never guessed at; a reply to anything
else (a guess, a remark, the reveal request) holds no character's answer, so a recap of
earlier answers there is not read as new ones.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal

from evals.observed import Claim, Role, Turn
from referee.lang import Context, extract
from referee.lang.context import Statement
from referee.lang.incident import Lang
from referee.liar.intent import Confirm, Guess, Intent, Query, Question, Unclear
from referee.liar.world import Roster

_SEP = r"(?:[:=：▶►▷→➡⇒|~\-–—]+\s*)?"
"""What stands between a count's label and its number: "남은 질문: 5", "残り ▶ 5", "left — 5"."""
_COUNT: dict[Lang, tuple[str, ...]] = {
    "ko": (
        r"남은\s*(?:질문\s*(?:(?:권|횟수|수)\s*)?|횟수\s*)(?:(?:은|는)\s*)?" + _SEP + r"(\d+)",
        r"질문\s*(?:(?:권|횟수)\s*)?(?:(?:이|은|는)\s*)?(\d+)\s*(?:회|개|번)\s*남",
        r"(?P<used>\d+)\s*/\s*(?P<of>\d+)\s*(?:(?:회|개|번)\s*)?사용",
    ),
    "ja": (
        r"(?:残り|のこり)\s*(?:の\s*)?(?:質問\s*)?(?:(?:権|回数|数)\s*)?(?:は\s*)?" + _SEP + r"(\d+)",
        r"(?:質問\s*(?:(?:権|回数)\s*)?(?:(?:は|が)\s*)?)?あと\s*(\d+)\s*回",
        r"(?P<used>\d+)\s*/\s*(?P<of>\d+)\s*(?:回\s*)?使用",
    ),
    "en": (
        r"\b(?:questions?\s+(?:left|remaining)|remaining\s+questions?)\s*" + _SEP + r"(\d+)",
        r"\b(\d+)\s+(?:more\s+)?(?:questions?\s+)?(?:left|remaining)\b",
        r"^\W*(?:remaining|left)\s*[:=]\s*(\d+)",
        r"\bused\s*[:=]?\s*(?P<used>\d+)\s*(?:/|of|out\s+of)\s*(?P<of>\d+)(?:\s+questions?)?(?!\s*[A-Za-z])",
        r"\b(?P<used>\d+)\s*(?:/|of|out\s+of)\s*(?P<of>\d+)\s+(?:questions?\s+)?used\b",
    ),
}
"""The remaining count as shown, or the used one with the budget ("Used 3 of 7", "質問：4/7 使用")."""

_NUMBER = r"(\d+)(?!\d)(?!\s*(?:人|名|명|사람|people\b|of\s+(?:them|you)\b))(?:\s*(?:→|->|=>|⇒|➡)\s*(\d+))?"
"""A count: not a number of people ("残り2人は正直者", "the remaining 2 people"), and the new
one when the count is shown changing ("残り質問: 6 → 5")."""
_COUNT = {lang: tuple(p.replace(r"(\d+)", _NUMBER) for p in patterns) for lang, patterns in _COUNT.items()}

# In every pattern here an optional word takes the spaces after it ("(?:の\s*)?", not
# "(?:の)?\s*"): two space runs side by side could split a long run of spaces in every way
# before failing, which took 27 s on "残り" and 100 spaces.

# Wrong first: "不正解" contains "正解", "incorrect" contains "correct". What announces the
# answer ("정답은 ...", "正解は...", "the correct answer was ...") is a reveal, not a verdict.
_VERDICT: dict[Lang, tuple[str, str]] = {
    "ko": (r"오답|틀렸|틀립니다|틀려요|틀린\s*(?:답|추리)|땡(?![가-힣])|아쉽(?:지만|게도|네요|습니다)",
           r"정답(?!\s*(?:은|는|을|공개|발표))|맞았|맞습니다|맞아요|맞혔|맞히셨|맞췄|맞추셨|빙고"),
    "ja": (r"不正解|違います|ちがいます|外れ|ハズレ|はずれ|ブッブー|ブブー|残念",
           r"正解(?!\s*(?:は|を|発表))|当たり|その通り|ピンポン"),
    "en": (r"\b(?:incorrect|wrong|not\s+(?:correct|right|quite|it)|nope|afraid\s+not)\b",
           r"\b(?:correct|right)\b(?!\s+answer)|\b(?:you\s+got\s+it|bingo|spot\s+on|nailed\s+it)\b"),
}

# A verdict word inside an indirect question, a condition or a rule judges nothing: "어느
# 쪽이 틀렸는지는 알려드릴 수 없지만", "どちらが違うかは言えません", "I can't say which one is
# wrong", "if you're right", "a wrong guess costs a question", "오답인 경우", "不正解の場合".
# Such spans are taken out before the verdict is read.
_NO_VERDICT: dict[Lang, str] = {
    "ko": r"(?:틀렸|틀리|틀린|맞았|맞|맞혔|맞췄|오답|정답)(?:는지|은지|을지|인지|일지|는가|다면|이라면|이면|으면|면"
          r"|인\s*경우|일\s*경우|일\s*때)|틀린\s*(?:답|추리)(?:을|를)?\s*(?:말하|내|제출|하)[가-힣]*(?:면|경우)",
    "ja": r"(?:不正解|正解|違う|違った|外れ|ハズレ|はずれ|当たり|当たった)(?:か(?:どうか)?|なのか|なら|だったら|だと|の場合)",
    "en": r"\b(?:which|whether|if)\b[^.!?\n]{0,40}?\b(?:incorrect|wrong|right|correct)\b"
          r"|\b(?:a|any|each|every)\s+(?:wrong|incorrect)\s+(?:guess|answer)",
}

# The act in each form a narration writes it, whichever act the incident is (eaten, drunk,
# broken, taken, hidden): a game master's own incident is read too. Korean relative forms
# ("먹은", "깨뜨린", "가져간"), past stems ("먹었", "숨겼") and 버리다 forms; Japanese past
# forms ("食べた", "持っていった") and the stems before て/た ("食べ", "割っ", "隠し"); English
# base forms (after "did"), past forms and participles, the acts on an object only with one
# ("broke it", "hid the keys": not "broke down", "hid behind"). Not 깨다/깼다, which is to wake up.
_KO_REL = (r"(?:먹은|마신|깨뜨린|깨트린|부순|망가뜨린|가져간|훔친|(?:들고|가지고|챙겨)\s*간|숨긴|감춘"
           r"|(?:먹어|마셔|깨뜨려|깨트려|부숴|가져가|훔쳐|숨겨|감춰)\s*버린)")
_KO_PAST = (r"(?:먹었|마셨|깨뜨렸|깨트렸|부쉈|망가뜨렸|가져갔|훔쳤|(?:들고|가지고|챙겨)\s*갔|숨겼|감췄"
            r"|(?:먹어|마셔|깨뜨려|깨트려|부숴|가져가|훔쳐|숨겨|감춰)\s*버렸)")
_KO_AND = r"(?:먹고|마시고|깨뜨리고|깨트리고|부수고|가져가고|훔치고|숨기고|감추고)"
_JA_PAST = r"(?:食べた|飲んだ|割った|壊した|持って(?:い|行)った|持ってった|盗んだ|隠した)"
_JA_PAST_ON = (r"(?:食べ|飲ん|割っ|壊し|持って(?:い|行)っ|持ってっ|盗ん|隠し)(?:ていた|でいた|てしまった|でしまった)")
_JA_STEM = r"(?:食べ|飲ん|割っ|割り|壊し|持って(?:い|行)|持ってっ|盗ん|隠し)(?:ちゃ|じゃ)?"
_EN_BASE = r"(?:eat|drink|finish|break|smash|take|steal|hide)"
_EN_PAST = (r"(?:ate|drank|finished|took|(?:broke|smashed|stole|hid)"
            r"(?=\s+(?:it|the|that|this|my|our|your|his|her|their)\b))")
_EN_DONE = r"(?:eaten|drunk|finished|broken|smashed|taken|stolen|hidden)"

_LABEL = r"(?:[:=|▶►→➡⇒]|-+>|=>)"
"""What stands between a role's label and the name in a reveal: "犯人：B", "| liar | C |", "嘘つき → Cさん"."""

# The roles as nouns, and as the phrases a reveal names them by ("푸딩을 먹은 사람: A",
# "プリンを食べた人：B", "the one who ate it: C"); a phrase needs no incident noun, so a
# game master's own incident is read too.
_ROLE_NOUNS: dict[Lang, dict[Role, str]] = {
    "ko": {"culprit": r"범인", "liar": r"거짓말쟁이"},
    "ja": {"culprit": r"犯人", "liar": r"嘘つき|うそつき|ウソつき"},
    "en": {"culprit": r"culprit", "liar": r"liar"},
}
_ROLE_PHRASES: dict[Lang, dict[Role, str]] = {
    "ko": {"culprit": _KO_REL + r"\s*(?:사람|인물|범인|쪽|건|것|게|거)",
           "liar": r"거짓말(?:을\s*)?(?:한|하는|했던)\s*(?:사람|인물|쪽)"},
    "ja": {"culprit": r"(?:" + _JA_PAST + "|" + _JA_PAST_ON + r")\s*(?:人物|人|者|の(?=\s*(?:は|が)))",
           "liar": r"嘘を?ついて?(?:いた|た)?\s*(?:人物|人|者|の(?=\s*(?:は|が)))"},
    "en": {"culprit": r"(?:(?:the\s+)?(?:one|person)\s+who\s+(?:" + _EN_PAST + r"|had)(?:\s+it|\s+the\s+[a-z]+(?:\s+[a-z]+)?)?"
                      r"|(?:who\s+)?" + _EN_PAST + r"(?:\s+it|\s+the\s+[a-z]+(?:\s+[a-z]+)?)?(?=\s*" + _LABEL + r"))",
           "liar": r"(?:the\s+)?(?:one|person)\s+(?:who\s+(?:lied|fibbed|was\s+(?:lying|fibbing))|(?:lying|fibbing))"},
}

# A role named, then a name ("범인은 B", "- 거짓말쟁이: C씨", "犯人：Bさん", "| liar | C |"),
# or a name, then a role ("B씨가 범인", "Cさんが嘘つき", "B was the liar"). {role} and
# {noun} are filled in, {name} with the roster. A name followed by a denial ("범인은 A가
# 아니라", "B is not") or a question is no claim.
_CLAIM: dict[Lang, tuple[str, str]] = {
    "ko": (
        r"(?:{role})\s*(?:(?:은|는|이|가|도)\s*)?(?:{label}\s*)?(?:(?:바로|곧)\s*)?(?P<name>{name})(?![A-Za-z])"
        r"(?!\s*(?:(?:씨|님|군|양)\s*)?(?:(?:이|가|는)\s*)?(?:아니|아닙|아닌|않|일까|인가|인지|라고|라는|라면|\?))",
        r"(?<![A-Za-z])(?P<name>{name})\s*(?:(?:씨|님|군|양)\s*)?(?:가|이|는|은|:)\s*(?:바로\s*)?(?:{noun})"
        r"(?!\s*(?:이|가)?\s*(?:아니|아닙|아닌|않|일까|인가|인지|라고|라는|라면|\?))(?!인\s|의|이었던|였던|이던)",
    ),
    "ja": (
        r"(?:{role})\s*(?:(?:は|が|も)\s*)?(?:{label}\s*)?(?P<name>{name})(?![A-Za-z])"
        r"(?!\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?(?:では|じゃ|ではな|だと|って|なら|か[?。]|\?))",
        r"(?<![A-Za-z])(?P<name>{name})\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?(?:が|は|こそ|:)\s*(?:{noun})"
        r"(?!\s*(?:では|じゃ|だと|って|なら|か[?。]|\?))(?!の|である|だった\s*(?:{name}))",
    ),
    "en": (
        r"\b(?:{role})\s*(?:(?:is|was)\s+(?:also\s+|too\s+)?|{label}\s*)(?:Mr\.?\s+|Ms\.?\s+)?(?P<name>{name})\b(?!\s*\?)",
        r"\b(?P<name>{name})\s+(?:is|was)\s+(?:the\s+)?(?:{role})\b",
    ),
}

# A role said of a name in passing, which no question, report or supposition around it takes
# back ("嘘つきのBさんをちらっと見て", "거짓말쟁이인 B씨는", "while A, our liar, rolls his
# eyes"): read in the whole line, since a comma may stand inside it; not when it is itself
# asked ("A, the liar?").
_BESIDE: dict[Lang, str] = {
    "ko": r"(?:{noun})(?:인|이었던|였던|이던)\s*(?P<name>{name})(?![A-Za-z])(?!\s*(?:(?:씨|님|군|양)\s*)?(?:\?|일까|인가))",
    "ja": r"(?:{noun})(?:の|である|だった)\s*(?P<name>{name})(?![A-Za-z])(?!\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?(?:\?|か))",
    "en": r"\b(?P<name>{name}),\s+(?:our|the|that|a)\s+(?:{noun})\b(?!\s*\?)",
}
# The act said of a name in passing, as the subject of what follows ("꿀떡을 먹은 B가 손을
# 닦으며", "プリンを食べていたBさんは", "B, who ate the scone, smiles", "B (who did eat it)"),
# with the adverbs a narrator stresses it by; not the act denied ("안 먹은 B가").
_STRESSED = r"in\s+fact|actually|really|indeed"  # "B, who did in fact eat it"
_DONE_BY: dict[Lang, str] = {
    "ko": r"(?<!안)(?<!안 )(?<!못)(?<!못 )(?:" + _KO_REL + "|" + _KO_PAST + r"던)\s*(?P<name>{name})(?![A-Za-z])"
          r"\s*(?:(?:씨|님|군|양)\s*)?(?:가|이|는|은|도)(?![가-힣])",
    "ja": r"(?:" + _JA_PAST + "|" + _JA_PAST_ON + r")\s*(?P<name>{name})(?![A-Za-z])"
          r"\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?(?:が|は|も)",
    "en": r"\b(?P<name>{name})\s*[,(]\s*(?:the\s+one\s+)?who\s+(?:(?:" + _STRESSED + r"|secretly|had)\s+)*"
          r"(?:did\s+(?:(?:" + _STRESSED + r")\s+)*" + _EN_BASE + "|" + _EN_PAST + "|" + _EN_DONE + r")\b",
}

# The act itself, in a reveal ("B씨가 먹었고", "Bさんが食べて", "A ate the cupcake", "it was
# B all along"): a culprit named, read only from the end of the game on, never as a leak.
_ACT: dict[Lang, str] = {
    "ko": r"(?<![A-Za-z])(?P<name>{name})\s*(?:(?:씨|님|군|양)\s*)?(?:가|이|께서)\s*(?:[^\s.!?]+\s*){{0,2}}?"
          r"(?:" + _KO_PAST + "|" + _KO_REL + "|" + _KO_AND + r")(?!\s*(?:다고|냐|나요|는지|을까))",
    "ja": r"(?<![A-Za-z])(?P<name>{name})\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?が\s*(?:[^\s、。!?]{{0,12}}?を\s*)?"
          + _JA_STEM + r"(?!\s*(?:たと|たって|たか|ました\s*か))",
    "en": r"\b(?P<name>{name})\s+(?:" + _EN_PAST + r"|had)\b(?!\s+it\s*\?)|\b(?:it\s+was|(?:was|were)\s+(?:"
          + _EN_DONE + r"|had)\s+by)\s+(?P<also>{name})\b(?!\s*\?)",
}

# A sentence that reports, supposes or asks names no one: "you think B is the liar?",
# "A씨가 범인이라고 생각하시는군요", "Bさんが犯人だと思いますか".
_NOT_A_CLAIM: dict[Lang, str] = {
    "ko": r"\?|생각|추측|짐작|라고|라는|인지|일지|까요|나요|만약|아니|아닙|아닌|아냐|않",
    "ja": r"\?|と思|と考え|だと|(?<![一-龥])って|なら|かも|かどうか|と言|ではな|じゃな|ません|ない",  # not 持って, 割って
    "en": r"\?|\b(?:think|thought|guess|guessed|suppose|say|says|said|claim|claims|if|whether|maybe|might|not|n't|never)\b",
}
_ONE_OF = re.compile(r"\b(?:one|two|either|both|any|none|neither)\s+of\b[^.!?\n]*", re.IGNORECASE)
""""One of A, B and C drank it", "two of A, B and C are honest": said of no one, whichever clause it ends in."""

# Two people called honest in the game master's own words ("B와 C는 정직한 쪽이니까", "Note: B
# and C are honest"): with one liar among three, the third is named the liar.
_HONEST_PAIR: dict[Lang, str] = {
    "ko": r"(?P<a>{name})\s*(?:(?:씨|님)\s*)?(?:와|과|랑|이랑|하고|,|·)\s*(?P<b>{name})\s*(?:(?:씨|님)\s*)?"
          r"(?:(?:은|는|이|가|도)\s*)?(?:(?:둘\s*다|모두)\s*)?(?:정직|진실만|솔직)",
    "ja": r"(?P<a>{name})\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?(?:と|、|・)\s*(?P<b>{name})\s*(?:(?:さん|くん|君|ちゃん|氏)\s*)?"
          r"(?:(?:は|が|も)\s*)?(?:(?:2人とも|二人とも|どちらも)\s*)?(?:正直|本当のことしか)",
    "en": r"\b(?P<a>{name})\s*(?:,|and|&)\s*(?P<b>{name})\s+(?:are|were)\s+(?:both\s+)?(?:honest|truthful"
          r"|telling\s+the\s+truth|the\s+honest\s+ones)\b",
}

# A line that starts with a character's label ("A:", "「A: ...", "A씨:", "Bさん：", "2. B:").
_SPEAKER_LINE = r"^\s*(?:\d+[.)]\s*)?(?:[「『\"“(（]\s*)?(?:{name})\s*(?:(?:씨|さん|氏)\s*)?(?:[:：]|(?=[「『“]))"

# A character's label in the other shapes chat apps produce, read after NFKC: a quote mark
# ("> B: ..."), a bullet, emoji, Markdown bold around the name or the whole label
# ("**B**: ...", "**B:** ...", "__B__ -"), an honorific ("B씨", "Bさん", "B님", "Bくん"), a
# colon or a spaced dash, then the line, perhaps in quotes. It is rewritten "B: line", the
# shape the statement extractor reads; without it "> B: No, I didn't" is read as the
# player's own words. Each optional part takes the spaces after it (see the note below),
# and one class takes every mark before the name ("> **", "- ", "🙂 "): two classes that
# share a mark would split a long run of it in every way.
_HONORIFIC = r"씨|님|さん|様|くん|君|ちゃん|氏"
_CHARACTER_LINE = (
    r"^\s*(?:[^\w\s\"“「『(]\s*)*(?:__\s*)?"
    r"(?P<name>{name})(?![A-Za-z])\s*(?:(?:" + _HONORIFIC + r")\s*)?(?:(?:\*\*|__)\s*)?"
    r"(?::|-(?=\s)|–|—|(?=[「『“]))\s*(?:(?:\*\*|__)\s*)?(?P<rest>.*)$"
)
_QUOTES = {"「": "」", "『": "』", '"': '"', "“": "”"}


def character_line(line: str, pattern: re.Pattern[str]) -> str:
    """`line` as "B: text" when it is a character's line in any chat-app shape, else as is."""
    m = pattern.match(line)
    if m is None:
        return line
    rest = m.group("rest").strip()
    close = _QUOTES.get(rest[:1])
    if close and rest.endswith(close) and len(rest) > 1:
        rest = rest[1:-1].strip()
    return f"{m.group('name')}: {rest}"


Note = Literal["free", "confirm", "final", "aside"]
"""What one of refgm's own messages says about the player's line: `free` it was charged
nothing (a remark, not a question, a request to rephrase, a cancel, a refusal over budget,
an unknown command), `confirm` it is an open question whose cost is being confirmed, `final`
no questions are left (nothing charged), `aside` a note about the text itself (a fallback
to the referee's text, a model past its deadline): read, and nothing to check."""

# refgm's own messages (prompts/liar/<lang>/verdict.j2 and messages.j2), as they read after NFKC.
_NOTES: dict[Lang, tuple[tuple[Note, str], ...]] = {
    "en": (
        ("free", r"^\(thinking aloud is free\b"),
        ("free", r"^\(that is not a question to anyone here\b"),
        ("free", r"^i could not read that safely\b"),
        ("free", r"^cancelled; nothing was charged\b"),
        ("free", r"^that question costs \d+, but you have only\b"),
        ("free", r"^\(no hint shown\b"),
        ("free", r"^there is no such command\b"),
        ("free", r"\bmore than the referee reads at once\b"),
        ("free", r"^please answer yes or no\b"),
        ("confirm", r"^that asks about \d+ things:"),
        ("confirm", r"^it costs \d+ questions? of the \d+ you have left\b"),
        ("final", r"^you have no questions left\. give your final answer\b"),
        ("aside", r"^\(the actor's reply was rejected \d+ times?\b"),
        ("aside", r"^\(the model did not answer within\b"),
    ),
    "ko": (
        ("free", r"^\(생각을 말하는 것은 무료입니다"),
        ("free", r"^\(누구에게 묻는 질문이 아니므로 차감하지 않았습니다"),
        ("free", r"^확실하게 이해하지 못했습니다"),
        ("free", r"^취소했습니다\. 차감은 없습니다"),
        ("free", r"차감하지 않았습니다\. 한 번에 묻는 것을 줄여"),
        ("free", r"^\(힌트를 보여 드리지 않습니다"),
        ("free", r"^그런 명령어는 없습니다"),
        ("free", r"심판이 한 번에 읽을 수 없습니다"),
        ("free", r"^예 또는 아니요로 답해 주세요"),
        ("confirm", r"^이 질문은 \d+가지를 묻습니다"),
        ("confirm", r"물어볼까요\? \(예/아니요\)"),
        ("final", r"^질문권을 모두 썼습니다\. 최종 답을"),
        ("aside", r"^\(배우의 답이 \d+번 거부되어"),
        ("aside", r"^\(모델이 이번 차례의 제한 시간"),
    ),
    "ja": (
        ("free", r"^\(考えを口にするのは無料です"),
        ("free", r"^\(誰かへの質問ではないので消費しません"),
        ("free", r"^はっきり読み取れませんでした"),
        ("free", r"^取り消しました。消費はありません"),
        ("free", r"消費していません。一度に聞くことを減らして"),
        ("free", r"^\(ヒントは表示しません"),
        ("free", r"^そのようなコマンドはありません"),
        ("free", r"審判が一度に読める長さではありません"),
        ("free", r"^「はい」か「いいえ」で答えてください"),
        ("confirm", r"^この質問は\d+つのことを聞きます"),
        ("confirm", r"聞きますか\?\(はい/いいえ\)"),
        ("final", r"^質問権をすべて使いました。最終回答をどうぞ"),
        ("aside", r"^\(役者の返答が\d+回却下されたため"),
        ("aside", r"^\(モデルがこの手番の制限時間"),
    ),
}


@dataclass(frozen=True)
class _Patterns:
    counts: tuple[re.Pattern[str], ...]
    wrong: re.Pattern[str]
    no_verdict: re.Pattern[str]
    right: re.Pattern[str]
    claims: tuple[tuple[Role, re.Pattern[str]], ...]
    beside: tuple[tuple[Role, re.Pattern[str]], ...]
    name: re.Pattern[str]  # any roster name, as a word
    act: re.Pattern[str]
    not_a_claim: re.Pattern[str]
    honest_pair: re.Pattern[str]
    roles_only: re.Pattern[str]
    nouns: tuple[tuple[Role, re.Pattern[str]], ...]
    names: dict[str, str]
    speaker_line: re.Pattern[str]
    character_line: re.Pattern[str]
    notes: tuple[tuple[Note, re.Pattern[str]], ...]
    part_verdict: re.Pattern[str]


# After a character's label, a line that only names roles ("- A: 범인", "・Bさん：嘘つき",
# "C — culprit & liar"): a reveal by person, not a character's answer.
_ROLES_ONLY = r"(?:(?:{nouns})\s*(?:(?:&|and|,|/|、|・|및|이자|兼|であり|\+)\s*)?)+(?:입니다|이었습니다|였습니다|였어요|이에요|です|でした)?[\s.!。！]*"
_BOLD = re.compile(r"\*\*|__")
_NARRATION = re.compile(r"\s*(?:\*[^*\n]+\*|_[^_\n]+_|[(（][^)）\n]+[)）])\s*")  # a line in italics or brackets
_QUOTED = re.compile(r"「[^」]*」|『[^』]*』|\"[^\"]*\"|“[^”]*”")
_CLAUSE = re.compile(r"(?<=[.!?。！？,、;])")


@cache
def _patterns(lang: Lang, roster: Roster) -> _Patterns:
    names = "|".join(re.escape(name) for name in roster.names)
    wrong, right = _VERDICT[lang]
    claims = tuple(
        (role, re.compile(shape.format(role=f"{noun}|{_ROLE_PHRASES[lang][role]}", noun=noun, name=names, label=_LABEL),
                          re.IGNORECASE))
        for role, noun in _ROLE_NOUNS[lang].items()
        for shape in _CLAIM[lang]
    )
    nouns = role_nouns(lang)
    return _Patterns(
        counts=tuple(re.compile(p, re.IGNORECASE) for p in _COUNT[lang]),
        wrong=re.compile(wrong, re.IGNORECASE),
        no_verdict=re.compile(_NO_VERDICT[lang], re.IGNORECASE),
        right=re.compile(right, re.IGNORECASE),
        claims=claims,
        beside=(*((role, re.compile(_BESIDE[lang].format(noun=noun, name=names), re.IGNORECASE))
                  for role, noun in _ROLE_NOUNS[lang].items()),
                ("culprit", re.compile(_DONE_BY[lang].format(name=names), re.IGNORECASE))),
        name=re.compile(rf"(?<![A-Za-z])(?:{names})(?![A-Za-z])"),
        act=re.compile(_ACT[lang].format(name=names), re.IGNORECASE),
        not_a_claim=re.compile(_NOT_A_CLAIM[lang], re.IGNORECASE),
        honest_pair=re.compile(_HONEST_PAIR[lang].format(name=names), re.IGNORECASE),
        roles_only=re.compile(_ROLES_ONLY.format(nouns=nouns), re.IGNORECASE),
        nouns=tuple((role, re.compile(noun, re.IGNORECASE)) for role, noun in _ROLE_NOUNS[lang].items()),
        names={name.casefold(): name for name in roster.names},
        speaker_line=re.compile(_SPEAKER_LINE.format(name=names)),
        character_line=re.compile(_CHARACTER_LINE.format(name=names)),
        notes=tuple((kind, re.compile(p, re.IGNORECASE)) for kind, p in _NOTES[lang]),
        part_verdict=re.compile(_PART_VERDICT.format(
            role="|".join(f"{noun}|{_ROLE_PHRASES[lang][role]}" for role, noun in _ROLE_NOUNS[lang].items()),
            right=right, wrong=wrong), re.IGNORECASE),
    )


# A player who gives up or asks for the answer: the game ends there, and what the reply
# names is the reveal asked for, not a leak ("もう降参。答え教えて", "포기할게요, 정답 알려 주세요").
_GIVES_UP = re.compile(
    r"포기|항복|그만\s*할게|(?:정답|답)\s*(?:좀\s*)?(?:알려|가르쳐|공개)"
    r"|降参|ギブアップ|諦め|あきらめ|(?:答え|正解)を?\s*(?:教えて|見せて|発表)"
    r"|\b(?:i\s+give\s+up|give\s+up|i\s+quit|i\s+surrender|tell\s+me\s+the\s+answer|what\s+was\s+the\s+answer"
    r"|reveal\s+(?:it|the\s+answer|the\s+truth))\b",
    re.IGNORECASE,
)


def gives_up(text: str) -> bool:
    """Whether a player's line gives up or asks for the answer (see `_GIVES_UP`)."""
    return _GIVES_UP.search(unicodedata.normalize("NFKC", text)) is not None


def read_counts(text: str, lang: Lang, roster: Roster = Roster()) -> tuple[int, ...]:
    """Every remaining count displayed in `text`, in order."""
    return _scan(text, _patterns(lang, roster)).counts


# A verdict said of each part ("食べた人は正解！でも嘘つきは不正解", "범인은 맞았지만 거짓말쟁이는
#틀렸어요", "Culprit ✅ right, liar ❌ wrong"): a role, then its verdict within a few characters.
_PART_VERDICT = r"(?:{role})\s*(?:(?:は|が|も|은|는|이|가|도)\s*)?[^.!?。！？\n]{{0,8}}?(?P<verdict>{right}|{wrong})"


def _part_verdicts(text: str, p: _Patterns) -> list[bool]:
    """The verdict said of each role named in `text`, in order (True right, False wrong)."""
    return [p.wrong.fullmatch(m.group("verdict")) is None for m in p.part_verdict.finditer(text)]


def read_verdict(text: str, lang: Lang, roster: Roster = Roster()) -> bool | None:
    """The verdict on a guess: True for right, False for wrong, None when none is stated. A
    guess is right only when every part is: a verdict given part by part with one part wrong is
    wrong, whatever is said first."""
    p = _patterns(lang, roster)
    text = p.no_verdict.sub(" ", text)
    parts = _part_verdicts(text, p)
    if len(parts) > 1:
        return all(parts)
    wrong, right = p.wrong.search(text), p.right.search(text)
    if wrong is None or right is None:
        return False if wrong else True if right else None
    # the first said: "정답입니다! … 오답 한 번 빼고는 완벽했어요" is right; "不正解" and "incorrect",
    # which hold the right word, start before it
    return right.start() < wrong.start()


def names_said(text: str, lang: Lang, roster: Roster) -> set[str]:
    """The roster names `text` says, as words ("Bさん", "A씨", "C,")."""
    p = _patterns(lang, roster)
    return {p.names[m.group(0).casefold()] for m in p.name.finditer(unicodedata.normalize("NFKC", text))}


def role_nouns(lang: Lang) -> str:
    """The roles' nouns as one alternation ("범인|거짓말쟁이")."""
    return "|".join(_ROLE_NOUNS[lang].values())


def roles_named(text: str, lang: Lang) -> frozenset[Role]:
    """The roles whose nouns `text` says ("범인은 A고…": the culprit), whatever it says of them."""
    return frozenset(role for role, noun in _ROLE_NOUNS[lang].items() if re.search(noun, text, re.IGNORECASE))


def read_claims(text: str, lang: Lang, roster: Roster = Roster()) -> tuple[Claim, ...]:
    """Roles named outright outside the characters' answers ("the liar is C")."""
    return _scan(text, _patterns(lang, roster)).claims


def read_notes(text: str, lang: Lang, roster: Roster = Roster()) -> frozenset[Note]:
    """The kinds of refgm's own messages in `text` (see `Note`)."""
    return _scan(text, _patterns(lang, roster)).notes


@dataclass(frozen=True)
class _Scan:
    """A reply's counts, claims and refgm notes, and what is left for the statement extractor."""

    counts: tuple[int, ...]
    claims: tuple[Claim, ...]
    notes: frozenset[Note]
    rest: str


_RECAP = re.compile(r"\s*\d+[.)]")
"""A numbered line: a recap of the answers given ("1. C: B is the liar."), not an answer now."""


def _shown(count: re.Match[str]) -> int:
    """The remaining count a match shows: the budget less those used, or the number itself
    (the new one, when shown changing)."""
    if count.re.groupindex.keys() >= {"used", "of"}:
        return int(count.group("of")) - int(count.group("used"))
    return int(count.group(count.lastindex or 1))


def _scan(text: str, p: _Patterns) -> _Scan:
    """Counts, claims and notes in `text`, and what is left for the statement extractor."""
    counts: list[int] = []
    claims: list[Claim] = []
    notes: set[Note] = set()
    rest: list[str] = []
    for raw in text.splitlines():
        line = character_line(unicodedata.normalize("NFKC", raw).strip(), p.character_line)
        spoken = p.speaker_line.match(line) is not None
        shown = [_shown(m) for pattern in p.counts for m in pattern.finditer(line)]
        counts.extend(shown)
        noted = {kind for kind, pattern in p.notes if not spoken and pattern.search(line)}
        if noted:
            notes |= noted
            continue  # refgm's own message: read, and no character's answer in it
        if shown:
            for pattern in p.counts:
                line = pattern.sub(" ", line)
            if not spoken and not _narrated(line, p):
                claims.extend(_claims(line, raw, p)[0])  # "Questions left: 4 [debug: culprit=B]"
                continue  # the game master's own count line: no character's answer in it
        if spoken:
            found, own = _person_roles(line, raw, p), False
        else:
            found, own = _claims(line, raw, p)
        claims.extend(found)
        if own or (spoken and found):
            continue  # the game master's own words about the roles, or a reveal by person
        if not spoken and _NARRATION.fullmatch(line):
            continue  # "*B wipes his fingers and answers.*": the game master's, no character's answer
        rest.append(line)  # a line naming the act alone may still be an answer
    if "confirm" in notes:
        rest = []  # the list of what an open question asks ("- A, whether B ate it")
    return _Scan(tuple(counts), tuple(claims), frozenset(notes), "\n".join(rest))


def _narrated(line: str, p: _Patterns) -> bool:
    """Whether a line quotes a character it names outside the quotes (`A grins. "Yeah, I ate
    it." (Questions left: 6)`): an answer told in narration, to read beside the count shown
    with it. A quote no one is named beside ("「はい」か「いいえ」で答えて（残り7回）") is the
    game master's own."""
    outside = _QUOTED.sub(" ", line)
    return outside != line and p.name.search(outside) is not None


def _claims(line: str, raw: str, p: _Patterns) -> tuple[list[Claim], bool]:
    """The roles a game master's line names, clause by clause: outright ("범인은 B",
    "- 거짓말쟁이: **C씨**") or by the act ("B ate it": only a reveal reads those); and
    whether it speaks of the roles in the game master's own words (not a character's answer
    to read). A clause that asks, supposes, reports or denies names no one."""
    if _narrated(line, p):
        line = _QUOTED.sub(" ", line)  # what the characters say in it is theirs, not the game master's
    line = _ONE_OF.sub(" ", _BOLD.sub("", line))
    found = [Claim(role, p.names[m.group("name").casefold()], raw.strip())
             for role, pattern in p.beside for m in pattern.finditer(line)]
    if not p.not_a_claim.search(line):
        for m in p.honest_pair.finditer(line):
            third = set(p.names.values()) - {p.names[m.group("a").casefold()], p.names[m.group("b").casefold()]}
            if len(third) == 1 and len(p.names) == 3:
                found.append(Claim("liar", third.pop(), raw.strip()))
    own = bool(found)
    for clause in _CLAUSE.split(line):
        outright = [Claim(role, p.names[m.group("name").casefold()], raw.strip())
                    for role, pattern in p.claims for m in pattern.finditer(clause)]
        own = own or bool(outright)
        if p.not_a_claim.search(clause):
            continue
        found += outright
        found += [Claim("culprit", p.names[(m.group("name") or m.group("also")).casefold()], raw.strip(),
                        outright=False) for m in p.act.finditer(clause)]
    return found, own


def _person_roles(line: str, raw: str, p: _Patterns) -> list[Claim]:
    """A reveal by person ("A: 범인", "Bさん：嘘つき・犯人"), read as claims; [] for a
    character's line that says anything else."""
    name, _, said = _BOLD.sub("", line).partition(":")
    said = re.sub(r"[^\w\s&,/、・+.!。！]", "", said).strip()
    if not said or not p.roles_only.fullmatch(said):
        return []
    who = p.names[name.strip().casefold()]
    return [Claim(role, who, raw.strip(), outright=False) for role, noun in p.nouns if noun.search(said)]


def answered_question(reply: str, ctx: Context) -> Question | None:
    """The question a reply answers, read from its answers alone (each distinct speaker and
    proposition asked once), for a line the parser read as something else; None without one."""
    p = _patterns(ctx.lang or "en", ctx.roster)
    statements = extract(_scan(reply, p).rest, ctx).statements
    queries = tuple(dict.fromkeys(Query(s.speaker, s.proposition) for s in statements
                                  if s.speaker in ctx.roster))
    return Question(queries) if queries else None


def read_turn(player: str, intent: Intent, reply: str, ctx: Context, line: int = 0,
              pending: Question | None = None, judged: bool = False) -> Turn:
    """One exchange: the player's `intent` and the game master's `reply`, read into a Turn.

    `pending` is the open question a Confirm accepts: its queries are what was asked.
    `judged` reads the line as a guess whose names could not be read (the reply judged it).
    """
    lang = ctx.lang or "en"
    p = _patterns(lang, ctx.roster)
    scan = _scan(reply, p)
    counts, claims, rest = scan.counts, scan.claims, scan.rest
    verdict = None
    if isinstance(intent, Guess) or judged:
        verdict = read_verdict(unicodedata.normalize("NFKC", reply), lang, ctx.roster)
        if verdict is not None:
            rest = p.wrong.sub(" ", p.right.sub(" ", rest))
    statements: tuple[Statement, ...] = ()
    unread: tuple[str, ...] = ()
    if isinstance(intent, (Question, Confirm)):
        question = intent if isinstance(intent, Question) else pending
        asked = question.queries if question else ()
        speakers = {query.speaker for query in asked}
        extraction = extract(rest, ctx, speakers.pop() if len(speakers) == 1 else None, asked)
        statements, unread = extraction.statements, extraction.unread
    elif isinstance(intent, Guess) and verdict is None and not scan.notes:
        unread = (reply.strip(),)
    elif isinstance(intent, Unclear) and not judged and not scan.notes:
        unread = (player.strip(),)  # the player's line itself could not be read
    elif not isinstance(intent, Guess) and not scan.notes:
        # a character answers a line read as no question ("B, did you?" with nothing before it
        # to continue): it may have been one, of any cost; not a numbered recap of the answers
        unread = tuple(said for said in rest.splitlines()
                       if p.speaker_line.match(said) and not _RECAP.match(said))
    return Turn(
        player=player,
        intent=intent,
        statements=statements,
        counts=counts,
        verdict=verdict,
        claims=claims,
        unread=unread,
        line=line,
    )
