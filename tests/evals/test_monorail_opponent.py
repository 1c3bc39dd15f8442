"""A model as Monorail opponent of the bots, against scripted models on 127.0.0.1 (the OpenAI
wire format), through the seat harness: every count of a game is known from the script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.runner import RESULTS
from referee.monorail.move import legal_moves
from referee.monorail.position import Position
from referee.monorail.solver import solve
from refgm.cli import main
from tests.gm.backends.servers import Answer, FaultServer, Received, Step

OPPONENT = ["eval", "--game", "monorail", "--mode", "opponent", "--lang", "en", "--quiet"]


def rows(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / RESULTS).read_text(encoding="utf-8").splitlines()]


def view_of(request: Received) -> dict:
    """The seat's view the agent was shown, the JSON line of its question."""
    lines = request.body["messages"][-1]["content"].splitlines()
    return json.loads(next(line for line in lines if line.startswith('{"seat"')))


def tiles(found: object) -> list[dict]:
    return [{"x": t.x, "y": t.y, "shape": t.shape.value} for t in found]  # type: ignore[attr-defined]


def stubborn(request: Received) -> Step:
    """First an empty placement (the referee refuses it), then text that is no JSON, then a
    legal move: 1 illegal first reply, 2 retries and 3 calls a move, never a fallback."""
    question = request.body["messages"][-1]["content"]
    if "was not played" not in question:
        return Answer(json.dumps({"action": "place", "tiles": []}))
    if "1 to 3 tiles" in question or "impossible' was declared" in question:
        return Answer("let me think")
    view = view_of(request)
    position = Position.from_json(view)
    if view["challenge"] is not None:
        witness = solve(position).witness
        return Answer(json.dumps({"action": "attempt", "tiles": tiles(witness or ())}))
    return Answer(json.dumps({"action": "place", "tiles": tiles(next(legal_moves(position)).tiles)}))


def babbling(_: Received) -> Step:
    return Answer("I would rather not say", input_tokens=50, output_tokens=5)


def play(run: Path, script: object, monkeypatch: pytest.MonkeyPatch, *argv: str) -> None:
    with FaultServer([], lifetime_s=120.0, then=script) as server:  # type: ignore[arg-type]
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_url)
        assert main([*OPPONENT, "--model", "openai:scripted", *argv, "--out", str(run)]) == 0


def test_a_refused_move_and_a_reply_with_none_are_counted_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = tmp_path / "run"
    play(run, stubborn, monkeypatch, "--bot", "random,solver", "--games", "2")
    games = rows(run)
    assert sorted((g["bot"], g["seat"]) for g in games) == [
        ("random", "first"),
        ("random", "second"),
        ("solver", "first"),
        ("solver", "second"),
    ]
    for game in games:
        moves = game["moves"]
        assert moves > 0 and game["plies"] in (2 * moves - 1, 2 * moves, 2 * moves + 1)
        assert (game["first_illegal"], game["first_no_move"], game["illegal"]) == (moves, 0, moves)
        assert (game["retries"], game["fallbacks"], game["model_calls"]) == (2 * moves, 0, 3 * moves)
        assert (game["tokens_in"], game["tokens_out"]) == (21 * 3 * moves, 8 * 3 * moves)
        assert (run / game["log"]).exists()
        assert main(["replay", str(run / game["log"])]) == 0  # the kept log checks out


def test_a_model_that_never_answers_has_its_moves_played_by_the_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    play(run, babbling, monkeypatch, "--bot", "greedy", "--games", "2")
    for game in rows(run):
        moves = game["moves"]
        assert (game["first_illegal"], game["first_no_move"], game["fallbacks"]) == (0, moves, moves)
        assert game["model_calls"] == 3 * moves and game["tokens_in"] == 150 * moves
    capsys.readouterr()
    assert main(["report", str(run)]) == 0
    text = (run / "report.md").read_text(encoding="utf-8")
    line = next(row for row in text.splitlines() if row.startswith("| openai:scripted | en | greedy |"))
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[8:14] == ["0.0%", "100.0%", "0.00", "2.00", "1.00", "165"]  # illegal, no move, ..., tokens
    assert (run / "opponent.png").read_bytes().startswith(b"\x89PNG")


def test_bots_against_each_other_and_a_rerun_plays_only_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    argv = [*OPPONENT, "--model", "bot:random", "--model", "bot:solver", "--games", "3", "--out", str(run)]
    assert main(argv) == 0
    assert "18 game(s) played" in capsys.readouterr().out  # 2 models x 3 levels x 3 seeds
    first = rows(run)
    assert all(g["model_calls"] == g["retries"] == g["fallbacks"] == 0 for g in first)
    assert {g["outcome"] for g in first if g["model"] == "bot:solver" and g["bot"] == "random"} == {"won"}
    assert main([*argv[:-4], "--games", "4", "--out", str(run)]) == 0
    assert "6 game(s) played" in capsys.readouterr().out
    again = rows(run)
    assert again[:18] == first and len({g["key"] for g in again}) == 24


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["--model", "offline"], "opponent mode needs a player"),
        (["--model", "bot:genius"], "no monorail or garnet bot called 'genius'"),
    ],
)
def test_what_the_opponent_eval_cannot_play_is_a_clear_error(
    argv: list[str], what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main([*OPPONENT, *argv, "--out", str(tmp_path / "run")])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and what in err and "Traceback" not in err


def test_a_bot_does_not_play_the_liar_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--model", "bot:random", "--quiet", "--out", str(tmp_path / "run")]) == 2
    assert "a bot plays Monorail" in capsys.readouterr().err


def test_one_run_judges_and_plays_and_says_how_many_of_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    argv = [
        "eval",
        "--game",
        "monorail",
        "--lang",
        "en",
        "--quiet",
        "--model",
        "offline",
        "--model",
        "bot:random",
        "--items",
        "2",
        "--games",
        "1",
        "--bot",
        "random",
        "--out",
        str(run),
    ]
    assert main(argv) == 0  # offline only judges, a bot only plays
    assert "2 question(s) judged and 1 game(s) played" in capsys.readouterr().out
    assert sorted(row["mode"] for row in rows(run)) == ["judge", "judge", "opponent"]
    assert main(["report", str(run)]) == 0
    assert sorted(p.name for p in run.glob("*.png")) == ["judge.png", "opponent.png"]
