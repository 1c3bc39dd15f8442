"""The report's arithmetic: rates over the right denominators, usage per game and per turn,
and modes paired with harness mode only on the games both played."""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from evals.report import COLUMNS, figures, markdown, paired, paired_rows, png, summarise, table_rows


def row(mode: str = "harness", seed: int = 0, **scores: Any) -> dict[str, Any]:
    """One results line, all zero but what the test sets."""
    line: dict[str, Any] = {
        "model": "m", "mode": mode, "lang": "en", "player": "random", "incident": "cake", "seed": seed,
        "outcome": "lost", "turns": 0, "asked": 0, "answers": 0, "wrong_answers": 0, "contradiction": False,
        "count_displays": 0, "count_errors": 0, "verdicts": 0, "wrong_verdicts": 0, "leaks": 0,
        "revealed": False, "secret_changed": False, "unread": 0, "retries": 0, "fallbacks": 0,
        "model_calls": 0, "tokens_in": 0, "tokens_out": 0, "latency": 0.0, "cost_usd": 0.0, "error": None,
    }
    line.update(scores)
    return line


def cells(rows: list[dict[str, Any]]) -> dict[str, str]:
    (only,) = table_rows(summarise(rows))
    return dict(zip(COLUMNS, only, strict=True))


def test_rates_are_over_what_could_go_wrong() -> None:
    table = cells([
        row(asked=10, answers=8, wrong_answers=2, count_displays=4, count_errors=1, leaks=2,
            contradiction=True),
        row(seed=1, asked=6, answers=2, outcome="won", verdicts=2, wrong_verdicts=1, revealed=True),
    ])
    assert table["games"] == "2" and table["won"] == "1"
    assert table["answered"] == "62.5%"  # 10 of 16 asked got a readable answer
    assert table["accuracy"] == "80.0%"  # 2 wrong of 10 answered
    assert table["count err"] == "25.0%"  # of counts shown, not of games
    assert table["wrong verdict"] == "50.0%"
    assert table["leak"] == "50.0%"  # games with a leak, however many turns leaked
    assert table["contradiction"] == "50.0%"
    assert table["secret changed"] == "0.0%"  # one reveal, which fitted


def test_nothing_to_measure_is_a_dash_not_zero() -> None:
    table = cells([row()])
    assert table["answered"] == table["accuracy"] == table["count err"] == table["secret changed"] == "–"


def test_usage_is_per_game_and_per_turn() -> None:
    table = cells([
        row(turns=4, tokens_in=300, tokens_out=100, latency=2.0, model_calls=5, cost_usd=0.01),
        row(seed=1, turns=6, tokens_in=500, tokens_out=100, latency=8.0, model_calls=7, cost_usd=0.03),
    ])
    assert table["tokens/game"] == "500" and table["tokens/turn"] == "100"
    assert table["latency/game"] == "5.00s" and table["latency/turn"] == "1.00s"
    assert table["calls/game"] == "6.0" and table["cost/game"] == "$0.0200"


def test_a_mode_is_set_beside_harness_only_on_the_same_games() -> None:
    rows = [
        row("harness", 0, answers=4, wrong_answers=1), row("harness", 1, answers=4, wrong_answers=3),
        row("unassisted", 0, answers=5, wrong_answers=0, contradiction=True),
        row("unassisted", 2, answers=5, wrong_answers=5),  # harness never played seed 2
    ]
    (pair,) = paired_rows(paired(rows))
    assert pair == ["m", "en", "unassisted", "1", "75.0%", "100.0%", "0", "1"]


def _drawn(rows: list[dict[str, Any]]) -> dict[str, Figure]:
    out = figures(summarise(rows), paired(rows))
    for fig in out.values():
        png(fig)  # lays the figure out, as the report does
    return out


def test_no_legend_lies_on_a_bar() -> None:
    """Bars up to the top of the axes (everything answered, every answer right) leave no free
    corner inside them: each legend is outside, clear of every bar."""
    rows = [row(mode, seed, asked=4, answers=4, turns=3, model_calls=3, tokens_in=9, contradiction=True,
                leaks=1, count_displays=1, count_errors=1, verdicts=1, wrong_verdicts=1, revealed=True,
                secret_changed=True)
            for mode in ("harness", "unassisted") for seed in range(3)]
    drawn = _drawn(rows)
    assert set(drawn) == {"accuracy.png", "errors.png", "usage.png", "same_games.png"}
    for name, fig in drawn.items():
        bars = [patch.get_window_extent() for ax in fig.axes for patch in ax.patches]
        assert all(ax.get_legend() is None for ax in fig.axes), name
        for legend in fig.legends:
            box = legend.get_window_extent()
            assert bars and not any(box.overlaps(bar) for bar in bars), name


def test_an_offline_run_draws_no_empty_usage_panel() -> None:
    offline = [row(seed=seed, asked=2, answers=2, turns=2) for seed in range(2)]
    assert "usage.png" not in _drawn(offline)
    assert "usage.png" not in markdown(summarise(offline), [], "t")
    calls_only = [row(seed=seed, asked=2, answers=2, turns=2, model_calls=4) for seed in range(2)]
    (ax,) = _drawn(calls_only)["usage.png"].axes
    assert ax.get_ylabel() == "model calls per game" and ax.get_title() == "Model calls per game"
    assert "![usage](usage.png)" in markdown(summarise(calls_only), [], "t")


def test_the_readers_calls_and_tokens_are_shown_apart_from_the_actors() -> None:
    """A line from before the reader was counted has no reader fields: it counts none."""
    table = cells([
        row(model_calls=4, tokens_in=300, tokens_out=100, reader_calls=3, reader_tokens_in=90,
            reader_tokens_out=30),
        row(seed=1, model_calls=2, tokens_in=100, tokens_out=100),
    ])
    assert table["calls/game"] == "3.0" and table["tokens/game"] == "300"
    assert table["reader calls/game"] == "1.5" and table["reader tokens/game"] == "60"


def test_a_reader_count_that_is_not_a_number_is_named() -> None:
    from evals.report import row_problem

    assert row_problem(row(reader_calls="3")) == '"reader_calls" must be a number'
    assert row_problem(row()) is None
