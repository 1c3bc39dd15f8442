"""Monorail at the table: the board as text, the game's texts, the agent's brief, and a human
seat at the terminal.

The board is drawn with box-drawing characters, x along the top and bottom and y down the
side (north up): stations in double lines, the last move in heavy lines, other rail in
light lines, `·` for an empty cell, and an arrow where a rail end points into an empty
cell (the way the track leads). The same drawing is the agent's text view.

Every text comes from `prompts/monorail/<lang>/*.j2`, filled with values the referee
computed: a refusal is rendered from its typed fault and cells, never from English text.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field

from gm.backends.base import Message
from gm.match import Left, Played
from gm.render import template
from referee.game import Json
from referee.monorail.game import SEATS, Action, Attempt, Declare, MonorailState, Place, declaration_right
from referee.monorail.move import IllegalMoveError, Move
from referee.monorail.notation import move_str, tile_str
from referee.monorail.position import TILES, Position
from referee.monorail.solver import solve
from referee.monorail.tile import Cell, Shape, Side, Tile
from referee.monorail.words import GiveUp, Help, Pass, Quit, Unclear, read_command

GAME = "monorail"
LANGS = ("en", "ko", "ja")

# Each shape in a cell three characters wide, in three weights of line.
_LIGHT = {Shape.H: "───", Shape.V: " │ ", Shape.NE: " └─", Shape.NW: "─┘ ", Shape.SE: " ┌─", Shape.SW: "─┐ "}
_HEAVY = {Shape.H: "━━━", Shape.V: " ┃ ", Shape.NE: " ┗━", Shape.NW: "━┛ ", Shape.SE: " ┏━", Shape.SW: "━┓ "}
_DOUBLE = {Shape.H: "═══", Shape.V: " ║ ", Shape.NE: " ╚═", Shape.NW: "═╝ ", Shape.SE: " ╔═", Shape.SW: "═╗ "}
_ARROWS = {Side.N: "↑", Side.E: "→", Side.S: "↓", Side.W: "←"}


def draw(position: Position, last: tuple[Tile, ...] = ()) -> str:
    """The board with a margin of one cell, where every open end's arrow shows."""
    board = position.board
    stations = {t.cell for t in position.stations}
    heavy = {t.cell for t in last}
    ends: dict[Cell, str] = {}
    for cell, side in position.open_ends:
        into = side.beyond(cell)
        ends[into] = ends.get(into, "") + _ARROWS[side]
    xs = range(min(c[0] for c in board) - 1, max(c[0] for c in board) + 2)
    ys = range(max(c[1] for c in board) + 1, min(c[1] for c in board) - 2, -1)
    axis = "    " + "".join(f"{x:^3}" for x in xs)
    rows = [axis]
    for y in ys:
        row = []
        for x in xs:
            shape = board.get((x, y))
            if shape is not None:
                weight = _DOUBLE if (x, y) in stations else _HEAVY if (x, y) in heavy else _LIGHT
                row.append(weight[shape])
            else:
                row.append(f"{ends.get((x, y), '·'):^3}")
        rows.append(f"{y:>3} " + "".join(row) + f" {y}")
    rows.append(axis)
    return "\n".join(line.rstrip() for line in rows)


class Texts:
    """Monorail's texts in one language: `prompts/monorail/<lang>/<name>.j2`."""

    def __init__(self, lang: str, tiles: int = TILES) -> None:
        if lang not in LANGS:
            raise ValueError(f"Monorail speaks {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.tiles = tiles

    def render(self, template_name: str, **values: Any) -> str:
        return template(GAME, self.lang, template_name).render(tiles=self.tiles, **values).strip()

    def message(self, key: str, **values: Any) -> str:
        return self.render("messages", key=key, **values)

    def answer(self, answer: Answer) -> str:
        return self.render("help") if answer.key == "help" else self.message(answer.key, **dict(answer.values))

    def refusal(self, error: ValueError) -> str:
        """Why the referee refused a move, from its typed fault and the cells concerned."""
        if isinstance(error, IllegalMoveError):
            cells = [f"{x},{y}" for x, y in error.cells]
            return self.message("refused", fault=error.fault.value, cells=cells, detail=str(error))
        return self.message("refused", fault=None, cells=[], detail=str(error))

    def result(self, state: MonorailState, names: dict[str, str]) -> str:
        """Who won and why; after a challenge, whether the declaration was true (the solver's
        answer, never inferred from who won: a wrong 'impossible' still wins if unanswered)."""
        result = state.result
        assert result is not None, "the game is not over"
        (winner,) = result.winners
        loser = next(seat for seat in SEATS if seat != winner)
        right = declaration_right(state)
        needed = None
        if right is False and state.declared_on is not None:
            needed = solve(state.declared_on, state.rules.strict_edges).min_needed
        return self.message(
            "result", reason=result.reason, winner=names[winner], loser=names[loser], right=right, needed=needed
        )


# --- the agent's brief ---------------------------------------------------------------------------


class TileReply(BaseModel):
    """One tile as the agent names it."""

    model_config = ConfigDict(extra="forbid")

    x: int
    y: int
    shape: Literal["H", "V", "NE", "NW", "SE", "SW"]


class MoveReply(BaseModel):
    """The agent's decision: place 1-3 tiles, declare 'impossible', or (challenged) attempt."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["place", "impossible", "attempt"]
    # No move ever holds more than the supply: the bound lets a schema-constrained model stop
    # (SmolLM2 listed tiles until its token limit in every reply without it).
    tiles: list[TileReply] = Field(max_length=TILES)


def view_text(view: Json) -> str:
    """The position of a seat's view as the board drawing."""
    return draw(Position.from_json(view))


class MonorailBrief:
    """Monorail as an agent is told it (gm.agent.Brief)."""

    max_tokens = 300

    def reply(self, view: Json) -> type[BaseModel]:
        return MoveReply

    def messages(self, view: Json, lang: str, retry: Any) -> tuple[Message, ...]:
        texts = Texts(lang)
        shown = {k: v for k, v in view.items() if k != "result"}
        task = texts.render(
            "agent",
            board=view_text(view),
            view=json.dumps(shown, ensure_ascii=False),
            seat=view["seat"],
            challenged=view.get("challenge") is not None,
            tiles_left=view["tiles_left"],
            first_turn=not view["placed"],
        )
        if retry is not None:
            move = None if retry.move is None else _describe(retry.move)
            task += "\n\n" + texts.render("agent_retry", move=move, reason=retry.reason)
        return Message("system", texts.render("agent_system")), Message("user", task)

    def move(self, reply: Any, lang: str) -> Action:
        tiles = tuple(Tile(t.x, t.y, Shape(t.shape)) for t in reply.tiles)
        if reply.action == "impossible":
            return Declare()
        if reply.action == "attempt":
            return Attempt(tiles)
        return Place(Move(tiles))


def _describe(action: Action) -> str:
    if isinstance(action, Place):
        return move_str(action.move)
    if isinstance(action, Attempt):
        return "attempt " + (" ".join(tile_str(t) for t in action.tiles) or "(no tiles)")
    return "impossible"


BRIEF = MonorailBrief()


# --- a human at the terminal ---------------------------------------------------------------------

ReadLine = Callable[[], Awaitable[str | None]]
"""The next line the human typed, or None at the end of input."""


class Terminal:
    """Monorail shown on a terminal (or any text stream) and the human seat's moves read from it.

    `names` says who plays each seat, as the texts call them ("you", "the bot (solver)")."""

    def __init__(self, texts: Texts, out: TextIO, read_line: ReadLine, names: dict[str, str], echo: bool) -> None:
        self.texts = texts
        self.out = out
        self.read_line = read_line
        self.names = names
        self.echo = echo

    def show(self, text: str) -> None:
        print(text, file=self.out, flush=True)
        print(file=self.out, flush=True)

    def board(self, position: Position, last: tuple[Tile, ...] = ()) -> str:
        legend = self.texts.message("legend", tiles_left=position.tiles_left)
        return draw(position, last) + "\n" + legend

    def ending(self, state: MonorailState) -> str:
        return self.texts.result(state, self.names)

    def played(self, played: Played) -> None:
        """One ply as everyone sees it: who did what, then the board with it highlighted."""
        action = played.move
        position = played.state.position
        name = self.names[played.seat]
        if played.fallback:
            self.show(self.texts.message("fallback", name=name, attempts=len(played.attempts)))
        if isinstance(action, Place):
            text = self.texts.message("placed", name=name, move=move_str(action.move))
            self.show(text + "\n" + self.board(position, action.move.tiles))
        elif isinstance(action, Declare):
            challenged = self.names[next(s for s in SEATS if s != played.seat)]
            self.show(self.texts.message("declared", name=name, challenged=challenged))
        elif isinstance(action, Attempt):
            text = self.texts.message(
                "attempted", name=name, count=len(action.tiles), placed=" ".join(tile_str(t) for t in action.tiles)
            )
            self.show(text + ("\n" + self.board(position, action.tiles) if action.tiles else ""))

    def opening(self, commitment: str) -> str:
        """The start of a game: who places first, and the commitment to its seed."""
        return self.texts.message(
            "opening", first=self.names["first"], second=self.names["second"], commitment=commitment
        )

    async def ask(self, view: Json, refusal: ValueError | None) -> Action:
        """The human's next move: lines are read until one is a move or a declaration;
        help and the words around play are answered here, and the referee judges the rest."""
        if refusal is not None:
            self.show(self.texts.refusal(refusal))
        challenged = view.get("challenge") is not None
        self.show(self.texts.message("challenged" if challenged else "your_turn", tiles_left=view["tiles_left"]))
        while True:
            line = await self.read_line()
            if line is None:
                raise Left
            if not line.strip():
                continue
            if self.echo:
                print(f"> {line.strip()}", file=self.out, flush=True)
            typed = typed_move(line, challenged)
            if isinstance(typed, Answer):
                self.show(self.texts.answer(typed))
            elif typed is None:
                raise Left
            else:
                return typed


@dataclass(frozen=True)
class Answer:
    """What a front end says to a typed line that is no move: a message of the texts ("help": the help)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()


def typed_move(line: str, challenged: bool) -> Action | Answer | None:
    """The move a typed line makes (a placement is the attempt when `challenged`), the answer
    to a line that makes none, or None for quit."""
    command = read_command(line)
    if isinstance(command, Place):
        return Attempt(command.move.tiles) if challenged else command
    if isinstance(command, Declare):
        return command
    if isinstance(command, GiveUp) and challenged:
        return Attempt(())
    if isinstance(command, Quit):
        return None
    if isinstance(command, Help):
        return Answer("help")
    if isinstance(command, Unclear):
        return Answer("unclear", (("detail", command.reason),))
    return Answer("no_pass" if isinstance(command, Pass) else "nothing_to_give_up", (("challenged", challenged),))
