"""The web page in a real Chromium against a real `refgm serve`, played as a person plays it.

Every game of each kind in each language is started from the home page and played to its end
through the page's own controls; what is checked is what a player sees: the page speaks the
game's language, the referee's lines look unlike a character's, a pending turn shows progress,
the end shows the result and the reveal, and the log downloads. Then a server killed mid-game,
the replay and audit pages, markup that must stay text, screenshots at two widths without
horizontal overflow, and a game played with the keyboard alone.

One server per database for the module (the games do not share tokens, so they cannot disturb
each other) and one browser context per test.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Error, Page, Route, ViewportSize, expect

from refgm.serve.app import CSRF_COOKIE, Csrf
from refgm.serve.host import TITLES
from refgm.serve.store import Store
from tests.serve.api import Json, crafted_cookies
from tests.serve.conftest import Cluster, LiveServer

DESKTOP = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=375, height=740)
SHOWCASE = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
CHATS = Path(__file__).resolve().parents[1] / "refgm" / "commands" / "data"
TURN_URL = "**/api/g/*/turn"
SEND_TIMEOUT_MS = 20_000

REFEREE = {"en": "Referee", "ko": "심판", "ja": "審判"}
START = {"en": "Start", "ko": "시작", "ja": "開始"}
# What the liar game's reader takes as a question and as a guess (tests/referee/lang reads the same forms).
QUESTION = {"en": "A, is B the culprit?", "ko": "A 씨, B 씨가 범인이에요?", "ja": "Aさん、Bさんは犯人ですか?"}
GUESS = {"en": "B is the culprit and C is the liar", "ko": "범인은 B, 거짓말쟁이는 C", "ja": "犯人はB、嘘つきはC"}
POLICE = {"en": "I am the police", "ko": "저는 경찰입니다", "ja": "私は警察です"}
MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
# A style that tells one feed entry from another at a glance.
LOOK = """e => { const s = getComputedStyle(e);
  return [s.backgroundColor, s.borderLeftStyle, s.borderLeftWidth, s.borderLeftColor, s.fontFamily].join(' | ') }"""
OVERFLOW = """() => [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"""
# Every element of the document with its attributes, the CSRF meta's token left out (it is drawn anew).
ELEMENTS = """() => [...document.querySelectorAll('*')].map(e => [e.tagName, ...[...e.attributes].map(
  a => e.getAttribute('name') === 'refgm-csrf' && a.name === 'content' ? 'content' : `${a.name}=${a.value}`)])"""


# --- servers and pages -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    home = tmp_path_factory.mktemp("serve-sqlite")
    yield from running(LiveServer(f"sqlite:///{home / 'refgm.db'}", home))


@pytest.fixture(scope="module")
def postgres_server(postgres_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    name = f"b_{secrets.token_hex(8)}"
    postgres_cluster.create_database(name)
    try:
        yield from running(LiveServer(postgres_cluster.url(name), tmp_path_factory.mktemp("serve-pg")))
    finally:
        postgres_cluster.drop_database(name)


def running(server: LiveServer) -> Iterator[LiveServer]:
    server.start()
    try:
        yield server
    finally:
        server.kill()
        print(f"--- refgm serve output:\n{server.stderr()}")


@dataclass
class Console:
    """What the page reported that a player should never cause: CSP violations and uncaught errors."""

    problems: list[str] = field(default_factory=list)

    def saw(self, message: ConsoleMessage) -> None:
        if message.type == "error" and ("Content Security Policy" in message.text or "Refused to" in message.text):
            self.problems.append(message.text)

    def crashed(self, error: Error) -> None:
        self.problems.append(f"uncaught: {error}")


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def page(browser: Browser, console: Console) -> Iterator[Page]:
    """A desktop-sized page in a fresh context whose console is watched."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US", accept_downloads=True)
    context.set_default_timeout(SEND_TIMEOUT_MS)
    try:
        opened = context.new_page()
        opened.on("console", console.saw)
        opened.on("pageerror", console.crashed)
        yield opened
    finally:
        context.close()


# --- playing -------------------------------------------------------------------------------------------


def start_game(page: Page, server: LiveServer, game: str, lang: str, opponent: str) -> str:
    """Choose the game, language and opponent on the home page and start; the game's token."""
    answer = page.goto(server.url + "/")
    assert answer is not None and "script-src 'self'" in answer.headers.get("content-security-policy", "")
    page.get_by_test_id(f"home-lang-{lang}").check()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("home-start")).to_have_text(START[lang])
    page.get_by_test_id(f"home-game-{game}").check()
    page.get_by_test_id("home-opponent").select_option(opponent)
    if game == "monorail":
        page.get_by_test_id("home-first-human").check()
    page.get_by_test_id("home-start").click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]{43}$"))
    expect(page.get_by_test_id("feed")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(TITLES[game][lang])
    return page.url.rsplit("/", 1)[1]


def turn(page: Page, act: Callable[[], None]) -> None:
    """Do what sends a turn and wait until the page has drawn the server's answer."""
    with page.expect_response(lambda r: r.url.endswith("/turn") and r.request.method == "POST"):
        act()
    expect(page.locator("section.play")).to_have_attribute("aria-busy", "false")


def held_turn(page: Page, act: Callable[[], None], send: str) -> None:
    """A turn whose request is held back: meanwhile the progress line shows and `send` is disabled."""
    held: list[Route] = []
    page.route(TURN_URL, lambda route: held.append(route))
    try:
        act()
        progress = page.get_by_test_id("progress")
        expect(progress).to_be_visible()
        expect(page.locator("section.play")).to_have_attribute("aria-busy", "true")
        while not held:
            page.wait_for_timeout(20)
        expect(progress).to_be_visible()
        expect(page.get_by_test_id(send)).to_be_disabled()
        with page.expect_response(lambda r: r.url.endswith("/turn")):
            held[0].continue_()
    finally:
        page.unroute(TURN_URL)
    expect(page.locator("section.play")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_test_id("progress")).to_be_hidden()


def over(page: Page) -> bool:
    return page.get_by_test_id("result").count() > 0


def say(page: Page, text: str) -> Callable[[], None]:
    def act() -> None:
        page.get_by_test_id("turn-input").fill(text)
        page.get_by_test_id("turn-send").click()

    return act


def announce(page: Page, choice: str, words: str) -> Callable[[], None]:
    def act() -> None:
        page.get_by_test_id(f"garnet-choice-{choice}").check()
        page.get_by_test_id("garnet-announce").fill(words)
        page.get_by_test_id("garnet-send").click()

    return act


def entries(page: Page) -> list[tuple[str, str]]:
    """The feed as shown: each entry's kind and text."""
    feed = page.get_by_test_id("feed-entry")
    return list(
        zip(
            [str(kind) for kind in feed.evaluate_all("es => es.map(e => e.dataset.kind)")],
            [str(text) for text in feed.evaluate_all("es => es.map(e => e.querySelector('.text').textContent)")],
            strict=True,
        )
    )


def assert_referee_stands_out(page: Page, lang: str, other: str | None) -> None:
    """Referee entries carry the referee's label in the game's language and a look unlike the
    `other` kind's (None: Monorail, whose feed is the referee's alone)."""
    referee = page.locator("[data-testid=feed-entry][data-kind=referee]").first
    expect(referee.locator(".who")).to_have_text(REFEREE[lang])
    if other is None:
        assert {kind for kind, _ in entries(page)} == {"referee"}
        return
    them = page.locator(f"[data-testid=feed-entry][data-kind={other}]").first
    assert referee.evaluate(LOOK) != them.evaluate(LOOK)


def assert_the_end(page: Page, server: LiveServer, tmp_path: Path) -> None:
    """The result and the reveal are shown, the reveal's commitment is the one shown at the start,
    and the log link downloads the whole log."""
    expect(page.get_by_test_id("result")).to_be_visible()
    reveal = page.get_by_test_id("reveal")
    expect(reveal).to_be_visible()
    codes = [str(code) for code in reveal.locator("dd").all_text_contents()]
    assert all(code.strip() for code in codes), f"an empty field in the reveal: {codes}"
    nonce = next(code for code in codes if re.fullmatch(r"[0-9a-f]{32}", code))
    commitment = next(code for code in codes if re.fullmatch(r"[0-9a-f]{64}", code))
    assert nonce and commitment in entries(page)[0][1]
    shoot(page, "end", tmp_path)
    with page.expect_download() as download:
        page.get_by_test_id("download-log").click()
    saved = tmp_path / "log.jsonl"
    download.value.save_as(saved)
    lines = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["t"] == "game_started" and lines[-1]["t"] == "game_ended"


def shoot(page: Page, name: str, folder: Path, showcase: bool = False) -> None:
    """Screenshots at desktop and phone width, neither scrolling sideways; the desktop one into
    docs/screenshots when REFGM_SCREENSHOTS=1 and it is one the README shows."""
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(50)
        root, body, inner = page.evaluate(OVERFLOW)
        assert root <= inner and body <= inner, f"{name} at {label} width scrolls sideways: {root}, {body} > {inner}"
        shot = folder / f"{name}-{label}.png"
        page.screenshot(path=str(shot))
        if showcase and size is DESKTOP and os.environ.get("REFGM_SCREENSHOTS") == "1":
            SHOWCASE.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, SHOWCASE / f"{name}.png")
    page.set_viewport_size(DESKTOP)


def play_liar(page: Page, lang: str, shots: Path | None, showcase: bool = False) -> None:
    held_turn(page, say(page, QUESTION[lang]), send="turn-send")
    assert [kind for kind, _ in entries(page)[-3:]] == ["you", "character", "referee"]
    assert_referee_stands_out(page, lang, "character")
    expect(page.get_by_test_id("remaining")).to_contain_text("6")
    if shots is not None:
        shoot(page, "liar", shots, showcase)
    for said in range(1, 12):
        if over(page):
            return
        turn(page, say(page, GUESS[lang] if said % 2 else QUESTION[lang]))
        expect(page.get_by_test_id("error")).to_have_count(0)
    raise AssertionError("the liar game did not end within its 7 questions")


def play_monorail(page: Page, lang: str, shots: Path | None, showcase: bool = False) -> None:
    target = page.locator("[data-testid=board-cell].target").first
    x, y = target.get_attribute("data-x"), target.get_attribute("data-y")
    if lang == "ko":  # typed notation, which the board draws as a pick
        page.get_by_test_id("turn-input").fill(f"H@{x},{y}")
        expect(page.locator(f"[data-testid=board-cell][data-x='{x}'][data-y='{y}']")).to_have_class(
            re.compile("picked")
        )
    else:  # a click on the cell an open end leads into picks a shape for it
        target.click()
        expect(page.get_by_test_id("turn-input")).to_have_value(re.compile(rf"^[A-Z]{{1,2}}@{x},{y}$"))
    held_turn(page, page.get_by_test_id("place").click, send="place")
    placed = page.locator("[data-testid=board-cell].rail")
    assert placed.count() >= 2  # ours and the bot's answer
    expect(page.locator(f"[data-testid=board-cell][data-x='{x}'][data-y='{y}']")).to_have_class(re.compile("rail"))
    assert_referee_stands_out(page, lang, None)
    if shots is not None:
        shoot(page, "monorail", shots, showcase)
    turn(page, page.get_by_test_id("impossible").click)
    assert over(page)  # the bot completes the loop or gives up: either ends the game


def play_garnet(page: Page, lang: str, shots: Path | None, showcase: bool = False) -> None:
    held_turn(page, announce(page, "Police", POLICE[lang]), send="garnet-send")
    assert_referee_stands_out(page, lang, "seat")
    for played in range(2, 12):
        if over(page):
            break
        if page.locator("[data-testid^=designate-]").count():
            turn(page, page.locator("[data-testid^=designate-]").first.click)
            continue
        if played == 3 and shots is not None:
            shoot(page, "garnet", shots, showcase)
        turn(page, announce(page, "Police", POLICE[lang]))
        expect(page.get_by_test_id("error")).to_have_count(0)
    assert over(page)
    expect(page.get_by_test_id("garnet-history").locator("tbody tr")).to_have_count(8)


PLAY = {"liar": play_liar, "monorail": play_monorail, "garnet": play_garnet}
OPPONENT = {"liar": "offline", "monorail": "bot:greedy", "garnet": "bot:expected"}
GAMES = [
    pytest.param("sqlite", game, lang, id=f"sqlite-{game}-{lang}")
    for game in ("liar", "monorail", "garnet")
    for lang in ("ko", "ja", "en")
] + [pytest.param("postgres", "garnet", "ko", id="postgresql-garnet-ko")]


def server_for(request: pytest.FixtureRequest, database: str) -> LiveServer:
    server = request.getfixturevalue(f"{database}_server")
    assert isinstance(server, LiveServer)
    return server


# --- the tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("database", "game", "lang"), GAMES)
def test_a_whole_game_through_the_page(
    database: str, game: str, lang: str, page: Page, console: Console, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    server = server_for(request, database)
    start_game(page, server, game, lang, OPPONENT[game])
    shots = tmp_path if database == "sqlite" else None
    PLAY[game](page, lang, shots, showcase=lang == "en")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert_the_end(page, server, tmp_path)
    assert console.problems == []


def test_a_game_resumes_after_the_server_is_killed(postgres_server: LiveServer, page: Page) -> None:
    start_game(page, postgres_server, "liar", "en", "offline")
    turn(page, say(page, QUESTION["en"]))
    turn(page, say(page, "A, is C the culprit?"))
    before = entries(page)
    assert len(before) == 7
    assert postgres_server.kill() == -9
    postgres_server.restart()
    page.reload()
    expect(page.get_by_test_id("feed-entry")).to_have_count(len(before))
    assert entries(page) == before
    expect(page.get_by_test_id("remaining")).to_contain_text("5")
    turn(page, say(page, "B, is A the culprit?"))
    assert entries(page)[: len(before)] == before and len(entries(page)) == len(before) + 3
    expect(page.get_by_test_id("remaining")).to_contain_text("4")
    expect(page.get_by_test_id("error")).to_have_count(0)


def test_the_page_puts_each_turns_new_entries_after_the_ones_it_has(
    sqlite_server: LiveServer, page: Page, console: Console
) -> None:
    """Each turn the page sends the feed's settled entries it has (`since`) and is sent only the
    ones after them; what it shows is the whole page the server rebuilds, a refusal's included."""
    token = start_game(page, sqlite_server, "garnet", "en", "bot:random")
    sent: list[Json] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data or "{}")) if r.url.endswith("/turn") else None)
    answers: list[Json] = []
    page.on("response", lambda r: answers.append(r.json()) if r.url.endswith("/turn") else None)
    for played in range(4):
        if played == 2:
            turn(page, announce(page, "Police", "zzzz qqqq"))  # unreadable: refused, with the page beside
            expect(page.get_by_test_id("error")).to_have_count(1)
        elif page.locator("[data-testid^=designate-]").count():
            turn(page, page.locator("[data-testid^=designate-]").first.click)
        else:
            turn(page, announce(page, "Police", POLICE["en"]))
        whole = httpx.get(f"{sqlite_server.url}/api/g/{token}", timeout=30).json()
        assert entries(page) == [(e["kind"], e["text"]) for e in whole["feed"]]
    assert [body["since"] > 0 for body in sent] == [True] * 4
    shown = [answer["view"] if "error" in answer else answer for answer in answers]
    assert all(view["since"] > 0 and len(view["feed"]) < len(entries(page)) for view in shown)
    assert console.problems == []


def test_the_replay_steps_with_buttons_and_arrow_keys(
    sqlite_server: LiveServer, page: Page, console: Console, tmp_path: Path
) -> None:
    page.goto(sqlite_server.url + "/")
    shoot(page, "home", tmp_path)
    start_game(page, sqlite_server, "liar", "en", "offline")
    play_liar(page, "en", None)
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    label = page.locator("#replay-label")
    expect(label).to_contain_text("Step 1 of ")
    steps = int(re.findall(r"of (\d+)", label.text_content() or "")[0])
    assert steps >= 3  # the opening, the question, and the guess (which may win at once)
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    expect(page.get_by_test_id("replay-problems")).to_have_class(re.compile(r"\bgood\b"))
    page.get_by_test_id("replay-next").click()
    expect(label).to_contain_text("Step 2 of ")
    page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("Step 3 of ")
    shoot(page, "replay", tmp_path, showcase=True)
    page.keyboard.press("ArrowLeft")
    expect(label).to_contain_text("Step 2 of ")
    page.get_by_test_id("replay-prev").click()
    expect(label).to_contain_text("Step 1 of ")
    for _ in range(steps - 1):
        checks = page.locator("[data-testid=replay-checks] li.check")
        assert checks.count() >= 1
        assert "null" not in (page.get_by_test_id("replay-checks").text_content() or "")
        assert set(checks.evaluate_all("cs => cs.map(c => c.dataset.ok)")) == {"true"}
        page.keyboard.press("ArrowRight")
    expect(label).to_contain_text(f"Step {steps} of {steps}")
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    assert console.problems == []


def test_the_audit_marks_a_contradiction_and_passes_a_consistent_chat(
    sqlite_server: LiveServer, page: Page, console: Console, tmp_path: Path
) -> None:
    page.goto(sqlite_server.url + "/audit")
    page.get_by_test_id("audit-text").fill((CHATS / "chat.en.inconsistent.txt").read_text(encoding="utf-8"))
    page.get_by_test_id("audit-run").click()
    verdict = page.get_by_test_id("audit-verdict")
    expect(verdict).to_have_attribute("data-consistent", "false")
    expect(verdict).to_contain_text("Inconsistent")
    marked = page.locator("[data-testid=audit-line][data-marks~=contradiction]")
    assert marked.evaluate_all("ls => ls.map(l => Number(l.dataset.n))") == [5, 12, 15]
    plain = page.locator("[data-testid=audit-line][data-marks='']").first
    assert marked.first.evaluate(LOOK) != plain.evaluate(LOOK)
    shoot(page, "audit", tmp_path)
    page.get_by_test_id("audit-text").fill((CHATS / "chat.en.consistent.txt").read_text(encoding="utf-8"))
    page.get_by_test_id("audit-run").click()
    expect(verdict).to_have_attribute("data-consistent", "true")
    expect(verdict).to_contain_text("Consistent")
    expect(page.locator("[data-testid=audit-line][data-marks~=contradiction]")).to_have_count(0)
    assert console.problems == []


def test_the_audit_asks_which_speaker_is_the_game_master_when_no_name_says_so(
    sqlite_server: LiveServer, page: Page, console: Console
) -> None:
    export = "\n".join(
        [
            # one answer and no count: too little to tell the game master by what it says
            "[12/3/26, 20:01] Mina: A, did you eat the cake?",
            '[12/3/26, 20:01] Oracle Owl: A: "No, I did not."',
            "[12/3/26, 20:02] Mina: hmm",
        ]
    )
    page.goto(sqlite_server.url + "/audit")
    page.get_by_test_id("audit-text").fill(export)
    page.get_by_test_id("audit-run").click()
    expect(page.get_by_test_id("error")).to_contain_text("Oracle Owl")
    expect(page.get_by_test_id("audit-verdict")).to_have_count(0)
    page.get_by_test_id("audit-gm").fill("Oracle Owl")
    page.get_by_test_id("audit-run").click()
    expect(page.get_by_test_id("audit-verdict")).to_be_visible()
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert page.locator("[data-testid=audit-line]").count() == 3
    assert console.problems == []


def test_markup_from_a_player_stays_text(sqlite_server: LiveServer, page: Page, console: Console) -> None:
    start_game(page, sqlite_server, "liar", "en", "offline")
    turn(page, say(page, MARKUP))
    mine = page.locator("[data-testid=feed-entry][data-kind=you] .text").last
    expect(mine).to_have_text(MARKUP)
    assert page.locator("#app img, #app script").count() == 0
    assert page.locator("script").count() == 2  # strings.js and app.js, nothing more
    assert page.evaluate("typeof window.__pwned") == "undefined"

    start_game(page, sqlite_server, "garnet", "en", "bot:expected")
    markup = f"{POLICE['en']} <b>{MARKUP}</b>"
    turn(page, announce(page, "Police", markup))
    # The referee does not take the words (they say more than a character): the refusal is shown,
    # and the words stay in the field to be corrected, as text.
    expect(page.get_by_test_id("error")).to_be_visible()
    expect(page.get_by_test_id("garnet-announce")).to_have_value(markup)
    assert page.locator("#app img, #app script, #app b").count() == 0
    turn(page, announce(page, "Police", POLICE["en"]))
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert console.problems == []


def test_a_crafted_csrf_cookie_changes_nothing_in_the_page(
    sqlite_server: LiveServer, browser: Browser, tmp_path: Path
) -> None:
    """Each cookie another service on this host could plant: the page loads as it does without it,
    carries a token this server signed in place of it, and a game starts (its POST goes through,
    even with the cookie planted again after the page loaded)."""
    store, other = Store.open(sqlite_server.database_url), Store.open(f"sqlite:///{tmp_path / 'other.db'}")
    csrf = Csrf(store.key("csrf"))
    home = sqlite_server.url + "/"

    def opened(cookie: str | None) -> tuple[Page, Console, list[int]]:
        """A page of a fresh context holding `cookie`, loaded; what its console says; its new games' statuses."""
        context = browser.new_context(viewport=DESKTOP, locale="en-US")
        context.set_default_timeout(SEND_TIMEOUT_MS)
        if cookie is not None:
            context.add_cookies([{"name": CSRF_COOKIE, "value": cookie, "url": home}])
        console, page, posts = Console(), context.new_page(), []
        page.on("console", console.saw)
        page.on("pageerror", console.crashed)
        page.on("response", lambda r: posts.append(r.status) if r.url.endswith("/api/games") else None)
        page.goto(home)
        expect(page.get_by_test_id("home-start")).to_be_visible()
        return page, console, posts

    clean, _, _ = opened(None)
    elements = clean.evaluate(ELEMENTS)
    assert [e[0] for e in elements].count("SCRIPT") == 2 and [e[0] for e in elements].count("META") == 4
    clean.context.close()
    for name, cookie in crafted_cookies(store, other).items():
        page, console, posts = opened(cookie)
        try:
            assert page.url == home, name
            assert page.evaluate(ELEMENTS) == elements, name  # no element, attribute or script more
            token = page.locator('meta[name="refgm-csrf"]').get_attribute("content") or ""
            kept = {c["name"]: c["value"] for c in page.context.cookies()}[CSRF_COOKIE]
            assert csrf.valid(token) and token != cookie and kept == token, name
            page.context.add_cookies([{"name": CSRF_COOKIE, "value": cookie, "url": home}])
            page.get_by_test_id("home-start").click()
            page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]{43}$"))
            assert posts == [403, 201], name  # refused, then the page read its new token and sent it again
            expect(page.get_by_test_id("feed")).to_be_visible()
            assert page.evaluate("typeof window.__pwned") == "undefined", name
            assert console.problems == [], name
        finally:
            page.context.close()
    store.engine.dispose()
    other.engine.dispose()


def tab_to(page: Page, testid: str, presses: int = 60) -> None:
    """Press Tab until the control `testid` has the focus."""
    for _ in range(presses):
        if page.evaluate("() => document.activeElement && document.activeElement.dataset.testid") == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {testid}")


def test_the_keyboard_alone_plays(sqlite_server: LiveServer, page: Page, console: Console) -> None:
    page.goto(sqlite_server.url + "/")
    tab_to(page, "home-start")
    with page.expect_navigation(url=re.compile(r"/g/")):
        page.keyboard.press("Enter")  # the liar game is the first one, the offline actor its default
    tab_to(page, "turn-input")
    for text in (QUESTION["en"], "A, is C the culprit?", "how many questions are left?"):
        with page.expect_response(lambda r: r.url.endswith("/turn")):
            page.keyboard.type(text)
            page.keyboard.press("Enter")
        expect(page.locator("section.play")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_test_id("remaining")).to_contain_text("5")
    assert [text for kind, text in entries(page) if kind == "you"][:2] == [QUESTION["en"], "A, is C the culprit?"]

    page.goto(sqlite_server.url + "/")
    tab_to(page, "home-game-liar")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("home-game-garnet")).to_be_checked()
    tab_to(page, "home-start")
    with page.expect_navigation(url=re.compile(r"/g/")):
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("garnet-round")).to_contain_text("Round 1 of 8")
    tab_to(page, "garnet-choice-Mafia")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_test_id("garnet-choice-Police")).to_be_checked()
    tab_to(page, "garnet-announce")
    with page.expect_response(lambda r: r.url.endswith("/turn")):
        page.keyboard.type(POLICE["en"])
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("garnet-round")).to_contain_text("Round 2 of 8")
    expect(page.get_by_test_id("garnet-history").locator("tbody tr")).to_have_count(1)
    assert console.problems == []
