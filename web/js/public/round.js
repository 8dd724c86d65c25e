// A round (#/t/1/r/3): the compact list of matches, then one board card per match, live while the round is
// played (the event stream, else polling); #/t/1/r opens the round in progress, else the last published one.

import { getConditional, Problem } from "../lib/http.js";
import { boardSides, dateTime, numberToPts, pts, sidePoints, sortByName, time } from "../lib/format.js";
import { h, heading, name, scrollTable, vh } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { follow, POLL_MS } from "../lib/live.js";
import {
  SLOW_POLL_MS, colourChip, downloads, link, rounds, stateBadge, teamLink, tHref, tournament, zoneOf,
} from "./common.js";
import { inProgress, isCompleted, isPlaying, isPublic } from "../lib/rounds.js";

/** The round to open from "Rounds": the one in progress, else the last published, else round 1. */
export async function viewRoundsIndex({ tid }) {
  const rs = await rounds(tid);
  const open = rs.find((r) => inProgress(r.state)) || [...rs].reverse().find((r) => isPublic(r.state)) || rs[0];
  location.replace(tHref(tid, open ? `/r/${open.number}` : ""));
  return null;
}

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
  return h("form", { class: "filter", role: "search", "aria-label": t("filterTeam"), onsubmit: (ev) => { ev.preventDefault(); go(); } },
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
  const active = isPlaying(rnd.state);
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
    rnd.matches.length ? downloads([["pairingsCsv", `tournaments/${tid}/export/pairings.csv?round=${n}`],
      ["pairingsPdf", `tournaments/${tid}/export/pairings.pdf?round=${n}`],
      ["tournamentXlsx", `tournaments/${tid}/export/tournament.xlsx`]]) : null,
  ];
  if (!isCompleted(rnd.state)) {
    if (!active) out.splice(3, 0, h("p", { class: "muted small" }, t("waiting")));
    ctx.onLeave(followRound(tid, n, first.etag, zone, team, isCurrent, active));
  }
  return out;
}

/**
 * Keep the round on screen up to date: the event stream when the server has one, else polling
 * with If-None-Match (every POLL_MS while the round is played, SLOW_POLL_MS while it waits for its
 * pairings), backing off on errors and on 503/429 as Retry-After asks. Returns stop().
 */
function followRound(tid, n, etag, zone, team, isCurrent, active) {
  let known = etag;
  let completed = false; // nothing changes any more: polling ends
  const refresh = async () => {
    const res = await getConditional(`tournaments/${tid}/rounds/${n}`, known);
    if (!isCurrent() || res.notModified) return;
    known = res.etag;
    completed = isCompleted(res.data.state);
    onRound(tid, res.data, zone, team, isCurrent);
  };
  const checked = (text) => {
    const el = document.getElementById("checked");
    if (el) el.textContent = `(${text})`;
  };
  return follow(tid, {
    pollMs: active ? POLL_MS : SLOW_POLL_MS,
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
    done: () => !isCurrent() || completed,
  });
}

function stamp(zone) {
  const updated = document.getElementById("updated");
  if (updated) updated.textContent = t("lastUpdated", { time: time(new Date(), zone) });
}

/** A newer version of the round on screen: redraw what changed, or the whole view when it changed state. */
function onRound(tid, rnd, zone, team, isCurrent) {
  const shownLive = Boolean(document.getElementById("live"));
  if (isPlaying(rnd.state) !== shownLive && !(shownLive && isCompleted(rnd.state))) {
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
  if (isCompleted(rnd.state)) document.getElementById("provisional")?.remove();
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
