"""The plumbing every `--jsonl` machine interface shares (`refgm parse`, `refgm monorail check`, `refgm garnet payout`).

One output line per input line, always: a line that cannot be read (not UTF-8, over the byte
limit, not JSON, not an object) raises `MalformedLine` with what is wrong, and the command
writes its error line in its place, so outputs stay aligned with inputs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from referee.lang.limits import JSONL_LINE_BYTES

MALFORMED = 1
"""The exit code when at least one input line was malformed (after every line is answered)."""


class MalformedLine(ValueError):
    """An input line that does not follow a `--jsonl` interface."""


def read_lines(stream: BinaryIO, limit: int = JSONL_LINE_BYTES) -> Iterator[str | MalformedLine]:
    """Each line of `stream` without its line break, or why it cannot be read (not UTF-8, over
    `limit` bytes). A long line is skipped without ever being held whole in memory."""
    while raw := stream.readline(limit + 1):
        if len(raw) > limit and not raw.endswith(b"\n"):
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield MalformedLine(f"longer than {limit:,} bytes")
            continue
        try:
            yield raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as err:
            yield MalformedLine(f"not UTF-8 text: byte 0x{raw[err.start]:02x} at byte {err.start + 1}")


def answer_lines(
    stdin: BinaryIO,
    stdout: TextIO,
    answer: Callable[[str], dict[str, Any]],
    refusal: Callable[[str], dict[str, Any]] = lambda why: {"error": why},
    doing: str = "answered",
) -> int:
    """Each line of `stdin` answered by one line on `stdout`, flushed as it is written: what
    `answer` makes of it, or what `refusal` makes of why it cannot be answered (a MalformedLine's
    reason; any other failure says the line could not be `doing` and names the error's type).
    Returns 0, or MALFORMED once any line was refused, after every line is answered."""
    status = 0
    for line in read_lines(stdin):
        try:
            if isinstance(line, MalformedLine):
                raise line
            out = answer(line)
        except MalformedLine as why:
            out, status = refusal(str(why)), MALFORMED
        except Exception as err:  # one line's failure must not cost the lines after it their answers
            out, status = refusal(f"this line could not be {doing} ({type(err).__name__})"), MALFORMED
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return status


def load_object(line: str, example: str) -> dict[str, Any]:
    """The JSON object on `line`; MalformedLine saying what is wrong, with `example` of a good line."""
    if not line.strip():
        raise MalformedLine(f"empty line: expected a JSON object like {example}")
    try:
        request: Any = json.loads(line)
    except json.JSONDecodeError as err:
        raise MalformedLine(f"not JSON: {err.msg} at column {err.colno}") from None
    except RecursionError:
        raise MalformedLine("not JSON this program reads: nested too deeply") from None
    except ValueError as err:  # an integer over Python's digit limit
        raise MalformedLine(f"not JSON this program reads: {str(err).split(':')[0]}") from None
    if not isinstance(request, dict):
        raise MalformedLine(f"expected a JSON object like {example}")
    return request


def shown(value: Any) -> str:
    """A wrong value as an error message quotes it: its JSON, cut short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
