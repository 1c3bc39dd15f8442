"""A model as the liar game's actor, behind a loopback OpenAI-compatible server: the page shows
its lines only once the referee accepted them, and never the text of a rejected reply."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from refgm.serve.store import Store
from tests.gm.backends.servers import Answer, FaultServer, Received, Status, Step
from tests.gm.test_reader import reads_as_parser, reads_badly
from tests.serve.api import events, served

FAITHFUL = "Upon my honour, I am not the liar."
CONTRADICTING = "Upon my honour, I am the liar."


def model(lie: list[bool]) -> Callable[[Received], Step]:
    """A model that narrates plainly, reads "A, are you the liar?" and voices A's answer: faithfully,
    or (while `lie[0]`) saying the opposite of what the referee decided."""

    def respond(received: Received) -> Step:
        name = received.body.get("response_format", {}).get("json_schema", {}).get("name")
        if name == "NarrationReply":
            return Answer(json.dumps({"text": "The evening was quiet."}))
        if name == "Reading":
            query = {"speaker": "A", "about": "A", "predicate": "liar", "negated": False}
            return Answer(json.dumps({"queries": [query]}))
        if name == "ActorReply":
            asked = received.body["messages"][-1]["content"]
            honest = re.search(r"states: A is not the liar", asked) is not None
            said = (FAITHFUL if honest else CONTRADICTING) if not lie[0] else (CONTRADICTING if honest else FAITHFUL)
            return Answer(json.dumps({"lines": [{"speaker": "A", "text": said}]}))
        return Status(400, message=f"no such request {name}")

    return respond


def test_a_models_line_is_shown_once_accepted_and_a_contradicting_one_never(database_url: str) -> None:
    store = Store.open(database_url)
    lie = [False]
    args = ("--model", "openai:fake", "--base-url")
    with (
        FaultServer([], lifetime_s=60.0, then=model(lie)) as server,
        served(store, *args, server.openai_url, models=("openai:fake",)) as api,
    ):
        token = api.new("liar", "en", opponent="openai:fake")
        accepted = api.played(token, {"text": "A, are you the liar?"})
        lie[0] = True
        rejected = api.played(token, {"text": "A, are you the liar?"})
        log = events(api.export(token))
    assert server.received, "the model was never asked"
    decided = [e["answers"][0]["answer"] for e in log if e["t"] == "verdict" and e.get("answers")]
    assert len(decided) == 2 and decided[0] == decided[1]  # A's answer to the same question is fixed
    truth = "I am the liar." if decided[0] else "I am not the liar."
    lines = [e for e in accepted["feed"] if e["at"] == 1 and e["kind"] == "character"]
    assert [(e["who"], e["text"]) for e in lines] == [("A", "Upon my honour, " + truth)]
    first = [e for e in log if e["t"] == "model_attempt" and e.get("turn") == 1 and "part" not in e]
    assert [(e["accepted"], e["fallback"]) for e in first] == [(True, False)]  # the model's own line, shown
    tried = [e for e in log if e["t"] == "model_attempt" and e.get("turn") == 2 and "part" not in e]
    attempts, fallback = tried[:-1], tried[-1]  # the model's tries, then the referee's own text
    assert attempts and not any(e["accepted"] or e["fallback"] for e in attempts), attempts
    assert all(e["reasons"] for e in attempts)
    assert fallback["fallback"] and fallback["accepted"]
    lie_text = CONTRADICTING if truth.endswith("not the liar.") else FAITHFUL
    assert all(lie_text in str(e["raw"]) for e in attempts)
    second = [e for e in rejected["feed"] if e["at"] == 2]
    assert [e["kind"] for e in second][:2] == ["you", "character"]
    assert all(lie_text not in e["text"] for e in rejected["feed"])  # the rejected text is nowhere on the page
    assert second[1]["who"] == "A" and ("not the liar" in second[1]["text"]) == (not decided[0])
    assert any(e["kind"] == "referee" and "rejected" in e["text"] for e in second)
    store.engine.dispose()


@pytest.mark.parametrize(("read", "reads"), [(reads_badly, False), (reads_as_parser, True)], ids=["badly", "well"])
def test_a_web_game_has_the_model_read_only_if_it_read_the_check_questions_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], read: Callable[[Received], Step], reads: bool
) -> None:
    """--reader auto on the web, as `refgm play` has it: the first game of a model and language
    checks it (10 reading requests), a later one on that server does not, nor does a server
    started since (the result kept in $REFGM_HOME/cache/readers.json); a model that read badly
    reads no question in any of them, and each server says so once."""
    store = Store.open(f"sqlite:///{tmp_path / 'refgm.db'}")
    args = ("--model", "openai:fake", "--incident", "cake", "--base-url")

    def respond(received: Received) -> Step:
        return read(received) if "ReadQuery" in json.dumps(received.body) else Answer("{oops")

    def readings(server: FaultServer) -> int:
        return sum("ReadQuery" in json.dumps(r.body) for r in server.received)

    question = {"text": "A, are you the liar?"}
    with FaultServer([], lifetime_s=60.0, then=respond) as server:
        with served(store, *args, server.openai_url, models=("openai:fake",)) as api:
            first = api.new("liar", "en", opponent="openai:fake")
            assert readings(server) == 10  # the check
            api.played(first, question)
            second = api.new("liar", "en", opponent="openai:fake")
            api.played(second, question)
            assert readings(server) == 10 + 2 * reads
        with served(store, *args, server.openai_url, models=("openai:fake",)) as api:
            api.played(first, question)  # resumed by a server that never checked
            assert readings(server) == 10 + 3 * reads
            logs = [events(api.export(token)) for token in (first, second)]
    read_turns = [[e["turn"] for e in log if e["t"] == "interpretation"] for log in logs]
    assert read_turns == ([[1, 2], [1]] if reads else [[], []])
    off = "refgm serve: the second reader is off for openai:fake: it read 0 of 10 check questions right"
    assert [line for line in capsys.readouterr().err.splitlines() if "second reader" in line] == (
        [] if reads else [off + "; --reader both turns it on"] * 2)
    store.engine.dispose()
