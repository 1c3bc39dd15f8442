"""The replay page of a finished game (or an imported log): turn by turn, with the referee's checks.

Each step is one turn (the liar game) or one move (a seated game): what was shown then, what
the referee's re-run found wrong on its lines (the checks `refgm replay` makes), and every
model attempt behind it, accepted or with the reasons it was rejected. A game still in play
has no replay: its log holds other seats' hidden moves until it ends.
"""

from __future__ import annotations

from gm.logschema import problems as rerun_problems
from gm.recorder import Event, Json, Log, TranscriptError
from gm.table import game_of
from refgm.serve.feed import game_view


def replay_view(log: Log) -> Json:
    """The steps of a log whose game is over (else TranscriptError saying so)."""
    if log.first("game_ended") is None:
        raise TranscriptError("a game's replay opens once it is over")
    page = game_view(log, None)
    problems = rerun_problems(log)
    steps: dict[int, Json] = {}
    for shown in page["feed"]:
        steps.setdefault(shown["at"], _step(shown["at"]))["entries"].append(shown)
    at_key = "turn" if game_of(log) == "liar" else "ply"
    for event in log.events:
        attempt = _attempt(event)
        if attempt is not None:
            at = int(event.data.get(at_key) or 0)
            steps.setdefault(at, _step(at))["attempts"].append(attempt)
    for problem in problems:
        steps.setdefault(problem.turn, _step(problem.turn))["checks"].append(
            {"line": problem.line, "ok": False, "text": problem.text}
        )
    for step in steps.values():
        if not step["checks"]:
            step["checks"].append({"line": None, "ok": True, "text": "as the referee decides it now"})
    return {
        "game": page["game"],
        "lang": page["lang"],
        "id": page["id"],
        "over": True,
        "reveal": page["reveal"],
        "result": page["result"],
        "steps": [steps[at] for at in sorted(steps)],
        "problems": [{"line": p.line, "field": p.field, "text": p.text} for p in problems],
    }


def _step(at: int) -> Json:
    return {"at": at, "entries": [], "checks": [], "attempts": []}


def _attempt(event: Event) -> Json | None:
    """A model's try (an actor's, an agent's or a narrator's) as the replay shows it."""
    if event.t not in ("model_attempt", "agent_attempt"):
        return None
    data = event.data
    reasons = data.get("reasons")
    if reasons is None:
        reasons = [data["reason"]] if data.get("reason") else []
    return {
        "line": event.line,
        "who": str(data.get("actor") or data.get("agent") or ""),
        "seat": data.get("seat"),
        "part": data.get("part"),
        "attempt": data.get("attempt"),
        "raw": data.get("raw"),
        "accepted": data.get("accepted") is True,
        "reasons": [str(r) for r in reasons],
    }
