"""Garnet Thief as Inspect tasks: payouts without the referee and models as players against the
bots, `inspect eval refgm/garnet_payout` and `refgm/garnet_players` (registered in refgm.inspect_tasks).

Each sample is one of the units `refgm eval --game garnet` plays: a seeded round the model pays
out, or a seeded game against a population of bots followed by the isolation check of the
game's log (every request the model's seat was sent, re-stepped by the referee), played by
`evals.garnet.runner.GarnetRunner` exactly as `refgm eval` plays them, with Inspect's model
behind refgm's backend interface (evals.inspect.units). The score carries the results lines
`refgm eval` writes (a game also its event log); the task's metrics are `refgm report`'s Garnet
Thief figures pooled over the samples.
"""

from __future__ import annotations

from collections.abc import Iterable

from inspect_ai import Task

from evals.garnet import report
from evals.garnet.players import PlayersSpec, populations
from evals.garnet.runner import GAME, GarnetPlan, GarnetRunner, IsolationSpec, Mode
from evals.inspect.backend import PROVIDER
from evals.inspect.units import Eval, Figures, Row, at_least, choose, eval_task, languages, pooled, share
from referee.garnet import SEATS


def payout_figures(rows: list[Row]) -> dict[str, float | None]:
    """The payout table's figures (evals.garnet.report) over `rows` as one group."""
    if not rows:
        return {}
    (s,) = report.summarise_payouts(pooled(rows, "model", "lang"))
    seats = len(SEATS) * s.answered
    return {
        "rounds": s.items,
        "answered": share(s.answered, s.items),
        "exact_of_answered": share(s.exact, s.answered),
        "exact_of_all": share(s.exact, s.items),
        "with_the_referee": share(s.referee_exact, s.items),
        "seats_right": share(s.seats_right, seats),
        "gains_right": share(s.gains_right, seats),
        "penalties_right": share(s.penalties_right, seats),
        "wrong": s.wrong,
        "refused": s.refused,
        "unparseable": s.unread,
        "failed_calls": s.failed,
        "tokens_per_round": s.per_item(s.tokens),
    }


def players_figures(rows: list[Row]) -> dict[str, float | None]:
    """The players and isolation tables' figures (evals.garnet.report) over `rows`, each as one group."""
    games = [row for row in rows if row["mode"] == "players"]
    checks = [row for row in rows if row["mode"] == "isolation"]
    out: dict[str, float | None] = {}
    if games:
        (s,) = report.summarise_players(pooled(games, "model", "lang", "population"))
        out |= {
            "games": s.games,
            "model_seats": s.seat_games,
            "mean_garnets": s.garnets / s.seat_games,
            "mean_rank": s.ranks / s.seat_games,
            "won": share(s.won, s.seat_games),
            "candidate": share(s.candidate, s.games),
            "bluff_rate": share(s.bluffs, s.own_choices),
            "penalties_per_seat_game": s.penalties / s.seat_games,
            "decisions": s.moves,
            "first_reply_no_move": share(s.first_no_move, s.moves),
            "first_reply_refused": share(s.first_illegal, s.moves),
            "retries_per_decision": s.per_move(s.retries),
            "fallbacks_per_decision": s.per_move(s.fallbacks),
            "tokens_per_decision": s.per_move(s.tokens),
        }
    if checks:
        (i,) = report.summarise_isolation(pooled(checks, "model", "lang"))
        out |= {
            "logs_checked": i.logs,
            "requests_checked": i.requests,
            "hidden_assignments_compared": i.alternatives,
            "leaking_requests": i.leaks,
            "not_the_views_request": i.request_leaks,
            "view_changed_by_anothers_choice": i.view_leaks,
            "log_mismatches": i.log_problems,
        }
    return out


def _task(name: str, plan: GarnetPlan, figures: Figures, isolation: bool = False) -> Task:
    def then(game: PlayersSpec) -> Iterable[IsolationSpec]:
        return (IsolationSpec(game),) if isolation else ()

    modes: tuple[Mode, ...] = (*plan.modes, "isolation") if isolation else plan.modes
    return eval_task(Eval(name, tuple(plan.specs()), lambda folder: GarnetRunner(plan, folder), figures, then),
                     {"game": GAME, "mode": ",".join(modes)})


def garnet_payout(lang: str | list[str] = "all", items: int = 48, seed: int = 0) -> Task:
    """Garnet Thief rounds paid out by the model, without the referee: `refgm eval --game garnet --mode payout`.

    lang: some of ko, ja, en (comma-separated, or all). items: rounds per language, round 0 to
    items-1 of the set `seed` (the payout's edge cases in turn), each scored against the
    referee's payout, seat by seat.
    """
    plan = GarnetPlan(models=(PROVIDER,), modes=("payout",), langs=languages(lang),
                      items=at_least(items, 1, "items"), seed=seed)
    return _task("garnet_payout", plan, payout_figures)


def garnet_players(lang: str | list[str] = "all", population: str | list[str] = "all", games: int = 8,
                   seed: int = 0, seats: int = 1, isolation: bool = True) -> Task:
    """Garnet Thief with the model as player against the bots: `refgm eval --game garnet --mode
    players,isolation`.

    lang: some of ko, ja, en. population: the bot populations (each style alone, or mixed;
    comma-separated, or all). games: seeds per language and population from `seed` (the
    model's first seat turns with the seed). seats: how many seats the model plays, 1 to 7.
    isolation: check each game's log for requests that show the model what its seat may not
    see (a second results line per sample).
    """
    if not 1 <= seats < len(SEATS):
        raise ValueError(f"seats is 1 to {len(SEATS) - 1}: the model plays beside at least one bot, not {seats}")
    plan = GarnetPlan(models=(PROVIDER,), modes=("players",), langs=languages(lang),
                      populations=choose(population, populations(), "population"),
                      games=at_least(games, 1, "games"), seed=seed, seats=seats)
    return _task("garnet_players", plan, players_figures, isolation)
