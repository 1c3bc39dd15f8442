"""Garnet Thief at the table: a seat's view as text, the game's texts, the agent's brief, and a
human seat at the terminal.

Everything a seat is shown is built from its view (`GAME.view`, referee.garnet.protocol): the
round and its choosing order, the announcements so far, its own choice once made, past rounds
as revealed (a compact table) and the totals. A closed round's reveal, payout and penalties
are the referee's `Payout` as the view's history holds it; nothing here adds up a garnet.
Every text comes from `prompts/garnet/<lang>/*.j2`; character names from
`referee.garnet.character.NAMES`.

A human's choice is read hidden (the front end's `read_secret`: never echoed), then their
announcement in their own words, read by the referee's `read_announcement` into exactly one
character or asked again with the reason. An agent answers both at once in a schema
(`ChoiceReply`), and its spoken announcement is read by the same reader.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Awaitable, Callable
from functools import lru_cache
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field

from gm.backends.base import Message
from gm.match import Left, Played
from gm.render import template
from referee.game import Json
from referee.garnet.character import CHARACTERS, Character, CharacterError
from referee.garnet.game import Choose, Designate, GarnetState, IllegalMoveError, Move
from referee.garnet.protocol import GAME as GARNET
from referee.garnet.words import UnclearAnnouncement, Why, read_announcement
from referee.table_words import Help, Quit, read_table_word

GAME = "garnet"
LANGS = ("en", "ko", "ja")

ANNOUNCEMENT_CHARS = 200
"""The longest announcement an agent may give: a schema bound, so a small model stops."""

_CODES = {character.value: character.value[0] for character in CHARACTERS}  # M, C, P, B
_CELL = 7  # the width of a seat's column in the table of past rounds
_SEAT = re.compile(r"(?:seat\s*|席)?(\d+)\s*(?:번|番)?")


def rounds_table(view: Json) -> str:
    """Past rounds as rows and seats as columns: each seat's choice (then '>' and its
    announcement when it bluffed) and what its total changed by, and a last row, Σ, of the
    totals now.
    ASCII only, so the columns line up in every language."""
    if not view["history"]:
        return ""
    rows = ["   " + "".join(f"{seat:>{_CELL}}" for seat in view["seats"])]
    for played in view["history"]:
        cells = []
        for chosen, said, delta in zip(played["choices"], played["announcements"], played["applied"], strict=True):
            code = _CODES[chosen] + ("" if said == chosen else ">" + _CODES[said])
            cells.append(f"{code} {delta:+d}")
        rows.append(f"{played['round']:>2} " + "".join(f"{cell:>{_CELL}}" for cell in cells))
    rows.append(" Σ " + "".join(f"{total:>{_CELL}}" for total in view["totals"]))
    return "\n".join(rows)


def read_choice(text: str) -> Character | None:
    """A typed choice: its number in the order of the rules (1 Mafia ... 4 Beggar) or a
    character's name in en, ko or ja; None for anything else."""
    typed = unicodedata.normalize("NFKC", text).strip()
    if typed in ("1", "2", "3", "4"):
        return CHARACTERS[int(typed) - 1]
    try:
        return Character.parse(typed)
    except CharacterError:
        return None


def read_designation(text: str) -> Designate | None:
    """A typed seat to name as the elimination candidate ("3", "seat 3", "3번", "3番"); None for anything else."""
    named = _SEAT.fullmatch(unicodedata.normalize("NFKC", text).casefold().strip())
    return None if named is None else Designate(named.group(1))


@lru_cache(maxsize=4096)
def _rendered(lang: str, template_name: str, values: tuple[tuple[str, type, Any], ...]) -> str:
    """A text of hashable values (each with its type: 1 and True are equal keys, not equal texts),
    kept: the same few (a seat's name, an announcement) are told again at every move of every
    game, and a page made of a log tells all of a game's at once."""
    return template(GAME, lang, template_name).render(**{k: v for k, _, v in values}).strip()


class Texts:
    """Garnet Thief's texts in one language: `prompts/garnet/<lang>/<name>.j2`."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"Garnet Thief speaks {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang

    def render(self, template_name: str, **values: Any) -> str:
        try:
            return _rendered(self.lang, template_name, tuple((k, type(v), v) for k, v in values.items()))
        except TypeError:  # a list among the values: not kept
            return template(GAME, self.lang, template_name).render(**values).strip()

    def message(self, key: str, **values: Any) -> str:
        return self.render("messages", key=key, **values)

    def character(self, name: str) -> str:
        """A character, recorded by its English name, as this language names it."""
        return Character(name).name_in(self.lang)

    def seat(self, seat: str, names: dict[str, str] | None = None) -> str:
        """`seat 3`, or `seat 3 (you)` when `names` says who plays it."""
        return self.message("seat", seat=seat, name=(names or {}).get(seat))

    def rules(self, view: Json, template_name: str = "rules") -> str:
        """The rules (or a text that includes them) with the numbers of this game."""
        return self.render(template_name, rounds=view["rounds"], **view["rules"])

    def view(self, view: Json) -> str:
        """What a seat knows, as text: made of its view alone (the agent's text view too)."""
        you = {view["seat"]: self.message("you")}
        return self.render(
            "view",
            round=view["round"],
            rounds=view["rounds"],
            order=[self.seat(seat, you) for seat in view["order"]],
            announcements=[
                {"seat": self.seat(a["seat"], you), "character": self.character(a["announcement"])}
                for a in view["announcements"]
            ],
            choice=self.character(view["choice"]) if view["choice"] else None,
            table=rounds_table(view),
            totals=view["totals"],
        )

    def revealed(self, played: Json, view: Json, names: dict[str, str]) -> str:
        """A closed round as `view`'s history holds it: the identities from the last chooser
        back, the counts, who was paid what, the penalties, the changes and the totals."""
        seats: list[str] = view["seats"]  # the payout's lists run in seat order
        by_seat = [
            {
                "seat": self.seat(seat),
                "who": self.seat(seat, names),
                "choice": self.character(played["choices"][i]),
                "announced": self.character(played["announcements"][i]),
                "penalty": played["penalties"][i],
                "change": played["applied"][i],  # the payout's delta, unless a balance was clamped
                "total": played["totals"][i],
            }
            for i, seat in enumerate(seats)
        ]
        return self.render(
            "revealed",
            round=played["round"],
            rows=[by_seat[seats.index(seat)] for seat in played["reveal"]],
            by_seat=by_seat,
            paying=[row for row in by_seat if row["penalty"]],
            counts=played["counts"],
            recipient=played["recipient_group"],
            group_share=played["group_share"],
            beggar_share=played["beggar_share"],
            house=played["house"],
            pot=view["rules"]["pot"],
            names={character.value: character.name_in(self.lang) for character in CHARACTERS},
        )

    def result(self, view: Json, names: dict[str, str]) -> str:
        """The end of the rounds: the winners, and the elimination candidate or who names one."""
        seats = view["seats"]
        winners, last = view["winners"], view["last_places"]
        return self.render(
            "result",
            rounds=view["rounds"],
            winners=[self.seat(seat, names) for seat in winners],
            most=view["totals"][seats.index(winners[0])],
            last_places=[self.seat(seat, names) for seat in last],
            fewest=view["totals"][seats.index(last[0])],
            candidate=self.seat(view["candidate"], names) if view["candidate"] else None,
            designator=self.seat(view["designator"], names) if view["designator"] else None,
        )

    def unclear(self, why: Why) -> str:
        """Why a text is no announcement, and to say it again."""
        return self.message("unclear", why=why.value)

    def refusal(self, error: ValueError, view: Json) -> str:
        """Why the referee refused a move, from its typed fault."""
        fault = error.fault.value if isinstance(error, IllegalMoveError) else None
        tied = [self.seat(seat) for seat in view["last_places"]]
        return self.message("refused", fault=fault, detail=str(error), tied=tied)


# --- the agent's brief ---------------------------------------------------------------------------


class ChoiceReply(BaseModel):
    """The agent's turn in a round: its secret character and what it says aloud."""

    model_config = ConfigDict(extra="forbid")

    choice: Literal["Mafia", "Cartel", "Police", "Beggar"]
    announcement: str = Field(max_length=ANNOUNCEMENT_CHARS)


class DesignationReply(BaseModel):
    """The designating winner's answer: the seat it names among the tied last places."""

    model_config = ConfigDict(extra="forbid")

    designate: str


class UnclearReplyError(ValueError):
    """An agent's announcement that is not plainly one character about itself; the message is
    the reason in the game's language, as a human would be told it."""

    def __init__(self, said: str, why: Why, reason: str) -> None:
        super().__init__(f"{json.dumps(said, ensure_ascii=False)}: {reason}")
        self.why = why


class GarnetBrief:
    """Garnet Thief as an agent is told it (gm.agent.Brief): the agent's context is its seat's
    view and nothing else, so no other seat's choice this round can enter it."""

    max_tokens = 200

    def reply(self, view: Json) -> type[BaseModel]:
        return DesignationReply if view["designator"] == view["seat"] else ChoiceReply

    def messages(self, view: Json, lang: str, retry: Any) -> tuple[Message, ...]:
        texts = Texts(lang)
        task = texts.render(
            "agent",
            seat=view["seat"],
            designating=view["designator"] == view["seat"],
            last_places=view["last_places"],
            view_text=texts.view(view),
            view=json.dumps(view, ensure_ascii=False),
        )
        if retry is not None:
            move = None if retry.move is None else json.dumps(GARNET.move_json(retry.move), ensure_ascii=False)
            task += "\n\n" + texts.render("agent_retry", move=move, reason=retry.reason)
        return Message("system", texts.rules(view, "agent_system")), Message("user", task)

    def move(self, reply: Any, lang: str) -> Move:
        """The move a reply names; the spoken announcement is read as a human's is."""
        if isinstance(reply, DesignationReply):
            return Designate(reply.designate)
        said = read_announcement(reply.announcement, lang)
        if isinstance(said, UnclearAnnouncement):
            raise UnclearReplyError(reply.announcement, said.why, Texts(lang).unclear(said.why))
        return Choose(Character(reply.choice), said)


BRIEF = GarnetBrief()


# --- a human at the terminal ---------------------------------------------------------------------

ReadLine = Callable[[], Awaitable[str | None]]
"""The next line the human typed, or None at the end of input."""


class Terminal:
    """Garnet Thief shown to the human's seat on a terminal (or any text stream), and that
    seat's moves read from it.

    Everything shown comes from the human seat's view (`GARNET.view`) and what everyone learned
    of each move (`Played.public`), never from another seat's secret move itself. `read_secret`
    reads the choice without echo; `names` says who plays each seat ("you", "the bot (random)")."""

    def __init__(
        self,
        texts: Texts,
        out: TextIO,
        read_line: ReadLine,
        read_secret: ReadLine,
        seat: str,
        names: dict[str, str],
        echo: bool,
    ) -> None:
        self.texts = texts
        self.out = out
        self.read_line = read_line
        self.read_secret = read_secret
        self.seat = seat
        self.names = names
        self.echo = echo
        self.rounds_shown = 0
        self.talking = False  # the last line shown was talk, with no blank line after it

    def show(self, text: str) -> None:
        """A text parted from the one before and the one after by a blank line."""
        if self.talking:
            print(file=self.out)
            self.talking = False
        print(text, file=self.out, flush=True)
        print(file=self.out, flush=True)

    def say(self, text: str) -> None:
        """One line of the round's talk: a round's announcements stay together."""
        print(text, file=self.out, flush=True)
        self.talking = True

    def who(self, seat: str) -> str:
        return self.texts.seat(seat, self.names)

    def ending(self, state: GarnetState) -> str:
        """The winners and the elimination candidate, from the human seat's view."""
        return self.texts.result(GARNET.view(state, self.seat), self.names)

    def played(self, played: Played) -> None:
        """One turn as the human's seat sees it: the announcement (or the designation), then,
        when it closed a round, the reveal and payout, and what comes next."""
        view = GARNET.view(played.state, self.seat)
        who = self.who(played.seat)
        if played.fallback:
            self.say(self.texts.message("fallback", who=who, attempts=len(played.attempts)))
        announced = [fields["public"]["announce"] for t, fields in played.public if t == "announced"]
        for character in announced:  # all of a secret choice that anyone else may learn
            self.say(self.texts.message("announced", who=who, character=self.texts.character(character)))
        if isinstance(played.move, Designate):  # a designation is public as it is
            key = "designated" if played.move.seat is not None else "designated_nobody"
            self.say(self.texts.message(key, who=who, candidate=self.who(view["candidate"])))
        self.upto(view, played.narration)

    def upto(self, view: Json, narration: str | None = None) -> None:
        """Show every round the view has revealed since the last shown (the referee's text, then
        a narrator's accepted telling of it beside, never instead), and what comes next."""
        if len(view["history"]) <= self.rounds_shown:
            return
        for played in view["history"][self.rounds_shown :]:
            self.show(self.texts.revealed(played, view, self.names))
        if narration:
            self.tell(narration)
        self.rounds_shown = len(view["history"])
        if view["round"] is not None:
            self.show(self.round_begins(view))
        elif view["designator"] is not None:
            self.show(self.texts.result(view, self.names))

    def tell(self, narration: str) -> None:
        """The narrator's accepted telling of a reveal, shown after the referee's."""
        self.show(self.texts.message("narration", text=narration))

    def opening(self, view: Json, commitment: str) -> str:
        """The start of a game: the seats, the rules' numbers and the commitment to its seed."""
        opening = self.texts.message(
            "opening",
            you=self.texts.seat(self.seat),
            seats=[self.who(s) for s in view["seats"]],
            rounds=view["rounds"],
            pot=view["rules"]["pot"],
            commitment=commitment,
        )
        return opening + "\n\n" + self.round_begins(view)

    def round_begins(self, view: Json) -> str:
        you = {self.seat: self.texts.message("you")}
        order = [self.texts.seat(seat, you) for seat in view["order"]]
        return self.texts.message("round_begins", round=view["round"], rounds=view["rounds"], order=order)

    async def ask(self, view: Json, refusal: ValueError | None) -> Move:
        """The human's move: the designation when they name the candidate, else a choice read
        hidden and an announcement read in their own words."""
        if refusal is not None:
            self.show(self.texts.refusal(refusal, view))
        if view["designator"] == view["seat"]:
            return await self._designation(view)
        self.show(self.texts.view(view) + "\n\n" + self.texts.message("your_choice"))
        character = await self._choice(view)
        self.show(self.texts.message("your_announcement"))
        return Choose(character, await self._announcement(view))

    async def _line(self, read: ReadLine, view: Json, shown: str | None) -> str | None:
        """The next non-empty line (echoed as `shown`, or as typed), None after help (shown
        here); Left at the end of input or on quit."""
        line = await read()
        if line is None:
            raise Left
        text = line.strip()
        if not text:
            return None
        if self.echo:
            print(f"> {shown or text}", file=self.out, flush=True)
        word = read_table_word(text)
        if isinstance(word, Quit):
            raise Left
        if isinstance(word, Help):
            self.show(self.texts.rules(view, "help"))
            return None
        return text

    async def _choice(self, view: Json) -> Character:
        while True:
            text = await self._line(self.read_secret, view, "****")  # never echoed as typed
            if text is None:
                continue
            character = read_choice(text)
            if character is not None:
                return character
            self.show(self.texts.message("not_a_choice"))

    async def _announcement(self, view: Json) -> Character:
        while True:
            text = await self._line(self.read_line, view, None)
            if text is None:
                continue
            said = read_announcement(text, self.texts.lang)
            if isinstance(said, Character):
                return said
            self.show(self.texts.unclear(said.why))

    async def _designation(self, view: Json) -> Designate:
        tied = [self.who(seat) for seat in view["last_places"]]
        self.show(self.texts.message("your_designation", tied=tied))
        while True:
            text = await self._line(self.read_line, view, None)
            if text is None:
                continue
            named = read_designation(text)
            if named is not None:
                return named  # the referee judges whether it may be named
            self.show(self.texts.message("not_a_seat", tied=tied))
