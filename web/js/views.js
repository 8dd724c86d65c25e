// The public views. Each takes a route context {tid, params, query, seq, isCurrent, onLeave} and returns
// the nodes of <main> (or null after a redirect). Live views keep themselves up to date through lib/live.js.

import { Problem, getAll, getConditional, getJson } from "./lib/http.js";
import {
  ACTIVE_STATES, colourChip, downloads, heading, link, playerLink, rounds, stateBadge, statusNote, tHref, teamLink,
  tournament, zoneOf,
} from "./common.js";
import { h, name, scrollTable, vh } from "./dom.js";
import {
  boardSides, dateRange, dateTime, num, numberToPts, pts, resultSides, sidePoints, time,
} from "./lib/format.js";
import { fold, sortByName } from "./elot743.js";
import { t, tiebreakName } from "./i18n/index.js";
import { POLL_MS, follow } from "./lib/live.js";

/** Poll interval while a round waits for its pairings, and of the standings. */
const WAIT_POLL_MS = POLL_MS * 4;
const GROUP_TIEBREAKS = /^(DE|DE-ALLMET|EDE|EDET|EDEB|EDEBT|EDEBB|TBR|BBE)(?=$|[:/])/;
const SCORE_CODES = new Set(["MPTS", "GPTS"]);

// ---------------------------------------------------------------- home: the tournaments

function tournamentStatus(x) {
  const total = x.rules?.rounds;
  if (x.status === "running" && x.current_round) {
    return `${t("status_running")} · ${t("roundOf", { n: x.current_round, total: total ?? "?" })}`;
  }
  return t(`status_${x.status || "upcoming"}`);
}

export async function viewHome() {
  const list = await getAll("tournaments");
  if (list.length === 1) {
    location.replace(tHref(list[0].id));
    return null;
  }
  document.title = t("tournaments");
  return [
    heading(t("tournaments")),
    list.length ? h("ul", { class: "plain tournaments" }, ...list.map((x) => h("li", {},
      h("a", { href: tHref(x.id), class: "tname" }, name(x.name)),
      h("span", { class: "muted small block" },
        x.city ? [name(x.city), " · "] : null, dateRange(x.start_date, x.end_date), " · ",
        h("span", { class: `badge status-${x.status || "upcoming"}` }, tournamentStatus(x)))))) : h("p", {}, t("noTournaments")),
  ];
}

// ---------------------------------------------------------------- the tournament

export async function viewOverview({ tid }) {
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  const zone = zoneOf(tour);
  document.title = tour.name;
  const facts = [
    [t("venue"), tour.venue ? name(tour.venue) : null],
    [t("city"), tour.city ? name(tour.city) : null],
    [t("dates"), dateRange(tour.start_date, tour.end_date)],
    [t("chiefArbiter"), tour.chief_arbiter ? name(tour.chief_arbiter) : null],
    [t("timeControl"), tour.rules?.time_control || null],
    [t("boards"), tour.rules?.boards ?? null],
  ].filter(([, v]) => v !== null && v !== "");
  const table = h("table", { class: "schedule" },
    h("caption", {}, t("scheduleCaption", { zone: zone || Intl.DateTimeFormat().resolvedOptions().timeZone })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("round")), h("th", { scope: "col" }, t("start")),
      h("th", { scope: "col" }, t("status")))),
    h("tbody", {}, ...rs.map((r) => h("tr", { class: r.state === "in_progress" ? "current" : null },
      h("th", { scope: "row" }, link(tHref(tid, `/r/${r.number}`), t("roundN", { n: r.number }))),
      h("td", {}, dateTime(r.scheduled_start, zone)),
      h("td", {}, stateBadge(r.state))))));
  const running = rs.find((r) => r.state === "in_progress") || rs.find((r) => r.state === "published");
  const lastDone = [...rs].reverse().find((r) => r.state === "completed");
  return [
    heading(name(tour.name)),
    running || lastDone ? h("p", { class: "cta" },
      running ? h("a", { href: tHref(tid, `/r/${running.number}`), class: "live-link" },
        h("span", { class: "dot", "aria-hidden": "true" }), `${t("roundN", { n: running.number })}: ${t(`state_${running.state}`)}`)
        : null,
      lastDone ? h("a", { href: tHref(tid, "/standings") }, t("standingsAfter", { n: lastDone.number })) : null) : null,
    h("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    scrollTable(table, t("schedule")),
    downloads([["trfFile", `tournaments/${tid}/export/trf`], ["standingsCsv", `tournaments/${tid}/export/standings.csv`]]),
  ];
}

/** The round to open from "Rounds": the one in progress, else the last published, else round 1. */
export async function viewRoundsIndex({ tid }) {
  const rs = await rounds(tid);
  const open = rs.find((r) => r.state === "in_progress")
    || [...rs].reverse().find((r) => ACTIVE_STATES.has(r.state) || r.state === "completed")
    || rs[0];
  location.replace(tHref(tid, open ? `/r/${open.number}` : ""));
  return null;
}

// ---------------------------------------------------------------- a round

function roundPicker(tid, rs, current, team) {
  const q = team ? `?team=${team}` : "";
  return h("nav", { class: "picker", "aria-label": t("rounds") }, h("ul", {}, ...rs.map((r) => h("li", {},
    h("a", {
      href: tHref(tid, `/r/${r.number}${q}`), "aria-current": r.number === current ? "page" : null,
      class: `st-${r.state}`, title: t(`state_${r.state}`),
    }, String(r.number), vh(` (${t(`state_${r.state}`)})`))))));
}

function playerCell(tid, p, isWhite, side) {
  if (!p) return h("td", { class: `pl ${side}` }, h("span", { class: "muted" }, t("none")));
  const rating = p.fide_rating ?? p.national_rating;
  const cut = p.name.indexOf(", ");
  const [sur, first] = cut > 0 ? [p.name.slice(0, cut + 1), p.name.slice(cut + 2)] : [p.name, ""];
  const chip = colourChip(isWhite);
  return h("td", { class: `pl ${side}` },
    h("a", { class: "pn", href: tHref(tid, `/player/${p.id}`), lang: name(p.name).getAttribute("lang") },
      p.title ? h("abbr", { class: "title" }, `${p.title} `) : null,
      h("span", { class: "sn" }, sur), first ? [" ", h("span", { class: "fn" }, first)] : null),
    h("span", { class: "meta" }, side === "a" ? [chip, " "] : null, rating ? h("span", { class: "rtg" }, String(rating)) : null,
      side === "b" ? [" ", chip] : null));
}

function matchScore(m) {
  if (m.score && m.score.length === 2) return { text: `${pts(m.score[0])}–${pts(m.score[1])}`, final: true };
  let a = 0;
  let b = 0;
  let any = false;
  for (const bd of m.boards) {
    const s = boardSides(bd, m.forfeit);
    if (!s) continue;
    any = true;
    a += sidePoints(s[0]);
    b += sidePoints(s[1]);
  }
  return { text: any ? `${numberToPts(a)}–${numberToPts(b)}` : "–", final: false };
}

const matchHref = (tid, n, m, team) => tHref(tid, `/r/${n}?${team ? `team=${team}&` : ""}table=${m.table}`);

/** One row of the compact list: table, first team, match score, second team (chess-results' team pairings). */
function pairingRow(tid, n, m, team) {
  const id = `p-${m.table}`;
  const tbl = h("th", { scope: "row", class: "num" }, h("a", { href: matchHref(tid, n, m, team) }, String(m.table)));
  if (m.pab || !m.second) {
    const gp = m.score?.[0];
    return h("tr", { id, class: "pab", dataset: { etag: m.etag || "" } }, tbl,
      h("td", { class: "tm a" }, teamLink(tid, m.first)),
      h("td", { class: "res" }, gp ? pts(gp) : ""),
      h("td", { class: "tm b muted" }, t("bye")));
  }
  const score = matchScore(m);
  return h("tr", { id, dataset: { etag: m.etag || "" } }, tbl,
    h("td", { class: "tm a" }, teamLink(tid, m.first)),
    h("td", { class: `res${score.final ? "" : " provisional"}` }, score.text,
      m.forfeit ? h("span", { class: "ff", title: m.forfeit === "both" ? t("forfeitBoth")
        : t("forfeitBy", { team: (m.forfeit === "first" ? m.first : m.second).name }) }, " ✱") : null),
    h("td", { class: "tm b" }, teamLink(tid, m.second)));
}

function pairingTable(tid, n, matches, team) {
  return h("table", { class: "pairings", id: "pairings" },
    h("caption", {}, t("pairingsCaption", { n })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("table") }, "#")),
      h("th", { scope: "col" }, t("team")),
      h("th", { scope: "col", class: "res" }, h("abbr", { title: t("matchScore") }, t("scoreAbbr"))),
      h("th", { scope: "col", class: "b" }, t("team")))),
    h("tbody", {}, ...matches.map((m) => pairingRow(tid, n, m, team))));
}

function renderMatch(tid, m) {
  const id = `m-${m.table}`;
  if (m.pab || !m.second) {
    const gp = m.score?.[0];
    return h("section", { class: "match pab", id, dataset: { etag: m.etag || "" } },
      h("h3", {}, t("tableN", { n: m.table })),
      h("p", {}, teamLink(tid, m.first), ": ", t("bye"), gp ? ` (${pts(gp)})` : ""));
  }
  const score = matchScore(m);
  const forfeitNote = m.forfeit === "both" ? t("forfeitBoth")
    : m.forfeit ? t("forfeitBy", { team: (m.forfeit === "first" ? m.first : m.second).name }) : null;
  const rows = m.boards.map((b) => {
    const sides = boardSides(b, m.forfeit);
    const firstWhite = b.white === "first";
    return h("tr", {},
      h("th", { scope: "row", class: "bd" }, String(b.board)),
      playerCell(tid, b.first_player, firstWhite, "a"),
      h("td", { class: `res${sides ? "" : " open"}` },
        sides ? `${sides[0]}–${sides[1]}` : h("span", { title: t("pending") }, "…", vh(t("pending")))),
      playerCell(tid, b.second_player, !firstWhite, "b"));
  });
  const table = h("table", { class: "boards", "aria-describedby": forfeitNote ? `${id}-note` : null },
    h("caption", {}, t("tableN", { n: m.table }), vh(`: ${m.first.name} ${score.text} ${m.second.name}`)),
    h("colgroup", {}, h("col", { class: "c-bd" }), h("col", { class: "c-pl" }), h("col", { class: "c-res" }),
      h("col", { class: "c-pl" })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "bd" }, h("abbr", { title: t("board") }, t("boardAbbr"))),
      h("th", { scope: "col", class: "tm a" }, teamLink(tid, m.first), h("span", { class: "tpn" }, ` (${m.first.tpn})`)),
      h("th", { scope: "col", class: `res score${score.final ? "" : " provisional"}` }, vh(`${t("matchScore")}: `),
        score.text),
      h("th", { scope: "col", class: "tm b" }, teamLink(tid, m.second), h("span", { class: "tpn" }, ` (${m.second.tpn})`)))),
    h("tbody", {}, ...rows));
  return h("section", { class: "match", id, dataset: { etag: m.etag || "" } },
    forfeitNote ? h("p", { class: "note", id: `${id}-note` }, forfeitNote) : null,
    table);
}

function liveLine(zone) {
  return h("p", { class: "live", id: "live" },
    h("span", { class: "dot", "aria-hidden": "true" }), h("strong", {}, t("live")), " · ",
    h("span", { id: "updated", role: "status" }, t("lastUpdated", { time: time(new Date(), zone) })),
    " ", h("span", { id: "checked", class: "muted" }, ""));
}

const hasTeam = (m, team) => m.first?.id === team || m.second?.id === team;

function teamFilter(tid, n, rnd, team) {
  const teams = sortByName(rnd.matches.flatMap((m) => [m.first, m.second]).filter(Boolean), (x) => x.name);
  if (!teams.length) return null;
  const select = h("select", { id: "team-filter", name: "team" },
    h("option", { value: "" }, t("allTeams")),
    ...teams.map((x) => h("option", { value: String(x.id), selected: x.id === team ? "" : null }, x.name)));
  const go = () => {
    location.hash = tHref(tid, `/r/${n}${select.value ? `?team=${select.value}` : ""}`);
  };
  select.addEventListener("change", go);
  return h("form", { class: "filter", role: "search", onsubmit: (ev) => { ev.preventDefault(); go(); } },
    h("label", { for: "team-filter" }, `${t("filterTeam")}: `), select,
    h("button", { type: "submit" }, t("filterApply")));
}

export async function viewRound(ctx) {
  const { tid, query, isCurrent } = ctx;
  const n = Number(ctx.params.n);
  const team = Number(query.get("team")) || null;
  const [tour, rs, first] = await Promise.all([
    tournament(tid), rounds(tid), getConditional(`tournaments/${tid}/rounds/${n}`, null)]);
  const zone = zoneOf(tour);
  const rnd = first.data;
  document.title = `${t("roundN", { n })} · ${tour.name}`;
  const shown = team ? rnd.matches.filter((m) => hasTeam(m, team)) : rnd.matches;
  const teamName = team ? rnd.matches.flatMap((m) => [m.first, m.second]).find((x) => x?.id === team)?.name : null;
  const matches = h("div", { class: "matches", id: "matches" },
    ...(shown.length ? shown.map((m) => renderMatch(tid, m)) : [h("p", {}, t("notPublished"))]));
  const active = ACTIVE_STATES.has(rnd.state);
  const out = [
    roundPicker(tid, rs, n, team),
    heading(t("roundN", { n }), " ", h("span", { id: "round-state" }, stateBadge(rnd.state))),
    h("p", { class: "muted" }, `${t("start")}: ${dateTime(rnd.scheduled_start, zone)}`),
    active ? liveLine(zone) : null,
    active ? h("p", { class: "muted small", id: "provisional" }, t("provisionalNote")) : null,
    rnd.matches.length ? teamFilter(tid, n, rnd, team) : null,
    team ? h("p", { class: "small" }, t("filterNote", { team: teamName || "?" }), " ",
      link(tHref(tid, `/r/${n}`), t("showAll"))) : null,
    shown.length ? scrollTable(pairingTable(tid, n, shown, team), t("pairings")) : null,
    shown.length ? h("h2", {}, t("boardByBoard")) : null,
    matches,
    rnd.matches.length ? downloads([["pairingsCsv", `tournaments/${tid}/export/pairings.csv?round=${n}`]]) : null,
  ];
  if (rnd.state !== "completed") {
    if (!active) out.splice(3, 0, h("p", { class: "muted small" }, t("waiting")));
    ctx.onLeave(followRound(tid, n, first.etag, zone, team, isCurrent, active));
  }
  return out;
}

/**
 * Keep the round on screen up to date: the event stream when the server has one, else polling
 * with If-None-Match (every POLL_MS while the round is played, WAIT_POLL_MS while it waits for its
 * pairings), backing off on errors and on 503/429 as Retry-After asks. Returns stop().
 */
function followRound(tid, n, etag, zone, team, isCurrent, active) {
  let known = etag;
  const refresh = async () => {
    const res = await getConditional(`tournaments/${tid}/rounds/${n}`, known);
    if (!isCurrent() || res.notModified) return;
    known = res.etag;
    onRound(tid, res.data, zone, team, isCurrent);
  };
  const checked = (text) => {
    const el = document.getElementById("checked");
    if (el) el.textContent = `(${text})`;
  };
  return follow(tid, {
    pollMs: active ? POLL_MS : WAIT_POLL_MS,
    onEvent: (type, data) => {
      if (!isCurrent()) return;
      if (type === "match" && data.round === n && data.match) {
        applyMatch(tid, n, data.match, team);
        stamp(zone);
      } else if (type === "round" && data.round === n) {
        refresh().catch(() => null);
      }
    },
    poll: refresh,
    onPolled: ({ error, delay }) => {
      if (!isCurrent()) return;
      if (!error) checked(t("checked", { time: time(new Date(), zone) }));
      else if (error instanceof Problem && (error.status === 503 || error.status === 429)) {
        checked(t("busyRetry", { s: Math.round(delay / 1000) }));
      } else checked(t("offline"));
    },
    done: () => !isCurrent() || Boolean(document.getElementById("round-state")?.querySelector(".state-completed")),
  });
}

function stamp(zone) {
  const updated = document.getElementById("updated");
  if (updated) updated.textContent = t("lastUpdated", { time: time(new Date(), zone) });
}

/** A newer version of the round on screen: redraw what changed, or the whole view when it changed state. */
function onRound(tid, rnd, zone, team, isCurrent) {
  const shownLive = Boolean(document.getElementById("live"));
  if (ACTIVE_STATES.has(rnd.state) !== shownLive && !(shownLive && rnd.state === "completed")) {
    window.dispatchEvent(new CustomEvent("teamswiss:rerender")); // published: show the pairings
    return;
  }
  if (!isCurrent()) return;
  const container = document.getElementById("matches");
  const shown = team ? rnd.matches.filter((m) => hasTeam(m, team)) : rnd.matches;
  if (!container) return;
  if (container.querySelectorAll(".match").length !== shown.length) {
    window.dispatchEvent(new CustomEvent("teamswiss:rerender"));
    return;
  }
  for (const m of shown) applyMatch(tid, rnd.number, m, team);
  document.getElementById("round-state")?.replaceChildren(stateBadge(rnd.state));
  if (rnd.state === "completed") document.getElementById("provisional")?.remove();
  stamp(zone);
}

/** Replace one match (card and compact row) in place when its ETag changed, keeping focus. */
function applyMatch(tid, n, m, team) {
  if (team && !hasTeam(m, team)) return;
  const old = document.getElementById(`m-${m.table}`);
  if (!old || (m.etag && old.dataset.etag === m.etag)) return;
  const focusedHref = old.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
  const fresh = renderMatch(tid, m);
  fresh.classList.add("changed");
  old.replaceWith(fresh);
  document.getElementById(`p-${m.table}`)?.replaceWith(pairingRow(tid, n, m, team));
  if (focusedHref) fresh.querySelector(`a[href="${focusedHref}"]`)?.focus();
}

// ---------------------------------------------------------------- standings and crosstable

function afterPicker(tid, done, after, section) {
  if (done.length < 2) return null;
  return h("nav", { class: "picker", "aria-label": t("rounds") }, h("ul", {}, ...done.map((d) => h("li", {},
    h("a", {
      href: tHref(tid, `/${section}?after=${d}`), "aria-current": d === after ? "page" : null,
      title: t("afterRound", { n: d }),
    }, String(d), vh(` (${t("afterRound", { n: d })})`))))));
}

/** Byes apart from W-D-L; forfeit wins and losses, when any, in brackets: "1 (+1 −0)". */
function byesCell(r) {
  const byes = String(r.byes ?? 0);
  const fw = r.forfeit_wins ?? 0;
  const fl = r.forfeit_losses ?? 0;
  return fw || fl ? `${byes} (+${fw} −${fl})` : byes;
}

/** A tie-break cell: the value; for a group tie-break what decided inside the tied group, or "—". */
function tiebreakCell(code, tb) {
  if (!tb) return h("td", { class: "num tb" }, t("none"));
  const group = GROUP_TIEBREAKS.test(code);
  if (!group || tb.group === undefined) return h("td", { class: "num tb" }, pts(tb.value));
  if (tb.group <= 1) {
    return h("td", { class: "num tb muted", title: t("tbSeparated") }, t("none"), vh(` ${t("tbSeparated")}`));
  }
  if (tb.decisive === null || tb.decisive === undefined) {
    return h("td", { class: "num tb muted", title: `${t("tbNotApplied")} (${t("tbAmong", { n: tb.group })})` },
      t("none"), vh(` ${t("tbNotApplied")}`));
  }
  const where = tb.board ? (code.startsWith("BBE") ? t("tbTopBoards", { n: tb.board }) : t("tbBoard", { n: tb.board }))
    : null;
  return h("td", { class: "num tb", title: [t("tbAmong", { n: tb.group }), where].filter(Boolean).join(", ") },
    pts(tb.decisive),
    tb.board ? h("span", { class: "tbb" }, vh(" "), h("span", { "aria-hidden": "true" }, t("boardAbbr")), vh(`${where}`),
      h("span", { "aria-hidden": "true" }, tb.board)) : null);
}

export async function viewStandings(ctx) {
  const { tid, query, isCurrent } = ctx;
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  document.title = `${t("standings")} · ${tour.name}`;
  const done = rs.filter((r) => r.state === "completed").map((r) => r.number);
  ctx.onLeave(followStandings(tid, rs, isCurrent, query.has("after")));
  if (!done.length) return [heading(t("standings")), h("p", {}, t("noStandings"))];
  const asked = Number(query.get("after"));
  const after = done.includes(asked) ? asked : done[done.length - 1];
  const [st, teams] = await Promise.all([getJson(`tournaments/${tid}/standings?round=${after}`),
    getAll(`tournaments/${tid}/teams`).catch(() => [])]);
  const status = new Map(teams.map((x) => [x.id, x.status]));
  const codes = st.tiebreaks.filter((c) => !SCORE_CODES.has(c));
  const table = h("table", { class: "standings" },
    h("caption", {}, t("standingsAfter", { n: st.after_round })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "rk" }, h("abbr", { title: t("rank") }, t("rankAbbr"))),
      h("th", { scope: "col", class: "team" }, t("team")),
      h("th", { scope: "col", class: "num sc mp" }, h("abbr", { title: t("matchPoints") }, t("matchPointsAbbr"))),
      h("th", { scope: "col", class: "num sc gp" }, h("abbr", { title: t("gamePoints") }, t("gamePointsAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("wdlFull") }, t("wdl"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("byesFull") }, t("byesAbbr"))),
      ...codes.map((c) => h("th", { scope: "col", class: "num tb" }, h("abbr", { title: tiebreakName(c) }, c))))),
    h("tbody", {}, ...st.rows.map((r) => h("tr", { dataset: { team: r.team.id } },
      h("td", { class: "rk" }, `${r.rank}${r.tied ? "=" : ""}`),
      h("th", { scope: "row", class: "team" }, teamLink(tid, r.team), " ", statusNote(status.get(r.team.id)),
        r.team.club && !r.team.name.startsWith(r.team.club) ? h("span", { class: "club" }, name(r.team.club)) : null),
      h("td", { class: "num sc mp" }, pts(r.mp)),
      h("td", { class: "num sc gp" }, pts(r.gp)),
      h("td", { class: "num" }, `${r.won}-${r.drawn}-${r.lost}`),
      h("td", { class: "num" }, byesCell(r)),
      ...codes.map((c) => tiebreakCell(c, r.tiebreaks.find((x) => x.code === c)))))));
  const legend = h("ol", { class: "legend" }, ...st.tiebreaks.map((c) => h("li", {},
    h("strong", { class: "code" }, c), " ", tiebreakName(c),
    SCORE_CODES.has(c) ? h("span", { class: "muted" }, ` (${c === "MPTS" ? t("matchPointsAbbr") : t("gamePointsAbbr")})`)
      : null)));
  return [
    heading(t("standings")),
    afterPicker(tid, done, after, "standings"),
    scrollTable(table, t("standingsAfter", { n: st.after_round })),
    st.rows.some((r) => r.tied) ? h("p", { class: "muted small" }, t("tiedNote")) : null,
    h("p", { class: "noprint" }, link(tHref(tid, `/crosstable?after=${after}`), t("crosstableAfter", { n: after }))),
    h("h2", {}, t("tiebreaks")),
    legend,
    h("p", { class: "muted small" }, t("mpGpNote")),
    codes.some((c) => GROUP_TIEBREAKS.test(c)) ? h("p", { class: "muted small" }, t("groupNote2")) : null,
    downloads([["standingsCsv", `tournaments/${tid}/export/standings.csv`]]),
  ];
}

/**
 * New standings appear by themselves while a round is played: on the stream's "standings" event,
 * or (polling) when the list of completed rounds changes. Only the latest standings follow.
 * Returns stop(), or null when nothing can change.
 */
function followStandings(tid, rs, isCurrent, pinned) {
  if (pinned || !rs.some((r) => r.state !== "completed")) return null;
  const doneKey = (list) => list.filter((r) => r.state === "completed").map((r) => r.number).join(",");
  const seen = doneKey(rs);
  const rerender = () => window.dispatchEvent(new CustomEvent("teamswiss:rerender"));
  return follow(tid, {
    pollMs: WAIT_POLL_MS,
    onEvent: (type) => {
      if (isCurrent() && type === "standings") rerender();
    },
    poll: async () => {
      const list = await getAll(`tournaments/${tid}/rounds`);
      if (isCurrent() && doneKey(list) !== seen) rerender();
    },
    done: () => !isCurrent(),
  });
}

/** One crosstable cell: colour, the opponent's rank (starting number on hover) and the match score. */
function crossCell(tid, x, rankOf) {
  if (x.outcome === "pab") return h("td", { class: "x" }, t("outcome_pab"), " ", h("span", { class: "xs" }, pts(x.score)));
  if (!x.opponent) return h("td", { class: "x muted" }, t(`outcome_${x.outcome}`));
  const [a, b] = String(x.score || "").split("-");
  const rank = rankOf.get(x.opponent.id);
  return h("td", { class: "x" },
    x.colour ? colourChip(x.colour === "W") : null, " ",
    h("a", {
      href: tHref(tid, `/team/${x.opponent.id}`),
      title: `${x.opponent.name} · ${t("tpnN", { n: x.opponent.tpn ?? "?" })}`,
      dataset: { tpn: x.opponent.tpn ?? "" },
    }, String(rank ?? "?"), vh(` (${t("rankN", { n: rank ?? "?" })}, ${t("tpnN", { n: x.opponent.tpn ?? "?" })}: ${x.opponent.name})`)),
    " ", h("span", { class: "xs" }, x.outcome === "played" ? `${pts(a)}–${pts(b)}`
      : `${x.outcome === "forfeit_win" ? "+" : "−"} ${pts(a)}–${pts(b)}`));
}

export async function viewCrosstable({ tid, query }) {
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  document.title = `${t("crosstable")} · ${tour.name}`;
  const done = rs.filter((r) => r.state === "completed").map((r) => r.number);
  if (!done.length) return [heading(t("crosstable")), h("p", {}, t("noStandings"))];
  const asked = Number(query.get("after"));
  const after = done.includes(asked) ? asked : done[done.length - 1];
  const [ct, st] = await Promise.all([getJson(`tournaments/${tid}/crosstable?round=${after}`),
    getJson(`tournaments/${tid}/standings?round=${after}`)]);
  const byTeam = new Map(st.rows.map((r) => [r.team.id, r]));
  const rankOf = new Map(st.rows.map((r) => [r.team.id, r.rank]));
  const numbers = done.filter((d) => d <= after);
  const table = h("table", { class: "cross" },
    h("caption", {}, t("crosstableAfter", { n: after })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("rank") }, t("rankAbbr"))),
      h("th", { scope: "col" }, t("team")),
      ...numbers.map((n) => h("th", { scope: "col" }, h("abbr", { title: t("roundN", { n }) }, String(n)))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("matchPoints") }, t("matchPointsAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("gamePoints") }, t("gamePointsAbbr"))))),
    h("tbody", {}, ...ct.rows.map((row) => {
      const r = byTeam.get(row.team.id);
      return h("tr", { dataset: { team: row.team.id } },
        h("td", { class: "num" }, r ? `${r.rank}${r.tied ? "=" : ""}` : ""),
        h("th", { scope: "row" }, teamLink(tid, row.team),
          h("span", { class: "tpn muted small", title: t("tpn") }, ` (${row.team.tpn})`)),
        ...numbers.map((n) => {
          const x = row.rounds.find((y) => y.round === n);
          return x ? crossCell(tid, x, rankOf) : h("td", {}, t("none"));
        }),
        h("td", { class: "num" }, r ? pts(r.mp) : ""),
        h("td", { class: "num" }, r ? pts(r.gp) : ""));
    })));
  return [
    heading(t("crosstable")),
    afterPicker(tid, done, after, "crosstable"),
    scrollTable(table, t("crosstableAfter", { n: after })),
    h("p", { class: "muted small" }, t("crosstableNote2")),
  ];
}

// ---------------------------------------------------------------- teams

export async function viewTeams({ tid, query }) {
  const [tour, teams, ranking] = await Promise.all([
    tournament(tid), getAll(`tournaments/${tid}/teams`),
    getJson(`tournaments/${tid}/ranking`).catch(() => ({ rows: [] }))]);
  document.title = `${t("teams")} · ${tour.name}`;
  const avg = new Map(ranking.rows.map((r) => [r.team_id, r.average]));
  const shown = teams.filter((x) => x.status !== "waitlisted");
  const alpha = query.get("order") === "alpha";
  const ordered = alpha ? sortByName(shown, (x) => x.name)
    : [...shown].sort((a, b) => (a.tpn ?? 1e9) - (b.tpn ?? 1e9) || a.id - b.id);
  const table = h("table", { class: "teams" },
    h("caption", {}, `${t("teams")} (${alpha ? t("alphabetical") : t("startingRank")})`),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("tpn") }, t("tpnAbbr"))),
      h("th", { scope: "col" }, t("team")),
      h("th", { scope: "col" }, t("club")),
      h("th", { scope: "col", class: "num" }, t("average")))),
    h("tbody", {}, ...ordered.map((x) => h("tr", {},
      h("td", { class: "num" }, x.tpn ?? t("none")),
      h("th", { scope: "row" }, teamLink(tid, x), " ", statusNote(x.status)),
      h("td", {}, name(x.club_name)),
      h("td", { class: "num" }, avg.has(x.id) ? num(avg.get(x.id)) : t("none"))))));
  return [
    heading(t("teams")),
    h("nav", { class: "picker wide", "aria-label": t("order") }, h("ul", {},
      h("li", {}, h("a", { href: tHref(tid, "/teams"), "aria-current": alpha ? null : "page" }, t("startingRank"))),
      h("li", {}, h("a", { href: tHref(tid, "/teams?order=alpha"), "aria-current": alpha ? "page" : null },
        t("alphabetical"))))),
    scrollTable(table, t("teams")),
  ];
}

export async function viewTeam({ tid, params, query }) {
  const teamId = Number(params.id);
  const [tour, team, roster, results, rs] = await Promise.all([
    tournament(tid), getJson(`tournaments/${tid}/teams/${teamId}`),
    getJson(`tournaments/${tid}/teams/${teamId}/roster`), getJson(`tournaments/${tid}/teams/${teamId}/results`),
    rounds(tid)]);
  document.title = `${team.name} · ${tour.name}`;
  const highlight = Number(query.get("player")) || null;
  const rosterTable = h("table", { class: "roster" },
    h("caption", {}, t("roster")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("board") }, t("boardAbbr"))),
      h("th", { scope: "col" }, t("player")),
      h("th", { scope: "col", class: "num" }, t("fideRating")),
      h("th", { scope: "col", class: "num" }, t("nationalRating")),
      h("th", { scope: "col", class: "num" }, t("fideId")))),
    h("tbody", {}, ...roster.players.map((e) => h("tr", {
      id: `p-${e.player.id}`, class: e.player.id === highlight ? "hl" : null,
    },
      h("td", { class: "num" }, e.board),
      h("th", { scope: "row" }, e.player.title ? `${e.player.title} ` : "", playerLink(tid, e.player)),
      h("td", { class: "num" }, e.player.fide_rating ?? t("none")),
      h("td", { class: "num" }, e.player.national_rating ?? t("none")),
      h("td", { class: "num" }, e.player.fide_id ?? t("none"))))));

  const resultsTable = h("table", { class: "results" },
    h("caption", {}, t("results")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("round")),
      h("th", { scope: "col" }, t("opponent")),
      h("th", { scope: "col" }, h("abbr", { title: `${t("colourW")} / ${t("colourB")}` }, t("colour"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("gamePoints") }, t("gamePointsAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("matchPoints") }, t("matchPointsAbbr"))))),
    h("tbody", {}, ...results.rounds.map((r) => h("tr", {},
      h("th", { scope: "row" }, link(tHref(tid, `/r/${r.round}?team=${teamId}`), String(r.round),
        vh(` ${t("teamRoundLink", { n: r.round })}`))),
      h("td", {}, r.opponent ? teamLink(tid, r.opponent) : null,
        r.outcome !== "played" ? h("span", { class: "muted" }, `${r.opponent ? " · " : ""}${t(`outcome_${r.outcome}`)}`)
          : null),
      h("td", {}, r.colour ? colourChip(r.colour === "W") : t("none")),
      h("td", { class: "num" }, r.game_points === null ? t("none")
        : r.opponent_game_points !== null ? `${pts(r.game_points)}–${pts(r.opponent_game_points)}` : pts(r.game_points)),
      h("td", { class: "num" }, r.match_points === null ? t("none") : pts(r.match_points))))),
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: "3" }, t("total")),
      h("td", { class: "num" }, pts(results.game_points)),
      h("td", { class: "num" }, pts(results.match_points)))));

  const games = await teamGames(tid, teamId, rs, roster);
  const running = rs.find((r) => ACTIVE_STATES.has(r.state));
  return [
    heading(name(team.name), " ", statusNote(team.status)),
    h("dl", { class: "facts" },
      h("dt", {}, t("club")), h("dd", {}, name(team.club_name)),
      h("dt", {}, t("tpn")), h("dd", {}, team.tpn ?? t("none"))),
    running ? h("p", { class: "cta" }, h("a", { href: tHref(tid, `/r/${running.number}?team=${teamId}`) },
      t("teamRoundLink", { n: running.number }))) : null,
    scrollTable(rosterTable, t("roster")),
    results.rounds.length ? scrollTable(resultsTable, t("results")) : null,
    games,
  ];
}

/** A player x round grid of this team's games (board, colour, result), from the published rounds. */
async function teamGames(tid, teamId, rs, roster) {
  const published = rs.filter((r) => ACTIVE_STATES.has(r.state) || r.state === "completed");
  if (!published.length) return null;
  const data = await Promise.all(published.map((r) => getJson(`tournaments/${tid}/rounds/${r.number}`)));
  const players = new Map(roster.players.map((e) => [e.player.id, { p: e.player, board: e.board, games: {} }]));
  for (const rnd of data) {
    for (const m of rnd.matches) {
      const side = m.first?.id === teamId ? "first" : m.second?.id === teamId ? "second" : null;
      if (!side || !m.second) continue;
      for (const b of m.boards) {
        const p = side === "first" ? b.first_player : b.second_player;
        if (!p) continue;
        if (!players.has(p.id)) players.set(p.id, { p, board: 99, games: {} });
        const sides = boardSides(b, m.forfeit);
        const mine = sides ? sides[side === "first" ? 0 : 1] : null;
        const white = (b.white === "first") === (side === "first");
        players.get(p.id).games[rnd.number] = { board: b.board, white, mine };
      }
    }
  }
  const rows = [...players.values()].filter((x) => Object.keys(x.games).length)
    .sort((a, b) => a.board - b.board);
  if (!rows.length) return null;
  const table = h("table", { class: "games" },
    h("caption", {}, t("boardResults")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("player")),
      ...published.map((r) => h("th", { scope: "col", class: "num" },
        h("abbr", { title: t("roundN", { n: r.number }) }, String(r.number)))),
      h("th", { scope: "col", class: "num" }, t("total")))),
    h("tbody", {}, ...rows.map((x) => {
      let total = 0;
      const cells = published.map((r) => {
        const g = x.games[r.number];
        if (!g) return h("td", { class: "num muted" }, t("none"));
        total += g.mine ? sidePoints(g.mine) : 0;
        return h("td", { class: "num g" }, colourChip(g.white),
          h("span", {}, g.mine ?? "…"),
          h("span", { class: "gbd" }, vh(` ${t("board")} `), h("span", { "aria-hidden": "true" }, t("boardAbbr")), g.board));
      });
      return h("tr", {}, h("th", { scope: "row" }, playerLink(tid, x.p)), ...cells,
        h("td", { class: "num" }, numberToPts(total)));
    })));
  return scrollTable(table, t("boardResults"));
}

// ---------------------------------------------------------------- a player

/** The player's side of a board result, as the result column shows it: 1, ½, 0, +, −. */
function mySide(g) {
  const sides = resultSides(g.result);
  if (sides) return g.colour === "W" ? sides[0] : sides[1];
  if (g.outcome === "forfeit_win") return "+";
  if (g.outcome === "forfeit_loss" || g.outcome === "double_forfeit") return "−";
  return null;
}

function opponentLine(tid, g) {
  if (g.opponent) {
    const rating = g.opponent.fide_rating ?? g.opponent.national_rating;
    return [playerLink(tid, g.opponent), rating ? h("span", { class: "muted" }, ` (${rating})`) : null,
      g.opponent.team ? h("span", { class: "muted small block" }, name(g.opponent.team.name)) : null];
  }
  return g.opponent_team ? [h("span", { class: "muted small block" }, teamLink(tid, g.opponent_team))] : [];
}

function nextBox(tid, nx, zone) {
  const head = [h("strong", {}, t("roundN", { n: nx.round })), ": "];
  let body;
  if (nx.outcome === "pending") {
    body = [t("tableN", { n: nx.table }), ", ", t("boardN", { n: nx.board }), ", ", colourChip(nx.colour === "W"), " ",
      t(nx.colour === "W" ? "withWhite" : "withBlack"), " ", t("against"), " ",
      nx.opponent ? playerLink(tid, nx.opponent) : t("none"),
      nx.opponent?.team ? [" (", teamLink(tid, nx.opponent.team), ")"] : null];
  } else if (nx.outcome === "not_playing") {
    body = [t("nextNotPlaying", { table: nx.table }), " ", nx.opponent_team ? teamLink(tid, nx.opponent_team) : t("none")];
  } else {
    body = [t(nx.outcome === "pab" ? "nextBye" : "nextAbsent")];
  }
  return h("section", { class: "next", "aria-labelledby": "next-h" },
    h("h2", { id: "next-h" }, t("nextGame")),
    h("p", { class: "next-line" }, ...head, ...body),
    h("p", { class: "muted small" }, `${t(`nextState_${nx.state}`)} · ${t("start")}: ${dateTime(nx.scheduled_start, zone)}`,
      " · ", link(tHref(tid, `/r/${nx.round}?${nx.table ? `table=${nx.table}` : ""}`), t("roundN", { n: nx.round }))));
}

function scoreText(s) {
  if (!s.games) return t("noGames");
  return [h("strong", {}, t("scoreText", { points: pts(s.points), games: s.games })), " · ",
    `${num(s.percentage_display)}\u00a0%`, s.performance ? ` · ${t("performance")} ${s.performance}` : ""];
}

export async function viewPlayer({ tid, params }) {
  const pid = Number(params.id);
  const [tour, data] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/players/${pid}`)]);
  const zone = zoneOf(tour);
  const p = data.player;
  document.title = `${p.name} · ${tour.name}`;
  const facts = [
    [t("team"), data.team ? teamLink(tid, data.team) : null],
    [t("club"), data.club ? name(data.club.name) : null],
    [t("rosterBoard"), data.board ?? null],
    [t("fideRating"), p.fide_rating ?? null],
    [t("nationalRating"), p.national_rating ?? null],
    [t("fideId"), p.fide_id ?? null],
  ].filter(([, v]) => v !== null && v !== "");
  const games = h("table", { class: "pgames" },
    h("caption", {}, t("games_")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("round") }, t("roundAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: `${t("table")} / ${t("board")}` }, t("tableAbbr"))),
      h("th", { scope: "col" }, t("opponent")),
      h("th", { scope: "col", class: "res" }, h("abbr", { title: t("gameResult") }, "±")))),
    h("tbody", {}, ...data.rounds.map((g) => {
      const side = mySide(g);
      const note = t(`game_${g.outcome}`);
      return h("tr", { class: `o-${g.outcome}` },
        h("th", { scope: "row", class: "num" }, link(tHref(tid, `/r/${g.round}${g.table ? `?table=${g.table}` : ""}`),
          String(g.round))),
        h("td", { class: "num tb" }, g.table ?? t("none"),
          g.board ? h("span", { class: "muted small block" }, colourChip(g.colour === "W"), " ",
            h("span", { "aria-hidden": "true" }, `${t("boardAbbr")} `), vh(`${t("board")} `), g.board) : null),
        h("td", {}, ...opponentLine(tid, g), note ? h("span", { class: "muted small block" }, note) : null),
        h("td", { class: "res" }, side ?? (g.outcome === "pending" ? "…" : t("none"))));
    })));
  const s = data.score;
  return [
    heading(p.title ? h("abbr", { class: "title" }, `${p.title} `) : null, name(p.name)),
    h("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    data.next ? nextBox(tid, data.next, zone) : null,
    h("h2", {}, t("score"), s.after_round ? h("span", { class: "muted small" }, ` (${t("afterRoundShort", { n: s.after_round })})`) : null),
    h("p", { class: "score" }, scoreText(s)),
    s.boards.length > 1 ? h("ul", { class: "plain small" }, ...s.boards.map((b) => h("li", {},
      `${t("boardN", { n: b.board })}: `, scoreText(b)))) : null,
    h("p", { class: "muted small" }, t("statsNote")),
    data.rounds.length ? scrollTable(games, t("games_")) : h("p", {}, t("noGames")),
  ];
}

// ---------------------------------------------------------------- players and board statistics

function leadersList(tid, leaders, minGames) {
  const note = leaders.some((p) => p.provisional)
    ? h("p", { class: "muted small leaders-note" }, t("provisionalLeaders", { n: minGames })) : null;
  const byBoard = new Map();
  for (const p of leaders) {
    if (!byBoard.has(p.board)) byBoard.set(p.board, []);
    byBoard.get(p.board).push(p);
  }
  return [note, h("div", { class: "leaders-grid" }, ...[...byBoard.entries()].map(([board, list]) => h("section",
    { class: "leaders" },
    h("h3", {}, t("boardPrizesN", { n: board }), list[0].provisional
      ? [" ", h("span", { class: "badge provisional" }, t("provisional"))] : null),
    h("ol", { class: "prizes" }, ...list.map((p) => h("li", { value: p.place },
      h("strong", {}, `${p.place}${p.tied ? "=" : ""}. `), playerLink(tid, p.player),
      h("span", { class: "muted small block" }, name(p.team.name), ` · ${pts(p.points)}/${p.games} · `,
        `${num(p.percentage_display)}\u00a0%`, p.performance ? ` · ${t("perfAbbr")} ${p.performance}` : "")))))))];
}

export async function viewPlayers({ tid, query }) {
  const [tour, stats] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/board-stats`)]);
  document.title = `${t("players")} · ${tour.name}`;
  const boards = tour.rules?.boards || 4;
  const asked = Number(query.get("board")) || null;
  const board = asked && asked <= boards ? asked : null;
  const rows = stats.players.map((p) => {
    const line = board ? p.boards.find((b) => b.board === board) : p;
    return line ? { p, line } : null;
  }).filter((x) => x && (!board || x.line.games));
  const key = (x) => [x.line.games ? Number(x.line.points) / x.line.games : -1, x.line.games, x.line.performance ?? -1e9];
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return a.p.team.tpn - b.p.team.tpn || a.p.roster_board - b.p.roster_board;
  });
  const table = h("table", { class: "players" },
    h("caption", {}, board ? t("boardPrizesN", { n: board }) : t("allBoards"),
      stats.after_round ? ` · ${t("afterRoundShort", { n: stats.after_round })}` : ""),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("player")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("rosterBoard") }, t("boardAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("points") }, "Σ")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("games") }, t("gamesAbbr"))),
      h("th", { scope: "col", class: "num" }, t("percentage")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("performance") }, t("perfAbbr"))))),
    h("tbody", {}, ...rows.map(({ p, line }) => h("tr", {},
      h("th", { scope: "row" }, playerLink(tid, p.player), h("span", { class: "muted small block" }, name(p.team.name))),
      h("td", { class: "num" }, p.roster_board ?? t("none")),
      h("td", { class: "num" }, line.games ? pts(line.points) : t("none")),
      h("td", { class: "num" }, line.games),
      h("td", { class: "num" }, line.games ? num(line.percentage_display) : t("none")),
      h("td", { class: "num" }, line.performance ?? t("none"))))));
  const picks = [[null, t("allBoards")], ...Array.from({ length: boards }, (_, i) => [i + 1, String(i + 1)])];
  return [
    heading(t("playersTitle")),
    stats.leaders.length ? [h("h2", {}, t("boardLeaders")), leadersList(tid, stats.leaders, stats.min_games)] : null,
    h("h2", {}, t("players")),
    h("nav", { class: "picker wide", "aria-label": t("board") }, h("ul", {}, ...picks.map(([b, label]) => h("li", {},
      h("a", {
        href: tHref(tid, `/players${b ? `?board=${b}` : ""}`), "aria-current": b === board ? "page" : null,
        title: b ? t("boardPrizesN", { n: b }) : null,
      }, label))))),
    scrollTable(table, t("players")),
    h("p", { class: "muted small" }, t("statsNote")),
  ];
}

// ---------------------------------------------------------------- prizes

function prizeList(tid, entries, labelKey) {
  if (!entries.length) return null;
  return h("section", {}, h("h2", {}, t(labelKey)), h("ol", { class: "prizes" }, ...entries.map((e) =>
    h("li", { value: e.place },
      h("strong", {}, `${e.place}${e.tied ? "=" : ""}. `), teamLink(tid, e.team),
      e.players.length ? h("span", { class: "muted small block" }, ...e.players.flatMap((p, i) =>
        [i ? ", " : "", playerLink(tid, p)])) : null))));
}

export async function viewPrizes({ tid }) {
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  document.title = `${t("prizes")} · ${tour.name}`;
  if (!rs.some((r) => r.state === "completed")) {
    return [heading(t("prizes")), h("p", {}, t("noPrizesYet"))];
  }
  const [prizes, standings, teams, clubs] = await Promise.all([
    getJson(`tournaments/${tid}/prizes`), getJson(`tournaments/${tid}/standings`),
    getAll(`tournaments/${tid}/teams`), getAll("clubs")]);
  const unionClubs = new Set(clubs.filter((c) => c.union_member).map((c) => c.id));
  const unionTeams = new Set(teams.filter((x) => unionClubs.has(x.club_id)).map((x) => x.id));
  const unionRows = standings.rows.filter((r) => unionTeams.has(r.team.id));

  const minGames = tour.rules?.board_prize_min_games ?? 4;
  const byBoard = new Map();
  for (const p of prizes.boards) {
    if (!byBoard.has(p.board)) byBoard.set(p.board, []);
    byBoard.get(p.board).push(p);
  }
  const boardTables = [...byBoard.entries()].map(([board, list]) => scrollTable(h("table", { class: "bprize" },
    h("caption", {}, t("boardPrizesN", { n: board })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("place")),
      h("th", { scope: "col" }, t("player")),
      h("th", { scope: "col" }, t("team")),
      h("th", { scope: "col", class: "num" }, t("points")),
      h("th", { scope: "col", class: "num" }, t("games")),
      h("th", { scope: "col", class: "num" }, t("percentage")),
      h("th", { scope: "col", class: "num" }, t("performance")))),
    h("tbody", {}, ...list.map((p) => h("tr", {},
      h("td", { class: "num" }, `${p.place}${p.tied ? "=" : ""}`),
      h("th", { scope: "row" }, playerLink(tid, p.player)),
      h("td", {}, teamLink(tid, p.team)),
      h("td", { class: "num" }, pts(p.points)),
      h("td", { class: "num" }, p.games),
      h("td", { class: "num" }, num(p.percentage_display)),
      h("td", { class: "num" }, p.performance ?? t("none")))))), t("boardPrizesN", { n: board })));
  let provisional = null;
  if (!boardTables.length) {
    const stats = await getJson(`tournaments/${tid}/board-stats`).catch(() => null);
    if (stats?.leaders?.length) provisional = leadersList(tid, stats.leaders, minGames);
  }

  const unionTable = h("table", { class: "union" },
    h("caption", {}, t("standingsAfter", { n: standings.after_round })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("place")),
      h("th", { scope: "col" }, t("team")),
      h("th", { scope: "col", class: "num" }, t("overallRank")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: tiebreakName("MPTS") }, "MPTS")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: tiebreakName("GPTS") }, "GPTS")))),
    h("tbody", {}, ...unionRows.map((r) => h("tr", {},
      // teams tied overall share their Union place too
      h("td", { class: "num" }, `${unionRows.findIndex((x) => x.rank === r.rank) + 1}${r.tied ? "=" : ""}`),
      h("th", { scope: "row" }, teamLink(tid, r.team)),
      h("td", { class: "num" }, `${r.rank}${r.tied ? "=" : ""}`),
      h("td", { class: "num" }, pts(r.mp)),
      h("td", { class: "num" }, pts(r.gp))))));

  return [
    heading(t("prizes")),
    prizeList(tid, prizes.overall, "overall"),
    prizeList(tid, prizes.union, "unionTop"),
    h("h2", {}, t("boardPrizes")),
    h("p", { class: "muted small" }, t("boardPrizeNote", { n: minGames })),
    boardTables.length ? boardTables : provisional || h("p", {}, t("noBoardPrizes")),
    h("p", {}, link(tHref(tid, "/players"), t("playersTitle"))),
    unionRows.length ? h("h2", {}, t("unionRanking")) : null,
    unionRows.length ? h("p", { class: "muted small" }, t("unionNote")) : null,
    unionRows.length ? scrollTable(unionTable, t("unionRanking")) : null,
  ];
}

// ---------------------------------------------------------------- search

const searchIndex = new Map();

/** Teams and rostered players of the tournament, folded for search (built once per tournament). */
function buildIndex(tid) {
  if (!searchIndex.has(tid)) {
    const p = (async () => {
      const [all, rostered] = await Promise.all([getAll(`tournaments/${tid}/teams`),
        getAll(`tournaments/${tid}/players`)]);
      const teams = all.filter((x) => x.status !== "waitlisted");
      const byId = new Map(teams.map((x) => [x.id, x]));
      const players = rostered.filter((e) => byId.has(e.team_id))
        .map((e) => ({ ...e.player, board: e.board, team: byId.get(e.team_id) }));
      const key = (s) => ` ${fold(s).replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `;
      return {
        teams: teams.map((x) => ({ ...x, key: key(`${x.name} ${x.club_name || ""}`) })),
        players: players.map((x) => ({ ...x, key: key(x.name) })),
      };
    })();
    p.catch(() => searchIndex.delete(tid));
    searchIndex.set(tid, p);
  }
  return searchIndex.get(tid);
}

export async function viewSearch({ tid, query }) {
  const q = (query.get("q") || "").trim();
  const tour = await tournament(tid);
  document.title = `${t("search")} · ${tour.name}`;
  const head = heading(q ? t("searchResults", { q }) : t("search"));
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.join("").length < 2) return [head, h("p", {}, t("searchHint"))];
  const idx = await buildIndex(tid);
  const hit = (x) => words.every((w) => x.key.includes(w));
  const teams = sortByName(idx.teams.filter(hit), (x) => x.name);
  const players = sortByName(idx.players.filter(hit), (x) => x.name);
  if (!teams.length && !players.length) return [head, h("p", {}, t("noResults"))];
  return [
    head,
    teams.length ? h("h2", {}, t("teams")) : null,
    teams.length ? h("ul", { class: "plain hits" }, ...teams.map((x) => h("li", {}, teamLink(tid, x),
      h("span", { class: "muted small block" }, name(x.club_name))))) : null,
    players.length ? h("h2", {}, t("players")) : null,
    players.length ? h("ul", { class: "plain hits" }, ...players.map((x) => h("li", {},
      playerLink(tid, x),
      h("span", { class: "muted small block" }, h("a", { href: tHref(tid, `/team/${x.team.id}?player=${x.id}`) },
        name(x.team.name)), ` · ${t("board")} ${x.board}`, x.fide_rating ? ` · FIDE ${x.fide_rating}` : "")))) : null,
  ];
}
