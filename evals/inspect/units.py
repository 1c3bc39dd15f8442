"""Any refgm eval as an Inspect task: one sample per unit its runner plays (a game, a question).

A task is made from an eval's runner (`evals.runner.EvalRunner`: the liar game's, Monorail's,
Garnet Thief's) and its units, each planned with the model `inspect`. The solver puts the
task's model in that place, lets the runner play the unit exactly as `refgm eval` does, in a
folder of its own (where game logs and chats are written), and keeps what it wrote: the
results lines and those files. The scorer is the referee's: the score's metadata carries them,
and the metrics are `refgm report`'s figures (`figures`) over every sample's lines.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import Model, ModelOutput, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from evals.inspect.backend import PROVIDER, InspectBackend
from evals.runner import EvalRunner, Keyed
from referee.lang.incident import LANGS, Lang

RESULTS = "refgm_results"
"""Where a sample's results lines are kept: its store (by the solver), its score's metadata."""
FILES = "refgm_files"
"""What the unit wrote beside its results (chats/*.txt, games/*.jsonl), by path in a run folder."""

Row = dict[str, Any]
Figures = Callable[[list[Row]], dict[str, float | None]]


@dataclass(frozen=True)
class Eval:
    """An eval as a task: its name, units (planned with the model `inspect`), runner and figures.

    `then` gives the units to play after one in the same folder (Garnet Thief's isolation
    check, which reads the game's log)."""

    name: str
    units: tuple[Keyed, ...]
    runner: Callable[[Path], EvalRunner[Any]]
    figures: Figures
    then: Callable[[Any], Iterable[Keyed]] = lambda _: ()


def choose(value: str | list[str] | tuple[str, ...], known: tuple[str, ...], what: str) -> tuple[str, ...]:
    """A task parameter naming some of `known`: a list, a comma-separated string, or `all`
    (as `refgm eval`'s --lang, --player, --bot, --population)."""
    items = value.split(",") if isinstance(value, str) else list(value)
    items = [item.strip() for item in items if item.strip()]
    if items == ["all"]:
        return known
    unknown = [item for item in items if item not in known]
    if unknown or not items:
        raise ValueError(f"{what} must be some of {', '.join(known)} (or all), not {value!r}")
    return tuple(items)


def languages(value: str | list[str] | tuple[str, ...]) -> tuple[Lang, ...]:
    """The `lang` parameter: some of ko, ja, en."""
    return cast(tuple[Lang, ...], choose(value, LANGS, "lang"))


def at_least(value: int, least: int, what: str) -> int:
    """A count parameter (`games`, `items`) checked as `refgm eval` checks it."""
    if value < least:
        raise ValueError(f"{what} is at least {least}, not {value}")
    return value


def pooled(rows: list[Row], *groups: str) -> list[Row]:
    """`rows` with the fields `refgm report` groups by blanked: its summary of them is one row,
    the task's figures over all its samples."""
    return [{**row, **dict.fromkeys(groups, "")} for row in rows]


def share(part: float, whole: float) -> float | None:
    """A rate, None when there is nothing to be a rate of (`refgm report` shows a dash)."""
    return part / whole if whole else None


def model_name(model: Model) -> str:
    """A results line's `model`: Inspect's name of it, marked as played through Inspect."""
    return f"{PROVIDER}:{model}"


def sample_id(unit: Keyed) -> str:
    """The unit's key without its model (the first `inspect|` in it)."""
    return unit.key.replace(f"{PROVIDER}|", "", 1)


def with_model(unit: Any, model: str) -> Any:
    return dataclasses.replace(unit, model=model)


def files_of(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if path.is_file()}


@solver
def referee_session(units: dict[str, Keyed], make: Callable[[Path], EvalRunner[Any]],
                    then: Callable[[Any], Iterable[Keyed]]) -> Solver:
    """Play the sample's unit with the task's model, as `refgm eval` plays it."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        model = get_model()
        name = model_name(model)
        unit = with_model(units[str(state.sample_id)], name)
        with tempfile.TemporaryDirectory(prefix="refgm-inspect-") as folder:
            runner = make(Path(folder))
            runner.backends[name] = InspectBackend(model)
            lines = [await runner.play(unit)]
            for after in then(unit):
                lines.append(await runner.play(after))
            files = files_of(Path(folder))
        state.store.set(RESULTS, lines)
        state.store.set(FILES, files)
        shown = "\n\n".join(text for path, text in files.items() if path.startswith("chats/"))
        state.output = ModelOutput.from_content(str(model), shown or summary(lines))
        state.completed = True
        return state

    return solve


def summary(lines: list[Row]) -> str:
    return "; ".join(f"{line['key']}: {line.get('outcome', '')}".rstrip(": ") for line in lines)


def report_figures(figures: Figures) -> Metric:
    """The figures of `refgm report` over the task's units (a rate with nothing to be a rate
    of, as accuracy with no answer, is left out)."""

    @metric(name="report_figures")
    def build() -> Metric:
        def compute(scores: list[SampleScore]) -> dict[str, float | None]:
            rows = [line for s in scores for line in (s.score.metadata or {}).get(RESULTS, ())]
            return figures(rows)

        return cast(Metric, compute)

    return cast(Metric, build())


def referee(figures: Figures) -> Scorer:
    """The referee's score of what the solver played: its results lines and their figures."""

    @scorer(metrics=[report_figures(figures)], name="referee")
    def build() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            lines = state.store.get(RESULTS)
            if lines is None:
                raise RuntimeError("the referee_session solver played nothing for this sample")
            value = {k: float(v) for k, v in figures(lines).items() if v is not None}
            outcomes = ", ".join(str(line.get("outcome")) for line in lines if "outcome" in line)
            return Score(value=value, answer=outcomes or None, explanation=summary(lines),
                         metadata={RESULTS: lines, FILES: state.store.get(FILES, {})})

        return score

    return cast(Scorer, build())


def eval_task(spec: Eval, metadata: dict[str, Any]) -> Task:
    """The task playing every unit of `spec`, one sample each, in the runner's order."""
    units = {sample_id(unit): unit for unit in spec.units}
    samples = [Sample(id=key, input=key, metadata=_json(unit)) for key, unit in units.items()]
    return Task(dataset=MemoryDataset(samples, name=f"refgm-{spec.name}"),
                solver=referee_session(units, spec.runner, spec.then), scorer=referee(spec.figures),
                name=spec.name, metadata=metadata)


def _json(unit: Any) -> dict[str, Any]:
    """The unit's fields as the sample's metadata (what Inspect's log can hold)."""
    out = {}
    for f in dataclasses.fields(unit):
        value = getattr(unit, f.name)
        if f.name != "model":
            plain = isinstance(value, str | int | float | bool) or value is None
            out[f.name] = value if plain else getattr(value, "key", str(value))
    return out
