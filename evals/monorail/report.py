"""Sum a Monorail eval up: tables and figures beside the liar game's in `refgm report`.

The judge's accuracy is over every question asked, and over those with a verdict; a wrong
verdict is split by its direction ("yes" when the referee says no: a move called legal or a
position completable that is not; "no" when it is), and never counted together with no
verdict (refused, unparseable, a failed call). Beside each model, the column "with the
referee": what the harness shows, the referee's own verdict, right by construction.

An opponent's games are summed per model, language and bot level: wins, and per decision of
the model's seat the first replies the referee refused (illegal) apart from those that named
no move at all, retries, fallbacks to the seat's bot, tokens and latency.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure

from evals.monorail.items import MOVE_FAULTS, QUESTIONS
from evals.monorail.judge import OUTCOMES
from evals.report import alone_beside_referee, fields_problem, html_images, html_table, legend_above, md_table, percent

Row = dict[str, Any]
GAME = "monorail"
FAULT_CODES = tuple(fault.value for fault in MOVE_FAULTS)


USAGE_FIELDS = ("seed", "model_calls", "tokens_in", "tokens_out", "latency", "cost_usd")
GAME_OUTCOMES = ("won", "lost")
TALLY_FIELDS = ("plies", "moves", "first_illegal", "first_no_move", "illegal", "retries", "fallbacks")


def row_problem(row: Row) -> str | None:
    """Why a Monorail results line cannot be summed up (None when it can)."""
    if row.get("mode") == "opponent":
        return fields_problem(
            row,
            ("model", "lang", "bot", "seat", "outcome", "reason"),
            USAGE_FIELDS + TALLY_FIELDS,
            {"outcome": GAME_OUTCOMES},
        )
    if row.get("mode") != "judge":
        return '"mode" must be judge or opponent'
    found = fields_problem(
        row,
        ("model", "lang", "question", "outcome"),
        (*USAGE_FIELDS, "index"),
        {"question": QUESTIONS, "outcome": OUTCOMES},
    )
    if found:
        return found
    for key in ("truth", "referee"):
        if not isinstance(row.get(key), bool):
            return f'"{key}" must be true or false'
    if row.get("answer") is not None and not isinstance(row["answer"], bool):
        return '"answer" must be true, false or null'
    if (row["answer"] is None) != (row["outcome"] not in ("right", "wrong")):
        return '"answer" is null exactly when the outcome is refused, unread or failed'
    if row.get("fault") is not None and row["fault"] not in FAULT_CODES:
        return f'"fault" must be null or one of {", ".join(FAULT_CODES)}'
    return None


@dataclass(frozen=True)
class JudgeSummary:
    """One (model, language, question) group of judged questions."""

    model: str
    lang: str
    question: str
    items: int
    right: int
    yes_wrongly: int
    no_wrongly: int
    refused: int
    unread: int
    failed: int
    referee_right: int
    calls: int
    tokens: int
    latency: float
    cost: float

    @property
    def answered(self) -> int:
        return self.right + self.yes_wrongly + self.no_wrongly

    def per_item(self, total: float) -> float:
        return total / self.items if self.items else 0.0

    def share(self, part: int, whole: int) -> float | None:
        return part / whole if whole else None


def summarise(rows: Iterable[Row]) -> list[JudgeSummary]:
    """One summary per (model, language, question) of the judge's lines, in a stable order."""
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["lang"], row["question"])].append(row)

    def count(group: list[Row], **where: object) -> int:
        return sum(all(row[k] == v for k, v in where.items()) for row in group)

    return [
        JudgeSummary(
            model=model,
            lang=lang,
            question=question,
            items=len(group),
            right=count(group, outcome="right"),
            yes_wrongly=count(group, outcome="wrong", answer=True),
            no_wrongly=count(group, outcome="wrong", answer=False),
            refused=count(group, outcome="refused"),
            unread=count(group, outcome="unread"),
            failed=count(group, outcome="failed"),
            referee_right=sum(row["referee"] == row["truth"] for row in group),
            calls=sum(row["model_calls"] for row in group),
            tokens=sum(row["tokens_in"] + row["tokens_out"] for row in group),
            latency=sum(row["latency"] for row in group),
            cost=sum(row["cost_usd"] for row in group),
        )
        for (model, lang, question), group in sorted(groups.items())
    ]


JUDGE_COLUMNS = (
    "model",
    "lang",
    "question",
    "items",
    "answered",
    "accuracy (of answered)",
    "accuracy (of all)",
    "with the referee",
    "yes, wrongly",
    "no, wrongly",
    "refused",
    "unparseable",
    "failed calls",
    "tokens/item",
    "latency/item",
    "cost/item",
)


def judge_rows(summaries: list[JudgeSummary]) -> list[list[str]]:
    """The cells of the judge table, one row per group, in JUDGE_COLUMNS order."""
    return [
        [
            s.model,
            s.lang,
            s.question,
            str(s.items),
            percent(s.share(s.answered, s.items)),
            percent(s.share(s.right, s.answered)),
            percent(s.share(s.right, s.items)),
            percent(s.share(s.referee_right, s.items)),
            str(s.yes_wrongly),
            str(s.no_wrongly),
            str(s.refused),
            str(s.unread),
            str(s.failed),
            f"{s.per_item(s.tokens):.0f}",
            f"{s.per_item(s.latency):.2f}s",
            f"${s.per_item(s.cost):.5f}",
        ]
        for s in summaries
    ]


FAULT_COLUMNS = ("model", "lang", "legal", *FAULT_CODES)


def fault_rows(rows: Iterable[Row]) -> list[list[str]]:
    """Move questions by the referee's reason: right verdicts of questions asked, per model
    and language (a legal move in the column "legal")."""
    asked: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for row in rows:
        if row["question"] == "move":
            tally = asked[(row["model"], row["lang"])][row["fault"] or "legal"]
            tally[0] += row["outcome"] == "right"
            tally[1] += 1

    def cell(tally: list[int]) -> str:
        return f"{tally[0]}/{tally[1]}" if tally[1] else "–"

    return [
        [model, lang, *(cell(by[code]) for code in FAULT_COLUMNS[2:])] for (model, lang), by in sorted(asked.items())
    ]


@dataclass(frozen=True)
class OpponentSummary:
    """One (model, language, bot level) group of games."""

    model: str
    lang: str
    bot: str
    games: int
    won: int
    first: int
    plies: int
    moves: int
    first_illegal: int
    first_no_move: int
    illegal: int
    retries: int
    fallbacks: int
    calls: int
    tokens: int
    latency: float
    cost: float
    reasons: tuple[tuple[str, int], ...]

    def per_move(self, total: float) -> float:
        return total / self.moves if self.moves else 0.0

    def share(self, part: int, whole: int) -> float | None:
        return part / whole if whole else None


def summarise_games(rows: Iterable[Row]) -> list[OpponentSummary]:
    """One summary per (model, language, bot level) of the opponent's games, in a stable order."""
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["lang"], row["bot"])].append(row)

    def total(group: list[Row], key: str) -> Any:
        return sum(row[key] for row in group)

    out = []
    for (model, lang, bot), group in sorted(groups.items()):
        reasons = Counter(f"{row['outcome']} by {row['reason']}" for row in group)
        out.append(
            OpponentSummary(
                model=model,
                lang=lang,
                bot=bot,
                games=len(group),
                won=sum(r["outcome"] == "won" for r in group),
                first=sum(r["seat"] == "first" for r in group),
                plies=total(group, "plies"),
                moves=total(group, "moves"),
                first_illegal=total(group, "first_illegal"),
                first_no_move=total(group, "first_no_move"),
                illegal=total(group, "illegal"),
                retries=total(group, "retries"),
                fallbacks=total(group, "fallbacks"),
                calls=total(group, "model_calls"),
                tokens=total(group, "tokens_in") + total(group, "tokens_out"),
                latency=total(group, "latency"),
                cost=total(group, "cost_usd"),
                reasons=tuple(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            )
        )
    return out


OPPONENT_COLUMNS = (
    "model",
    "lang",
    "bot",
    "games",
    "won",
    "moved first",
    "plies/game",
    "moves",
    "first reply illegal",
    "first reply no move",
    "illegal replies/move",
    "retries/move",
    "fallbacks/move",
    "tokens/move",
    "latency/move",
    "cost/game",
    "how the games ended",
)


def opponent_rows(summaries: list[OpponentSummary]) -> list[list[str]]:
    """The cells of the opponent table, one row per group, in OPPONENT_COLUMNS order."""
    return [
        [
            s.model,
            s.lang,
            s.bot,
            str(s.games),
            percent(s.share(s.won, s.games)),
            str(s.first),
            f"{s.plies / s.games:.1f}",
            str(s.moves),
            percent(s.share(s.first_illegal, s.moves)),
            percent(s.share(s.first_no_move, s.moves)),
            f"{s.per_move(s.illegal):.2f}",
            f"{s.per_move(s.retries):.2f}",
            f"{s.per_move(s.fallbacks):.2f}",
            f"{s.per_move(s.tokens):.0f}",
            f"{s.per_move(s.latency):.2f}s",
            f"${s.cost / s.games:.5f}",
            ", ".join(f"{why} {n}" for why, n in s.reasons),
        ]
        for s in summaries
    ]


INTRO = (
    "A model judges Monorail without the referee: given a position as text and JSON (and for "
    "a move question, the move), it answers in a schema whether the move is legal or whether "
    "the loop can still be completed with the tiles left, and the referee (check_move, the "
    "solver) scores it. Half the questions of each kind have the answer yes. Accuracy is over "
    'the questions with a verdict and over all questions; "yes, wrongly" is a move called '
    'legal or a position called completable when it is not, "no, wrongly" the other way; '
    "refused, unparseable replies and failed calls give no verdict and are counted apart. "
    '"With the referee" is what the harness shows: the referee\'s own verdict, right by construction.'
)


GAMES_INTRO = (
    "A model plays one seat against a bot of each level; the seats alternate with the seed. "
    "It sees its seat's view as a board drawing and as JSON and answers with a move in a schema; "
    "the referee checks it, asks again with the reason (at most twice), then the seat's fallback "
    "bot (random) plays the move. A first reply is illegal when the referee refused the move "
    "it named, and names no move when it was not the schema's JSON, was refused, or the call "
    "failed; a move is one decision of the model's seat. A model bot:<level> is that bot in "
    "the model's seat: the bots against each other."
)


def _modes(rows: list[Row]) -> tuple[list[Row], list[Row]]:
    return [r for r in rows if r["mode"] == "judge"], [r for r in rows if r["mode"] == "opponent"]


def markdown(rows: list[Row]) -> list[str]:
    """The Monorail sections of report.md."""
    judged, games = _modes(rows)
    out: list[str] = []
    if judged:
        out += ["## Monorail: a model as judge, without the referee", "", f"{len(judged)} questions.", "", INTRO, ""]
        out += md_table(JUDGE_COLUMNS, judge_rows(summarise(judged)))
        faults = fault_rows(judged)
        if faults:
            out += ["", "### Move questions by the referee's reason (right of asked)", ""]
            out += md_table(FAULT_COLUMNS, faults)
        out += ["", "![judge](judge.png)", ""]
    if games:
        out += ["## Monorail: a model as opponent of the bots", "", f"{len(games)} games.", "", GAMES_INTRO, ""]
        out += md_table(OPPONENT_COLUMNS, opponent_rows(summarise_games(games)))
        out += ["", "![opponent](opponent.png)", ""]
    return out


def html_parts(rows: list[Row], images: dict[str, bytes]) -> list[str]:
    """The Monorail part of report.html."""
    judged, games = _modes(rows)
    parts: list[str] = []
    if judged:
        parts += [
            "<h2>Monorail: a model as judge, without the referee</h2>",
            f"<p>{len(judged)} questions. {INTRO}</p>",
            html_table(JUDGE_COLUMNS, judge_rows(summarise(judged))),
        ]
        faults = fault_rows(judged)
        if faults:
            parts += [
                "<h3>Move questions by the referee's reason (right of asked)</h3>",
                html_table(FAULT_COLUMNS, faults),
            ]
        parts += html_images({k: v for k, v in images.items() if k == "judge.png"})
    if games:
        parts += [
            "<h2>Monorail: a model as opponent of the bots</h2>",
            f"<p>{len(games)} games. {GAMES_INTRO}</p>",
            html_table(OPPONENT_COLUMNS, opponent_rows(summarise_games(games))),
        ]
        parts += html_images({k: v for k, v in images.items() if k == "opponent.png"})
    return parts


VERDICTS: tuple[tuple[str, str, str], ...] = (
    ("right", "right", "#4c72b0"),
    ("yes, wrongly", "yes_wrongly", "#c44e52"),
    ("no, wrongly", "no_wrongly", "#dd8452"),
    ("refused", "refused", "#8c8c8c"),
    ("unparseable", "unread", "#b0b0b0"),
    ("failed call", "failed", "#dddddd"),
)


def judge_figure(summaries: list[JudgeSummary]) -> Figure:
    """Each group's questions as one stacked bar of what became of them, the model alone
    beside the same questions with the referee."""
    return alone_beside_referee(
        [f"{s.model}\n{s.question}/{s.lang}" for s in summaries],
        [
            (label, colour, [100 * (s.share(getattr(s, field), s.items) or 0) for s in summaries])
            for label, field, colour in VERDICTS
        ],
        [100 * (s.share(s.referee_right, s.items) or 0) for s in summaries],
        "Monorail judge: the model alone (left) and with the referee (right)",
    )


RATES: tuple[tuple[str, str, str, str], ...] = (
    ("won (% of games)", "won", "games", "#4c72b0"),
    ("first reply illegal (% of moves)", "first_illegal", "moves", "#c44e52"),
    ("first reply no move (% of moves)", "first_no_move", "moves", "#b0b0b0"),
    ("fallback to the bot (% of moves)", "fallbacks", "moves", "#dd8452"),
)


def opponent_figure(summaries: list[OpponentSummary]) -> Figure:
    """Per model, language and bot level: the share of games won beside how often the first
    reply was illegal or no move, and how often the seat's bot had to play."""
    fig = Figure(figsize=(max(6, 1.0 * len(summaries)), 4), layout="constrained")
    ax = fig.subplots()
    width = 0.8 / len(RATES)
    for k, (label, part, whole, colour) in enumerate(RATES):
        rates = [100 * (s.share(getattr(s, part), getattr(s, whole)) or 0) for s in summaries]
        ax.bar([i + k * width for i in range(len(summaries))], rates, width, color=colour, label=label)
    ax.set_xticks(
        [i + 0.4 - width / 2 for i in range(len(summaries))],
        [f"{s.model}\nv {s.bot}/{s.lang}" for s in summaries],
        rotation=60,
        fontsize=7,
        ha="right",
    )
    ax.set_ylabel("%")
    ax.set_ylim(0, 105)
    ax.set_title("Monorail opponent: games won, and first replies not played")
    legend_above(fig, ax, ncols=2)
    return fig


def figures(rows: list[Row]) -> dict[str, Figure]:
    """The Monorail figures with something to show, by file name."""
    judged, games = _modes(rows)
    out = {}
    if judged:
        out["judge.png"] = judge_figure(summarise(judged))
    if games:
        out["opponent.png"] = opponent_figure(summarise_games(games))
    return out
