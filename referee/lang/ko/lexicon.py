"""The Korean words the parser and the extractor look for, as kiwi morphemes.

Kept apart from the grammar so a newcomer can extend the vocabulary without reading
the parsing code. Forms are kiwi's lemma forms (먹 for 먹었어요, 드시 for 드셨나요).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.lang.incident import INCIDENTS, Verb

# How the Latin letters a roster usually uses are read aloud in Hangul ("에이 씨", "비가").
LETTER_READINGS: dict[str, tuple[str, ...]] = {
    "A": ("에이",),
    "B": ("비", "삐"),
    "C": ("씨",),
    "D": ("디",),
    "F": ("에프",),
    "G": ("지",),
}
HONORIFICS = ("씨", "님")

# Pronouns for the person spoken to: in a player's question they are the addressee.
YOU = frozenset("당신 너 니 네 자네 그쪽 본인 댁 그대".split())
# The speaker of the line: in a character's line that character, in a question the player.
ME = frozenset("저 나 제 내".split())
# Words addressing everyone at once ("다들", "여러분") or quantifying a group ("모두", "둘 다").
EVERYONE = frozenset("다들 여러분 모두들 너희 너희들 당신들 모든 전원".split())
QUANTIFIERS = frozenset("모두 다 전부 둘 셋 세 두 모든 전원 각자".split())
WHO = frozenset("누구 누".split())
# Nouns a topic particle marks without their being anyone: "A씨, 오늘은 케이크 먹었어요?".
SETTING_NOUNS = frozenset("오늘 어제 아까 그때 지금 이번 처음 방금 그날 진짜 정말 실제 사실 혹시".split())
# Third persons a line cannot resolve to a name ("걔가 먹었어").
THIRD_PERSONS = frozenset("걔 쟤 얘 그녀 그분 그놈 그 저분 이분".split())

# Verbs whose subject caused the incident, by its act. Eating and drinking are both accepted
# in a game about either, since players say 주스를 먹다 and 케이크를 드시다; 일으키 is 사건을
# 일으키다. A verb of another act reads as no predicate ("깼어?" in a cake game: woke up?).
_CONSUMED = "먹 드시 잡수 잡숫 처먹 마시 들이키 들이켜 일으키 해치우 훔치"
ACT_VERBS: Mapping[Verb, frozenset[str]] = MappingProxyType({
    "eat": frozenset(_CONSUMED.split()),
    "drink": frozenset(_CONSUMED.split()),
    "break": frozenset("깨뜨리 깨트리 깨 부수 부시 망가뜨리 망가트리 박살내 일으키".split()),
    "take": frozenset("가져가 훔치 챙기 빼돌리 슬쩍하 집어가 일으키".split()),
    "hide": frozenset("숨기 감추 일으키".split()),
})
# "가지고 갔어", "들고 갔어", "챙겨 갔어": a verb, 고/어, then 가다, read as 가져가 (one act).
CARRIED_OFF = frozenset("가지 들 챙기 집".split())
CULPRIT_VERBS = ACT_VERBS["eat"]
"""The verbs of eating and drinking, which tie a line to the case in any game."""
CULPRIT_NOUNS = frozenset("범인 진범 범행 짓 장본인".split())
# "결백하다", "무죄예요": not the culprit (the predicate with its negation built in).
INNOCENT_STEMS = frozenset("결백 무죄 무고".split())
# Head nouns of "the one who ate it" (먹은 사람, 마신 분, 한 사람, 제가 한 일).
PERSON_NOUNS = frozenset("사람 분 놈 쪽 애 녀석 자 거 것 이 일".split())
# "A씨 말고", "A씨(를) 빼고", "A씨를 제외하고", "A씨 외에": everyone but A.
EXCEPT_WORDS = frozenset({("말", "VV"), ("빼", "VV"), ("제외", "NNG"), ("외", "NNB"), ("이외", "NNG")})
# "다른 사람", "딴 분", "남은 두 명", "나머지": people left once someone is set aside, not one person.
OTHER_WORDS = frozenset({("다른", "MM"), ("딴", "MM"), ("남", "VV"), ("아니", "VCN")})  # 남은, B씨 아닌
OTHER_HEADS = frozenset("사람 분 명 애 녀석 놈 쪽 이 자 누구 용의자".split())
REST_NOUNS = frozenset("나머지 따로".split())  # 범인이 따로 있어요?
LIAR_NOUNS = frozenset("거짓말쟁이 뻥쟁이 사기꾼 거짓말꾼 구라쟁이".split())
LIAR_STEMS = frozenset("거짓말 거짓 뻥 구라".split())  # + 하다 / 치다 / 쟁이
LIE_VERBS = frozenset("속이 속 뻥치 구라치".split())
# Slang nouns of the incident's act, + 하다 ("먹튀했지": ate and ran).
CULPRIT_ACTS = frozenset("먹튀".split())
HONEST_STEMS = frozenset("정직 솔직 정직자".split())
TRUTH_NOUNS = frozenset("진실 참말 사실 진짜 참".split())  # + 말하다
SPEECH_STEMS = frozenset("말 대답 답 얘기 이야기 주장 증언 답변 자백 고백 실토 진술".split())
OPINION_STEMS = frozenset("생각 보 여기 믿 의심".split())

NEGATORS = frozenset({("안", "MAG"), ("못", "MAG"), ("않", "VX"), ("아니", "VCN")})
# 없다 negates after these: 먹은 적 없어요, 먹었을 리 없어요.
ABSENCE_NOUNS = frozenset("적 일 리".split())

# Endings that make a sentence a question even without "?" (어요, 지, 야 may close either).
STRICT_QUESTION_ENDINGS = frozenset(
    (
        "습니까 ᆸ니까 ᆯ까요 을까요 까요 니 냐 나요 가요 ᆫ가요 은가요 는가요 는지요 래 래요 "
        "ᆸ니까요 으세요 니까요 냐고 냐고요 냐구 냐구요 냐니까 나 ᆯ까 을까 까 ᆫ가 는가 은가 려나"
    ).split()
)
# Question endings a player uses when musing to himself ("A가 먹었나?", "범인일까?").
MUSING_ENDINGS = frozenset("나 ᆯ까 을까 까 ᆫ가 은가 는가 려나 을려나".split())
# Endings of hearsay ("C가 먹었대요"): what someone else says, not the player's guess.
HEARSAY_ENDINGS = frozenset("대 대요 대더라 라더라 다더라 라던데 다던데 라며 다며 다면서 라면서 라네 라네요".split())
# 래 after a copula or a past tense is hearsay too ("거짓말쟁이래", "먹었래"), where 먹을래 asks.
HEARSAY_AFTER_STEM = frozenset("래 래요".split())
# Words naming whose account a sentence reports ("A 피셜", "B 말로는", "C한테 듣기로는").
# "Anyway", "by the way": what follows sums up or turns aside, it does not continue a question.
TURNING_WORDS = frozenset(
    "아무튼 암튼 어쨌든 어쨌거나 하여튼 여하튼 여튼 아무튼간에 근데 그런데 그나저나 그래서 결국 따라서 그러므로 결론적으로".split()
)
SOURCE_NOUNS = frozenset("말 말씀 얘기 이야기 증언 주장 대답 답변 진술".split())
# Endings that can only close a statement.
STATEMENT_ENDINGS = (
    frozenset("습니다 ᆸ니다 다 군요 구나 군 네요 네 구먼 잖아 잖아요 거든 거든요 ᆫ다 는다 겠다 더라 라 이다".split())
    | HEARSAY_ENDINGS
)
# Connective endings of a reason ("있으니까"): a possibility that stops on one is a supposition.
REASON_ENDINGS = frozenset("니까 으니까 니깐 으니깐".split())
# Adverbs that hedge a whole sentence wherever they stand ("아마, A가 먹었어").
SENTENCE_HEDGES = frozenset("아마 어쩌면 혹시 만약 글쎄 아마도 만일".split())
# Words and endings that make a statement about someone thinking aloud rather than a guess.
HEDGE_FORMS = frozenset(
    (
        "겠 같 듯 아마 어쩌면 혹시 수상 의심 가능성 패턴 모르 글쎄 ᆯ지도 을지도 지도 하나 중 "
        "추측 예상 경우 아닐까 걸 ᆯ걸 을걸 생각 느낌 보이 냄새 확률 혹은 거나 든지 인가 수도 "
        "일단 가설 만약"
    ).split()
)
INTERJECTIONS = frozenset("음 흠 흐음 아하 오 아 헐 어 으음 에 흐 호 허".split())
# Words of a player puzzling over the case ("그렇군요", "헷갈리네"): thinking aloud.
PUZZLING = frozenset("역시 잠깐 어렵 헷갈리 고민 글쎄 모르 이상 수상 애매".split())

# Words that tie a sentence to the case: the incident and the roles.
CASE_WORDS = (
    CULPRIT_NOUNS
    | INNOCENT_STEMS
    | CULPRIT_VERBS
    | LIAR_NOUNS
    | LIAR_STEMS
    | HONEST_STEMS
    | TRUTH_NOUNS
    | {i.noun["ko"] for i in INCIDENTS.values()}
    | {"사건"}
)
# Asking a suspect for these is about the case too, though no proposition can be read.
OPINION_WORDS = frozenset("생각 의견 어떻게 추리 정답 맞 믿".split())

# Words a player corrects himself with ("아 미안", "정정", "오타", "잘못 씀", NFKC's ᄌᄉ for ㅈㅅ).
CORRECTION_WORDS = frozenset("미안 미안하 죄송 죄송하 정정 오타 ᄌᄉ ㅈㅅ 쏘리 취소".split())
