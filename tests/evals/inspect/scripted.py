"""One scripted model, to be served both as Inspect's mock model and by a loopback server.

It answers every eval refgm has, by the reply's schema, from the request alone, so the same
unit played through `refgm eval` and through Inspect gets the same replies:

- the liar game: it voices the English actor scripts (each `N. X (voice) states: TEXT.` line
  as X's line saying TEXT), except B's, which it answers with a line saying nothing (rejected:
  the referee retries, then falls back); it gives no usable second reading; as a text game
  master it always writes the same reply;
- Monorail's judge says yes (legal, completable), or now and then something that is no JSON;
  Garnet Thief's payouts are the referee's for some rounds, none for others, nothing readable
  for a few: so right, wrong and unread answers all occur;
- as a Monorail opponent it places the first legal move (first, for some positions, an empty
  placement the referee refuses) and answers a challenge with the solver's loop; as a Garnet
  Thief player it tells the truth, bluffs, or first says something the referee cannot read.

Which of those it does turns on a checksum of the question, the same on both paths.
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage

from referee.garnet import Character, payout
from referee.monorail.move import legal_moves
from referee.monorail.position import Position
from referee.monorail.solver import solve
from tests.gm.backends.servers import Answer, Received

SCRIPT_LINE = re.compile(r"^\d+\. ([A-Z]) \([^)]*\) states: (.*)\.(?: \(.*\))?$", re.MULTILINE)
TEXT_REPLY = "A: I did not eat the cake. (You have 6 questions left.)"
TOKENS_IN, TOKENS_OUT = 30, 12
RETRY = "was not played"
"""What an English seat's question says when its last reply was not played (gm.agent's retry)."""


def turn(text: str, ways: int) -> int:
    """Which of `ways` scripted behaviours a question gets."""
    return zlib.crc32(text.encode("utf-8")) % ways


def view_of(question: str) -> dict[str, Any]:
    """A seat's view: the JSON line of its question."""
    view: dict[str, Any] = json.loads(next(line for line in question.splitlines() if line.startswith('{"seat"')))
    return view


def monorail_move(question: str) -> dict[str, Any]:
    def tiles(found: Any) -> list[dict[str, Any]]:
        return [{"x": t.x, "y": t.y, "shape": t.shape.value} for t in found]

    view = view_of(question)
    position = Position.from_json(view)
    if view["challenge"] is not None:
        return {"action": "attempt", "tiles": tiles(solve(position).witness or ())}
    if RETRY not in question and turn(question, 3) == 0:
        return {"action": "place", "tiles": []}
    return {"action": "place", "tiles": tiles(next(legal_moves(position)).tiles)}


def garnet_choice(question: str) -> dict[str, Any]:
    if RETRY not in question and turn(question, 4) == 0:
        return {"choice": "Police", "announcement": "Am I the police?"}
    if turn(question, 2):
        return {"choice": "Police", "announcement": "I'm Police."}
    return {"choice": "Mafia", "announcement": "I am the police."}


def garnet_payout(question: str) -> str:
    line = next(line for line in question.splitlines() if line.startswith("as JSON: "))
    round_ = json.loads(line.removeprefix("as JSON: "))
    choices, announcements = (tuple(map(Character, round_[key])) for key in ("choices", "announcements"))
    paid = payout(choices, announcements)
    way = turn(question, 4)
    if way == 0:
        return "The Mafia win."
    gains, penalties = (list(paid.gains), list(paid.penalties)) if way > 1 else ([0] * 8, [0] * 8)
    return json.dumps({"gains": gains, "penalties": penalties})


def reply(schema: str | None, last: str) -> str:
    """The reply to a request whose structured-output schema is `schema` and whose last
    message is `last`."""
    if schema == "ActorReply":
        lines = [{"speaker": who, "text": f"{said}." if who != "B" else "Hmm."}
                 for who, said in SCRIPT_LINE.findall(last)]
        return json.dumps({"lines": lines})
    if schema == "Said":
        return json.dumps({"message": TEXT_REPLY})
    if schema in ("MoveJudgement", "PositionJudgement"):
        field = "legal" if schema == "MoveJudgement" else "completable"
        return "I think so." if turn(last, 5) == 0 else json.dumps({field: True})
    if schema == "PayoutAnswer":
        return garnet_payout(last)
    if schema == "MoveReply":
        return json.dumps(monorail_move(last))
    if schema == "ChoiceReply":
        return json.dumps(garnet_choice(last))
    if schema == "DesignationReply":
        return json.dumps({"designate": view_of(last)["last_places"][-1]})
    return "{no reading"


def served(received: Received) -> Answer:
    """The loopback server's answer (the OpenAI wire format)."""
    schema = received.body.get("response_format", {}).get("json_schema", {}).get("name")
    last = received.body["messages"][-1]["content"]
    return Answer(reply(schema, last), input_tokens=TOKENS_IN, output_tokens=TOKENS_OUT)


def mocked(input: list[ChatMessage], tools: Any, tool_choice: Any, config: GenerateConfig) -> ModelOutput:
    """Inspect's mock model's answer (`get_model("mockllm/model", custom_outputs=mocked)`)."""
    schema = config.response_schema.name if config.response_schema else None
    output = ModelOutput.from_content("mockllm", reply(schema, input[-1].text))
    output.usage = ModelUsage(input_tokens=TOKENS_IN, output_tokens=TOKENS_OUT,
                              total_tokens=TOKENS_IN + TOKENS_OUT)
    return output
