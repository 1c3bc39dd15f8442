"""The liar game as game master, as an Inspect task: `inspect eval refgm/liar_gm`
(registered in refgm.inspect_tasks).

Each sample is one of the seeded games `refgm eval` plays (a language, a player simulator, a
seed), in one mode (`-T mode=harness|unassisted|rules-prompt`), played by `evals.runner.Runner`
exactly as `refgm eval` plays it, with Inspect's model behind refgm's backend interface
(evals.inspect.units). The score carries the results line `refgm eval` writes and the chat it
keeps; the task's metrics are `refgm report`'s figures over them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from inspect_ai import Task

from evals.inspect.backend import PROVIDER
from evals.inspect.units import Eval, at_least, choose, eval_task, languages, pooled
from evals.modes import MODES, Mode
from evals.players import PLAYERS
from evals.report import summarise
from evals.runner import Plan, Runner
from referee.lang.incident import INCIDENTS, Incident, load_incidents


def incident_named(key: str, incident_file: str | None) -> Incident:
    known = dict(INCIDENTS)
    if incident_file:
        known.update(load_incidents(Path(incident_file).read_text(encoding="utf-8"), incident_file))
    if key not in known:
        raise ValueError(f"no incident {key!r}: the incidents are {', '.join(known)}")
    return known[key]


def figures(rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """`refgm report`'s figures over `rows`, pooled as one group (evals.report.summarise)."""
    if not rows:
        return {}
    (s,) = summarise(pooled(rows, "model", "mode", "lang"))
    return {
        "won": s.rate(s.won, s.games),
        "answered": s.rate(s.answers, s.asked),
        "accuracy": s.accuracy,
        "contradiction": s.rate(s.contradictions, s.games),
        "count_error": s.rate(s.count_errors, s.count_displays),
        "wrong_verdict": s.rate(s.wrong_verdicts, s.verdicts),
        "leak": s.rate(s.leaks, s.games),
        "secret_changed": s.rate(s.secret_changed, s.reveals),
        "retries_per_game": s.per_game(s.retries),
        "fallbacks_per_game": s.per_game(s.fallbacks),
        "calls_per_game": s.per_game(s.calls),
        "tokens_per_game": s.per_game(s.tokens),
    }


def liar_gm(mode: str = "harness", lang: str | list[str] = "all", player: str | list[str] = "all",
            games: int = 10, seed: int = 0, incident: str = "cake", incident_file: str | None = None,
            budget: int = 7, system_prompt: str | None = None, window: int | None = None) -> Task:
    """The liar game with the model as game master: `refgm eval --game liar --mode MODE`.

    mode: harness (the model voices the referee's answers), unassisted (it is given the rules
    and the secret and writes every reply) or rules-prompt (only the rules; its own secret).
    lang, player: some of ko, ja, en and of the player simulators (comma-separated, or all).
    games: seeds per language and player, from `seed`. incident: its key (a built-in one, or
    one of `incident_file`'s). system_prompt: a file holding your own rules prompt (text modes).
    window: keep only the last N messages (text modes).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    plan = Plan(
        models=(PROVIDER,), modes=(cast(Mode, mode),),
        langs=languages(lang),
        players=choose(player, PLAYERS, "player"), games=at_least(games, 1, "games"), first_seed=seed,
        incident=incident_named(incident, incident_file), budget=budget,
        system_prompt=Path(system_prompt).read_text(encoding="utf-8") if system_prompt else None,
        window=window,
    )
    return eval_task(Eval("liar_gm", tuple(plan.specs()), lambda folder: Runner(plan, folder), figures),
                     {"game": "liar", "mode": mode})
