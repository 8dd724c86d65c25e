// The results grid: every board of a published round, one row a board, keyboard only.
//
//   1  White won (1-0)        0  Black won (0-1)        =  (or 5) a draw (½-½)
//   +  White won by forfeit   -  Black won by forfeit   *  double forfeit (−/−)
//   Delete / Backspace  clear     ↓ / Enter  next board   ↑  previous board
//   → / ←  first board of the next / previous match      Home / End  first / last board
//
// A key saves the board at once (PUT .../boards/{b} with If-Match: the match's ETag) and moves on.
// Saves of one match go one after the other, each with the ETag the previous one returned. When
// someone else changed the match meanwhile (412), the grid shows the current value and who changed
// it (the audit trail; else the fresh match). Other arbiters' entries arrive live (event stream, or
// polling with If-None-Match), so two laptops see each other's results.

import { api, get, post } from "./session.js";
import { t } from "../i18n/index.js";
import { follow } from "../lib/live.js";
import { can, staffHref } from "./access.js";
import { roundNav, roundRoute } from "./round.js";
import { pts, resultText, time } from "../lib/format.js";
import { fill, h, heading, keepingFocus } from "../lib/dom.js";
import { act, badge, messageSlot } from "./ui.js";
import { afterResult, allows, isCompleted } from "../lib/rounds.js";

const KEYS = { 1: "1-0", 0: "0-1", "=": "1/2-1/2", 5: "1/2-1/2", "½": "1/2-1/2", "+": "+/-", "-": "-/+", "*": "-/-" };

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  const zone = tour.rules?.time_zone;
  const { rounds, n } = await roundRoute(ctx);
  document.title = `${t("resultsOf", { n })} · ${tour.name}`;
  const slot = messageSlot();
  const announce = h("p", { class: "vh", role: "status", "aria-live": "polite" });
  const liveLine = h("p", { class: "live-status muted" });
  const progress = h("p", { class: "progress", "aria-live": "off" });
  const grid = h("table", { class: "grid", role: "grid", "aria-label": t("resultsOf", { n }),
    "aria-describedby": "keys-help" });
  const caption = h("caption", {});
  const box = h("div");
  const state = {
    rnd: null, etag: null, matches: new Map(), queue: new Map(), cell: new Map(), active: null, flash: new Set(),
  };

  async function load() {
    const res = await api(`tournaments/${tid}/rounds/${n}`);
    state.rnd = res.data;
    state.etag = res.etag;
    state.matches = new Map(res.data.matches.map((m) => [m.id, m]));
  }

  const key = (mid, board) => `${mid}:${board}`;
  const played = () => state.rnd.matches.filter((m) => !m.pab);
  const open = () => allows(state.rnd.state, "results.write");

  function whiteBlack(m, b) {
    const firstWhite = b.white === "first";
    return {
      white: { p: firstWhite ? b.first_player : b.second_player, team: firstWhite ? m.first : m.second },
      black: { p: firstWhite ? b.second_player : b.first_player, team: firstWhite ? m.second : m.first },
    };
  }

  const playerCell = ({ p, team }, side) => h("td", { class: `plr ${side}`, role: "gridcell" },
    h("span", { class: "pnm" }, h("span", { class: "clr", "aria-hidden": "true" }, side === "w" ? "○ " : "● "),
      p ? p.name : h("span", { class: "muted" }, t("emptySeat"))),
    h("span", { class: "pmeta" }, p ? String(p.fide_rating ?? p.national_rating ?? "") : "",
      team ? h("span", { class: "team-of" }, `${p && (p.fide_rating ?? p.national_rating) ? " · " : ""}${team.name}`) : null));

  function matchBody(m) {
    const scoreText = m.score ? m.score.map(pts).join(" – ") : null;
    const forfeitBtn = can(access, "results.write") && open() ? h("button", { type: "button", class: "small",
      dataset: { forfeit: String(m.id) }, onclick: () => forfeitDialog(m) }, t("forfeitButton")) : null;
    const head = h("tr", { class: `mhead${state.flash.has(m.id) ? " flash" : ""}`, role: "row" },
      h("th", { colspan: "4", scope: "colgroup", id: `mh-${m.id}`, role: "rowheader", "aria-colspan": "4" },
        h("span", { class: "tno" }, t("tableN", { n: m.table })), " ",
        h("span", { class: "mteams" }, `${m.first.name} – ${m.second?.name ?? t("staffBye")}`), " ",
        h("span", { class: `mscore${m.complete ? " final" : ""}` }, scoreText ?? "…"),
        m.forfeit ? h("strong", { class: "warn" }, ` ${t(`forfeit_${m.forfeit}`)}`) : null, " ", forfeitBtn));
    const rows = m.boards.map((b) => {
      const k = key(m.id, b.board);
      const st = state.cell.get(k);
      const { white, black } = whiteBlack(m, b);
      const shown = st?.value !== undefined ? st.value : b.result;
      return h("tr", { class: st?.state ? `st-${st.state}` : null, role: "row" },
        h("th", { scope: "row", class: "bdn", role: "rowheader" }, `${m.table}.${b.board}`),
        playerCell(white, "w"), playerCell(black, "b"),
        h("td", {
          class: "rc", role: "gridcell", tabindex: state.active === k ? "0" : "-1", dataset: { key: k, table: String(m.table),
            board: String(b.board), match: String(m.id) },
          "aria-label": t("cellLabel", { table: m.table, board: b.board }),
          "aria-describedby": `mh-${m.id}`,
        }, h("span", { class: "val" }, resultText(shown) || (m.forfeit ? "" : "·")),
        h("span", { class: "mark", "aria-hidden": "true" }, { saving: "…", saved: "✓", error: "!", stale: "!" }[st?.state] || "")));
    });
    return h("tbody", { dataset: { match: String(m.id) }, role: "rowgroup" }, head, ...rows);
  }

  function drawProgress() {
    const boards = played().flatMap((m) => m.boards.map((b) => ({ m, b })));
    const done = boards.filter(({ m, b }) => m.forfeit || b.result).length;
    progress.textContent = t("progress", { done, all: boards.length });
    fill(caption, t("resultsOf", { n }), " ", badge(state.rnd.state));
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
  }

  function drawGrid() {
    const ms = played();
    if (!state.active && ms.length) {
      const first = ms.flatMap((m) => m.boards.map((b) => ({ m, b }))).find(({ m, b }) => !b.result && !m.forfeit)
        || { m: ms[0], b: ms[0].boards[0] };
      state.active = key(first.m.id, first.b.board);
    }
    const col = (text) => h("th", { scope: "col", role: "columnheader" }, text);
    fill(grid,
      caption,
      h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, col(t("staffBoardAbbr")), col(t("white")), col(t("black")),
        col(t("result")))),
      ...ms.map(matchBody));
    drawProgress();
  }

  // ------------------------------------------------------------ saving

  function setCell(k, st) {
    if (st) state.cell.set(k, st);
    else state.cell.delete(k);
  }

  async function whoChanged(mid, board) {
    try {
      const page = await get(`tournaments/${tid}/audit?entity=match&limit=100`);
      const e = page.items.find((x) => x.entity_id === String(mid) && (board === null || x.after?.board === board
        || "forfeit" in (x.after || {})));
      if (!e) return null;
      return t("changedBy", { who: e.actor, when: time(e.at, zone),
        what: e.after && "result" in e.after ? `${resultText(e.before?.result) || "·"} → ${resultText(e.after.result) || "·"}`
          : t("forfeitChanged") });
    } catch (err) {
      return null; // no audit.read: the fresh match is all we can show
    }
  }

  async function stale(mid, board, err) {
    await load();
    const m = state.matches.get(mid);
    const b = m?.boards.find((x) => x.board === board);
    const who = await whoChanged(mid, board);
    const now = b ? resultText(b.result) || t("noResult") : "";
    slot.problem({ ...err, localised: true,
      detail: [t("staleDetail", { table: m?.table, board, now }), who].filter(Boolean).join(" ") },
      { context: t("staleTitle") });
    drawGrid();
    setCell(key(mid, board), { state: "stale" });
    redrawMatch(mid);
  }

  /** Queue one write of a match after the previous ones; each sends the match's latest ETag. */
  function enqueue(mid, fn) {
    const prev = state.queue.get(mid) || Promise.resolve();
    const next = prev.then(fn, fn);
    state.queue.set(mid, next);
    next.finally(() => {
      if (state.queue.get(mid) === next) state.queue.delete(mid);
    });
    return next;
  }

  function save(mid, board, result) {
    const k = key(mid, board);
    const m0 = state.matches.get(mid);
    setCell(k, { state: "saving", value: result });
    redrawMatch(mid);
    return enqueue(mid, async () => {
      const m = state.matches.get(mid);
      try {
        const res = await api(`tournaments/${tid}/rounds/${n}/matches/${mid}/boards/${board}`,
          { method: "PUT", body: { result }, ifMatch: m.etag });
        state.matches.set(mid, res.data);
        state.rnd.matches = state.rnd.matches.map((x) => (x.id === mid ? res.data : x));
        state.rnd.state = afterResult(state.rnd.state);
        setCell(k, { state: "saved" });
        slot.clear(); // the latest entry went through: an older refusal no longer applies
        announce.textContent = t("savedCell", { table: m0.table, board, result: resultText(result) || t("noResult") });
        redrawMatch(mid);
      } catch (err) {
        setCell(k, null);
        if (err.status === 412) {
          await stale(mid, board, err);
          return;
        }
        setCell(k, { state: "error" });
        slot.problem(err, { context: t("boardRefused", { table: m0.table, board }) });
        redrawMatch(mid);
      }
    });
  }

  async function forfeitDialog(m) {
    const choice = await forfeitChoice(m);
    if (choice === null) return;
    const body = choice === "none" ? { results: m.boards.map((b) => b.result) } : { forfeit: choice };
    await enqueue(m.id, () => act(null, slot, async () => {
      const cur = state.matches.get(m.id);
      try {
        const res = await api(`tournaments/${tid}/rounds/${n}/matches/${m.id}`, { method: "PUT", body, ifMatch: cur.etag });
        state.matches.set(m.id, res.data);
        state.rnd.matches = state.rnd.matches.map((x) => (x.id === m.id ? res.data : x));
        redrawMatch(m.id);
        announce.textContent = t("forfeitSaved", { table: m.table });
      } catch (err) {
        if (err.status === 412) await stale(m.id, null, err);
        else throw err;
      }
    }));
    grid.querySelector(`button[data-forfeit="${m.id}"]`)?.focus();
  }

  function forfeitChoice(m) {
    return new Promise((resolve) => {
      const opts = [["none", t("forfeitNone")], ["first", t("forfeitAbsent", { team: m.first.name })],
        ["second", t("forfeitAbsent", { team: m.second.name })], ["both", t("staffForfeitBoth")]];
      const current = m.forfeit || "none";
      const radios = opts.map(([v, label]) => h("p", { class: "check" },
        h("input", { type: "radio", name: "forfeit", id: `ff-${v}`, value: v, checked: v === current }),
        h("label", { for: `ff-${v}` }, label)));
      const ok = h("button", { type: "submit", class: "danger" }, t("saveForfeit"));
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

  // ------------------------------------------------------------ keyboard

  const cells = () => [...grid.querySelectorAll("td.rc")];

  function focusCell(td) {
    if (!td) return;
    for (const c of grid.querySelectorAll('td.rc[tabindex="0"]')) c.tabIndex = -1;
    td.tabIndex = 0;
    state.active = td.dataset.key;
    td.focus();
  }

  grid.addEventListener("focusin", (ev) => {
    const td = ev.target.closest?.("td.rc");
    if (td && state.active !== td.dataset.key) focusCell(td);
  });

  grid.addEventListener("keydown", (ev) => {
    const td = ev.target.closest?.("td.rc");
    if (!td || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const all = cells();
    const i = all.indexOf(td);
    const mid = Number(td.dataset.match);
    const board = Number(td.dataset.board);
    const firstOf = (dir) => {
      const ids = [...new Set(all.map((c) => c.dataset.match))];
      const j = ids.indexOf(td.dataset.match) + dir;
      return j >= 0 && j < ids.length ? all.find((c) => c.dataset.match === ids[j]) : null;
    };
    let target = null;
    switch (ev.key) {
      case "ArrowDown": case "Enter": target = all[i + 1]; break;
      case "ArrowUp": target = all[i - 1]; break;
      case "ArrowRight": target = firstOf(1); break;
      case "ArrowLeft": target = firstOf(-1); break;
      case "Home": target = all[0]; break;
      case "End": target = all[all.length - 1]; break;
      case "Delete": case "Backspace":
        ev.preventDefault();
        if (can(access, "results.write")) save(mid, board, null);
        return;
      default:
        if (ev.key in KEYS) {
          ev.preventDefault();
          if (!can(access, "results.write")) return;
          const next = (all[i + 1] || td).dataset.key;
          save(mid, board, KEYS[ev.key]);
          focusCell(grid.querySelector(`td.rc[data-key="${next}"]`));
        }
        return;
    }
    ev.preventDefault();
    if (target) focusCell(target);
  });

  // ------------------------------------------------------------ page

  function draw() {
    if (!open() && !isCompleted(state.rnd.state)) {
      fill(box, h("p", { class: "s-note" }, t("notOpenForResults", { n })),
        h("p", {}, h("a", { href: staffHref(tid, `round/${n}`) }, t("toRound", { n }))));
      return;
    }
    const complete = h("button", { type: "button", class: "primary", id: "complete",
      onclick: (ev) => act(ev.currentTarget, slot, async () => {
        state.rnd = await post(`tournaments/${tid}/rounds/${n}/complete`);
        state.matches = new Map(state.rnd.matches.map((m) => [m.id, m]));
        draw();
        slot.ok(t("roundCompleted", { n }));
        box.querySelector(".okmsg")?.setAttribute("tabindex", "-1");
        box.querySelector(".okmsg")?.focus();
      }) }, t("completeRound"));
    const byes = state.rnd.matches.filter((m) => m.pab);
    drawGrid();
    fill(box,
      h("div", { class: "keys", id: "keys-help" }, h("strong", {}, t("keysTitle")), " ",
        ...[["1", "1-0"], ["0", "0-1"], ["=", "½-½"], ["+", "+/−"], ["-", "−/+"], ["*", "−/−"], ["Del", t("keyClear")],
          ["↑↓", t("keyMove")], ["←→", t("keyMatch")]]
          .map(([k, what]) => h("span", { class: "key" }, h("kbd", {}, k), ` ${what}`))),
      slot.el, progress, liveLine, announce,
      h("div", { class: "scroll grid-wrap" }, grid),
      byes.length ? h("p", { class: "muted" }, byes.map((m) => t("staffByeText", { team: m.first.name })).join(" · ")) : null,
      h("p", { class: "buttons flow" },
        open() && can(access, "round.complete") ? complete : null,
        h("a", { class: "button", href: staffHref(tid, `round/${n}`) }, t("toRound", { n })),
        h("a", { class: "button", href: staffHref(tid, `print/slips/${n}`) }, t("printSlips")),
        isCompleted(state.rnd.state) ? h("a", { class: "button", href: `#/t/${tid}/standings?after=${n}` },
          t("publicStandings")) : null));
  }

  function applyMatch(m) {
    if (state.queue.has(m.id)) return; // our own save is on its way; its answer wins
    const old = state.matches.get(m.id);
    if (old && old.etag === m.etag) return;
    state.matches.set(m.id, m);
    state.rnd.matches = state.rnd.matches.map((x) => (x.id === m.id ? m : x));
    for (const b of m.boards) {
      const k = key(m.id, b.board);
      if (state.cell.get(k)?.state !== "error") setCell(k, null);
    }
    state.flash.add(m.id);
    redrawMatch(m.id);
    setTimeout(() => {
      state.flash.delete(m.id);
      grid.querySelector(`tbody[data-match="${m.id}"] tr.mhead`)?.classList.remove("flash");
    }, 1500);
  }

  await load();
  draw();
  const stop = follow(tid, {
    onEvent: (type, data) => {
      if (type === "match" && data.round === n && data.match) applyMatch(data.match);
      else if (type === "round" && data.round === n && data.state !== state.rnd.state) {
        load().then(() => keepingFocus(box, draw)).catch(() => {});
      }
    },
    poll: async () => {
      if (state.queue.size) return;
      const res = await api(`tournaments/${tid}/rounds/${n}`, { ifNoneMatch: state.etag });
      if (res.notModified || !ctx.alive()) return;
      state.etag = res.etag;
      if (res.data.state !== state.rnd.state) {
        state.rnd = res.data;
        state.matches = new Map(res.data.matches.map((m) => [m.id, m]));
        keepingFocus(box, draw);
        return;
      }
      for (const m of res.data.matches) applyMatch(m);
    },
    onMode: (mode) => {
      liveLine.textContent = t(`live_${mode}`);
      liveLine.dataset.mode = mode;
    },
  });
  ctx.onLeave(stop);
  return [heading(t("resultsOf", { n })), roundNav(ctx, rounds, n, "results"), box];
}
