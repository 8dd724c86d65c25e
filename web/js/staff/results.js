// The results grid: every board of a published round, laid out as the printed result slip is (print.js): one
// row a board with the left (first) team's player, the result box, the right team's player, each player's
// colour shown. A result is written as on the slip, from the left team's side: "1-0" when the left team's
// player won, whatever their colour (the API's codes are White first: the grid turns them, format.js
// asFirstSide).
//
// Keyboard (the focus on a result box):
//   1  left won (1-0)        0  right won (0-1)        =  (or 5) a draw (½-½)
//   +  left wins by forfeit  -  right wins by forfeit  *  double forfeit (−/−)
//   Delete / Backspace  clear     ↓ / Enter  next board   ↑  previous board
//   → / ←  first board of the next / previous match      Home / End  first / last board
//   Space  the buttons below      Escape  close them
// Touch (phones and tablets at the table): a tap on a board opens large buttons (1-0, ½-½, 0-1, the forfeits,
// clear); a tap on one enters it and moves to the next board, so a board takes at most two taps.
//
// Nothing typed is lost: an entry goes to the outbox (outbox.js, IndexedDB) first and is sent from there, in
// the order typed, one at a time: POST .../rounds/{n}/results with its Idempotency-Key (a resend whose answer
// was lost is answered, not entered twice) and the ETag of the match it was typed over (If-Match: a result
// someone else entered meanwhile is not overwritten, 412). Offline, entries wait and go when the connection
// returns (the `online` event, else a retry with back-off); the connection line says how many wait. After a
// 412 the grid shows the current value and who changed it (the audit trail), the focus goes back to that
// board, and Enter enters the value typed after all. Other arbiters' entries arrive live (event stream, or
// polling with If-None-Match).

import { api, get, post } from "./session.js";
import { t } from "../i18n/index.js";
import { POLL_MS, follow } from "../lib/live.js";
import { can, staffHref } from "./access.js";
import { roundNav, roundRoute } from "./round.js";
import { asFirstSide, pts, resultText, time } from "../lib/format.js";
import { fill, h, heading, keepingFocus, name } from "../lib/dom.js";
import { act, badge, colourMark, confirmDialog, messageSlot } from "./ui.js";
import { afterResult, allows, isCompleted } from "../lib/rounds.js";
import { newKey, outbox } from "./outbox.js";

/** Keys and buttons: results from the left team's side, as the slip is written. */
const KEYS = { 1: "1-0", 0: "0-1", "=": "1/2-1/2", 5: "1/2-1/2", "½": "1/2-1/2", "+": "+/-", "-": "-/+", "*": "-/-" };
const PAD = ["1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-"];
/** Statuses after which an entry stays in the outbox and is sent again later (the server did not decide). */
const TRANSIENT = (status) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
const RETRY_MAX_MS = 30_000;

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  const zone = tour.rules?.time_zone;
  const { rounds, n } = await roundRoute(ctx);
  document.title = `${t("resultsOf", { n })} · ${tour.name}`;
  const box = await outbox();
  const slot = messageSlot();
  const announce = h("p", { class: "vh", role: "status", "aria-live": "polite" });
  // not a live region: it changes with every entry; the announcer says when the connection goes and comes back
  const conn = h("p", { class: "live-status conn" });
  const progress = h("p", { class: "progress", "aria-live": "off" });
  const grid = h("table", { class: "grid", role: "grid", "aria-label": t("resultsOf", { n }),
    "aria-describedby": "keys-help" });
  const caption = h("caption", {});
  const page = h("div", { class: "results-page" });
  const pad = h("div", { class: "pad", role: "group", "aria-labelledby": "pad-h", hidden: true });
  const state = {
    rnd: null, etag: null, matches: new Map(), cell: new Map(), active: null, flash: new Set(),
    pending: [], // the outbox's entries of this round, in order
    storing: Promise.resolve(), // the last outbox write: an entry is sent only once it is stored
    flushing: false, retry: null, retryMs: 0, net: navigator.onLine ? "online" : "offline", mode: "connecting",
    padOpen: false,
  };
  const mayWrite = () => can(access, "results.write");

  async function load() {
    const res = await api(`tournaments/${tid}/rounds/${n}`);
    state.rnd = res.data;
    state.etag = res.etag;
    state.matches = new Map(res.data.matches.map((m) => [m.id, m]));
  }

  const key = (mid, board) => `${mid}:${board}`;
  const played = () => state.rnd.matches.filter((m) => !m.pab);
  const open = () => allows(state.rnd.state, "results.write");
  const boardOf = (mid, board) => state.matches.get(mid)?.boards.find((b) => b.board === board);
  /** The latest entry of a board still in the outbox. */
  const pendingOf = (mid, board) => state.pending.findLast((e) => e.mid === mid && e.board === board);
  /** A board's result as the grid shows it (API code): what waits in the outbox, else the server's. */
  const shown = (mid, b) => {
    const e = pendingOf(mid, b.board);
    return e ? e.result : b.result;
  };
  const sameBoards = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  // ------------------------------------------------------------ drawing

  const playerCell = (p, white, side) => h("td", { class: `plr ${side}`, role: "gridcell" },
    h("span", { class: "pnm" }, colourMark(white), "\u00a0", p ? name(p.name) : h("span", { class: "muted" }, t("emptySeat"))),
    p && (p.fide_rating ?? p.national_rating) ? h("span", { class: "pmeta" }, String(p.fide_rating ?? p.national_rating))
      : null);

  const colourWord = (white) => t(white ? "white" : "black");

  function cellName(m, b, value, note) {
    const firstWhite = b.white === "first";
    const text = t("cellName", { table: m.table, board: b.board,
      left: b.first_player?.name ?? t("emptySeat"), leftColour: colourWord(firstWhite),
      right: b.second_player?.name ?? t("emptySeat"), rightColour: colourWord(!firstWhite),
      value: value || t("noResult") });
    return note ? `${text} (${note})` : text;
  }

  function matchBody(m) {
    const scoreText = m.score ? m.score.map(pts).join(" – ") : null;
    const forfeitBtn = mayWrite() && open() ? h("button", { type: "button", class: "small",
      dataset: { forfeit: String(m.id) }, onclick: () => forfeitDialog(m) }, t("forfeitButton")) : null;
    const head = h("tr", { class: `mhead${state.flash.has(m.id) ? " flash" : ""}`, role: "row" },
      h("th", { colspan: "4", scope: "colgroup", id: `mh-${m.id}`, role: "rowheader", "aria-colspan": "4" },
        h("span", { class: "tno" }, t("tableN", { n: m.table })), " ",
        h("span", { class: "mteams" }, name(m.first.name), " – ", m.second ? name(m.second.name) : t("staffBye")), " ",
        h("span", { class: `mscore${m.complete ? " final" : ""}` }, scoreText ?? "…"),
        m.forfeit ? h("strong", { class: "warn" }, ` ${t(`forfeit_${m.forfeit}`)}`) : null, " ", forfeitBtn));
    const rows = m.boards.map((b) => {
      const k = key(m.id, b.board);
      const st = state.cell.get(k);
      const waiting = pendingOf(m.id, b.board);
      const value = resultText(asFirstSide(shown(m.id, b), b.white));
      const cls = waiting ? (state.net === "offline" ? "st-waiting" : "st-saving") : st?.state ? `st-${st.state}` : null;
      const mark = waiting ? (state.net === "offline" ? "◷" : "…") : { saved: "✓", error: "!", stale: "!" }[st?.state] || "";
      return h("tr", { class: [cls, state.active === k && state.padOpen ? "sel" : null].filter(Boolean).join(" ") || null,
        role: "row" },
        h("th", { scope: "row", class: "bdn", role: "rowheader" }, String(b.board)),
        playerCell(b.first_player, b.white === "first", "l"),
        h("td", {
          class: "rc", role: "gridcell", tabindex: state.active === k ? "0" : "-1",
          dataset: { key: k, table: String(m.table), board: String(b.board), match: String(m.id) },
          "aria-label": cellName(m, b, value, waiting ? t("cellWaiting") : st?.state === "stale" ? t("staleTitle")
            : st?.state === "error" ? t("cellRefused") : null), "aria-describedby": `mh-${m.id}`,
        }, h("span", { class: "val" }, value || (m.forfeit ? "" : "·")),
        h("span", { class: "mark", "aria-hidden": "true" }, mark)),
        playerCell(b.second_player, b.white === "second", "r"));
    });
    return h("tbody", { dataset: { match: String(m.id) }, role: "rowgroup" }, head, ...rows);
  }

  function drawProgress() {
    const boards = played().flatMap((m) => m.boards.map((b) => ({ m, b })));
    const done = boards.filter(({ m, b }) => m.forfeit || b.result).length; // what the server has (the waiting apart)
    progress.textContent = t("progress", { done, all: boards.length });
    fill(caption, t("resultsOf", { n }), " ", badge(state.rnd.state));
  }

  /** The connection line: online (live or polled), offline, and how many entries wait to be sent. */
  function drawConn() {
    const waiting = state.pending.length;
    const parts = [];
    if (state.net === "offline") parts.push(t("connOffline"));
    else {
      const key = { stream: "connStream", offline: "connTrouble", polling: "connPolling" }[state.mode] || "connOnline";
      parts.push(t(key, { s: Math.round(POLL_MS / 1000) }));
    }
    if (waiting) parts.push(t("connWaiting", { n: waiting }));
    if (waiting && !box.durable) parts.push(t("connMemory"));
    conn.textContent = parts.join(" ");
    conn.dataset.net = state.net;
    conn.dataset.waiting = String(waiting);
    conn.dataset.mode = state.mode === "stream" ? "stream" : state.mode === "offline" ? "offline" : "polling";
  }

  /** Redraw one match, keeping the keyboard focus where it was. */
  function redrawMatch(mid) {
    const old = grid.querySelector(`tbody[data-match="${mid}"]`);
    const m = state.matches.get(mid);
    if (!old || !m) return;
    const focused = document.activeElement?.dataset?.key;
    const fresh = matchBody(m);
    old.replaceWith(fresh);
    if (focused && focused.startsWith(`${mid}:`)) fresh.querySelector(`td[data-key="${focused}"]`)?.focus();
    drawProgress();
    if (state.padOpen && state.active?.startsWith(`${mid}:`)) drawPad();
  }

  function drawGrid() {
    const ms = played();
    if (!state.active && ms.length) {
      const first = ms.flatMap((m) => m.boards.map((b) => ({ m, b }))).find(({ m, b }) => !b.result && !m.forfeit)
        || { m: ms[0], b: ms[0].boards[0] };
      state.active = key(first.m.id, first.b.board);
    }
    const col = (text, cls) => h("th", { scope: "col", role: "columnheader", class: cls }, text);
    fill(grid,
      caption,
      h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, col(t("staffBoardAbbr"), "bdn"), col(t("gridLeft")),
        col(h("abbr", { title: t("result") }, t("gridResult")), "rc"), col(t("gridRight")))),
      ...ms.map(matchBody));
    drawProgress();
  }

  const redrawAll = () => keepingFocus(grid, drawGrid);

  // ------------------------------------------------------------ the touch buttons

  function activeCell() {
    return state.active ? grid.querySelector(`td.rc[data-key="${state.active}"]`) : null;
  }

  function drawPad() {
    const td = activeCell();
    if (!td) return closePad();
    const mid = Number(td.dataset.match);
    const board = Number(td.dataset.board);
    const m = state.matches.get(mid);
    const b = boardOf(mid, board);
    const left = b.first_player?.name ?? t("emptySeat");
    const right = b.second_player?.name ?? t("emptySeat");
    const now = asFirstSide(shown(mid, b), b.white);
    const label = {
      "1-0": t("padWon", { name: left }), "0-1": t("padWon", { name: right }), "1/2-1/2": t("padDraw"),
      "+/-": t("padForfeitWin", { name: left }), "-/+": t("padForfeitWin", { name: right }), "-/-": t("padDoubleForfeit"),
    };
    const disabled = Boolean(m.forfeit) || !mayWrite();
    // the buttons are drawn again for each board: the one that had the focus keeps it
    const had = pad.contains(document.activeElement) ? document.activeElement.dataset : null;
    const again = had ? (had.code ? `[data-code="${had.code}"]` : had.move ? `[data-move="${had.move}"]` : null) : null;
    const btn = (code) => h("button", { type: "button", class: `padkey${now === code ? " on" : ""}${code.includes("/") && code !== "1/2-1/2" ? " ff" : ""}`,
      dataset: { code }, "aria-label": `${resultText(code)}: ${label[code]}`, "aria-pressed": now === code ? "true" : "false",
      disabled }, resultText(code));
    fill(pad,
      h("p", { class: "pad-h", id: "pad-h" }, h("strong", {}, t("padTitle", { table: m.table, board })), " ",
        h("span", { class: "pad-players" }, colourMark(b.white === "first"), " ", name(left), " – ", colourMark(b.white === "second"),
          " ", name(right))),
      h("div", { class: "padkeys" }, ...PAD.map(btn)),
      h("div", { class: "padnav" },
        h("button", { type: "button", class: "padclear", dataset: { code: "clear" }, disabled: disabled || !now }, t("padClear")),
        h("button", { type: "button", dataset: { move: "-1" }, "aria-label": t("padPrev") }, "↑"),
        h("button", { type: "button", dataset: { move: "1" }, "aria-label": t("padNext") }, "↓"),
        h("button", { type: "button", dataset: { move: "close" } }, t("close"))));
    if (again) (pad.querySelector(`button${again}:not([disabled])`) || pad.querySelector("button.padkey:not([disabled])"))?.focus();
  }

  /** The board's cell as it is on screen now (an entry redraws its match: an element read before may be gone). */
  const current = (td) => (td && !td.isConnected ? grid.querySelector(`td.rc[data-key="${td.dataset.key}"]`) : td);

  function openPad(cell) {
    const td = current(cell);
    if (!td) return;
    state.padOpen = true;
    focusCell(td, { focus: false });
    pad.hidden = false;
    page.classList.add("pad-open");
    drawPad();
    for (const tr of grid.querySelectorAll("tr.sel")) tr.classList.remove("sel");
    td.closest("tr")?.classList.add("sel");
    td.scrollIntoView({ block: "center" });
  }

  function closePad() {
    state.padOpen = false;
    pad.hidden = true;
    page.classList.remove("pad-open");
    for (const tr of grid.querySelectorAll("tr.sel")) tr.classList.remove("sel");
  }

  pad.addEventListener("click", (ev) => {
    const b = ev.target.closest?.("button");
    const td = activeCell();
    if (!b || !td) return;
    const all = cells();
    const i = all.indexOf(td);
    if (b.dataset.move === "close") {
      closePad();
      focusCell(td);
      return;
    }
    if (b.dataset.move) {
      const next = all[i + Number(b.dataset.move)];
      if (next) openPad(next);
      return;
    }
    const code = b.dataset.code === "clear" ? null : b.dataset.code;
    typed(td, code);
    const next = all[i + 1];
    if (next && code !== null) openPad(next);
    else drawPad();
  });

  pad.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      ev.preventDefault();
      closePad();
      focusCell(activeCell());
    } else if (ev.key in KEYS && !ev.altKey && !ev.ctrlKey && !ev.metaKey) { // the keys work here too
      ev.preventDefault();
      const td = activeCell();
      const next = cells()[cells().indexOf(td) + 1];
      typed(td, KEYS[ev.key]);
      if (next) openPad(next);
    }
  });

  // ------------------------------------------------------------ entering

  function setCell(k, st) {
    if (st) state.cell.set(k, st);
    else state.cell.delete(k);
  }

  /** A result typed or tapped on a board (`code` from the left team's side, null: clear). */
  function typed(td, code) {
    if (!mayWrite()) return;
    const mid = Number(td.dataset.match);
    const b = boardOf(mid, Number(td.dataset.board));
    if (b) enter(mid, b.board, asFirstSide(code, b.white));
  }

  /** Keep an entry (API code) in the outbox and send what waits. */
  function enter(mid, board, result) {
    const m = state.matches.get(mid);
    const entry = { tid, round: n, mid, table: m.table, board, result, ifMatch: m.etag,
      base: m.boards.map((b) => shown(mid, b)), key: newKey(), sent: false, user: ctx.me?.username ?? null, at: Date.now() };
    setCell(key(mid, board), null);
    state.pending.push(entry);
    state.storing = state.storing.then(() => box.add(entry)).catch(() => null);
    redrawMatch(mid);
    drawConn();
    if (state.net === "offline") {
      announce.textContent = t("keptOffline", { table: m.table, board, result: resultText(asFirstSide(result, boardOf(mid, board)?.white)) || t("noResult") });
    }
    flush();
  }

  /** A fresh version of a match (an answer, an event, a poll): waiting entries typed over the same boards now
   *  name its ETag, so that a chain of entries on one match passes while a change by someone else does not. */
  function took(m) {
    state.matches.set(m.id, m);
    state.rnd.matches = state.rnd.matches.map((x) => (x.id === m.id ? m : x));
    const boards = m.boards.map((b) => b.result);
    for (const e of state.pending) {
      if (e.mid === m.id && !e.sent && e.ifMatch !== m.etag && sameBoards(e.base, boards)) {
        e.ifMatch = m.etag;
        state.storing = state.storing.then(() => box.put(e)).catch(() => null);
      }
    }
  }

  function setNet(net) {
    if (state.net === net) return;
    state.net = net;
    announce.textContent = t(net === "offline" ? "connOffline" : "connOnline");
    for (const mid of new Set(state.pending.map((e) => e.mid))) redrawMatch(mid);
    drawConn();
  }

  function later(err) {
    clearTimeout(state.retry);
    state.retryMs = Math.min(RETRY_MAX_MS, Math.max(2000, state.retryMs * 2));
    const wait = err?.retryAfter ? Math.max(err.retryAfter * 1000, state.retryMs) : state.retryMs;
    state.retry = setTimeout(flush, wait);
  }

  /** Send the outbox's entries of this round, in order, one at a time. */
  async function flush() {
    if (state.flushing || !ctx.alive()) return;
    state.flushing = true;
    clearTimeout(state.retry);
    try {
      while (state.pending.length && ctx.alive()) {
        if (!navigator.onLine) {
          setNet("offline");
          return;
        }
        await state.storing;
        const e = state.pending[0];
        if (!e.id) { // the store refused it: it is sent from memory
          e.id = -Date.now();
        }
        if (e.id > 0 && !(await box.has(e.id).catch(() => true))) { // another tab on this round sent it
          state.pending.shift();
          redrawMatch(e.mid);
          continue;
        }
        if (!e.sent) {
          e.sent = true;
          if (e.id > 0) await box.put(e).catch(() => null);
        }
        let res;
        try {
          res = await api(`tournaments/${tid}/rounds/${e.round}/results`, { method: "POST",
            body: { results: [{ table: e.table, board: e.board, result: e.result, if_match: e.ifMatch || null }] },
            idempotencyKey: e.key });
        } catch (err) {
          if (TRANSIENT(err.status)) {
            if (err.status === 0) setNet("offline");
            later(err);
            return;
          }
          await done(e);
          if (err.status === 412) await conflict(e, err);
          else refused(e, err);
          continue;
        }
        await done(e);
        state.retryMs = 0;
        setNet("online");
        const m = res.data.matches.find((x) => x.id === e.mid);
        if (m) took(m);
        state.rnd.state = afterResult(state.rnd.state);
        const k = key(e.mid, e.board);
        if (state.cell.get(k)?.state !== "stale") setCell(k, { state: "saved" });
        slot.clear(); // the latest entry went through: an older refusal no longer applies
        const b = boardOf(e.mid, e.board);
        announce.textContent = t("savedCell", { table: e.table, board: e.board,
          result: resultText(asFirstSide(e.result, b?.white)) || t("noResult") });
        redrawMatch(e.mid);
      }
    } finally {
      state.flushing = false;
      drawConn();
    }
  }

  async function done(e) {
    state.pending = state.pending.filter((x) => x !== e);
    if (e.id > 0) await box.remove(e.id).catch(() => null);
  }

  function refused(e, err) {
    setCell(key(e.mid, e.board), { state: "error" });
    slot.problem(err, { context: t("boardRefused", { table: e.table, board: e.board }) });
    redrawMatch(e.mid);
  }

  async function whoChanged(mid, board) {
    try {
      const page1 = await get(`tournaments/${tid}/audit?entity=match&limit=100`);
      const e = page1.items.find((x) => x.entity_id === String(mid) && (board === null || x.after?.board === board
        || "forfeit" in (x.after || {})));
      if (!e) return null;
      const b = board === null ? null : boardOf(mid, board);
      const side = (code) => resultText(asFirstSide(code, b?.white)) || "·";
      return t("changedBy", { who: e.actor, when: time(e.at, zone),
        what: e.after && "result" in e.after ? `${side(e.before?.result)} → ${side(e.after.result)}` : t("forfeitChanged") });
    } catch (err) {
      return null; // no audit.read: the fresh match is all we can show
    }
  }

  /** Someone else changed the match since the entry was typed (412): show the board as it is now and who
   *  changed it, give the focus back to the board, and keep the value typed for Enter. */
  async function conflict(e, err) {
    const wasInGrid = !document.activeElement || document.activeElement === document.body
      || grid.contains(document.activeElement) || pad.contains(document.activeElement);
    try {
      const res = await api(`tournaments/${tid}/rounds/${n}`);
      state.etag = res.etag;
      for (const m of res.data.matches) took(m);
    } catch (x) {
      /* the current value comes with the next poll or event */
    }
    const who = await whoChanged(e.mid, e.board);
    const k = key(e.mid, e.board);
    setCell(k, { state: "stale", mine: e.result, err, who, table: e.table, board: e.board, mid: e.mid });
    redrawAll();
    showConflict(k);
    if (wasInGrid) {
      const td = grid.querySelector(`td.rc[data-key="${k}"]`);
      if (state.padOpen) openPad(td);
      focusCell(td);
    }
  }

  /** The conflict of a board as it stands: its value now, who changed it, and the value Enter would enter. */
  function showConflict(k) {
    const st = state.cell.get(k);
    if (st?.state !== "stale") return;
    const b = boardOf(st.mid, st.board);
    const mine = resultText(asFirstSide(st.mine, b?.white)) || t("noResult");
    const now = b ? resultText(asFirstSide(b.result, b.white)) || t("noResult") : "";
    slot.problem({ ...st.err, localised: true,
      detail: [t("staleDetail", { table: st.table, board: st.board, now }), st.who, t("staleMine", { mine })]
        .filter(Boolean).join(" ") }, { context: t("staleTitle") });
  }

  // ------------------------------------------------------------ match forfeit (R-7.3, R-7.4)

  async function forfeitDialog(m) {
    const choice = await forfeitChoice(m);
    if (choice === null || !(await forfeitConfirmed(m, choice))) {
      grid.querySelector(`button[data-forfeit="${m.id}"]`)?.focus();
      return;
    }
    const body = choice === "none" ? { results: m.boards.map((b) => b.result) } : { forfeit: choice };
    await act(null, slot, async () => {
      const cur = state.matches.get(m.id);
      try {
        const res = await api(`tournaments/${tid}/rounds/${n}/matches/${m.id}`, { method: "PUT", body, ifMatch: cur.etag });
        took(res.data);
        redrawMatch(m.id);
        announce.textContent = t("forfeitSaved", { table: m.table });
      } catch (err) {
        if (err.status !== 412) throw err;
        const res = await api(`tournaments/${tid}/rounds/${n}`);
        for (const x of res.data.matches) took(x);
        redrawAll();
        slot.problem({ ...err, localised: true, detail: [t("staleForfeit", { table: m.table }),
          await whoChanged(m.id, null)].filter(Boolean).join(" ") }, { context: t("staleTitle") });
      }
    });
    grid.querySelector(`button[data-forfeit="${m.id}"]`)?.focus();
  }

  /** The forfeit says what it does before it is saved: who loses, and that the absent team is expelled. */
  function forfeitConfirmed(m, choice) {
    const expel = tour.rules?.expel_on_forfeit_loss !== false;
    const one = { first: [m.first, m.second], second: [m.second, m.first] }[choice];
    let text;
    if (choice === "none") text = t("forfeitClearConsequence");
    else if (one) {
      text = [t("forfeitConsequence", { absent: one[0].name, present: one[1].name }),
        expel ? t("forfeitExpels", { absent: one[0].name }) : null].filter(Boolean).join(" ");
    } else {
      text = [t("forfeitBothConsequence"), expel ? t("forfeitBothExpels", { first: m.first.name, second: m.second.name })
        : null].filter(Boolean).join(" ");
    }
    return confirmDialog({ title: t("forfeitConfirmTitle", { table: m.table }), text, danger: choice !== "none",
      confirm: choice !== "none" && expel ? t("forfeitConfirmExpel") : t("saveForfeit") });
  }

  function forfeitChoice(m) {
    return new Promise((resolve) => {
      const opts = [["none", t("forfeitNone")], ["first", t("forfeitAbsent", { team: m.first.name })],
        ["second", t("forfeitAbsent", { team: m.second.name })], ["both", t("staffForfeitBoth")]];
      const current = m.forfeit || "none";
      const radios = opts.map(([v, label]) => h("p", { class: "check" },
        h("input", { type: "radio", name: "forfeit", id: `ff-${v}`, value: v, checked: v === current }),
        h("label", { for: `ff-${v}` }, label)));
      const ok = h("button", { type: "submit", class: "primary" }, t("forfeitNext"));
      const cancel = h("button", { type: "button" }, t("cancel"));
      let answer = null;
      const form = h("form", { method: "dialog", onsubmit: () => {
        answer = form.querySelector("input[name=forfeit]:checked")?.value ?? null;
        if (answer === current) answer = null;
      } }, h("h2", { id: "ff-h" }, t("forfeitTitle", { table: m.table })), h("p", {}, t("forfeitText")),
      h("fieldset", {}, h("legend", {}, t("absentTeam")), ...radios), h("p", { class: "buttons" }, ok, cancel));
      const dlg = h("dialog", { class: "confirm", "aria-labelledby": "ff-h" }, form);
      cancel.addEventListener("click", () => dlg.close());
      dlg.addEventListener("close", () => {
        dlg.remove();
        resolve(answer);
      });
      document.getElementById("staff").append(dlg);
      dlg.showModal();
      dlg.querySelector("input:checked")?.focus();
    });
  }

  // ------------------------------------------------------------ keyboard and taps

  const cells = () => [...grid.querySelectorAll("td.rc")];

  function focusCell(cell, { focus = true } = {}) {
    const td = current(cell);
    if (!td) return;
    for (const c of grid.querySelectorAll('td.rc[tabindex="0"]')) c.tabIndex = -1;
    td.tabIndex = 0;
    state.active = td.dataset.key;
    if (focus) td.focus();
  }

  grid.addEventListener("focusin", (ev) => {
    const td = ev.target.closest?.("td.rc");
    if (td && state.active !== td.dataset.key) {
      focusCell(td);
      if (state.padOpen) openPad(td);
    }
  });

  grid.addEventListener("click", (ev) => {
    const td = ev.target.closest?.("td.rc");
    if (td && mayWrite() && open()) openPad(td);
  });

  /** On a board someone else changed, a key only chooses what Enter will enter: another's result is never
   *  overwritten by a key typed in the moment the focus came back (it may have been meant for the next board). */
  function choose(td, st, code) {
    const b = boardOf(Number(td.dataset.match), Number(td.dataset.board));
    st.mine = asFirstSide(code, b?.white);
    showConflict(td.dataset.key);
    announce.textContent = t("staleMine", { mine: resultText(code) || t("noResult") });
  }

  grid.addEventListener("keydown", (ev) => {
    const td = ev.target.closest?.("td.rc");
    if (!td || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const all = cells();
    const i = all.indexOf(td);
    const firstOf = (dir) => {
      const ids = [...new Set(all.map((c) => c.dataset.match))];
      const j = ids.indexOf(td.dataset.match) + dir;
      return j >= 0 && j < ids.length ? all.find((c) => c.dataset.match === ids[j]) : null;
    };
    const st = state.cell.get(td.dataset.key);
    let target = null;
    switch (ev.key) {
      case "Enter":
        if (st?.state === "stale" && mayWrite()) { // the value typed before the conflict, entered after all
          ev.preventDefault();
          enter(Number(td.dataset.match), Number(td.dataset.board), st.mine);
          focusCell(all[i + 1] || td);
          return;
        }
        target = all[i + 1];
        break;
      case "ArrowDown": target = all[i + 1]; break;
      case "ArrowUp": target = all[i - 1]; break;
      case "ArrowRight": target = firstOf(1); break;
      case "ArrowLeft": target = firstOf(-1); break;
      case "Home": target = all[0]; break;
      case "End": target = all[all.length - 1]; break;
      case " ":
        ev.preventDefault();
        if (mayWrite() && open()) openPad(td);
        pad.querySelector("button.padkey:not([disabled])")?.focus();
        return;
      case "Escape":
        if (state.padOpen) closePad();
        return;
      case "Delete": case "Backspace":
        ev.preventDefault();
        if (st?.state === "stale") choose(td, st, null);
        else typed(td, null);
        return;
      default:
        if (ev.key in KEYS) {
          ev.preventDefault();
          if (!mayWrite()) return;
          if (st?.state === "stale") { // a key for this board or one meant for the next: only Enter overwrites
            choose(td, st, KEYS[ev.key]);
            return;
          }
          const next = all[i + 1] || td;
          typed(td, KEYS[ev.key]);
          focusCell(next);
          if (state.padOpen) openPad(next);
        }
        return;
    }
    ev.preventDefault();
    if (target) {
      focusCell(target);
      if (state.padOpen) openPad(target);
    }
  });

  // ------------------------------------------------------------ page

  function draw() {
    if (!open() && !isCompleted(state.rnd.state)) {
      fill(page, h("p", { class: "s-note" }, t("notOpenForResults", { n })),
        h("p", {}, h("a", { href: staffHref(tid, `round/${n}`) }, t("toRound", { n }))));
      return;
    }
    const complete = h("button", { type: "button", class: "primary", id: "complete",
      onclick: (ev) => act(ev.currentTarget, slot, async () => {
        state.rnd = await post(`tournaments/${tid}/rounds/${n}/complete`);
        state.matches = new Map(state.rnd.matches.map((m) => [m.id, m]));
        closePad();
        draw();
        slot.ok(t("roundCompleted", { n }));
        page.querySelector(".okmsg")?.setAttribute("tabindex", "-1");
        page.querySelector(".okmsg")?.focus();
      }) }, t("completeRound"));
    const byes = state.rnd.matches.filter((m) => m.pab);
    drawGrid();
    drawConn();
    fill(page,
      h("div", { class: "keys", id: "keys-help" }, h("strong", {}, t("keysTitle")), " ",
        ...[["1", "1-0"], ["0", "0-1"], ["=", "½-½"], ["+", "+/−"], ["-", "−/+"], ["*", "−/−"], ["Del", t("keyClear")],
          ["↑↓", t("keyMove")], ["←→", t("keyMatch")], [t("keySpace"), t("keyPad")]]
          .map(([k, what]) => h("span", { class: "key" }, h("kbd", {}, k), ` ${what}`)),
        h("span", { class: "side-note" }, t("slipSideNote"))),
      slot.el, progress, conn, announce,
      h("div", { class: "scroll grid-wrap" }, grid),
      byes.length ? h("p", { class: "muted" }, byes.map((m) => t("staffByeText", { team: m.first.name })).join(" · ")) : null,
      h("p", { class: "buttons flow" },
        open() && can(access, "round.complete") ? complete : null,
        h("a", { class: "button", href: staffHref(tid, `round/${n}`) }, t("toRound", { n })),
        h("a", { class: "button", href: staffHref(tid, `print/slips/${n}`) }, t("printSlips")),
        isCompleted(state.rnd.state) ? h("a", { class: "button", href: `#/t/${tid}/standings?after=${n}` },
          t("publicStandings")) : null),
      open() ? pad : null);
    if (state.padOpen && open()) openPad(activeCell() || cells()[0]);
    else closePad();
  }

  function applyMatch(m) {
    const old = state.matches.get(m.id);
    if (old && old.etag === m.etag) return;
    took(m);
    for (const b of m.boards) {
      const k = key(m.id, b.board);
      if (!["error", "stale"].includes(state.cell.get(k)?.state)) setCell(k, null);
    }
    state.flash.add(m.id);
    redrawMatch(m.id);
    setTimeout(() => {
      state.flash.delete(m.id);
      grid.querySelector(`tbody[data-match="${m.id}"] tr.mhead`)?.classList.remove("flash");
    }, 1500);
  }

  await load();
  state.pending = (await box.list(tid, n).catch(() => [])).filter((e) => state.matches.has(e.mid));
  draw();
  const onOnline = () => {
    setNet("online");
    state.retryMs = 0;
    flush();
  };
  const onOffline = () => setNet("offline");
  // entries kept only in memory (no IndexedDB) would go with the tab: the browser asks before closing it
  const onUnload = (ev) => {
    if (!box.durable && state.pending.length) ev.preventDefault();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  window.addEventListener("beforeunload", onUnload);
  const stop = follow(tid, {
    onEvent: (type, data) => {
      if (type === "match" && data.round === n && data.match) applyMatch(data.match);
      else if (type === "round" && data.round === n && data.state !== state.rnd.state) {
        load().then(() => keepingFocus(page, draw)).catch(() => {});
      }
    },
    poll: async () => {
      const res = await api(`tournaments/${tid}/rounds/${n}`, { ifNoneMatch: state.etag });
      if (res.notModified || !ctx.alive()) return;
      state.etag = res.etag;
      if (res.data.state !== state.rnd.state) {
        state.rnd = res.data;
        state.matches = new Map(res.data.matches.map((m) => [m.id, m]));
        keepingFocus(page, draw);
        return;
      }
      for (const m of res.data.matches) applyMatch(m);
    },
    onMode: (mode) => {
      state.mode = mode;
      drawConn();
    },
  });
  ctx.onLeave(() => {
    stop();
    clearTimeout(state.retry);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    window.removeEventListener("beforeunload", onUnload);
  });
  if (state.pending.length) flush();
  return [heading(t("resultsOf", { n })), roundNav(ctx, rounds, n, "results"), page];
}
