"""The liar game as game master inside Inspect AI: the same games, the same referee's figures.

Each game is played twice with the same scripted model (tests/evals/inspect/scripted.py):
once by `refgm eval`'s runner against a loopback OpenAI-compatible server, once as an Inspect
sample, with Inspect's mock model or with Inspect's OpenAI-compatible provider against the
same kind of server. The results lines must agree in every figure; an Inspect log imported
with `refgm inspect` must give `refgm report` those lines.
"""

from __future__ import annotations

from tests.evals.inspect import require_inspect

require_inspect()

import json  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import EvalLog  # noqa: E402
from inspect_ai.model import Model, ModelOutput, get_model  # noqa: E402

from evals.inspect import liar  # noqa: E402
from evals.inspect.backend import reply_of  # noqa: E402
from evals.runner import chat_file  # noqa: E402
from refgm.cli import main  # noqa: E402
from tests.evals.inspect import compare  # noqa: E402
from tests.evals.inspect.compare import lines_of, same_figures  # noqa: E402
from tests.evals.inspect.scripted import served  # noqa: E402
from tests.gm.backends.servers import FaultServer  # noqa: E402

PLAYERS = ("optimal", "compound")
GAMES = 2


def refgm_eval(mode: str, run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The games as `refgm eval --model openai:scripted` plays them, against the server."""
    return compare.refgm_eval(["--mode", mode, "--lang", "en", "--player", ",".join(PLAYERS), "--games", str(GAMES)],
                              run_dir, monkeypatch)


def inspect_run(mode: str, model: Model, log_dir: Path) -> EvalLog:
    return compare.inspect_run(liar.liar_gm(mode=mode, lang="en", player=",".join(PLAYERS), games=GAMES),
                               model, log_dir)


@pytest.mark.parametrize("mode", ["harness", "unassisted", "rules-prompt"])
def test_inspects_mock_model_scores_as_refgm_eval_does(mode: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    expected = refgm_eval(mode, tmp_path / "refgm", monkeypatch)
    log = inspect_run(mode, compare.mock(), tmp_path / "logs")
    lines = lines_of(log)
    assert len(lines) == len(expected) == len(PLAYERS) * GAMES
    assert {line["model"] for line in lines} == {compare.MOCK}
    assert same_figures(lines) == same_figures(expected)
    # The scripted model gets some answers wrong and some right, so the figures are no constant
    # (in rules-prompt mode its one reply always fits some world: answered, never wrong).
    wrong, answers = (sum(line[key] for line in lines) for key in ("wrong_answers", "answers"))
    assert (0 == wrong < answers) if mode == "rules-prompt" else (0 < wrong < answers)
    if mode == "harness":
        assert sum(line["fallbacks"] for line in lines) > 0 and sum(line["model_calls"] for line in lines) > 0
    metrics = log.results.scores[0].metrics  # type: ignore[union-attr]
    figures = liar.figures(expected)
    assert {name: m.value for name, m in metrics.items()} == pytest.approx(
        {name: value for name, value in figures.items() if value is not None})


def test_inspects_openai_compatible_provider_against_a_loopback_server(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    expected = {mode: refgm_eval(mode, tmp_path / f"refgm-{mode}", monkeypatch) for mode in ("harness", "unassisted")}
    with FaultServer([], lifetime_s=120.0, then=served) as server:
        model = compare.loopback(server)
        logs = {mode: inspect_run(mode, model, tmp_path / "logs") for mode in expected}
    assert len(server.received) > 0
    assert all(r.body["response_format"]["type"] == "json_schema" for r in server.received)
    for mode, log in logs.items():
        lines = lines_of(log)
        assert {line["model"] for line in lines} == {compare.LOOPBACK}
        assert same_figures(lines) == same_figures(expected[mode])


def test_a_log_imported_with_refgm_inspect_is_what_refgm_report_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    expected = refgm_eval("unassisted", tmp_path / "refgm", monkeypatch)
    log = inspect_run("unassisted", compare.mock(), tmp_path / "logs")
    run = tmp_path / "run"
    assert main(["inspect", log.location, "--out", str(run)]) == 0
    assert main(["inspect", log.location, "--out", str(run)]) == 0  # again: nothing added twice
    out = capsys.readouterr().out
    assert f"{len(expected)} results added" in out and f"0 results added to {run / 'results.jsonl'}, {len(expected)} already there" in out
    lines = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    assert same_figures(lines) == same_figures(expected)
    for theirs in expected:  # the chats `refgm audit` reads, as refgm eval keeps them
        ours = theirs["key"].replace("openai:scripted", compare.MOCK)
        assert (run / "chats" / chat_file(ours)).read_text() == \
            (tmp_path / "refgm" / "chats" / chat_file(theirs["key"])).read_text()
    assert main(["report", str(run)]) == 0
    report = (run / "report.md").read_text()
    assert f"| inspect:mockllm/model | unassisted | en | {len(expected)} |" in report


def test_a_failed_model_falls_back_and_a_sample_with_no_score_is_not_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*_: Any) -> ModelOutput:
        raise RuntimeError("the model is gone")

    task = liar.liar_gm(mode="harness", lang="en", player="optimal", games=1)
    (log,) = inspect_eval(task, model=get_model("mockllm/model", custom_outputs=broken),
                          log_dir=str(tmp_path / "logs"), display="none")
    # Inspect's failure is the backend's CallFailed: the referee's own lines are shown instead.
    (line,) = lines_of(log)
    assert line["fallbacks"] == line["wrong_answers"] > 0 and line["outcome"] == "won"
    assert main(["inspect", log.location, "--out", str(tmp_path / "run")]) == 0

    # A sample Inspect stopped (its token limit) played no whole game: no score, not imported.
    task = liar.liar_gm(mode="harness", lang="en", player="optimal", games=2)
    (log,) = inspect_eval(task, model=compare.mock(),
                          log_dir=str(tmp_path / "logs2"), display="none", token_limit=50,
                          fail_on_error=False)
    assert log.samples and all(not sample.scores for sample in log.samples)
    capsys.readouterr()
    assert main(["inspect", log.location, "--out", str(tmp_path / "run2")]) == 1
    said = capsys.readouterr()
    assert "0 results added" in said.out and "2 samples without a score" in said.out
    assert said.err.count("not imported:") == 2
    assert (tmp_path / "run2" / "results.jsonl").read_text() == ""


def test_a_refusal_and_a_cut_off_reply_read_as_refgms_providers_read_them() -> None:
    refused = reply_of(ModelOutput.from_content("m", "no", stop_reason="content_filter"))
    assert (refused.finish_reason, refused.refusal) == ("refusal", "no")
    cut = reply_of(ModelOutput.from_content("m", '{"lines": [', stop_reason="max_tokens"))
    assert cut.finish_reason == "length" and cut.refusal is None
    done = reply_of(ModelOutput.from_content("m", "{}"))
    assert done.finish_reason == "stop" and done.problem is None
    odd = reply_of(ModelOutput.from_content("m", "{}", stop_reason="tool_calls"))
    assert odd.finish_reason == "other"
    torn = reply_of(ModelOutput.from_content("m", '{"lines": "\ud800"}'))  # a lone surrogate
    assert torn.problem == "the reply's text is not valid Unicode (a lone surrogate)"


@pytest.mark.parametrize("params", [{"mode": "judge"}, {"lang": "fr"}, {"player": "psychic"},
                                    {"games": 0}, {"incident": "durian"}])
def test_a_task_parameter_refgm_eval_would_refuse_is_refused(params: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        liar.liar_gm(**params)


def test_all_is_every_language_and_player() -> None:
    task = liar.liar_gm(games=1)
    assert len(task.dataset) == 3 * len(liar.PLAYERS)
