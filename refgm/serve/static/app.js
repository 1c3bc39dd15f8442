/*
 * refgm's web page: the single-page app `refgm serve` hands out for every page (issue #14).
 * Plain ES2020, no build step, no framework, nothing from another origin.
 *
 * Routes by location.pathname: `/` (start a game: game, language, opponent), `/g/<token>` (play),
 * `/replay/<token>` (step through a recorded game with the referee's checks) and `/audit` (paste a
 * chat transcript). It only shows what the same-origin JSON API (BRIEF14) answers and decides
 * nothing itself: every count, verdict and legality is the server's referee's. The board's picks
 * and the typed notation are only a way to write a move; the referee judges it.
 *
 * Security: the page runs under a strict CSP (no inline script or style, no eval), so every text
 * from a player, a model or the server goes in with textContent / text nodes, never innerHTML;
 * every state-changing request is a POST with JSON and the X-Refgm-CSRF token of
 * <meta name="refgm-csrf">. The interface's words are in strings.js (ko, ja, en); the language
 * chosen on the start page is kept in localStorage, and a game's pages speak the game's language.
 * data-testid attributes are the browser tests' hooks.
 */
"use strict";
(() => {
  const STRINGS = globalThis.REFGM_STRINGS;
  const LANGS = ["ko", "ja", "en"];
  const LANG_KEY = "refgm.lang";
  const GAMES = ["liar", "monorail", "garnet"];
  const CHARACTERS = ["Mafia", "Cartel", "Police", "Beggar"];
  const app = document.getElementById("app");
  const topnav = document.getElementById("topnav");
  const csrfMeta = document.querySelector('meta[name="refgm-csrf"]');
  let csrf = csrfMeta ? csrfMeta.content : "";
  let lang = "en";
  let visit = 0; // bumped on every navigation, so a late answer never draws over a newer page
  let leave = null; // the current page's cleanup (listeners outside #app)
  // One polite live region for the whole visit: a region made in the same redraw as its text is not read out.
  const spoken = document.body.appendChild(document.createElement("div"));
  spoken.className = "sr-only";
  spoken.setAttribute("aria-live", "polite");
  spoken.setAttribute("data-testid", "announce");

  // --- words ------------------------------------------------------------------------------------

  function storedLang() {
    let saved = null;
    try {
      saved = localStorage.getItem(LANG_KEY);
    } catch {
      // storage may be disabled; the browser's language is the fallback
    }
    if (LANGS.includes(saved)) return saved;
    const browser = (navigator.language || "en").slice(0, 2);
    return LANGS.includes(browser) ? browser : "en";
  }

  function setLang(next, remember) {
    lang = LANGS.includes(next) ? next : "en";
    document.documentElement.lang = lang;
    if (!remember) return;
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // not remembered, still used
    }
  }

  /** The interface's text `key` in the current language, with {name} filled from `vars`. */
  function t(key, vars = {}) {
    const text = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
  }

  // --- elements -----------------------------------------------------------------------------------

  const SVG_NS = "http://www.w3.org/2000/svg";

  /** An HTML element: props are attributes (on* are listeners, testid is data-testid); children are
      nodes or strings, and strings become text nodes, so no text is ever parsed as markup. */
  function h(tag, props = {}, ...children) {
    return build(document.createElement(tag), props, children);
  }

  function svg(tag, props = {}, ...children) {
    return build(document.createElementNS(SVG_NS, tag), props, children);
  }

  function build(el, props, children) {
    for (const [key, value] of Object.entries(props)) {
      if (value === null || value === undefined || value === false || key === "value") continue;
      if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key === "testid" ? "data-testid" : key, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    if (props.value !== undefined && props.value !== null) el.value = props.value; // after a select's options
    return el;
  }

  function link(href, text, props = {}) {
    return h("a", { href, "data-nav": true, ...props }, text);
  }

  function spinner() {
    return h("span", { class: "spinner", "aria-hidden": "true" });
  }

  function errorBox(message, retry) {
    return h(
      "div",
      { class: "error", role: "alert", testid: "error" },
      h("span", {}, message),
      retry ? h("button", { type: "button", class: "secondary", testid: "retry", onclick: retry }, t("retry")) : null,
    );
  }

  /** What identifies a control across a redraw, so focus stays where the keyboard left it. */
  function focusKey(el) {
    if (!el || !el.getAttribute || !el.getAttribute("data-testid")) return null;
    return [el.getAttribute("data-testid"), el.getAttribute("data-x"), el.getAttribute("data-y")].join("|");
  }

  function refocus(key, root = app) {
    if (!key) return;
    const el = [...root.querySelectorAll("[data-testid]")].find((e) => focusKey(e) === key);
    if (el && !el.disabled) el.focus();
  }

  function redraw(render) {
    const key = focusKey(document.activeElement);
    render();
    refocus(key);
  }

  // --- the API ------------------------------------------------------------------------------------

  class ApiError extends Error {
    constructor(status, message, data) {
      super(message);
      this.status = status;
      this.data = data;
    }
  }

  function errorText(status, data) {
    const said = data && typeof data.error === "string" ? data.error : null;
    if (status === 0) return t("err_network");
    if (status === 422 && said) return said;
    if (status === 404) return t("err_404");
    if (status === 429) return t("err_429");
    if (status === 413) return t("err_413");
    if (status === 403) return t("err_403");
    if (said && status < 500) return said;
    return t("err_server", { status });
  }

  async function request(method, path, body) {
    const init = { method, credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.headers["X-Refgm-CSRF"] = csrf;
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch {
      throw new ApiError(0, t("err_network"), null);
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (res.ok) return data;
    throw new ApiError(res.status, errorText(res.status, data), data);
  }

  /** A POST; on 403 (the CSRF cookie gone or replaced: the page gives a new token) it reads the token
      again once and retries: a refused request changed nothing, so the retry cannot double a turn. */
  async function post(path, body) {
    try {
      return await request("POST", path, body);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 403 || !(await refreshCsrf())) throw err;
      return request("POST", path, body);
    }
  }

  async function refreshCsrf() {
    try {
      const res = await fetch("/", { credentials: "same-origin", cache: "no-store" });
      const found = /name="refgm-csrf"\s+content="([^"]*)"/.exec(await res.text());
      if (!found || found[1] === csrf) return false;
      csrf = found[1];
      if (csrfMeta) csrfMeta.content = csrf;
      return true;
    } catch {
      return false;
    }
  }

  /** Show a loading line, then `render(data)`, or the error with a retry when retrying can help. */
  async function load(fetcher, render) {
    const mine = visit;
    app.replaceChildren(h("p", { class: "loading", role: "status" }, spinner(), t("loading")));
    let data;
    try {
      data = await fetcher();
    } catch (err) {
      if (mine !== visit) return;
      const status = err instanceof ApiError ? err.status : 0;
      const again = status === 0 || status === 429 || status >= 500 ? () => load(fetcher, render) : null;
      app.replaceChildren(errorBox(err.message, again), h("p", {}, link("/", t("back_home"))));
      return;
    }
    if (mine === visit) render(data);
  }

  // --- routing ------------------------------------------------------------------------------------

  function route() {
    visit += 1;
    if (leave) leave();
    leave = null;
    setLang(storedLang(), false);
    const path = location.pathname;
    let m;
    if (path === "/" || path === "/index.html") return homePage();
    if ((m = /^\/g\/([A-Za-z0-9_-]{1,128})\/?$/.exec(path))) return playPage(m[1]);
    if ((m = /^\/replay\/([A-Za-z0-9_-]{1,128})\/?$/.exec(path))) return replayPage(m[1]);
    if (path === "/audit" || path === "/audit/") return auditPage();
    return missingPage();
  }

  function navigate(url) {
    if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return; // same origin only
    history.pushState(null, "", url);
    route();
    window.scrollTo(0, 0);
  }

  document.addEventListener("click", (event) => {
    const a = event.target.closest && event.target.closest("a[data-nav]");
    if (!a || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(a.getAttribute("href"));
  });
  window.addEventListener("popstate", route);

  /** The page's title and top bar; the language picker only where the page's language is the reader's. */
  function chrome(title, withLangPicker) {
    document.title = title;
    const picker = withLangPicker
      ? h(
          "label",
          { class: "langpick" },
          h("span", {}, t("nav_lang")),
          h(
            "select",
            {
              testid: "nav-lang",
              value: lang,
              onchange: (e) => {
                setLang(e.target.value, true);
                route();
              },
            },
            LANGS.map((l) => h("option", { value: l }, STRINGS[l].lang_name)),
          ),
        )
      : null;
    const skip = document.querySelector(".skip");
    if (skip) skip.textContent = t("skip");
    topnav.replaceChildren(...[link("/", t("nav_home")), link("/audit", t("nav_audit")), picker].filter(Boolean));
  }

  function missingPage() {
    chrome(t("title_missing"), true);
    app.replaceChildren(h("h1", {}, t("err_page")), h("p", {}, link("/", t("back_home"))));
  }

  // --- home ---------------------------------------------------------------------------------------

  const home = { game: null, opponents: {}, first: "human", seat: "", importText: "", options: null };

  function homePage() {
    chrome(t("title_home"), true);
    if (home.options) return showHome();
    load(
      () => request("GET", "/api/options"),
      (options) => {
        home.options = options;
        showHome();
      },
    );
  }

  function gameTitle(game) {
    return (game.title && game.title[lang]) || t(`game_${game.name}`);
  }

  function radio(name, value, label, checked, testid, onchange) {
    return h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name, value, checked, testid, onchange }),
      h("span", {}, label),
    );
  }

  function showHome() {
    const options = home.options;
    const games = (options.games || []).filter((g) => GAMES.includes(g.name));
    if (!games.some((g) => g.name === home.game)) home.game = games.length ? games[0].name : null;
    const game = games.find((g) => g.name === home.game);
    const langs = (options.langs || LANGS).filter((l) => LANGS.includes(l));
    const slot = h("div", { class: "slot" });
    const again = () => redraw(showHome);

    const gameField = h(
      "fieldset",
      { class: "choices" },
      h("legend", {}, t("home_game")),
      games.map((g) =>
        radio("game", g.name, gameTitle(g), g.name === home.game, `home-game-${g.name}`, () => {
          home.game = g.name;
          again();
        }),
      ),
    );
    const langField = h(
      "fieldset",
      { class: "choices" },
      h("legend", {}, t("home_lang")),
      langs.map((l) =>
        radio("lang", l, STRINGS[l].lang_name, l === lang, `home-lang-${l}`, () => {
          setLang(l, true);
          chrome(t("title_home"), true);
          again();
        }),
      ),
    );

    let opponentField = null;
    if (game) {
      const chosen = home.opponents[game.name] || game.default || (game.opponents[0] && game.opponents[0].id);
      opponentField = h(
        "label",
        { class: "field" },
        h("span", { class: "label" }, t("home_opponent")),
        h(
          "select",
          {
            testid: "home-opponent",
            value: chosen,
            onchange: (e) => {
              home.opponents[game.name] = e.target.value;
            },
          },
          (game.opponents || []).map((o) => h("option", { value: o.id }, o.label || o.id)),
        ),
      );
    }

    const extra = [];
    if (home.game === "monorail") {
      extra.push(
        h(
          "fieldset",
          { class: "choices" },
          h("legend", {}, t("home_first")),
          ["human", "opponent"].map((who) =>
            radio("first", who, t(`first_${who}`), home.first === who, `home-first-${who}`, () => {
              home.first = who;
            }),
          ),
        ),
      );
    }
    if (home.game === "garnet") {
      extra.push(
        h(
          "label",
          { class: "field" },
          h("span", { class: "label" }, t("home_seat")),
          h(
            "select",
            {
              testid: "home-seat",
              value: home.seat,
              onchange: (e) => {
                home.seat = e.target.value;
              },
            },
            h("option", { value: "" }, t("seat_random")),
            ["1", "2", "3", "4", "5", "6", "7", "8"].map((n) => h("option", { value: n }, t("seat_n", { n }))),
          ),
        ),
      );
    }

    const start = h("button", { type: "submit", testid: "home-start", disabled: !game }, t("home_start"));
    const startForm = h(
      "form",
      {
        class: "card start",
        onsubmit: async (event) => {
          event.preventDefault();
          if (!game) return;
          const body = { game: game.name, lang, opponent: startForm.querySelector("[data-testid=home-opponent]").value };
          if (game.name === "monorail") body.first = home.first;
          if (game.name === "garnet" && home.seat) body.seat = home.seat;
          start.disabled = true;
          slot.replaceChildren(h("p", { class: "progress", role: "status" }, spinner(), t("loading")));
          try {
            const made = await post("/api/games", body);
            navigate(made.url);
          } catch (err) {
            start.disabled = false;
            slot.replaceChildren(errorBox(err.message, null));
          }
        },
      },
      h("h1", {}, t("home_heading")),
      gameField,
      langField,
      opponentField,
      extra,
      h("div", { class: "row" }, start),
      slot,
    );

    app.replaceChildren(startForm, importCard(), h("p", { class: "card" }, link("/audit", t("home_audit_link"))));
  }

  function importCard() {
    const slot = h("div", { class: "slot" });
    const text = h("textarea", {
      id: "import-text",
      testid: "import-text",
      rows: 4,
      spellcheck: "false",
      value: home.importText,
      oninput: () => {
        home.importText = text.value;
      },
    });
    const file = h("input", {
      type: "file",
      id: "import-file",
      accept: ".jsonl,.json,.txt,application/json,text/plain",
      onchange: async () => {
        const chosen = file.files && file.files[0];
        if (!chosen) return;
        text.value = home.importText = await chosen.text();
      },
    });
    const run = h(
      "button",
      {
        type: "button",
        class: "secondary",
        testid: "import-run",
        onclick: async () => {
          if (!text.value.trim()) return;
          run.disabled = true;
          slot.replaceChildren(h("p", { class: "progress", role: "status" }, spinner(), t("loading")));
          try {
            const made = await post("/api/import", { jsonl: text.value });
            home.importText = "";
            navigate(made.url);
          } catch (err) {
            run.disabled = false;
            slot.replaceChildren(errorBox(err.message, null));
          }
        },
      },
      t("import_run"),
    );
    return h(
      "section",
      { class: "card" },
      h("h2", {}, t("home_import")),
      h("p", { class: "help", id: "import-help" }, t("home_import_help")),
      h("label", { class: "label", for: "import-text" }, "JSONL"),
      text,
      h("label", { class: "field" }, h("span", { class: "label" }, t("home_import_file")), file),
      h("div", { class: "row" }, run),
      slot,
    );
  }

  // --- the feed -----------------------------------------------------------------------------------

  const KINDS = ["referee", "character", "narrator", "you", "seat"];

  /** A seat as people read it: a numbered seat by its number (its players' labels may all be
      the same bot's), with the label beside it; Monorail's first/second by their labels. */
  function seatName(gv, seat) {
    const label = gv && gv.names ? gv.names[seat] : null;
    if (!/^\d+$/.test(String(seat))) return label || String(seat);
    return label ? `${t("seat_n", { n: seat })} \u00b7 ${label}` : t("seat_n", { n: seat });
  }

  function feedEntry(entry) {
    const kind = KINDS.includes(entry.kind) ? entry.kind : "narrator";
    let who = null;
    if (kind === "referee") who = t("referee");
    else if (kind === "you") who = t("you");
    else if (kind === "character") who = entry.who || "";
    else if (kind === "seat" && entry.who) who = seatName(null, entry.who);
    return h(
      "li",
      { class: `entry entry-${kind}`, testid: "feed-entry", "data-kind": kind },
      who !== null ? h("span", { class: "who" }, who) : null,
      h("div", { class: "text" }, entry.text || ""),
    );
  }

  function feedList(entries) {
    const list = h("ol", { class: "feed", testid: "feed", "aria-label": t("feed_label"), tabindex: "0" });
    if (!entries || !entries.length) list.append(h("li", { class: "feed-empty" }, t("feed_empty")));
    else for (const entry of entries) list.append(feedEntry(entry));
    return list;
  }

  // --- play ---------------------------------------------------------------------------------------

  function playPage(token) {
    chrome(t("loading"), false);
    const play = { token, gv: null, busy: false, error: null, retry: false, draft: "", picks: [], choice: null, announce: "" };
    load(
      () => request("GET", `/api/g/${token}`),
      (gv) => {
        play.gv = gv;
        showPlay(play);
      },
    );
  }

  function showPlay(play, focusInput = false) {
    const gv = play.gv;
    setLang(gv.lang, false);
    chrome(t("title_play", { title: gv.title || t(`game_${gv.game}`) }), false);
    redraw(() => app.replaceChildren(playView(play)));
    const feed = app.querySelector(".feed");
    if (feed) feed.scrollTop = feed.scrollHeight;
    if (focusInput) {
      const first = app.querySelector("[data-autofocus]");
      if (first && !first.disabled) first.focus();
    }
  }

  /** The page `next` as a whole: its feed begins at entry `since`, after the settled entries
      `prev` (the page before it) has. */
  function merged(prev, next) {
    const since = next.since || 0;
    const kept = since && prev ? (prev.feed || []).slice(0, since) : [];
    return { ...next, feed: kept.concat(next.feed || []) };
  }

  async function sendTurn(play, body) {
    if (play.busy) return;
    const mine = visit;
    const seen = (play.gv.feed || []).length;
    play.busy = true;
    play.error = null;
    showPlay(play);
    try {
      // `version`: the turn is played only on the game as this page shows it (never twice);
      // `since`: the feed's settled entries this page has, so only the ones after them are sent.
      const next = await post(`/api/g/${play.token}/turn`, { ...body, version: play.gv.version, since: play.gv.settled });
      play.gv = merged(play.gv, next);
      spoken.textContent = (play.gv.feed || []).slice(seen).map((e) => e.text).join("\n");
      Object.assign(play, { draft: "", picks: [], choice: null, announce: "", retry: false });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 409) && err.data && err.data.view) {
        play.gv = merged(play.gv, err.data.view);
      }
      play.error = err.message;
      // Unreached, failed or overtaken (409: another tab moved first): offer to read the game again.
      play.retry = !(err instanceof ApiError) || err.status === 0 || err.status === 409 || err.status >= 500;
    }
    play.busy = false;
    if (mine === visit) showPlay(play, true);
  }

  /** After a failed request the turn may or may not have been committed: read the game again
      (the typed text stays) rather than send it twice. */
  async function reloadPlay(play) {
    const mine = visit;
    play.busy = true;
    showPlay(play);
    try {
      play.gv = merged(play.gv, await request("GET", `/api/g/${play.token}?since=${play.gv.settled || 0}`));
      play.error = null;
      play.retry = false;
    } catch (err) {
      play.error = err.message;
    }
    play.busy = false;
    if (mine === visit) showPlay(play, true);
  }

  function playView(play) {
    const gv = play.gv;
    const parts = gv.game === "monorail" ? monorailParts(play) : gv.game === "garnet" ? garnetParts(play) : liarParts(play);
    const prompt = gv.prompt || { kind: "none" };
    const controls = [];
    if (gv.over) controls.push(resultBlock(play));
    else {
      if (prompt.hint) controls.push(h("p", { class: "hint" }, prompt.hint));
      if (prompt.kind === "none") {
        controls.push(
          h(
            "p",
            { class: "waiting" },
            t("waiting"),
            " ",
            h("button", { type: "button", class: "secondary", onclick: () => reloadPlay(play) }, t("reload")),
          ),
        );
      } else controls.push(parts.controls);
    }
    controls.push(
      h(
        "div",
        { class: "progress", testid: "progress", role: "status", "aria-live": "polite", hidden: !play.busy },
        play.busy ? [spinner(), t("checking")] : null,
      ),
    );
    if (play.error) controls.push(errorBox(play.error, play.retry ? () => reloadPlay(play) : null));
    return h(
      "section",
      { class: `play play-${gv.game}`, "aria-busy": play.busy ? "true" : "false" },
      h("h1", {}, gv.title || t(`game_${gv.game}`)),
      gv.id ? h("p", { class: "meta" }, t("game_id", { id: gv.id })) : null,
      h(
        "div",
        { class: "play-grid" },
        h("div", { class: "side" }, parts.side),
        h("div", { class: "talk" }, feedList(gv.feed), h("div", { class: "controls" }, controls)),
      ),
    );
  }

  const REVEALED = ["secret", "seed", "nonce", "moves_key", "commitment"];
  const REASONS = ["won", "lost", "completed", "challenge_met", "challenge_won", "tiles_out", "most_garnets"];

  function resultBlock(play) {
    const gv = play.gv;
    const result = gv.result || {};
    const winners = (result.winners || []).map((s) => seatName(gv, s));
    const reveal = gv.reveal;
    const token = encodeURIComponent(play.token);
    return h(
      "div",
      { class: "over" },
      h(
        "section",
        { class: "referee-box result", testid: "result" },
        h("span", { class: "who" }, t("referee")),
        h("h2", {}, t("game_over")),
        Array.isArray(result.winners) ? h("p", {}, winners.length ? t("winners", { names: winners.join(", ") }) : t("no_winner")) : null,
        REASONS.includes(result.reason || result.outcome) ? h("p", {}, t(`reason_${result.reason || result.outcome}`)) : null,
        result.candidate ? h("p", {}, t("candidate", { name: seatName(gv, result.candidate) })) : null,
      ),
      reveal
        ? h(
            "section",
            { class: "referee-box reveal", testid: "reveal" },
            h("span", { class: "who" }, t("referee")),
            h("h2", {}, t("reveal")),
            h(
              "dl",
              {},
              REVEALED.filter((key) => reveal[key] !== undefined && reveal[key] !== null).map((key) => [
                h("dt", {}, t(`reveal_${key}`)),
                h("dd", {}, h("code", {}, typeof reveal[key] === "object" ? JSON.stringify(reveal[key]) : String(reveal[key]))),
              ]),
            ),
            reveal.text ? h("div", { class: "text" }, reveal.text) : null,
          )
        : null,
      h(
        "p",
        { class: "row" },
        h("a", { href: `/api/g/${token}/log.jsonl`, download: `refgm-${gv.id || "game"}.jsonl`, testid: "download-log", class: "button secondary" }, t("download_log")),
        link(`/replay/${token}`, t("replay_link"), { testid: "replay-link", class: "button secondary" }),
      ),
    );
  }

  // --- the liar game ------------------------------------------------------------------------------

  function liarParts(play) {
    const gv = play.gv;
    const view = gv.view || {};
    const side =
      typeof view.remaining === "number"
        ? h("p", { class: "stat", testid: "remaining" }, t("remaining", { n: view.remaining, budget: view.budget }))
        : null;
    const input = h("textarea", {
      id: "turn-input",
      testid: "turn-input",
      rows: 2,
      maxlength: 500,
      disabled: play.busy,
      "data-autofocus": true,
      "aria-describedby": "turn-help",
      value: play.draft,
      oninput: () => {
        play.draft = input.value;
      },
      onkeydown: (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
          event.preventDefault();
          send();
        }
      },
    });
    const send = () => {
      if (input.value.trim()) sendTurn(play, { text: input.value.trim() });
    };
    const controls = h(
      "div",
      { class: "compose" },
      h("label", { class: "label", for: "turn-input" }, t("turn_input")),
      input,
      h("p", { class: "help", id: "turn-help" }, t("turn_help")),
      h("div", { class: "row" }, h("button", { type: "button", testid: "turn-send", disabled: play.busy, onclick: send }, t("send"))),
    );
    return { side, controls };
  }

  // --- Monorail -----------------------------------------------------------------------------------

  const SHAPES = ["H", "V", "NE", "NW", "SE", "SW"];
  const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
  const OPPOSITE = { N: "S", S: "N", E: "W", W: "E" };
  const OPENS = { H: ["W", "E"], V: ["N", "S"], NE: ["N", "E"], NW: ["N", "W"], SE: ["S", "E"], SW: ["S", "W"] };
  const CELL = 40;
  const GUTTER = 20;
  const TILE_RE = /([A-Za-z]{1,2})\s*@\s*\(?\s*(-?\d{1,6})\s*,\s*(-?\d{1,6})\s*\)?/g;

  function shapeName(name) {
    const key = String(name).toUpperCase();
    if (SHAPES.includes(key)) return key;
    const turned = key.split("").reverse().join("");
    return key.length === 2 && SHAPES.includes(turned) ? turned : null;
  }

  /** The tiles a typed move names, read leniently to draw them; the referee reads the text itself. */
  function readPicks(text) {
    const picks = [];
    for (const m of text.normalize("NFKC").matchAll(TILE_RE)) {
      const shape = shapeName(m[1]);
      if (shape) picks.push({ x: Number(m[2]), y: Number(m[3]), shape });
    }
    return picks;
  }

  function notation(picks) {
    return picks.map((p) => `${p.shape}@${p.x},${p.y}`).join(" ");
  }

  function cellKey(x, y) {
    return `${x},${y}`;
  }

  function tilesOf(view) {
    const board = new Map();
    for (const [x, y, shape] of view.stations || []) board.set(cellKey(x, y), { x, y, shape, station: true });
    for (const [x, y, shape] of view.placed || []) board.set(cellKey(x, y), { x, y, shape, station: false });
    return board;
  }

  /** A cell's shapes in click order: first those whose ends meet a neighbouring rail end. */
  function shapeOrder(board, picks, x, y) {
    const near = (side) => {
      const [dx, dy] = STEP[side];
      const key = cellKey(x + dx, y + dy);
      const other = board.get(key) || picks.find((p) => cellKey(p.x, p.y) === key);
      return other && OPENS[other.shape].includes(OPPOSITE[side]) ? 1 : 0;
    };
    const score = (shape) => OPENS[shape].reduce((sum, side) => sum + near(side), 0);
    return SHAPES.map((shape, i) => [shape, score(shape), i])
      .sort((a, b) => b[1] - a[1] || a[2] - b[2])
      .map(([shape]) => shape);
  }

  function railPath(shape, left, top) {
    const mid = {
      N: [left + CELL / 2, top],
      S: [left + CELL / 2, top + CELL],
      E: [left + CELL, top + CELL / 2],
      W: [left, top + CELL / 2],
    };
    const [a, b] = OPENS[shape].map((side) => mid[side]);
    if (shape === "H" || shape === "V") return `M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
    return `M${a[0]} ${a[1]}Q${left + CELL / 2} ${top + CELL / 2} ${b[0]} ${b[1]}`;
  }

  function drawBoard(view, picks, canPick, onCell) {
    const board = tilesOf(view);
    const ends = (view.open_ends || []).map(([x, y, side]) => ({ x, y, side }));
    const into = new Set(ends.map((e) => cellKey(e.x + STEP[e.side][0], e.y + STEP[e.side][1])));
    const cells = [...board.values(), ...picks];
    const xs = cells.map((c) => c.x).concat([0, 1]);
    const ys = cells.map((c) => c.y).concat([0]);
    const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
    const cols = x1 - x0 + 1;
    const rows = y1 - y0 + 1;
    const left = (x) => GUTTER + (x - x0) * CELL;
    const top = (y) => GUTTER + (y1 - y) * CELL; // north up
    const root = svg("svg", {
      class: "board",
      testid: "board",
      viewBox: `0 0 ${GUTTER + cols * CELL + 2} ${GUTTER + rows * CELL + 2}`,
      role: "group",
      "aria-label": t("mono_board"),
    });
    root.style.maxWidth = `${Math.max(cols, 5) * 72}px`;
    for (let x = x0; x <= x1; x += 1) {
      root.append(svg("text", { class: "axis", x: left(x) + CELL / 2, y: GUTTER - 6, "text-anchor": "middle" }, String(x)));
    }
    for (let y = y1; y >= y0; y -= 1) {
      root.append(svg("text", { class: "axis", x: GUTTER - 5, y: top(y) + CELL / 2 + 4, "text-anchor": "end" }, String(y)));
    }
    for (let y = y1; y >= y0; y -= 1) {
      for (let x = x0; x <= x1; x += 1) {
        const key = cellKey(x, y);
        const tile = board.get(key);
        const pick = picks.find((p) => cellKey(p.x, p.y) === key);
        const shown = tile || pick;
        let label;
        if (tile) label = tile.station ? t("mono_cell_station", { x, y }) : t("mono_cell_tile", { x, y, shape: t(`shape_${tile.shape}`) });
        else if (pick) label = t("mono_cell_picked", { x, y, shape: t(`shape_${pick.shape}`) });
        else label = t("mono_cell_empty", { x, y });
        if (!tile && into.has(key)) label += `, ${t("mono_open_end")}`;
        const interactive = canPick && !tile;
        const classes = ["cell", tile ? (tile.station ? "station" : "rail") : pick ? "picked" : "empty"];
        if (!tile && into.has(key)) classes.push("target");
        const g = svg(
          "g",
          {
            class: classes.join(" "),
            testid: "board-cell",
            "data-x": x,
            "data-y": y,
            "data-shape": shown ? shown.shape : null,
            tabindex: interactive ? "0" : null,
            role: interactive ? "button" : "img",
            "aria-label": label,
          },
          svg("title", {}, label),
          svg("rect", { class: "cell-bg", x: left(x), y: top(y), width: CELL, height: CELL }),
          shown && tile && tile.station ? svg("path", { class: "rail-outer", d: railPath(shown.shape, left(x), top(y)) }) : null,
          shown ? svg("path", { class: "rail-line", d: railPath(shown.shape, left(x), top(y)) }) : null,
        );
        if (interactive) {
          g.addEventListener("click", () => onCell(x, y, "next"));
          g.addEventListener("keydown", (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              onCell(x, y, "next");
            } else if (event.key === "Delete" || event.key === "Backspace") {
              event.preventDefault();
              onCell(x, y, "clear");
            }
          });
        }
        root.append(g);
      }
    }
    for (const end of ends) {
      const [dx, dy] = STEP[end.side];
      const cx = left(end.x) + CELL / 2 + (dx * CELL) / 2;
      const cy = top(end.y) + CELL / 2 - (dy * CELL) / 2;
      root.append(svg("circle", { class: "open-end", cx, cy, r: 5, "aria-hidden": "true" }));
    }
    return root;
  }

  function monorailParts(play) {
    const gv = play.gv;
    const view = gv.view || {};
    const mine = view.seat || gv.seat;
    const canAct = !gv.over && (gv.prompt || {}).kind === "monorail" && !play.busy;
    const challenged = Boolean(view.challenge) && view.to_move === mine;
    const holder = h("div", { class: "board-wrap" });
    const input = h("input", {
      type: "text",
      id: "turn-input",
      testid: "turn-input",
      maxlength: 500,
      autocomplete: "off",
      spellcheck: "false",
      disabled: !canAct,
      "data-autofocus": true,
      "aria-describedby": "move-help",
      value: play.draft,
      placeholder: "H@2,0 NW@3,0",
      oninput: () => {
        play.draft = input.value;
        play.picks = readPicks(input.value);
        drawInto();
      },
      onkeydown: (event) => {
        if (event.key === "Enter" && !event.isComposing && event.keyCode !== 229) {
          event.preventDefault();
          place();
        }
      },
    });
    const onCell = (x, y, how) => {
      const at = play.picks.findIndex((p) => p.x === x && p.y === y);
      const others = play.picks.filter((_, i) => i !== at);
      const order = shapeOrder(tilesOf(view), others, x, y);
      if (how === "clear") {
        if (at >= 0) play.picks.splice(at, 1);
      } else if (at < 0) play.picks.push({ x, y, shape: order[0] });
      else {
        const next = order.indexOf(play.picks[at].shape) + 1;
        if (next >= order.length) play.picks.splice(at, 1);
        else play.picks[at] = { x, y, shape: order[next] };
      }
      play.draft = input.value = notation(play.picks);
      const key = focusKey(document.activeElement);
      drawInto();
      refocus(key, holder);
    };
    const drawInto = () => holder.replaceChildren(drawBoard(view, play.picks, canAct, onCell));
    if (!play.picks.length && play.draft) play.picks = readPicks(play.draft);
    drawInto();

    const place = () => {
      if (input.value.trim()) sendTurn(play, { text: input.value.trim() });
    };
    let status = null;
    if (!gv.over) {
      if (challenged) status = t("mono_challenged", { name: seatName(gv, view.challenge) });
      else if (view.challenge === mine) status = t("mono_challenge_wait", { name: seatName(gv, view.to_move) });
      else if (view.to_move === mine) status = t("mono_your_turn");
      else if (view.to_move) status = t("mono_their_turn", { name: seatName(gv, view.to_move) });
    }
    const side = [
      h("p", { class: "stat", testid: "tiles-left" }, t("mono_tiles_left", { n: view.tiles_left })),
      status ? h("p", { class: challenged ? "status alert" : "status" }, status) : null,
      holder,
      h(
        "ul",
        { class: "legend", "aria-hidden": "true" },
        [
          ["station", "mono_legend_station"],
          ["rail", "mono_legend_rail"],
          ["picked", "mono_legend_picked"],
          ["open", "mono_legend_open"],
        ].map(([kind, key]) => h("li", { class: `key key-${kind}` }, t(key))),
      ),
    ];
    const hasRail = (view.placed || []).length > 0;
    const controls = h(
      "div",
      { class: "compose" },
      h("label", { class: "label", for: "turn-input" }, t("mono_move")),
      input,
      h("p", { class: "help", id: "move-help" }, t("mono_move_help")),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", testid: "place", disabled: !canAct, onclick: place }, t("mono_place")),
        h(
          "button",
          {
            type: "button",
            class: "secondary",
            testid: "clear",
            disabled: !canAct,
            onclick: () => {
              play.picks = [];
              play.draft = input.value = "";
              drawInto();
            },
          },
          t("mono_clear"),
        ),
        challenged
          ? h("button", { type: "button", class: "danger", testid: "giveup", disabled: !canAct, onclick: () => sendTurn(play, { text: "give up" }) }, t("mono_giveup"))
          : h(
              "button",
              { type: "button", class: "danger", testid: "impossible", disabled: !canAct || !hasRail, onclick: () => sendTurn(play, { text: "impossible" }) },
              t("mono_impossible"),
            ),
      ),
    );
    return { side, controls };
  }

  // --- Garnet Thief -------------------------------------------------------------------------------

  function character(name) {
    return CHARACTERS.includes(name) ? t(`char_${name}`) : String(name || "");
  }

  function signed(n) {
    if (typeof n !== "number") return "";
    return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
  }

  function tableWrap(caption, head, rows, testid) {
    return h(
      "div",
      { class: "table-wrap", tabindex: "0", role: "region", "aria-label": caption },
      h("table", { testid }, h("caption", {}, caption), h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, c)))), h("tbody", {}, rows)),
    );
  }

  function garnetParts(play) {
    const gv = play.gv;
    const view = gv.view || {};
    const seats = view.seats || [];
    const said = new Map((view.announcements || []).map((a) => [a.seat, a.announcement]));
    const seatLabel = (s) => [
      t("seat_n", { n: s }),
      s === view.seat ? h("span", { class: "badge" }, t("you")) : null,
      gv.names && gv.names[s] ? h("span", { class: "seat-label" }, gv.names[s]) : null,
    ];
    const seatRows = seats.map((s, i) =>
      h(
        "tr",
        { class: s === view.to_move ? "to-move" : null, "data-seat": s, testid: "garnet-seat" },
        h("th", { scope: "row" }, seatLabel(s), view.round && s === view.to_move ? h("span", { class: "badge turn" }, t("gar_to_move")) : null),
        h("td", {}, said.has(s) ? character(said.get(s)) : ""),
        h("td", { class: "num" }, view.totals ? String(view.totals[i]) : ""),
      ),
    );
    const history = view.history || [];
    const historyRows = history.map((r) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, String(r.round)),
        seats.map((s, i) => {
          const delta = (r.applied || r.delta || [])[i];
          const choice = (r.choices || [])[i];
          const announced = (r.announcements || [])[i];
          return h(
            "td",
            {},
            h("span", { class: "choice-name" }, character(choice)),
            announced && announced !== choice ? h("span", { class: "said" }, t("gar_said_short", { c: character(announced) })) : null,
            h("span", { class: `delta ${delta > 0 ? "up" : delta < 0 ? "down" : ""}` }, signed(delta)),
            h("span", { class: "total" }, r.totals ? `= ${r.totals[i]}` : ""),
          );
        }),
      ),
    );
    const side = [
      h("p", { class: "stat", testid: "garnet-round" }, view.round ? t("gar_round", { n: view.round, total: view.rounds || 8 }) : t("gar_rounds_over")),
      view.choice ? h("p", { class: "stat mine", testid: "garnet-your-choice" }, t("gar_your_choice", { c: character(view.choice) })) : null,
      tableWrap(t("gar_seats"), [t("gar_seat"), t("gar_said"), t("gar_total")], seatRows, "garnet-seats"),
      history.length
        ? tableWrap(t("gar_history"), [t("gar_round_col"), ...seats.map((s) => (s === view.seat ? `${t("seat_n", { n: s })} (${t("you")})` : t("seat_n", { n: s })))], historyRows, "garnet-history")
        : h("p", { class: "help" }, t("gar_history_empty")),
    ];
    const prompt = gv.prompt || {};
    let controls = null;
    if (prompt.kind === "designate") {
      controls = h(
        "div",
        { class: "compose" },
        h("p", {}, t("gar_designate")),
        h(
          "div",
          { class: "row" },
          (view.last_places || []).map((s, i) =>
            h(
              "button",
              { type: "button", testid: `designate-${s}`, disabled: play.busy, "data-autofocus": i === 0, onclick: () => sendTurn(play, { designate: s }) },
              seatName(gv, s),
            ),
          ),
        ),
      );
    } else {
      const announce = h("input", {
        type: "text",
        id: "garnet-announce",
        testid: "garnet-announce",
        maxlength: 200,
        autocomplete: "off",
        disabled: play.busy,
        placeholder: t("gar_announce_ph"),
        value: play.announce,
        oninput: () => {
          play.announce = announce.value;
        },
      });
      controls = h(
        "form",
        {
          class: "compose",
          onsubmit: (event) => {
            event.preventDefault();
            if (play.busy) return;
            if (!play.choice) {
              play.error = t("gar_pick_first");
              play.retry = false;
              showPlay(play);
              return;
            }
            sendTurn(play, { choice: play.choice, announcement: announce.value.trim() });
          },
        },
        h(
          "fieldset",
          { class: "choices", "aria-describedby": "choose-help" },
          h("legend", {}, t("gar_choose")),
          CHARACTERS.map((c, i) =>
            h(
              "label",
              { class: "choice" },
              h("input", {
                type: "radio",
                name: "garnet-choice",
                value: c,
                testid: `garnet-choice-${c}`,
                checked: play.choice === c,
                disabled: play.busy,
                "data-autofocus": i === 0 ? true : null,
                onchange: () => {
                  play.choice = c;
                },
              }),
              h("span", {}, character(c)),
            ),
          ),
          h("p", { class: "help", id: "choose-help" }, t("gar_choose_help")),
        ),
        h("label", { class: "label", for: "garnet-announce" }, t("gar_announce")),
        announce,
        h("div", { class: "row" }, h("button", { type: "submit", testid: "garnet-send", disabled: play.busy }, t("gar_send"))),
      );
    }
    return { side, controls };
  }

  // --- replay -------------------------------------------------------------------------------------

  function replayPage(token) {
    chrome(t("title_replay"), false);
    load(
      () => request("GET", `/api/g/${token}/replay`),
      (data) => showReplay(token, data),
    );
  }

  function checkItem(check) {
    return h(
      "li",
      { class: check.ok ? "check ok" : "check problem", "data-ok": check.ok ? "true" : "false" },
      h("span", { class: "mark", "aria-hidden": "true" }, check.ok ? "\u2713" : "\u2717"),
      typeof check.line === "number" ? h("span", { class: "line-ref" }, t("replay_line", { n: check.line })) : null,
      h("span", { class: "check-text" }, check.text || ""),
    );
  }

  function attemptItem(a) {
    return h(
      "li",
      { class: a.accepted ? "attempt accepted" : "attempt rejected" },
      h(
        "p",
        { class: "attempt-head" },
        h("span", {}, t("replay_attempt", { who: a.who, n: a.attempt })),
        h("span", { class: a.accepted ? "badge ok" : "badge problem" }, a.accepted ? `\u2713 ${t("replay_accepted")}` : `\u2717 ${t("replay_rejected")}`),
      ),
      a.reasons && a.reasons.length ? h("ul", { class: "reasons" }, a.reasons.map((r) => h("li", {}, r))) : null,
      h("pre", { class: "raw" }, a.raw === null || a.raw === undefined ? t("replay_no_text") : a.raw),
    );
  }

  function showReplay(token, data) {
    setLang(data.lang, false);
    chrome(t("title_replay"), false);
    const steps = data.steps || [];
    const last = Math.max(steps.length - 1, 0);
    let at = 0;
    const label = h("p", { class: "stat", id: "replay-label", "aria-live": "polite" });
    const body = h("div", { class: "step" });
    const slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: 0,
      step: 1,
      testid: "replay-step",
      "aria-labelledby": "replay-label",
      oninput: () => go(Number(slider.value)),
    });
    const prev = h("button", { type: "button", class: "secondary", testid: "replay-prev", onclick: () => go(at - 1) }, `\u2190 ${t("replay_prev")}`);
    const next = h("button", { type: "button", class: "secondary", testid: "replay-next", onclick: () => go(at + 1) }, `${t("replay_next")} \u2192`);
    const go = (i) => {
      at = Math.min(Math.max(i, 0), last);
      slider.value = String(at);
      const step = steps[at];
      label.textContent = step ? t("replay_step_of", { i: at + 1, n: steps.length, at: step.at }) : t("feed_empty");
      prev.disabled = at === 0;
      next.disabled = at === last;
      if (!step) return body.replaceChildren();
      const checks = step.checks || [];
      const attempts = step.attempts || [];
      body.replaceChildren(
        feedList(step.entries),
        h(
          "section",
          { class: "checks", testid: "replay-checks" },
          h("h2", {}, t("replay_checks")),
          checks.length ? h("ul", { class: "check-list" }, checks.map(checkItem)) : h("p", { class: "help" }, t("replay_no_checks")),
        ),
        h(
          "section",
          { class: "attempts", testid: "replay-attempts" },
          h("h2", {}, t("replay_attempts")),
          attempts.length ? h("ul", { class: "attempt-list" }, attempts.map(attemptItem)) : h("p", { class: "help" }, t("replay_no_attempts")),
        ),
      );
    };
    const stepOfLine = (line) => steps.findIndex((s) => (s.checks || []).some((c) => c.line === line));
    const problems = data.problems || [];
    const onKey = (event) => {
      const tag = event.target && event.target.tagName;
      if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") go(at - 1);
      else if (event.key === "ArrowRight") go(at + 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    leave = () => document.removeEventListener("keydown", onKey);
    const safe = encodeURIComponent(token);
    app.replaceChildren(
      h(
        "section",
        { class: "replay" },
        h("h1", {}, t("replay_heading"), data.game ? ` \u00b7 ${t(`game_${data.game}`)}` : ""),
        data.over === false ? h("p", { class: "help" }, t("replay_unfinished")) : null,
        h(
          "section",
          { class: problems.length ? "problems bad" : "problems good", testid: "replay-problems" },
          h("h2", {}, t("replay_problems")),
          problems.length
            ? h(
                "ul",
                {},
                problems.map((p) => {
                  const i = stepOfLine(p.line);
                  const text = typeof p.line === "number" ? `${t("replay_line", { n: p.line })}: ${p.text}` : String(p.text);
                  return h("li", {}, i >= 0 ? h("button", { type: "button", class: "linklike", onclick: () => go(i) }, `\u2717 ${text}`) : `\u2717 ${text}`);
                }),
              )
            : h("p", {}, `\u2713 ${t("replay_no_problems")}`),
        ),
        h("div", { class: "stepper" }, prev, slider, next),
        label,
        h("p", { class: "help" }, t("replay_keys")),
        body,
        h("p", { class: "row" }, h("a", { href: `/api/g/${safe}/log.jsonl`, download: `refgm-${safe.slice(0, 8)}.jsonl`, testid: "download-log", class: "button secondary" }, t("download_log"))),
      ),
    );
    go(0);
  }

  // --- audit --------------------------------------------------------------------------------------

  const MARKS = ["contradiction", "count", "verdict", "leak", "uncertain", "unread"];
  const audit = { text: "", lang: "auto", gm: "", result: null, error: null, busy: false };

  function auditPage() {
    chrome(t("title_audit"), true);
    showAudit();
  }

  async function runAudit() {
    if (audit.busy) return;
    if (!audit.text.trim()) {
      audit.error = t("audit_empty");
      return redraw(showAudit);
    }
    const mine = visit;
    audit.busy = true;
    audit.error = null;
    redraw(showAudit);
    const body = { text: audit.text };
    if (LANGS.includes(audit.lang)) body.lang = audit.lang;
    if (audit.gm.trim()) body.gm = audit.gm.trim(); // a chat app export that names people, none of them "GM"
    try {
      audit.result = await post("/api/audit", body);
    } catch (err) {
      audit.error = err.message;
      audit.result = null;
    }
    audit.busy = false;
    if (mine === visit) redraw(showAudit);
  }

  function auditLine(line) {
    const marks = (line.marks || []).filter((m) => MARKS.includes(m.kind));
    const kinds = marks.map((m) => m.kind);
    const first = MARKS.find((k) => kinds.includes(k));
    const notes = marks.map((m) => `${t(`mark_${m.kind}`)}: ${m.note || ""}`);
    return h(
      "li",
      { class: first ? `audit-line marked mark-${first}` : "audit-line", testid: "audit-line", "data-marks": kinds.join(" "), "data-n": line.n, title: notes.length ? notes.join("\n") : null },
      h("span", { class: "n", "aria-hidden": "true" }, String(line.n)),
      h("span", { class: "line-text" }, line.text || "\u00a0"),
      notes.length ? h("span", { class: "notes" }, marks.map((m, i) => h("span", { class: `note mark-${m.kind}` }, notes[i]))) : null,
    );
  }

  function auditReport(result) {
    const report = result.report || {};
    const worlds = (report.worlds || []).map((w) => t("audit_world", w));
    const partly = (report.not_checked || []).length > 0;
    return h(
      "section",
      { class: "audit-result" },
      h(
        "div",
        { class: !report.consistent ? "referee-box verdict bad" : partly ? "referee-box verdict partly" : "referee-box verdict good", testid: "audit-verdict", "data-consistent": report.consistent ? "true" : "false", "data-complete": partly ? "false" : "true" },
        h("span", { class: "who" }, t("referee")),
        h("p", { class: "verdict-line" }, !report.consistent ? `\u2717 ${t("audit_inconsistent")}` : partly ? `? ${t("audit_partly")}` : `\u2713 ${t("audit_consistent")}`),
        h("p", {}, t("audit_summary", { turns: report.turns, answers: report.answers, lang: report.lang })),
        h("p", {}, t("audit_worlds", { worlds: worlds.length ? worlds.join(", ") : t("audit_worlds_none") })),
        partly ? h("p", {}, t("audit_not_checked")) : null,
        partly ? h("ul", { class: "not-checked", testid: "audit-not-checked" }, report.not_checked.map((what) => h("li", {}, what))) : null,
      ),
      h(
        "div",
        { class: "legend-box" },
        h("h2", {}, t("audit_legend")),
        h("ul", { class: "legend" }, MARKS.map((k) => h("li", { class: `key mark-${k}` }, t(`mark_${k}`)))),
      ),
      h("ol", { class: "audit-lines" }, (result.lines || []).map(auditLine)),
    );
  }

  function showAudit() {
    const text = h("textarea", {
      id: "audit-text",
      testid: "audit-text",
      rows: 10,
      spellcheck: "false",
      "aria-describedby": "audit-help",
      value: audit.text,
      oninput: () => {
        audit.text = text.value;
      },
    });
    const select = h(
      "select",
      {
        id: "audit-lang",
        testid: "audit-lang",
        value: audit.lang,
        onchange: () => {
          audit.lang = select.value;
        },
      },
      h("option", { value: "auto" }, t("audit_auto")),
      LANGS.map((l) => h("option", { value: l }, STRINGS[l].lang_name)),
    );
    const gm = h("input", {
      id: "audit-gm",
      testid: "audit-gm",
      type: "text",
      maxlength: 100,
      autocomplete: "off",
      value: audit.gm,
      oninput: () => {
        audit.gm = gm.value;
      },
    });
    app.replaceChildren(
      h(
        "section",
        { class: "audit", "aria-busy": audit.busy ? "true" : "false" },
        h("h1", {}, t("audit_heading")),
        h("p", { class: "help", id: "audit-help" }, t("audit_help")),
        h("label", { class: "label", for: "audit-text" }, t("audit_text")),
        text,
        h(
          "div",
          { class: "row" },
          h("label", { class: "field inline", for: "audit-lang" }, h("span", { class: "label" }, t("audit_lang")), select),
          h("label", { class: "field inline", for: "audit-gm" }, h("span", { class: "label" }, t("audit_gm")), gm),
          h("button", { type: "button", testid: "audit-run", disabled: audit.busy, onclick: runAudit }, t("audit_run")),
        ),
        h("div", { class: "progress", testid: "progress", role: "status", hidden: !audit.busy }, audit.busy ? [spinner(), t("checking")] : null),
        audit.error ? errorBox(audit.error, null) : null,
        audit.result ? auditReport(audit.result) : null,
      ),
    );
  }

  route();
})();
