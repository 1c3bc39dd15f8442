"""The Japanese words the parser and the extractor act on.

Verbs and nouns are listed by SudachiPy's normalized form (食べ/食べる/食べます all
read 食べる, うそつき and 嘘つき read 嘘吐き), so conjugation and spelling variants
need no entries of their own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from referee.lang.incident import Verb

HONORIFIC = r"(?:さん|サン|さま|様|くん|クン|君|ちゃん|氏|殿)"
"""Suffixes a name may carry: "Aさん", "A君", "Aちゃん", "A氏"."""

LETTER_READINGS: dict[str, tuple[str, ...]] = {
    "A": ("エー", "エイ"), "B": ("ビー",), "C": ("シー",), "D": ("ディー", "デー"),
    "E": ("イー",), "F": ("エフ",), "G": ("ジー",), "H": ("エイチ", "エッチ"),
    "I": ("アイ",), "J": ("ジェイ", "ジェー"), "K": ("ケー", "ケイ"), "L": ("エル",),
    "M": ("エム",), "N": ("エヌ",), "O": ("オー",), "P": ("ピー",), "Q": ("キュー",),
    "R": ("アール",), "S": ("エス",), "T": ("ティー",), "U": ("ユー",),
    "V": ("ブイ", "ヴィー"), "W": ("ダブリュー",), "X": ("エックス",), "Y": ("ワイ",),
    "Z": ("ゼット", "ゼッド"),
}
"""How a one-letter name is spelled in katakana (エーさん is A)."""

NOT_PEOPLE = frozenset({"皆", "みな", "みんな", "GM", "ゲームマスター", "マスター", "司会", "神", "犯人",
                        "嘘つき", "うそつき", "正直者", "探偵", "客"})
"""Words that take an honorific without being a suspect (皆さん, GMさん, 犯人さん)."""

SECOND_PERSON = frozenset({"貴方", "あなた", "あんた", "君", "きみ", "御前", "お前", "おまえ", "御自身",
                           "御自分", "自身", "自分", "貴殿", "そちら", "そっち"})
"""Second-person words: the addressee (Person.ADDRESSEE) in a player's question."""

FIRST_PERSON = frozenset({"私", "僕", "俺", "わたし", "わたくし", "あたし", "自分", "己"})
"""First-person words: the speaker (Person.SPEAKER): the character in his line, the player in a question."""

GROUP = frozenset({"全員", "皆", "みな", "みんな", "皆様"})
"""Addressing everyone at once (全員に質問です, みなさん)."""

WHO = frozenset({"誰", "どなた", "どっち", "どちら", "何方", "どいつ"})

EXCLUDING = frozenset({"以外", "他", "外", "他人", "別人", "片方", "抜き", "除く", "除ける", "省く"})
"""Words that set a person apart ("Bさん以外", "ほかの人", "Bさんを除いて", "片方"): a claim
about the rest is not a claim about the person named."""

OTHERS = frozenset({"別", "違う", "もう"})
""""別の人", "違う人", "もう一人": the rest of the roster, when a word for people follows."""

REMAINING = frozenset({"残り", "残る"})
""""残りの二人", "残りは": the rest of the roster, unless the incident's object follows ("残ったケーキ")."""

THIRD_PERSONS = frozenset({"彼", "彼女", "彼奴", "其奴", "此奴", "奴", "あいつ", "そいつ", "こいつ", "やつ"})
""""彼は嘘つきですか": a person the text does not name (Sudachi writes あいつ as 彼奴)."""
DEMONSTRATIVES = frozenset({"あの", "その", "この"})
""""あの人", "その方": with a word for people, a person the text does not name."""

PEOPLE_WORDS = frozenset({"人", "方", "者", "一人", "二人", "人達", "奴", "やつ", "連中", "メンバー", "誰"})
"""Nouns that stand for some of the suspects ("ほかの人", "もう一人", "Bさんじゃない方")."""

ONLY = frozenset({"しか", "だけ", "のみ"})
""""Bさんしか食べていない" affirms what its negation seems to deny; "Bさんだけが正直者" is no
question about B alone."""

EAT_VERBS = frozenset({"食べる", "食う", "喰う", "平らげる", "頬張る"})
DRINK_VERBS = frozenset({"飲む", "呑む", "飲み干す"})
ACT_VERBS: Mapping[Verb, frozenset[str]] = MappingProxyType({
    "eat": EAT_VERBS,
    "drink": DRINK_VERBS,
    "break": frozenset({"割る", "壊す", "砕く", "叩き割る", "ぶっ壊す"}),
    "take": frozenset({"持っていく", "持ち出す", "持ち去る", "持ち帰る", "盗む", "取る", "ぱくる", "くすねる"}),
    "hide": frozenset({"隠す", "隠し持つ"}),
})
"""The verbs of each act. Eating and drinking verbs are predicates in every game, the wrong one
named as another incident (飲む for a cake); another act's verbs are none (割る in a cake game)."""
CARRIED = frozenset({"持つ"})
"""持って行く, 持ってった: 持つ, て and 行く (or the auxiliary てく), read as one verb 持っていく."""
ANY_VERBS = frozenset({"召し上がる", "頂く", "遣る", "やる", "盗む", "取る"})
"""Verbs for the incident whatever it is: 召し上がった, いただいた, お前がやったのか; of a thing broken
or hidden only やる (taking it is another act there)."""
DONE_VERBS = frozenset({"遣る", "やる"})

CULPRIT_NOUNS = frozenset({"犯人", "摘み食い", "つまみ食い", "盗み食い", "真犯人", "ホシ"})
INCIDENT_NOUNS = frozenset({"事件"})
"""事件を起こした: a culprit phrase when paired with 起こす."""

INNOCENT_NOUNS = frozenset({"無実", "潔白", "無罪"})
""""Bさんは無実？": not the culprit."""
LIAR_NOUNS = frozenset({"嘘吐き", "嘘つき", "ライアー"})
HONEST_NOUNS = frozenset({"正直者"})
SETTING_NOUNS = frozenset({"本当", "実際", "正直", "真実", "事実", "結局", "一体"})
""""本当は食べましたか": nouns a topic particle marks without their being anyone (time
nouns such as 今日 are known to Sudachi as nouns that can stand as adverbs)."""
TRUST = frozenset({"信用", "信頼"})
""""Aさんは信用できますか": whoever can be trusted is honest (only with できる)."""
LIE = frozenset({"嘘", "うそ", "ウソ"})
TRUTH = frozenset({"本当", "真実", "本音", "事実", "誠"})

THINK_VERBS = frozenset({"思う", "考える", "見る"})
"""と思いますか: the addressee's own view, asked like any question."""

REPORT_VERBS = frozenset({"答える", "言う", "話す", "証言", "主張", "申す", "おっしゃる", "仰る"})
"""と答えますか after "if you asked B": a nested question."""

ASK_VERBS = frozenset({"聞く", "きく", "訊く", "尋ねる", "質問", "伺う", "問う", "訊ねる", "確認"})

EMBED_VERBS = frozenset({"知る", "分かる", "判る", "教える", "答える", "言う"})
"""Verbs that embed a question: 誰が食べたか知っていますか."""

ANSWER_NOUNS = frozenset({"答え", "返事", "回答", "証言", "発言", "言い分", "主張"})
""""Bさんの答えは…": what someone answers, a nested question put as a noun."""

MEANING = frozenset({"こと", "事", "意味", "話"})
"""Nouns that restate a question: "…食べたのかってことです", "…かという意味"."""

CORRECTIONS = frozenset({"否", "いや", "いえ", "いいえ", "違う", "ちがう", "訂正", "間違い", "間違える", "失礼"})
"""A sentence opening with one of these replaces the question before it ("いや、Bさんは…")."""

AMENDS = frozenset({"御免", "ごめん", "ゴメン", "間違える", "間違い", "まちがえる", "違う", "ちがう", "訂正"})
""""あ、ごめん、…", "いや間違えた、…", "訂正": the player mends what he just asked (not 失礼 or
すみません, which may only open the next question: "失礼、Bさん、…")."""

AUXILIARY_VERBS = frozenset({"居る", "いる", "有る", "ある", "仕舞う", "ちゃう", "じゃう", "為る",
                             "する", "置く", "来る", "行く", "成る", "出来る", "いらっしゃる",
                             "御座る", "ござる", "おる", "居られる", "下さる", "くださる", "呉れる", "くれる",
                             "貰う", "もらう", "頂ける", "いただける"})
"""Verbs that only carry aspect or politeness after the predicate (食べてしまった)."""

NEGATORS = frozenset({"ない", "無い", "ず", "ぬ", "ん"})

HEDGES = frozenset({"怪しい", "疑わしい", "多分", "たぶん", "恐らく", "おそらく", "気", "っぽい",
                    "みたい", "らしい", "可能", "可能性", "パターン", "かも", "知れる", "もしかして",
                    "もしかしたら", "ひょっとして", "ひょっとしたら", "疑う", "決め手", "候補",
                    "筈", "はず", "気がする", "どちらか", "どっちか", "かなあ", "かしら", "臭い",
                    "微妙", "確率", "うーん", "ううん", "仮に", "もし", "説", "疑惑", "容疑"})
"""Words that make a statement thinking aloud rather than a guess."""

BOTH = frozenset({"二人", "二方", "両方", "両者", "両人", "双方"})
""""BさんとCさんは二人とも…": a quantifier over the people named, never the addressee too;
with fewer than two people named it says nobody."""

HEARSAY_SOURCES = (("に", "よる"), ("に", "よれる"), ("話", "だ"), ("話", "で"), ("話", "じゃ"),
                   ("言う", "に"), ("曰く",), ("いわく",))
""""Bさんによると", "Bの話だと/では/じゃ", "Bが言うには", "B曰く": what follows is what B said."""
HEARSAY_ENDS = frozenset({"らしい", "そう", "って", "とのこと", "だって", "んだって", "たって"})
""""…食べたんだって", "…嘘つきらしい", "…食べたそうだ": said by someone, not concluded."""
REPORTED_ASPECT = frozenset({"てる", "て", "た", "でる", "で"})
""""…と言ってた", "…とおっしゃっています", "…って言った": a report verb telling what was said."""

EACH = frozenset({"其々", "それぞれ", "各自", "各々", "めいめい"})
""""それぞれ": each of several addressees about himself; to one person it says nothing."""

GUESS_LEADS = frozenset({"回答", "解答", "答え", "最終", "結論", "推理", "分かる", "わかる"})

THINKING = frozenset({"なるほど", "成る程", "ふむ", "ふーん", "へえ", "へー", "そっか", "そうか",
                      "うーん", "ううん", "えー", "えっと", "ええと", "うーむ", "むむ", "よし", "難しい",
                      "迷う", "悩む", "考える", "整理", "困る"})

META = re.compile(
    r"ルール|遊び方|やり方|ヒント|同じ人|同一人物|こともある|ことある|こともあり|あり得|ありえ|場合|についても|"
    r"質問権|ゲーム|説明|意味|何人|ギブアップ|降参|やり直|最初から|終わり|終了|やめ|止め|こんにちは|こんばんは|"
    r"おはよう|ありがとう|天気|よろしく|お疲れ|何問|どういう|どうやって|教えて|ですか\?$|だっけ\?*$"
)
"""Rules, meta and small talk: answered without a charge (recognised only when no suspect is named)."""

SAME_AGAIN = re.compile(r"同じ(質問|こと|事)|さっきの(質問|と同じ)|同様に|同じく")
""""Aさんにも同じ質問です": the parser keeps no history, so it asks for the question in full."""

LEADS = frozenset({"で", "じゃ", "じゃあ", "では", "それでは", "それじゃ", "それじゃあ", "さて", "ねえ", "ねぇ",
                   "あの", "あのー", "よし", "次", "今度", "最後", "まず", "改めて", "其れ", "それ", "なら",
                   "ok", "OK", "もう", "一度", "一つ", "ひとつ", "別", "続いて", "続けて"})
"""Words that may open a sentence before the addressee: "じゃあBさん、…", "次はAさんに質問"."""

COUNT_QUERY = re.compile(
    r"(あと|残り|のこり|残って|残る|残ってる).{0,8}(何|なん|いくつ|幾つ)"
    r"|(何|なん|いくつ|幾つ)(回|問|個|つ).{0,10}(残|のこ|でき|出来|聞け|きけ|訊け|質問)"
    r"|質問(権|回数|数).{0,10}(何|なん|いくつ|幾つ|教え|残|確認)"
    r"|残り.{0,6}(回数|質問)"
    r"|(何|なん|いくつ|幾つ)(回|問|個|つ).{0,6}(使|消費)"
    r"|質問.{0,6}(まだ|もう).{0,4}(残|でき|出来)"
)
""""あと何回質問できますか？" and its variants."""

POLITE_OPENING = re.compile(
    r"^(すみません|すいません|失礼します|お手数(を)?おかけします(が|けど)|お手数ですが|恐れ入ります(が|けど)|"
    r"恐縮ですが|申し訳ないですが|申し訳ありませんが)[、,\s]*"
)
""""すみません、Bさん、…", "お手数をおかけしますが、…": a politeness formula opening the message."""

LAUGHTER = re.compile(r"(?<![a-z])[w笑草]+(?!\w)")
""""犯人はB、嘘つきはCｗｗ", "…食べたのかも笑": laughter typed after a word, never part of it
(NFKC folds ｗ to w). A run after a lowercase letter is a word's end ("Andrew"), not laughter."""

TYPOS = {"正直物": "正直者", "嘘月": "嘘つき", "うそ月": "嘘つき", "正直もの": "正直者"}
"""Misspellings common enough to read as meant (IME slips)."""

ACCEPT = re.compile(
    r"^(はい|うん|ええ|おう|ok|okay|オーケー|いいよ|いいです|いいですよ|大丈夫|だいじょうぶ|お願い|おねがい|"
    r"それで|どうぞ|了解|りょうかい|承知|頼む|たのむ|構わない|かまわない|もちろん|yes|イエス|聞いて|進めて)"
)
DECLINE = re.compile(
    r"^(いいえ|いや|ううん|やめ|止め|キャンセル|取り消|とりけ|結構|けっこう|遠慮|no|ノー|だめ|ダメ|"
    r"やっぱり?(やめ|いい|なし|無し)|いらない|要らない|なし|無し|やらない|しない)"
)
"""Answers to "this costs 3, go ahead?" while an open question waits."""

AGREE = re.compile(r"^(はい|ええ|うん|そうです|そうだ|そうだよ|その通り|そのとおり|おっしゃる通り|正解|イエス|ああ)")
DISAGREE = re.compile(r"^(いいえ|いや|ううん|いえ|違い|ちがい|違う|ちがう|そんなことない|とんでもない|ノー)")
"""A character's yes and no, read against the question as phrased."""

NUMBER = re.compile(r"[0-9０-９]|[一二三四五六七八九十](回|問|人|つ|個)")
