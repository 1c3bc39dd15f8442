"""Sum a Garnet Thief eval up: tables and figures beside the other games' in `refgm report`.

Payouts: per model and language, the rounds paid out exactly (all sixteen numbers right) over
every round asked and over those answered, each seat's gain and penalty right over the seats
answered, and apart, replies refused, unparseable, and calls failed; then exact rounds by the
edge case each was drawn for. Beside each model, "with the referee": the payouts the harness
uses, the referee's own, worked out again for the same rounds: right by construction.

Players: per model, language and population, over the games and the model's seats: mean final
garnets and rank, how often a model seat was among the winners and the elimination candidate,
its bluff rate over its own choices, the penalties it paid, and per decision the first replies
that named no move or a refused one, retries, fallbacks, tokens and latency.

Isolation: per model and language, the requests checked, the other assignments of the hidden
choices each view was compared under, and the leaks found (which must be 0), by kind.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure

from evals.garnet.items import KINDS
from evals.garnet.payout import OUTCOMES
from evals.report import (
    alone_beside_referee,
    fields_problem,
    html_images,
    html_table,
    is_number,
    legend_above,
    md_table,
    percent,
)
from referee.garnet import SEATS

Row = dict[str, Any]
GAME = "garnet"
MODES = ("payout", "players", "isolation")
USAGE_FIELDS = ("seed", "model_calls", "tokens_in", "tokens_out", "latency", "cost_usd")
TALLY_FIELDS = ("plies", "moves", "first_illegal", "first_no_move", "illegal", "retries", "fallbacks")
PLAYER_FIELDS = ("won", "choices", "own_choices", "bluffs", "penalties", "gains")
ISOLATION_FIELDS = ("seed", "requests", "alternatives", "leaks", "request_leaks", "view_leaks", "log_problems")


def _numbers(value: object, length: int | None = None) -> bool:
    return isinstance(value, list) and all(map(is_number, value)) and (length is None or len(value) == length)


def row_problem(row: Row) -> str | None:
    """Why a Garnet Thief results line cannot be summed up (None when it can)."""
    mode = row.get("mode")
    if mode == "players":
        found = fields_problem(row, ("model", "lang", "population"), USAGE_FIELDS + TALLY_FIELDS + PLAYER_FIELDS)
        if found:
            return found
        seats = row.get("seats")
        if not isinstance(seats, list) or not seats or any(seat not in SEATS for seat in seats):
            return '"seats" must list the model\'s seats, "1" to "8"'
        for key in ("garnets", "ranks"):
            if not _numbers(row.get(key), len(seats)):
                return f'"{key}" must hold a number for each of the model\'s seats'
        return None
    if mode == "isolation":
        return fields_problem(row, ("model", "lang", "population"), ISOLATION_FIELDS)
    if mode != "payout":
        return f'"mode" must be {", ".join(MODES[:-1])} or {MODES[-1]}'
    found = fields_problem(
        row, ("model", "lang"), (*USAGE_FIELDS, "index", "gains_right", "penalties_right", "seats_right")
    )
    if found:
        return found
    if row.get("kind") not in KINDS:
        return f'"kind" must be one of {", ".join(KINDS)}'
    if row.get("outcome") not in OUTCOMES:
        return f'"outcome" must be one of {", ".join(OUTCOMES)}'
    if not isinstance(row.get("referee_exact"), bool):
        return '"referee_exact" must be true or false'
    return None


def _share(part: float, whole: float) -> float | None:
    return part / whole if whole else None


# --- payouts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PayoutSummary:
    """One (model, language) group of rounds paid out."""

    model: str
    lang: str
    items: int
    exact: int
    wrong: int
    refused: int
    unread: int
    failed: int
    seats_right: int
    gains_right: int
    penalties_right: int
    referee_exact: int
    calls: int
    tokens: int
    latency: float
    cost: float

    @property
    def answered(self) -> int:
        return self.exact + self.wrong

    def per_item(self, total: float) -> float:
        return total / self.items if self.items else 0.0


def summarise_payouts(rows: Iterable[Row]) -> list[PayoutSummary]:
    """One summary per (model, language) of the payout lines, in a stable order."""
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["lang"])].append(row)

    def total(group: list[Row], key: str) -> Any:
        return sum(row[key] for row in group)

    def count(group: list[Row], outcome: str) -> int:
        return sum(row["outcome"] == outcome for row in group)

    return [
        PayoutSummary(
            model=model,
            lang=lang,
            items=len(group),
            exact=count(group, "exact"),
            wrong=count(group, "wrong"),
            refused=count(group, "refused"),
            unread=count(group, "unread"),
            failed=count(group, "failed"),
            seats_right=total(group, "seats_right"),
            gains_right=total(group, "gains_right"),
            penalties_right=total(group, "penalties_right"),
            referee_exact=sum(row["referee_exact"] is True for row in group),
            calls=total(group, "model_calls"),
            tokens=total(group, "tokens_in") + total(group, "tokens_out"),
            latency=total(group, "latency"),
            cost=total(group, "cost_usd"),
        )
        for (model, lang), group in sorted(groups.items())
    ]


PAYOUT_COLUMNS = (
    "model",
    "lang",
    "rounds",
    "answered",
    "exact (of answered)",
    "exact (of all)",
    "with the referee",
    "seats right (of answered)",
    "gains right",
    "penalties right",
    "wrong",
    "refused",
    "unparseable",
    "failed calls",
    "tokens/round",
    "latency/round",
    "cost/round",
)


def payout_rows(summaries: list[PayoutSummary]) -> list[list[str]]:
    """The cells of the payout table, one row per group, in PAYOUT_COLUMNS order."""
    out = []
    for s in summaries:
        seats = len(SEATS) * s.answered
        out.append(
            [
                s.model,
                s.lang,
                str(s.items),
                percent(_share(s.answered, s.items)),
                percent(_share(s.exact, s.answered)),
                percent(_share(s.exact, s.items)),
                percent(_share(s.referee_exact, s.items)),
                percent(_share(s.seats_right, seats)),
                percent(_share(s.gains_right, seats)),
                percent(_share(s.penalties_right, seats)),
                str(s.wrong),
                str(s.refused),
                str(s.unread),
                str(s.failed),
                f"{s.per_item(s.tokens):.0f}",
                f"{s.per_item(s.latency):.2f}s",
                f"${s.per_item(s.cost):.5f}",
            ]
        )
    return out


KIND_COLUMNS = ("model", "lang", *KINDS)


def kind_rows(rows: Iterable[Row]) -> list[list[str]]:
    """Rounds paid out exactly of those asked, by the edge case each round was drawn for."""
    asked: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for row in rows:
        tally = asked[(row["model"], row["lang"])][row["kind"]]
        tally[0] += row["outcome"] == "exact"
        tally[1] += 1

    def cell(tally: list[int]) -> str:
        return f"{tally[0]}/{tally[1]}" if tally[1] else "–"

    return [[model, lang, *(cell(by[kind]) for kind in KINDS)] for (model, lang), by in sorted(asked.items())]


OUTCOME_BARS: tuple[tuple[str, str, str], ...] = (
    ("exact", "exact", "#4c72b0"),
    ("wrong", "wrong", "#c44e52"),
    ("refused", "refused", "#8c8c8c"),
    ("unparseable", "unread", "#b0b0b0"),
    ("failed call", "failed", "#dddddd"),
)


def payout_figure(summaries: list[PayoutSummary]) -> Figure:
    """Each group's rounds as one stacked bar of what became of them, the model alone beside
    the same rounds paid out by the referee."""
    return alone_beside_referee(
        [f"{s.model}\n{s.lang}" for s in summaries],
        [
            (label, colour, [100 * (_share(getattr(s, field), s.items) or 0) for s in summaries])
            for label, field, colour in OUTCOME_BARS
        ],
        [100 * (_share(s.referee_exact, s.items) or 0) for s in summaries],
        "Garnet Thief payouts: the model alone (left) and the referee (right)",
    )


# --- players ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayersSummary:
    """One (model, language, population) group of games."""

    model: str
    lang: str
    population: str
    games: int
    seat_games: int
    garnets: int
    ranks: int
    won: int
    candidate: int
    choices: int
    own_choices: int
    bluffs: int
    penalties: int
    moves: int
    first_illegal: int
    first_no_move: int
    retries: int
    fallbacks: int
    calls: int
    tokens: int
    latency: float
    cost: float

    def per_move(self, total: float) -> float:
        return total / self.moves if self.moves else 0.0


def summarise_players(rows: Iterable[Row]) -> list[PlayersSummary]:
    """One summary per (model, language, population) of the players' games, in a stable order."""
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["lang"], row["population"])].append(row)

    def total(group: list[Row], key: str) -> Any:
        return sum(row[key] for row in group)

    return [
        PlayersSummary(
            model=model,
            lang=lang,
            population=population,
            games=len(group),
            seat_games=sum(len(row["seats"]) for row in group),
            garnets=sum(sum(row["garnets"]) for row in group),
            ranks=sum(sum(row["ranks"]) for row in group),
            won=total(group, "won"),
            candidate=sum(bool(row.get("candidate")) for row in group),
            choices=total(group, "choices"),
            own_choices=total(group, "own_choices"),
            bluffs=total(group, "bluffs"),
            penalties=total(group, "penalties"),
            moves=total(group, "moves"),
            first_illegal=total(group, "first_illegal"),
            first_no_move=total(group, "first_no_move"),
            retries=total(group, "retries"),
            fallbacks=total(group, "fallbacks"),
            calls=total(group, "model_calls"),
            tokens=total(group, "tokens_in") + total(group, "tokens_out"),
            latency=total(group, "latency"),
            cost=total(group, "cost_usd"),
        )
        for (model, lang, population), group in sorted(groups.items())
    ]


PLAYERS_COLUMNS = (
    "model",
    "lang",
    "population",
    "games",
    "model seats",
    "mean garnets",
    "mean rank",
    "won",
    "candidate",
    "bluff rate (own choices)",
    "penalties/seat-game",
    "decisions",
    "first reply no move",
    "first reply refused",
    "retries/decision",
    "fallbacks/decision",
    "tokens/decision",
    "latency/decision",
    "cost/game",
)


def players_rows(summaries: list[PlayersSummary]) -> list[list[str]]:
    """The cells of the players table, one row per group, in PLAYERS_COLUMNS order."""
    return [
        [
            s.model,
            s.lang,
            s.population,
            str(s.games),
            str(s.seat_games),
            f"{s.garnets / s.seat_games:.2f}",
            f"{s.ranks / s.seat_games:.2f}",
            percent(_share(s.won, s.seat_games)),
            percent(_share(s.candidate, s.games)),
            percent(_share(s.bluffs, s.own_choices)),
            f"{s.penalties / s.seat_games:.2f}",
            str(s.moves),
            percent(_share(s.first_no_move, s.moves)),
            percent(_share(s.first_illegal, s.moves)),
            f"{s.per_move(s.retries):.2f}",
            f"{s.per_move(s.fallbacks):.2f}",
            f"{s.per_move(s.tokens):.0f}",
            f"{s.per_move(s.latency):.2f}s",
            f"${s.cost / s.games:.5f}",
        ]
        for s in summaries
    ]


PANELS: tuple[tuple[str, str, str | None], ...] = (
    ("mean final garnets", "garnets", "seat_games"),
    ("won (% of model seats)", "won", "seat_games"),
    ("bluffed (% of its own choices)", "bluffs", "own_choices"),
    ("fallback to the bot (% of decisions)", "fallbacks", "moves"),
)
"""The players figure's panels: label, numerator and denominator of each bar."""
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974")


def players_figure(summaries: list[PlayersSummary]) -> Figure:
    """One panel per measure, the populations along x, a bar per model and language in each: a
    model beside the bots in its seat against the same population."""
    series = sorted({(s.model, s.lang) for s in summaries})
    populations = sorted({s.population for s in summaries})
    found = {(s.model, s.lang, s.population): s for s in summaries}
    fig = Figure(figsize=(max(8, 0.22 * len(series) * len(populations) + 2), 10), layout="constrained")
    axes = fig.subplots(len(PANELS), 1, sharex=True)
    width = 0.85 / len(series)
    for ax, (label, part, whole) in zip(axes, PANELS, strict=True):
        for k, (model, lang) in enumerate(series):
            xs, values = [], []
            for i, population in enumerate(populations):
                s = found.get((model, lang, population))
                share = _share(getattr(s, part), getattr(s, whole or "")) if s else None
                if share is not None:
                    xs.append(i - 0.425 + (k + 0.5) * width)
                    values.append(share if label.startswith("mean") else 100 * share)
            ax.bar(xs, values, width, color=COLOURS[k % len(COLOURS)], label=f"{model} ({lang})")
        ax.set_ylabel(label, fontsize=8)
        if label.startswith("mean"):
            ax.axhline(0, color="#333333", linewidth=0.8)
        else:
            ax.set_ylim(0, 105)
    axes[0].set_title("Garnet Thief players: a model's seats against each population, the bots in its seat beside")
    axes[-1].set_xticks(range(len(populations)), [f"v {p}" for p in populations], fontsize=8)
    legend_above(fig, axes[0], ncols=min(len(series), 5))
    return fig


# --- isolation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class IsolationSummary:
    """One (model, language) group of checked logs."""

    model: str
    lang: str
    logs: int
    requests: int
    alternatives: int
    leaks: int
    request_leaks: int
    view_leaks: int
    log_problems: int


def summarise_isolation(rows: Iterable[Row]) -> list[IsolationSummary]:
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row["model"], row["lang"])].append(row)
    return [
        IsolationSummary(
            model,
            lang,
            len(group),
            *(sum(row[key] for row in group) for key in ISOLATION_FIELDS[1:]),
        )
        for (model, lang), group in sorted(groups.items())
    ]


ISOLATION_COLUMNS = (
    "model",
    "lang",
    "game logs",
    "requests checked",
    "other assignments of the hidden choices compared",
    "leaking requests",
    "not the view's request",
    "view changed by another's choice",
    "log mismatches",
)


def isolation_rows(summaries: list[IsolationSummary]) -> list[list[str]]:
    return [
        [
            s.model,
            s.lang,
            *map(str, (s.logs, s.requests, s.alternatives, s.leaks, s.request_leaks, s.view_leaks, s.log_problems)),
        ]
        for s in summaries
    ]


# --- the report's Garnet sections -----------------------------------------------------------

PAYOUT_INTRO = (
    "A model pays out a round of Garnet Thief without the referee: given the payout rules and "
    "one round's eight choices and announcements (as text and as the JSON of refgm garnet payout "
    "--jsonl), it states every seat's gain and penalty in a schema, and the referee scores it. "
    "A round is exact when all sixteen numbers are right; seats right is both numbers of a seat "
    "over the seats of the rounds answered. Refused, unparseable replies and failed calls give no "
    "answer and are counted apart from wrong ones. The rounds are drawn to cover the payout's "
    'edge cases, each kind in turn (table below). "With the referee" is the harness, where the '
    "referee computes every payout: right by construction, the comparison the eval is for."
)
PLAYERS_INTRO = (
    "A model plays Garnet Thief in one seat (or several) against seven bots of a population "
    "(each style alone, or mixed), through the harness of refgm play: its seat's view alone, a "
    "choice and an announcement in a schema, the referee's check, the reason and a new try (at "
    "most twice), then the seat's fallback bot. A model bot:<style> is that bot in the model's "
    "seat: the baseline. Rank is 1 + the seats holding strictly more garnets; won counts a "
    "co-winner; candidate is the share of games in which a model seat was the elimination "
    "candidate. The bluff rate is over the choices the model made itself, not its fallback's."
)
ISOLATION_INTRO = (
    "For every request a model seat sent (each agent_attempt of each game's log), the log is "
    "re-stepped by the referee to that ply, and the request must be exactly the one the seat's "
    "agent builds from its view there; and that view must stay the same under every other "
    "assignment of characters to the other seats' choices of the round, still unrevealed (4^k - 1 "
    "states after k choices, each stepped by the referee). A request failing either is a leak. "
    "Leaks must be 0."
)


def _modes(rows: list[Row]) -> dict[str, list[Row]]:
    return {mode: [r for r in rows if r["mode"] == mode] for mode in MODES}


def markdown(rows: list[Row]) -> list[str]:
    """The Garnet Thief sections of report.md."""
    by = _modes(rows)
    out: list[str] = []
    if by["payout"]:
        out += [
            "## Garnet Thief: payouts without the referee",
            "",
            f"{len(by['payout'])} rounds.",
            "",
            PAYOUT_INTRO,
            "",
        ]
        out += md_table(PAYOUT_COLUMNS, payout_rows(summarise_payouts(by["payout"])))
        out += ["", "### Exact rounds by the edge case drawn (exact of asked)", ""]
        out += md_table(KIND_COLUMNS, kind_rows(by["payout"]))
        out += ["", "![payout](garnet_payout.png)", ""]
    if by["players"]:
        out += ["## Garnet Thief: models as players against the bots", "", f"{len(by['players'])} games.", ""]
        out += [PLAYERS_INTRO, ""]
        out += md_table(PLAYERS_COLUMNS, players_rows(summarise_players(by["players"])))
        out += ["", "![players](garnet_players.png)", ""]
    if by["isolation"]:
        out += ["## Garnet Thief: isolation of the model seats", "", ISOLATION_INTRO, ""]
        out += md_table(ISOLATION_COLUMNS, isolation_rows(summarise_isolation(by["isolation"])))
        out += [""]
    return out


def html_parts(rows: list[Row], images: dict[str, bytes]) -> list[str]:
    """The Garnet Thief part of report.html."""
    by = _modes(rows)
    parts: list[str] = []
    if by["payout"]:
        parts += [
            "<h2>Garnet Thief: payouts without the referee</h2>",
            f"<p>{len(by['payout'])} rounds. {PAYOUT_INTRO}</p>",
            html_table(PAYOUT_COLUMNS, payout_rows(summarise_payouts(by["payout"]))),
            "<h3>Exact rounds by the edge case drawn (exact of asked)</h3>",
            html_table(KIND_COLUMNS, kind_rows(by["payout"])),
            *html_images({k: v for k, v in images.items() if k == "garnet_payout.png"}),
        ]
    if by["players"]:
        parts += [
            "<h2>Garnet Thief: models as players against the bots</h2>",
            f"<p>{len(by['players'])} games. {PLAYERS_INTRO}</p>",
            html_table(PLAYERS_COLUMNS, players_rows(summarise_players(by["players"]))),
            *html_images({k: v for k, v in images.items() if k == "garnet_players.png"}),
        ]
    if by["isolation"]:
        parts += [
            "<h2>Garnet Thief: isolation of the model seats</h2>",
            f"<p>{ISOLATION_INTRO}</p>",
            html_table(ISOLATION_COLUMNS, isolation_rows(summarise_isolation(by["isolation"]))),
        ]
    return parts


def figures(rows: list[Row]) -> dict[str, Figure]:
    """The Garnet Thief figures with something to show, by file name."""
    by = _modes(rows)
    out = {}
    if by["payout"]:
        out["garnet_payout.png"] = payout_figure(summarise_payouts(by["payout"]))
    if by["players"]:
        out["garnet_players.png"] = players_figure(summarise_players(by["players"]))
    return out
