"""Sum an eval's results up: a markdown table, figures and an HTML page.

Rates are per opportunity: accuracy over the answers given, count errors over the counts
displayed, wrong verdicts over the verdicts given, leaks and contradictions over games,
changed secrets over the games with a reveal. "Same games" sets each mode beside harness
mode on the games both played (same model, language, player and seed).
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure

from referee.lang.limits import problem

Row = dict[str, Any]


@dataclass(frozen=True)
class Summary:
    """One (model, mode, language) group of games."""

    model: str
    mode: str
    lang: str
    games: int
    turns: int
    errors: int
    won: int
    asked: int
    answers: int
    wrong_answers: int
    contradictions: int
    count_displays: int
    count_errors: int
    verdicts: int
    wrong_verdicts: int
    leaks: int
    reveals: int
    secret_changed: int
    unread: int
    retries: int
    fallbacks: int
    calls: int
    tokens: int
    reader_calls: int
    reader_tokens: int
    latency: float
    cost: float

    @property
    def accuracy(self) -> float | None:
        return 1 - self.wrong_answers / self.answers if self.answers else None

    def per_game(self, total: float) -> float:
        return total / self.games if self.games else 0.0

    def per_turn(self, total: float) -> float:
        return total / self.turns if self.turns else 0.0

    def rate(self, part: int, whole: int) -> float | None:
        return part / whole if whole else None


TEXT_FIELDS = ("model", "mode", "lang", "player", "incident", "outcome")
NUMBER_FIELDS = ("seed", "turns", "answers", "wrong_answers", "contradiction", "count_displays",
                 "count_errors", "verdicts", "wrong_verdicts", "leaks", "revealed", "secret_changed",
                 "unread", "retries", "fallbacks", "model_calls", "tokens_in", "tokens_out", "latency",
                 "cost_usd")
"""The fields of a results line the report reads."""
OPTIONAL_FIELDS = ("asked", "reader_calls", "reader_tokens_in", "reader_tokens_out")
"""Numbers a results line from before they existed lacks: read when present."""


def is_number(value: object) -> bool:
    """A finite JSON number (not a bool), as a results line holds its counts and times."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def fields_problem(row: dict[str, Any], texts: tuple[str, ...], numbers: tuple[str, ...],
                   allowed: dict[str, tuple[str, ...]] | None = None) -> str | None:
    """Why a game's results line lacks a field it must have: each of `texts` a string (one of
    `allowed[key]` where given), each of `numbers` a number; None when it has them all."""
    for key in texts:
        value, only = row.get(key), (allowed or {}).get(key)
        if not isinstance(value, str) or problem(value, 1_000) or (only is not None and value not in only):
            return f'"{key}" must be ' + (f"one of {', '.join(only)}" if only
                                        else "a string (of Unicode text, at most 1,000 characters)")
    for key in numbers:
        if not is_number(row.get(key)):
            return f'"{key}" must be a number'
    return None


def row_problem(row: object) -> str | None:
    """Why a results line cannot be summed up (None when it can): the report reads these
    fields and nothing else, so a line from another program or a damaged file is named."""
    if not isinstance(row, dict):
        return "a results line is a JSON object"
    for key in TEXT_FIELDS:
        if not isinstance(row.get(key), str) or problem(row[key], 1_000):
            return f'"{key}" must be a string (of Unicode text, at most 1,000 characters)'
    for key in NUMBER_FIELDS + tuple(k for k in OPTIONAL_FIELDS if k in row):
        value = row.get(key)
        if not isinstance(value, int | float) or not math.isfinite(value):
            return f'"{key}" must be a number'
    return None


def _asked(row: Row) -> int:
    """Propositions asked; a line from before the field existed counts its answers."""
    return int(row["asked"] if "asked" in row else row["answers"])


def summarise(rows: Iterable[Row]) -> list[Summary]:
    """One summary per (model, mode, language), in a stable order."""
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["mode"], row["lang"])].append(row)

    def total(group: list[Row], key: str) -> Any:
        return sum(row.get(key, 0) if key in OPTIONAL_FIELDS else row[key] for row in group)

    return [
        Summary(
            model=model, mode=mode, lang=lang, games=len(group), turns=total(group, "turns"),
            errors=sum(bool(row.get("error")) for row in group),
            won=sum(row["outcome"] == "won" for row in group),
            asked=sum(map(_asked, group)),
            answers=total(group, "answers"), wrong_answers=total(group, "wrong_answers"),
            contradictions=total(group, "contradiction"),
            count_displays=total(group, "count_displays"),
            count_errors=total(group, "count_errors"),
            verdicts=total(group, "verdicts"), wrong_verdicts=total(group, "wrong_verdicts"),
            leaks=sum(row["leaks"] > 0 for row in group),
            reveals=total(group, "revealed"), secret_changed=total(group, "secret_changed"),
            unread=total(group, "unread"), retries=total(group, "retries"),
            fallbacks=total(group, "fallbacks"), calls=total(group, "model_calls"),
            tokens=total(group, "tokens_in") + total(group, "tokens_out"),
            reader_calls=total(group, "reader_calls"),
            reader_tokens=total(group, "reader_tokens_in") + total(group, "reader_tokens_out"),
            latency=total(group, "latency"), cost=total(group, "cost_usd"),
        )
        for (model, mode, lang), group in sorted(groups.items())
    ]


def percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


COLUMNS = (
    "model", "mode", "lang", "games", "won", "answered", "accuracy", "contradiction", "count err",
    "wrong verdict", "leak", "secret changed", "unread/game", "retries/game",
    "fallbacks/game", "calls/game", "tokens/game", "reader calls/game", "reader tokens/game",
    "latency/game", "tokens/turn",
    "latency/turn", "cost/game", "errors",
)


def table_rows(summaries: list[Summary]) -> list[list[str]]:
    """The cells of the summary table, one row per group, in COLUMNS order."""
    return [
        [
            s.model, s.mode, s.lang, str(s.games), str(s.won), percent(s.rate(s.answers, s.asked)), percent(s.accuracy),
            percent(s.rate(s.contradictions, s.games)), percent(s.rate(s.count_errors, s.count_displays)),
            percent(s.rate(s.wrong_verdicts, s.verdicts)), percent(s.rate(s.leaks, s.games)),
            percent(s.rate(s.secret_changed, s.reveals)), f"{s.per_game(s.unread):.2f}",
            f"{s.per_game(s.retries):.2f}", f"{s.per_game(s.fallbacks):.2f}",
            f"{s.per_game(s.calls):.1f}", f"{s.per_game(s.tokens):.0f}",
            f"{s.per_game(s.reader_calls):.1f}", f"{s.per_game(s.reader_tokens):.0f}",
            f"{s.per_game(s.latency):.2f}s", f"{s.per_turn(s.tokens):.0f}", f"{s.per_turn(s.latency):.2f}s",
            f"${s.per_game(s.cost):.4f}", str(s.errors),
        ]
        for s in summaries
    ]


@dataclass(frozen=True)
class Paired:
    """A mode beside harness mode on the same games (model, language, player, seed)."""

    model: str
    lang: str
    mode: str
    games: int
    harness_accuracy: float | None
    mode_accuracy: float | None
    harness_contradictions: int
    mode_contradictions: int


def paired(rows: list[Row]) -> list[Paired]:
    """For every text mode, the games harness mode also played, side by side."""
    def game(row: Row) -> tuple[str, str, str, str, int]:
        return (row["model"], row["lang"], row["player"], row["incident"], row["seed"])

    harness = {game(row): row for row in rows if row["mode"] == "harness"}
    pairs: dict[tuple[str, str, str], list[tuple[Row, Row]]] = defaultdict(list)
    for row in rows:
        if row["mode"] != "harness" and game(row) in harness:
            pairs[(row["model"], row["lang"], row["mode"])].append((harness[game(row)], row))

    def accuracy(group: list[Row]) -> float | None:
        answers = sum(r["answers"] for r in group)
        return 1 - sum(r["wrong_answers"] for r in group) / answers if answers else None

    return [
        Paired(model, lang, mode, len(both), accuracy([h for h, _ in both]),
               accuracy([m for _, m in both]), sum(h["contradiction"] for h, _ in both),
               sum(m["contradiction"] for _, m in both))
        for (model, lang, mode), both in sorted(pairs.items())
    ]


PAIRED_COLUMNS = ("model", "lang", "mode", "games", "harness first-attempt accuracy",
                  "mode accuracy", "harness contradictions shown", "mode contradictions")


def paired_rows(pairs: list[Paired]) -> list[list[str]]:
    return [[p.model, p.lang, p.mode, str(p.games), percent(p.harness_accuracy),
             percent(p.mode_accuracy), str(p.harness_contradictions), str(p.mode_contradictions)]
            for p in pairs]


def markdown(summaries: list[Summary], pairs: list[Paired], title: str) -> str:
    """The report as markdown: the summary table, then the same-games comparison."""
    out = [f"# {title}", "", f"{sum(s.games for s in summaries)} games.", "",
           ("Answered is the share of the propositions asked that got an answer the referee "
            "could read; accuracy is over those answers: in harness mode, the "
            "model's first attempt at voicing the referee's answer; in unassisted mode, "
            "against the secret it was given; in rules-prompt mode, against the world that "
            "fits the most answers (its secret is its own). Count errors are over counts "
            "displayed, wrong verdicts over verdicts, contradiction and leak over games, "
            "secret changed over games with a reveal."), ""]
    out += md_table(COLUMNS, table_rows(summaries))
    if pairs:
        out += ["", "## Same games: each mode beside harness mode", "",
                ("In harness mode the player sees only lines the verifier accepted or the "
                 "referee's template text, so what is shown is never wrong; the accuracy here "
                 "is the model's own first attempt, before the referee caught its mistakes."),
                ""]
        out += md_table(PAIRED_COLUMNS, paired_rows(pairs))
    out += ["", "![accuracy](accuracy.png)", "", "![errors](errors.png)", ""]
    if usage_panels(summaries):
        out += ["![usage](usage.png)", ""]
    if pairs:
        out += ["![same games](same_games.png)", ""]
    return "\n".join(out)


def _label(s: Summary) -> str:
    return f"{s.model}\n{s.mode}/{s.lang}"


def accuracy_figure(summaries: list[Summary]) -> Figure:
    """Accuracy beside the share answered, each bar marked with its number of answers: a
    high accuracy over a handful of readable answers is not a good game master."""
    fig = Figure(figsize=(max(6, 0.8 * len(summaries)), 4), layout="constrained")
    ax = fig.subplots()
    xs = range(len(summaries))
    ax.bar([x - 0.2 for x in xs], [100 * (s.rate(s.answers, s.asked) or 0) for s in summaries], 0.4,
           color="#a1c9f4", label="answered (% of asked)")
    bars = ax.bar([x + 0.2 for x in xs], [100 * (s.accuracy or 0) for s in summaries], 0.4,
                  color="#4c72b0", label="accuracy (% of answered)")
    ax.bar_label(bars, [f"n={s.answers}" for s in summaries], fontsize=6)
    ax.set_xticks(xs, [_label(s) for s in summaries], rotation=60, fontsize=7, ha="right")
    ax.set_ylabel("%")
    ax.set_ylim(0, 110)
    ax.set_title("Answers read and their accuracy, by model, mode and language")
    legend_above(fig, ax)
    return fig


ERROR_KINDS: tuple[tuple[str, str, str], ...] = (
    ("contradiction", "contradictions", "games"),
    ("count error", "count_errors", "count_displays"),
    ("wrong verdict", "wrong_verdicts", "verdicts"),
    ("leak", "leaks", "games"),
    ("secret changed", "secret_changed", "reveals"),
)


def errors_figure(summaries: list[Summary]) -> Figure:
    fig = Figure(figsize=(max(6, 0.8 * len(summaries)), 4), layout="constrained")
    ax = fig.subplots()
    width = 0.8 / len(ERROR_KINDS)
    for k, (name, part, whole) in enumerate(ERROR_KINDS):
        rates = [100 * (s.rate(getattr(s, part), getattr(s, whole)) or 0) for s in summaries]
        ax.bar([i + k * width for i in range(len(summaries))], rates, width, label=name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(summaries))],
                  [_label(s) for s in summaries], rotation=60, fontsize=7, ha="right")
    ax.set_ylabel("rate (%)")
    ax.set_title("Error types")
    legend_above(fig, ax)
    return fig


USAGE: tuple[tuple[str, str, str], ...] = (
    ("tokens per game", "tokens", "#55a868"),
    ("model calls per game", "calls", "#c44e52"),
)


def usage_panels(summaries: list[Summary]) -> list[tuple[str, list[float], str]]:
    """The usage panels with something to show (label, value per group, colour): an offline
    run counts no tokens, so it gets no tokens panel, and no usage figure at all without calls."""
    panels = [(label, [s.per_game(getattr(s, field)) for s in summaries], colour)
              for label, field, colour in USAGE]
    return [panel for panel in panels if any(panel[1])]


def usage_figure(summaries: list[Summary]) -> Figure:
    panels = usage_panels(summaries)
    fig = Figure(figsize=(max(6, 0.6 * len(summaries)), 1 + 2.5 * len(panels)), layout="constrained")
    axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False)[:, 0]
    xs = list(range(len(summaries)))
    for ax, (label, values, colour) in zip(axes, panels, strict=True):
        ax.bar(xs, values, color=colour)
        ax.set_ylabel(label)
    axes[-1].set_xticks(xs, [_label(s) for s in summaries], rotation=60, fontsize=7, ha="right")
    axes[0].set_title(" and ".join(label.removesuffix(" per game") for label, _, _ in panels).capitalize()
                      + " per game")
    return fig


def same_games_figure(pairs: list[Paired]) -> Figure:
    fig = Figure(figsize=(max(6, 0.8 * len(pairs)), 4), layout="constrained")
    ax = fig.subplots()
    xs = range(len(pairs))
    ax.bar([x - 0.2 for x in xs], [100 * (p.harness_accuracy or 0) for p in pairs], 0.4,
           label="harness: the model's first attempt (the player sees verified lines only)")
    ax.bar([x + 0.2 for x in xs], [100 * (p.mode_accuracy or 0) for p in pairs], 0.4,
           label="the other mode")
    ax.set_xticks(list(xs), [f"{p.model}\n{p.mode}/{p.lang}" for p in pairs], rotation=60,
                  fontsize=7, ha="right")
    ax.set_ylabel("proposition accuracy (%)")
    ax.set_ylim(0, 100)
    ax.set_title("Same games: harness beside each other mode")
    legend_above(fig, ax)
    return fig


def legend_above(fig: Figure, ax: Any, ncols: int | None = None) -> None:
    """The axes' legend above the plot, outside it, where no bar can be under it (in rows of
    `ncols` entries; default one row)."""
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside upper center", ncols=ncols or len(labels), fontsize=7,
               frameon=False)


def alone_beside_referee(labels: list[str], stacks: list[tuple[str, str, list[float]]], referee: list[float],
                         title: str) -> Figure:
    """Each group's questions as one stacked bar of what became of them (`stacks`: label,
    colour and the % of each group's questions), the model alone, beside the % the referee got
    right on the same questions: the evals where a model works without the referee."""
    fig = Figure(figsize=(max(6, 1.0 * len(labels)), 4), layout="constrained")
    ax = fig.subplots()
    xs = list(range(len(labels)))
    bottom = [0.0] * len(labels)
    for label, colour, shares in stacks:
        ax.bar([x - 0.2 for x in xs], shares, 0.4, bottom=bottom, color=colour, label=label)
        bottom = [b + v for b, v in zip(bottom, shares, strict=True)]
    ax.bar([x + 0.2 for x in xs], referee, 0.4, color="#55a868", label="with the referee: right")
    ax.set_xticks(xs, labels, rotation=60, fontsize=7, ha="right")
    ax.set_ylabel("% of questions")
    ax.set_ylim(0, 105)
    ax.set_title(title)
    legend_above(fig, ax, ncols=4)
    return fig


def figures(summaries: list[Summary], pairs: list[Paired]) -> dict[str, Figure]:
    """Every figure of the report with something to show, by file name."""
    out = {"accuracy.png": accuracy_figure(summaries), "errors.png": errors_figure(summaries)}
    if usage_panels(summaries):
        out["usage.png"] = usage_figure(summaries)
    if pairs:
        out["same_games.png"] = same_games_figure(pairs)
    return out


def png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    return buffer.getvalue()


def md_table(header: tuple[str, ...] | list[str], body: list[list[str]]) -> list[str]:
    """A markdown table's lines."""
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(cells) + " |" for cells in body)]


def html_table(header: tuple[str, ...] | list[str], body: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>"
                   for cells in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def html_images(images: dict[str, bytes]) -> list[str]:
    """The figures, inlined."""
    return [f'<p><img alt="{name}" src="data:image/png;base64,'
            f'{base64.b64encode(data).decode()}"></p>' for name, data in images.items()]


def html_parts(summaries: list[Summary], pairs: list[Paired], images: dict[str, bytes]) -> list[str]:
    """The liar game's part of the page: the same tables, and the figures inlined."""
    parts = [f"<p>{sum(s.games for s in summaries)} games.</p>",
             html_table(COLUMNS, table_rows(summaries))]
    if pairs:
        parts += ["<h2>Same games: each mode beside harness mode</h2>",
                  html_table(PAIRED_COLUMNS, paired_rows(pairs))]
    return parts + html_images(images)


def html_document(title: str, parts: list[str]) -> str:
    """A self-contained page with `parts` under the title."""
    style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
             "font-size:12px}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}"
             "img{max-width:100%}")
    return (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title><style>{style}</style></head><body><h1>{html.escape(title)}</h1>"
            f"{''.join(parts)}</body></html>\n")

