"""The liar game as game master, as an Inspect task: `inspect eval refgm/liar_gm`
(registered in refgm.inspect_tasks).

Each sample is one of the seeded games `refgm eval` plays (a language, a player simulator, a
seed), in one mode (`-T mode=harness|unassisted|rules-prompt`). The solver plays it through
`evals.runner.Runner`, exactly as `refgm eval` does, with Inspect's model behind refgm's
backend interface; the scorer is the referee's: the sample's score carries the results line
`refgm eval` would write, and the task's metrics are `refgm report`'s figures over them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import Model, ModelOutput, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from evals.inspect.backend import PROVIDER, InspectBackend
from evals.modes import MODES, GameSpec, Mode
from evals.players import PLAYERS
from evals.report import summarise
from evals.runner import Plan, Runner
from gm.backends.base import Backend
from referee.lang.incident import INCIDENTS, LANGS, Incident, Lang, load_incidents

RESULT = "refgm_result"
"""Where a sample's results line is kept: its store (by the solver), its score's metadata."""
CHAT = "refgm_chat"
"""A text-mode game's chat, as `refgm eval` keeps it under `chats/` (for `refgm audit`)."""


def choose(value: str | list[str] | tuple[str, ...], known: tuple[str, ...], what: str) -> tuple[str, ...]:
    """A task parameter naming some of `known`: a list, a comma-separated string, or `all`."""
    items = value.split(",") if isinstance(value, str) else list(value)
    items = [item.strip() for item in items if item.strip()]
    if items == ["all"]:
        return known
    unknown = [item for item in items if item not in known]
    if unknown or not items:
        raise ValueError(f"{what} must be some of {', '.join(known)} (or all), not {value!r}")
    return tuple(items)


def incident_named(key: str, incident_file: str | None) -> Incident:
    known = dict(INCIDENTS)
    if incident_file:
        known.update(load_incidents(Path(incident_file).read_text(encoding="utf-8"), incident_file))
    if key not in known:
        raise ValueError(f"no incident {key!r}: the incidents are {', '.join(known)}")
    return known[key]


def dataset(plan: Plan) -> MemoryDataset:
    """One sample per game of the plan, in `refgm eval`'s order (seed-major)."""
    samples = []
    for spec in plan.specs():
        game = spec.key.partition("|")[2]  # the key without its model: mode|lang|player|incident|seed
        samples.append(Sample(
            id=game,
            input=f"The liar game in {spec.lang}, {spec.player} player, seed {spec.seed}, "
                  f"about the {spec.incident.key}, {spec.mode} mode.",
            metadata={"mode": spec.mode, "lang": spec.lang, "player": spec.player,
                      "seed": spec.seed, "incident": spec.incident.key, "budget": spec.budget},
        ))
    return MemoryDataset(samples, name="refgm-liar")


class InspectRunner(Runner):
    """`refgm eval`'s runner with one backend, Inspect's model, and the chats kept in memory."""

    def __init__(self, plan: Plan, backend: Backend) -> None:
        super().__init__(plan, Path("."))
        self.backend = backend
        self.chats: dict[str, str] = {}

    def _backend(self, model: str) -> Backend:
        return self.backend

    def keep_chat(self, spec: GameSpec, text: str) -> None:
        self.chats[spec.key] = text


def model_name(model: Model) -> str:
    """A results line's `model`: Inspect's name of it, marked as played through Inspect."""
    return f"{PROVIDER}:{model}"


@solver
def referee_session(plan: Plan) -> Solver:
    """Play the sample's game with the task's model, as `refgm eval` plays it."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        model = get_model()
        meta = state.metadata
        spec = GameSpec(model_name(model), cast(Mode, meta["mode"]), cast(Lang, meta["lang"]),
                        meta["player"], int(meta["seed"]), plan.incident, plan.budget)
        runner = InspectRunner(plan, InspectBackend(model))
        line = await runner.play(spec)
        state.store.set(RESULT, line)
        chat = runner.chats.get(spec.key)
        if chat is not None:
            state.store.set(CHAT, chat)
        summary = (f"{line['outcome']} in {line['turns']} turns; {line['wrong_answers']} of "
                   f"{line['answers']} answers wrong; {line['fallbacks']} fallbacks")
        state.output = ModelOutput.from_content(str(model), chat or summary)
        state.completed = True
        return state

    return solve


FIGURES = ("won", "answered", "accuracy", "contradiction", "count_error", "wrong_verdict", "leak",
           "secret_changed", "retries_per_game", "fallbacks_per_game", "calls_per_game", "tokens_per_game")


def figures(rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """`refgm report`'s figures over `rows`, pooled as one group (evals.report.summarise)."""
    if not rows:
        return {}
    (s,) = summarise([{**row, "model": "", "mode": "", "lang": ""} for row in rows])
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


@metric
def report_figures() -> Metric:
    """The figures of `refgm report`'s table over the task's games (a rate with nothing to be
    a rate of, as accuracy with no answer, is left out)."""

    def compute(scores: list[SampleScore]) -> dict[str, float | None]:
        rows = [s.score.metadata[RESULT] for s in scores if s.score.metadata and RESULT in s.score.metadata]
        return figures(rows)

    return cast(Metric, compute)


@scorer(metrics=[report_figures()])
def referee() -> Scorer:
    """The referee's score of the game the solver played: its results line."""

    async def score(state: TaskState, target: Target) -> Score:
        line = state.store.get(RESULT)
        if line is None:
            raise RuntimeError("the referee_session solver played no game for this sample")
        per_game = {key: float(line[key]) for key in
                    ("asked", "answers", "wrong_answers", "contradiction", "count_errors",
                     "wrong_verdicts", "leaks", "secret_changed", "retries", "fallbacks")}
        per_game["won"] = float(line["outcome"] == "won")
        metadata = {RESULT: line}
        chat = state.store.get(CHAT)
        if chat is not None:
            metadata[CHAT] = chat
        return Score(value=per_game, answer=line["outcome"],
                     explanation=state.output.completion, metadata=metadata)

    return score


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
    if games < 1:
        raise ValueError("games is at least 1")
    plan = Plan(
        models=(PROVIDER,), modes=(cast(Mode, mode),),
        langs=cast(tuple[Lang, ...], choose(lang, LANGS, "lang")),
        players=choose(player, PLAYERS, "player"), games=games, first_seed=seed,
        incident=incident_named(incident, incident_file), budget=budget,
        system_prompt=Path(system_prompt).read_text(encoding="utf-8") if system_prompt else None,
        window=window,
    )
    return Task(dataset=dataset(plan), solver=referee_session(plan), scorer=referee(),
                name="liar_gm", metadata={"game": "liar", "mode": mode})
