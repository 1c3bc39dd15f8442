"""Monorail as Inspect tasks: the model as judge and as opponent of the bots,
`inspect eval refgm/monorail_judge` and `refgm/monorail_opponent` (registered in refgm.inspect_tasks).

Each sample is one of the units `refgm eval --game monorail` plays: a seeded question (a
position, or a move in one) judged without the referee, or a seeded game against a bot level,
played by `evals.monorail.runner.MonorailRunner` exactly as `refgm eval` plays it, with
Inspect's model behind refgm's backend interface (evals.inspect.units). The score carries the
results line `refgm eval` writes (an opponent's game also its event log, for `refgm replay`);
the task's metrics are `refgm report`'s Monorail figures pooled over the samples.
"""

from __future__ import annotations

from inspect_ai import Task

from evals.inspect.backend import PROVIDER
from evals.inspect.units import Eval, Figures, Row, at_least, choose, eval_task, languages, pooled
from evals.monorail import report
from evals.monorail.runner import GAME, MonorailPlan, MonorailRunner
from gm.bots import levels


def judge_figures(rows: list[Row]) -> dict[str, float | None]:
    """The judge table's figures (evals.monorail.report) over `rows` as one group."""
    if not rows:
        return {}
    (s,) = report.summarise(pooled(rows, "model", "lang", "question"))
    return {
        "items": s.items,
        "answered": s.share(s.answered, s.items),
        "accuracy_of_answered": s.share(s.right, s.answered),
        "accuracy_of_all": s.share(s.right, s.items),
        "with_the_referee": s.share(s.referee_right, s.items),
        "yes_wrongly": s.yes_wrongly,
        "no_wrongly": s.no_wrongly,
        "refused": s.refused,
        "unparseable": s.unread,
        "failed_calls": s.failed,
        "tokens_per_item": s.per_item(s.tokens),
    }


def opponent_figures(rows: list[Row]) -> dict[str, float | None]:
    """The opponent table's figures (evals.monorail.report) over `rows` as one group."""
    if not rows:
        return {}
    (s,) = report.summarise_games(pooled(rows, "model", "lang", "bot"))
    return {
        "games": s.games,
        "won": s.share(s.won, s.games),
        "moved_first": s.first,
        "plies_per_game": s.plies / s.games,
        "moves": s.moves,
        "first_reply_illegal": s.share(s.first_illegal, s.moves),
        "first_reply_no_move": s.share(s.first_no_move, s.moves),
        "illegal_replies_per_move": s.per_move(s.illegal),
        "retries_per_move": s.per_move(s.retries),
        "fallbacks_per_move": s.per_move(s.fallbacks),
        "tokens_per_move": s.per_move(s.tokens),
    }


def _task(name: str, plan: MonorailPlan, figures: Figures) -> Task:
    return eval_task(Eval(name, tuple(plan.specs()), lambda folder: MonorailRunner(plan, folder), figures),
                     {"game": GAME, "mode": plan.modes[0]})


def monorail_judge(lang: str | list[str] = "all", items: int = 60, seed: int = 0) -> Task:
    """Monorail with the model as judge, without the referee: `refgm eval --game monorail --mode judge`.

    lang: some of ko, ja, en (comma-separated, or all). items: questions per language, item 0
    to items-1 of the question set `seed` (positions and moves in turn, half of each kind
    answered yes), each scored against the referee's check_move and solver.
    """
    plan = MonorailPlan(models=(PROVIDER,), modes=("judge",), langs=languages(lang),
                        items=at_least(items, 1, "items"), seed=seed)
    return _task("monorail_judge", plan, judge_figures)


def monorail_opponent(lang: str | list[str] = "all", bot: str | list[str] = "all", games: int = 10,
                      seed: int = 0) -> Task:
    """Monorail with the model as opponent of the bots: `refgm eval --game monorail --mode opponent`.

    lang: some of ko, ja, en. bot: the bot levels to play (random, greedy, solver;
    comma-separated, or all). games: seeds per language and level from `seed`, the model's
    seat first on an even seed, second on an odd one.
    """
    plan = MonorailPlan(models=(PROVIDER,), modes=("opponent",), langs=languages(lang),
                        bots=choose(bot, levels(GAME), "bot"), games=at_least(games, 1, "games"), seed=seed)
    return _task("monorail_opponent", plan, opponent_figures)
