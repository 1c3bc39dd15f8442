"""One scripted model, to be served both as Inspect's mock model and by a loopback server.

It voices the liar game's English actor scripts (each `N. X (voice) states: TEXT.` line as X's
line saying TEXT), except B's, which it answers with a line saying nothing (rejected: the
referee retries, then falls back); it gives no usable second reading; as a text game master
it always writes the same reply. What it says depends only on the request, so the same game
played through `refgm eval` and through Inspect gets the same replies.
"""

from __future__ import annotations

import json
import re

from tests.gm.backends.servers import Answer, Received

SCRIPT_LINE = re.compile(r"^\d+\. ([A-Z]) \([^)]*\) states: (.*)\.(?: \(.*\))?$", re.MULTILINE)
TEXT_REPLY = "A: I did not eat the cake. (You have 6 questions left.)"
TOKENS_IN, TOKENS_OUT = 30, 12


def reply(schema: str | None, last: str) -> str:
    """The reply to a request whose structured-output schema is `schema` and whose last
    message is `last`."""
    if schema == "ActorReply":
        lines = [{"speaker": who, "text": f"{said}." if who != "B" else "Hmm."}
                 for who, said in SCRIPT_LINE.findall(last)]
        return json.dumps({"lines": lines})
    if schema == "Said":
        return json.dumps({"message": TEXT_REPLY})
    return "{no reading"


def served(received: Received) -> Answer:
    """The loopback server's answer (the OpenAI wire format)."""
    schema = received.body.get("response_format", {}).get("json_schema", {}).get("name")
    last = received.body["messages"][-1]["content"]
    return Answer(reply(schema, last), input_tokens=TOKENS_IN, output_tokens=TOKENS_OUT)
