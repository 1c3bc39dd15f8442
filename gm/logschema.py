"""The event log's schema: what each line of each game's log may hold, checked before a log is trusted.

One pydantic model per event kind of each game: the liar game's lines as gm.session writes them
(gm.recorder lists them), Monorail's and Garnet Thief's as gm.match writes them (its docstring
lists them). Every field has its type, strictly (`true` is no 1, `"1"` no 1, `1.5` no ply), and a
value from a closed set is checked against it: the language, a seat of the game, a name on the
liar game's roster, a character, a tile's shape, a hex nonce or digest. A field no version of
refgm writes on a line is refused (a line others may see must not carry anything else), and so
are the fields older logs wrote in place of today's (`reason` for `problem`, an answer's
`truth`, a player line without its seat) accepted, so every log refgm ever wrote still reads.

What depends on the game's course (a ply's or turn's number, whose turn it is, whether a move is
legal, what a verdict, a reveal or a shown text must say) is the referee's: `check` re-runs the
log through it (gm.match.rerun, gm.session.rerun) after the schema, and names the first line
either finds wrong. Both raise `LineError`: the line and the field (a dotted path), so a server
answers a crafted log with where it is wrong, never with a failure of its own.

`validate` is what `refgm replay` asks of a log before re-running it (it then lists every
difference); `check` is what `refgm serve` asks of a log it imports: the schema, a game_ended
line, and a re-run without a difference.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StrictBool,
    StrictStr,
    Tag,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    model_validator,
)
from pydantic_core import ErrorDetails

from gm.match import game_in, replay
from gm.recorder import VERSION, Event, LineError, Log, Mismatch, TranscriptError
from gm.session import GameConfig, reopened, rerun
from gm.table import UNNAMED_GAME, game_of
from referee.game import Audience, UnknownGameError, game_names
from referee.garnet.character import Character
from referee.garnet.game import SEATS as GARNET_SEATS
from referee.garnet.protocol import GAME as GARNET
from referee.garnet.rules import PENALTY, POT, START, Rules
from referee.lang.incident import INCIDENTS, Lang, Verb, incident_from_json
from referee.liar.problem import Why
from referee.liar.proposition import Predicate
from referee.liar.protocol import SEAT as LIAR_SEAT
from referee.liar.verdict import Outcome
from referee.liar.world import Roster
from referee.monorail.game import SEATS as MONORAIL_SEATS
from referee.monorail.position import TILES
from referee.monorail.protocol import GAME as MONORAIL
from referee.monorail.tile import Shape

MAX_NESTING = 8
"""The deepest proposition a log may record ("A says that B says that not ..."): far beyond any
the parser reads, short of any depth that would strain the referee's recursion."""

# --- values -------------------------------------------------------------------------------------

Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0)]
Attempt = Annotated[int, Strict(), Field(ge=1)]
Seconds = Annotated[float, Strict(), Field(allow_inf_nan=False)]  # 2 seconds is a number too; `true`, NaN are not
Text = StrictStr
Flag = StrictBool


def _hex(digits: int) -> Callable[[str], str]:
    def checked(value: str) -> str:
        if len(value) != digits or not set(value) <= set("0123456789abcdef"):
            raise ValueError(f"{digits} lower-case hex digits")
        return value

    return checked


Nonce = Annotated[StrictStr, AfterValidator(_hex(32))]
Digest = Annotated[StrictStr, AfterValidator(_hex(64))]


def _version(value: int) -> int:
    if value != VERSION:
        raise ValueError(f"this refgm reads version {VERSION} logs")
    return value


def absent() -> Any:
    """A field older logs (or some lines) do not have, and none has as null: a default is not
    validated, a null is."""
    return Field(default=None)


def _context(info: ValidationInfo, key: str) -> tuple[str, ...]:
    context = info.context or {}
    names: tuple[str, ...] = context[key]
    return names


def _seat(value: str, info: ValidationInfo) -> str:
    seats = _context(info, "seats")
    if value not in seats:
        raise ValueError(f"{value!r} is no seat of this game; its seats are {', '.join(seats)}")
    return value


def _name(value: str, info: ValidationInfo) -> str:
    roster = _context(info, "roster")
    if value not in roster:
        raise ValueError(f"{value!r} is not on the roster ({', '.join(roster)})")
    return value


Seat = Annotated[StrictStr, AfterValidator(_seat)]
Name = Annotated[StrictStr, AfterValidator(_name)]
Loose = Strict(False)
"""On an enum or a tuple: read from its JSON value or array (strict, it would want the Python object)."""
Transport = list[Annotated[tuple[Text, Seconds], Loose]]


class _Part(BaseModel):
    """A JSON object of a line: every field typed strictly, no other field."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Line(_Part):
    """A line's envelope: the version and, unless everyone may see it, who may (gm.recorder)."""

    v: Annotated[int, Strict(), AfterValidator(_version)]
    see: Audience = Field(Audience.EVERYONE, strict=False)


def _keyed(*keys: str, default: str | None = None) -> Callable[[Any], str | None]:
    """A union's member told by the first of `keys` its object has: the Tag `<key>` (an object
    with none: the `default` key's, so that its error names what is missing). A tag is never a
    field's name, so an error's path can leave it out: see `_field`."""

    def member(value: Any) -> str | None:
        if not isinstance(value, dict):
            return None
        return next((f"<{key}>" for key in keys if key in value), None if default is None else f"<{default}>")

    return member


def _kind(value: Any) -> str | None:
    """A union's member told by its object's `kind`: the Tag `<kind>`."""
    kind = value.get("kind") if isinstance(value, dict) else None
    return f"<{kind}>" if isinstance(kind, str) else None


def _kinds(what: str, *kinds: str) -> Discriminator:
    """The discriminator of a union of `kinds` (each member tagged `<kind>`), saying what they are."""
    return Discriminator(_kind, custom_error_type="kind", custom_error_message=f"{what} is {', '.join(kinds)}")


# --- the liar game's lines (gm.session) ----------------------------------------------------------


class CustomIncident(_Part):
    key: Text
    verb: Verb
    noun: dict[Lang, Text]


def _incident(value: str | CustomIncident) -> str | CustomIncident:
    """An incident the referee can play: a built-in key, or a whole definition it accepts."""
    incident_from_json(value if isinstance(value, str) else value.model_dump(), INCIDENTS)
    return value


def _roster(names: list[str]) -> list[str]:
    Roster(tuple(names))  # 2 to 6 distinct names
    return names


class LiarConfig(_Part):
    lang: Lang
    incident: Annotated[Text | CustomIncident, AfterValidator(_incident)]
    roster: Annotated[list[Text], AfterValidator(_roster)]
    budget: Attempt
    actor: Text


class LiarStarted(_Line):
    t: Literal["game_started"]
    id: Text
    game: Literal["liar"] = "liar"  # absent in older logs
    config: LiarConfig
    commitment: Digest


def _shallow(value: Any, depth: int = 0) -> Any:
    """A proposition no deeper than MAX_NESTING, refused before it is read."""
    if depth > MAX_NESTING:
        raise ValueError(f"a proposition nested more than {MAX_NESTING} deep")
    if isinstance(value, dict):
        for key in ("not", "inner"):
            if key in value:
                _shallow(value[key], depth + 1)
    return value


class Atom(_Part):
    predicate: Predicate
    about: Name


class Negation(_Part):
    negated: Proposition = Field(alias="not")


class Said(_Part):
    says: Name
    inner: Proposition


Proposition = Annotated[
    Annotated[Negation, Tag("<not>")] | Annotated[Said, Tag("<says>")] | Annotated[Atom, Tag("<predicate>")],
    Discriminator(
        _keyed("not", "says", default="predicate"),
        custom_error_type="proposition",
        custom_error_message='a proposition is {"predicate", "about"}, {"not": ...} or {"says": name, "inner": ...}',
    ),
]


Negation.model_rebuild()
Said.model_rebuild()


class Query(_Part):
    speaker: Name
    proposition: Annotated[Proposition, BeforeValidator(_shallow)]


class Problem(_Part):
    why: Annotated[Why, Loose]
    names: list[Text] = []  # people not on the roster, as typed
    other: Text = ""


class Question(_Part):
    kind: Literal["question"]
    open: Flag
    queries: list[Query]


class GuessIntent(_Part):
    kind: Literal["guess"]
    culprit: Name | None
    liar: Name | None


class Confirm(_Part):
    kind: Literal["confirm"]
    accept: Flag


class Unclear(_Part):
    kind: Literal["unclear"]
    problem: Problem = absent()
    reason: Text = absent()  # logs before typed problems


class Other(_Part):
    kind: Literal["other"]
    rules: Flag = False


class Remark(_Part):
    kind: Literal["remark"]


class CountQuery(_Part):
    kind: Literal["count"]


Intent = Annotated[
    Annotated[Question, Tag("<question>")]
    | Annotated[GuessIntent, Tag("<guess>")]
    | Annotated[Confirm, Tag("<confirm>")]
    | Annotated[Unclear, Tag("<unclear>")]
    | Annotated[Other, Tag("<other>")]
    | Annotated[Remark, Tag("<remark>")]
    | Annotated[CountQuery, Tag("<count>")],
    _kinds("an intent's kind", "question", "guess", "confirm", "unclear", "other", "remark", "count"),
]


class Player(_Line):
    t: Literal["player"]
    turn: Count
    seat: Literal["player"] = "player"  # absent in older logs
    text: Text


class Interpretation(_Line):
    t: Literal["interpretation"]
    turn: Count
    actor: Text
    parsed: Intent = absent()  # absent in logs before the second reader
    read: Flag = absent()  # likewise
    question: Question | None
    request: Text
    raw: Text | None
    problem: Text | None
    tokens_in: Count
    tokens_out: Count
    latency: Seconds
    transport: Transport


class IntentLine(_Line):
    t: Literal["intent"]
    turn: Count
    lang: Lang
    intent: Intent


class Flat(_Part):
    """One (speaker, proposition) pair as a verdict records it (referee.liar.codec.proposition_json)."""

    speaker: Name
    about: Name
    predicate: Predicate
    negated: Flag
    via: Name = absent()  # the speaker the question was put through, if any


class Answer(Flat):
    answer: Flag
    truth: Flag = absent()  # logs before answers were recorded as said alone


class _Verdict(_Line):
    t: Literal["verdict"]
    turn: Count
    remaining: Count


class AnswersVerdict(_Verdict):
    kind: Literal["answers"]
    answers: list[Answer]
    cost: Count


class CostToConfirm(_Verdict):
    kind: Literal["cost_to_confirm"]
    asked: list[Flat]
    cost: Count


class Guessed(_Part):
    culprit: Name | None
    liar: Name | None


class GuessVerdict(_Verdict):
    kind: Literal["guess"]
    guess: Guessed
    correct: Flag
    culprit_confirmed: Flag
    liar_confirmed: Flag
    cost: Count
    outcome: Outcome


class RefusedVerdict(_Verdict):
    kind: Literal["refused"]
    cost: Count


class NotCharged(_Verdict):
    kind: Literal["not_charged"]
    what: Literal["remark", "other", "rules"]


class Rephrase(_Verdict):
    kind: Literal["rephrase"]
    problem: Problem = absent()
    reason: Text = absent()  # logs before typed problems


class Cancelled(_Verdict):
    kind: Literal["cancelled"]


class FinalAnswerRequired(_Verdict):
    kind: Literal["final_answer_required"]


class Remaining(_Verdict):
    kind: Literal["remaining"]


VerdictLine = Annotated[
    Annotated[AnswersVerdict, Tag("<answers>")]
    | Annotated[CostToConfirm, Tag("<cost_to_confirm>")]
    | Annotated[GuessVerdict, Tag("<guess>")]
    | Annotated[RefusedVerdict, Tag("<refused>")]
    | Annotated[NotCharged, Tag("<not_charged>")]
    | Annotated[Rephrase, Tag("<rephrase>")]
    | Annotated[Cancelled, Tag("<cancelled>")]
    | Annotated[FinalAnswerRequired, Tag("<final_answer_required>")]
    | Annotated[Remaining, Tag("<remaining>")],
    _kinds(
        "a verdict's kind",
        "answers",
        "cost_to_confirm",
        "guess",
        "refused",
        "not_charged",
        "rephrase",
        "cancelled",
        "final_answer_required",
        "remaining",
    ),
]


def _attempt(value: Any) -> str | None:
    """A narration has its part and text; any other model attempt is the actor's, voicing lines."""
    if not isinstance(value, dict):
        return None
    return "<part>" if "part" in value or "text" in value else "<lines>"


class _Tried(_Line):
    """What every model attempt records of its exchange with the model."""

    t: Literal["model_attempt"]
    attempt: Attempt
    actor: Text
    accepted: Flag
    reasons: list[Text]
    request: Text
    raw: Text | None  # None: the backend gave up
    tokens_in: Count
    tokens_out: Count
    latency: Seconds
    transport: Transport = []  # absent in older logs


class Voiced(_Tried):
    """The actor's try at voicing a turn's answers."""

    turn: Count
    lines: list[Annotated[tuple[Text, Text], Loose]]
    fallback: Flag
    deadline_s: Seconds = absent()  # the template text shown once the turn's deadline passed


class Narrated(_Tried):
    """The narrator's try at the opening or the ending."""

    turn: Count
    part: Literal["opening", "ending"]
    text: Text


LiarAttempt = Annotated[
    Annotated[Narrated, Tag("<part>")] | Annotated[Voiced, Tag("<lines>")],
    Discriminator(_attempt),
]


class Shown(_Line):
    t: Literal["gm"]
    turn: Count
    text: Text


class Hint(_Line):
    t: Literal["hint"]
    turn: Count
    seat: Literal["player"]


class LiarResumed(_Line):
    t: Literal["resumed"]
    turn: Count


class Secret(_Part):
    culprit: Name
    liar: Name


class LiarEnded(_Line):
    t: Literal["game_ended"]
    outcome: Literal["won", "lost"]
    secret: Secret
    nonce: Nonce
    commitment: Digest
    seed: Int = absent()  # absent in older logs


# --- a match's lines (gm.match): Monorail and Garnet Thief ------------------------------------------

MoveT = TypeVar("MoveT")
RulesT = TypeVar("RulesT")
ResultT = TypeVar("ResultT")


class SeatPlayer(_Part):
    kind: Literal["human", "bot", "agent"]
    name: Text
    bot: Text | None  # a bot's level, or an agent's fallback


def _every_seat(players: dict[str, SeatPlayer], info: ValidationInfo) -> dict[str, SeatPlayer]:
    missing = [seat for seat in _context(info, "seats") if seat not in players]
    if missing:
        raise ValueError(f"the players of seats {', '.join(missing)} are missing")
    return players


class MatchConfig(_Part, Generic[RulesT]):
    lang: Lang
    rules: RulesT
    seats: Annotated[dict[Seat, SeatPlayer], AfterValidator(_every_seat)]


class MatchStarted(_Line, Generic[RulesT]):
    t: Literal["game_started"]
    id: Text
    game: Text
    config: MatchConfig[RulesT]
    commitment: Digest
    seat: None


class MatchMove(_Line, Generic[MoveT]):
    t: Literal["move"]
    ply: Count
    seat: Seat
    by: Literal["human", "bot", "agent"]
    move: MoveT
    fallback: Flag = False


class MatchRefused(_Line, Generic[MoveT]):
    t: Literal["refused"]
    ply: Count
    seat: Seat
    move: MoveT
    reason: Text


class AgentAttempt(_Line, Generic[MoveT]):
    t: Literal["agent_attempt"]
    ply: Count
    seat: Seat
    attempt: Attempt
    agent: Text
    request: Text
    raw: Text | None
    move: MoveT | None  # None: the reply read as no move
    accepted: Flag
    reason: Text | None
    tokens_in: Count
    tokens_out: Count
    latency: Seconds
    transport: Transport


class MatchResumed(_Line):
    t: Literal["resumed"]
    ply: Count
    seat: None


class MatchEnded(_Line, Generic[ResultT]):
    t: Literal["game_ended"]
    seat: None
    result: ResultT
    seed: Int
    nonce: Nonce
    commitment: Digest
    moves_key: Nonce = absent()  # absent in logs from before secret moves


class Reveal(_Tried):
    """A narrator's try at telling what a round's end revealed (Garnet Thief)."""

    ply: Count
    seat: None
    part: Literal["reveal"]
    text: Text
    transport: Transport  # a match has always recorded it


class MonorailRules(_Part):
    strict_edges: Flag = True
    tiles: Attempt = TILES


Tile = Annotated[tuple[Int, Int, Annotated[Shape, Loose]], Loose]


class Place(_Part):
    place: list[Tile]


class Tried(_Part):
    attempt: list[Tile]


class Declare(_Part):
    declare: Literal["impossible"]


MonorailMove = Annotated[
    Annotated[Place, Tag("<place>")] | Annotated[Tried, Tag("<attempt>")] | Annotated[Declare, Tag("<declare>")],
    Discriminator(
        _keyed("place", "attempt", "declare"),
        custom_error_type="move",
        custom_error_message='a Monorail move is {"place": tiles}, {"attempt": tiles} or {"declare": "impossible"}',
    ),
]


class Won(_Part):
    winners: list[Seat]
    reason: Text


class GarnetRules(_Part):
    pot: Count = POT
    penalty: Count = PENALTY
    start: Int = START
    allow_negative: Flag = True

    @model_validator(mode="after")
    def playable(self) -> GarnetRules:
        """Rules the referee plays under (no debts at the start when they are forbidden)."""
        Rules(self.pot, self.penalty, self.start, self.allow_negative)
        return self


class Choose(_Part):
    choose: Annotated[Character, Loose]
    announce: Annotated[Character, Loose]


class Designate(_Part):
    designate: Text | None  # a seat, or any name a model gave that the referee then refused


GarnetMove = Annotated[
    Annotated[Choose, Tag("<choose>")] | Annotated[Designate, Tag("<designate>")],
    Discriminator(
        _keyed("choose", "designate"),
        custom_error_type="move",
        custom_error_message='a Garnet Thief move is {"choose": character, "announce": character} or {"designate": seat}',
    ),
]


class Public(_Part):
    announce: Annotated[Character, Loose]


class Announced(_Line):
    t: Literal["announced"]
    ply: Count
    seat: Seat
    public: Public
    commitment: Digest | None


class Counts(_Part):
    Mafia: Count
    Cartel: Count
    Police: Count
    Beggar: Count


class Round(_Part):
    """A round as its end reveals it (referee.garnet.game.Round.record)."""

    round: Attempt
    order: list[Seat]
    reveal: list[Seat]
    choices: list[Annotated[Character, Loose]]
    announcements: list[Annotated[Character, Loose]]
    counts: Counts
    recipient_group: Annotated[Character, Loose]
    group_share: Int
    beggar_share: Int
    house: Int
    gains: list[Int]
    penalties: list[Int]
    delta: list[Int]
    applied: list[Int]
    totals: list[Int]


class Revealed(_Line):
    t: Literal["revealed"]
    ply: Count
    seat: None
    revealed: Round


class GarnetWon(Won):
    candidate: Seat | None
    totals: list[Int]


# --- the schema of each game ---------------------------------------------------------------------


@dataclass(frozen=True)
class Schema:
    """One game's lines: the first (game_started), each later kind by its `t`, and the names the
    lines may use (`seats`, or the liar game's roster, read from its first line)."""

    started: TypeAdapter[Any]
    lines: Mapping[str, TypeAdapter[Any]]
    seats: tuple[str, ...]

    def names(self, started: Any) -> dict[str, tuple[str, ...]]:
        """What the lines after `started` (the first, read) may name."""
        if isinstance(started, LiarStarted):
            return {"seats": self.seats, "roster": tuple(started.config.roster)}
        return {"seats": self.seats, "roster": ()}


def _adapters(*models: Any) -> dict[str, TypeAdapter[Any]]:
    """Each line model by its `t` (a union's members share one)."""
    return {t: TypeAdapter(model) for t, model in models}


def _match(move: Any, rules: Any, result: Any, seats: tuple[str, ...], *more: tuple[str, Any]) -> Schema:
    lines = _adapters(
        ("move", MatchMove[move]),
        ("refused", MatchRefused[move]),
        ("agent_attempt", AgentAttempt[move]),
        ("resumed", MatchResumed),
        ("game_ended", MatchEnded[result]),
        *more,
    )
    return Schema(TypeAdapter(MatchStarted[rules]), lines, seats)


SCHEMAS: Mapping[str, Schema] = {
    "liar": Schema(
        TypeAdapter(LiarStarted),
        _adapters(
            ("player", Player),
            ("interpretation", Interpretation),
            ("intent", IntentLine),
            ("verdict", VerdictLine),
            ("model_attempt", LiarAttempt),
            ("gm", Shown),
            ("hint", Hint),
            ("resumed", LiarResumed),
            ("game_ended", LiarEnded),
        ),
        (LIAR_SEAT,),
    ),
    MONORAIL.name: _match(MonorailMove, MonorailRules, Won, MONORAIL_SEATS),
    GARNET.name: _match(
        GarnetMove,
        GarnetRules,
        GarnetWon,
        GARNET_SEATS,
        ("announced", Announced),
        ("revealed", Revealed),
        ("model_attempt", Reveal),
    ),
}
"""Every game a log may record, by the name its game_started gives (none: the liar game)."""


# --- checking a log ------------------------------------------------------------------------------


def validate(log: Log) -> None:
    """Every line of `log` against its game's schema; LineError at the first that is not one."""
    first = log.events[0]
    name = first.data.get("game", UNNAMED_GAME)
    if not isinstance(name, str):
        raise LineError(log.path, first.line, "game", f"a game's name is a string, not {name!r}")
    schema = SCHEMAS.get(name)
    if schema is None:
        raise LineError(log.path, first.line, "game", str(UnknownGameError(name, game_names())))
    started = _line(log, first, schema.started, {"seats": schema.seats, "roster": ()})
    names = schema.names(started)
    for event in log.events[1:]:
        adapter = schema.lines.get(event.t)
        if adapter is None:
            kinds = ", ".join(schema.lines)
            where = "its first line" if event.t == "game_started" else "a line"
            raise LineError(log.path, event.line, "t", f"{event.t!r} is not {where} of a {name} log (its events: {kinds})")
        _line(log, event, adapter, names)


def check(log: Log) -> None:
    """A finished game's log as its game wrote it: `validate`, a game_ended line, and the
    referee's re-run finding no difference; LineError at the first line that is not so."""
    validate(log)
    if log.first("game_ended") is None:
        raise LineError(log.path, len(log.events) + 1, "t", "the log ends before its game_ended line")
    found = problems(log)
    if found:
        first = min(found, key=lambda p: p.line)
        raise LineError(log.path, first.line, first.field, first.text)


def problems(log: Log) -> tuple[Mismatch, ...]:
    """What the referee's re-run finds wrong in a finished game's log, or the one reason it
    cannot re-run it."""
    try:
        if game_of(log) == UNNAMED_GAME:
            config = GameConfig.of(log)
            return rerun(log, config, reopened(log, config, None)).problems
        return replay(log, game_in(log)).problems
    except LineError as err:
        return (Mismatch(err.line, 0, err.text, err.field),)
    except (TranscriptError, ValueError) as err:
        return (Mismatch(1, 0, str(err)),)


def _line(log: Log, event: Event, adapter: TypeAdapter[Any], names: dict[str, tuple[str, ...]]) -> Any:
    try:
        return adapter.validate_python(event.data, context=names)
    except ValidationError as err:
        error = err.errors(include_url=False)[0]
        raise LineError(log.path, event.line, _field(event.data, error) or None, _why(event, error)) from None


def _field(data: Any, error: ErrorDetails) -> str:
    """The dotted path of the field an error is in, as the line spells it: what pydantic puts
    in the path besides fields (a union member's tag or name, a dict key's `[key]`) is left out."""
    path: list[str] = []
    last = len(error["loc"]) - 1
    for index, step in enumerate(error["loc"]):
        keyed = isinstance(data, dict) and isinstance(step, str) and step in data
        if keyed or (isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data)):
            data = data[step]  # type: ignore[index]  # a key of the dict, or an index of the list
        elif not (index == last and error["type"] == "missing"):
            continue
        path.append(str(step))
    if error["type"] in ("kind", "union_tag_invalid") and isinstance(data, dict):
        path.append("kind")  # the only unions told by a tag they may not know are told by a kind
    return ".".join(path)


def _why(event: Event, error: ErrorDetails) -> str:
    """An error in words, with the value at fault (cut short)."""
    if error["type"] == "missing":
        return "missing"
    if error["type"] == "extra_forbidden":
        return f"not a field of a {event.t} line"
    if error["type"] == "union_tag_invalid":
        kinds = str(error.get("ctx", {}).get("expected_tags", "")).replace("<", "").replace(">", "")
        return f"a kind this line does not have: {error.get('ctx', {}).get('tag', '')[1:-1]!r} (its kinds: {kinds})"
    message = error["msg"].removeprefix("Value error, ")
    if error["type"] in ("model_type", "dict_type"):
        message = "an object is needed"
    given = error["input"]
    shown = repr(given.get("kind") if error["type"] == "kind" and isinstance(given, dict) else given)
    return f"{message} (not {shown[:60] + '...' if len(shown) > 60 else shown})"
