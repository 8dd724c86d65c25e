// teamswiss public page: a hash-routed single-page app over the public API (no token).
//
// Routes:  #/                     tournaments (straight to the only one)
//          #/t/1                  tournament: venue, schedule of rounds, status
//          #/t/1/r/3              round 3: pairings, board results, match scores (live)
//          #/t/1/standings?after=2  standings with every tie-break
//          #/t/1/crosstable?after=2 opponents, colours and match scores per round
//          #/t/1/teams?order=alpha  teams by starting rank or by name (ELOT 743)
//          #/t/1/team/5           a team: roster, round-by-round results, games
//          #/t/1/prizes           top 3, Union top 3 and ranking, board prizes
//          #/t/1/search?q=...     players and teams

import { ApiError, getAll, getConditional, getJson } from "./api.js";
import { fold, sortByName } from "./elot743.js";
import { initialLang, lang, setLang, t, tiebreakName } from "./i18n.js";
import { follow, unfollow } from "./live.js";
import {
  dateRange, dateTime, h, name, num, numberToPts, pts, resultSides, scrollTable, sidePoints, timeOnly, vh,
} from "./dom.js";

const pageParams = new URLSearchParams(location.search);
/** Poll interval of the live round page in ms (?poll= overrides, at least 1 s). */
const POLL_MS = Math.max(1000, Number(pageParams.get("poll")) || 4000);
/** Poll interval while a round waits for its pairings. */
const WAIT_POLL_MS = POLL_MS * 4;
const GROUP_TIEBREAKS = /^(DE|DE-ALLMET|EDE|EDET|EDEB|EDEBT|EDEBB|TBR|BBE)(?=$|[:/])/;
const ACTIVE_STATES = new Set(["published", "in_progress"]);

let firstRender = true;
let viewSeq = 0; // bumps on every navigation; stale renders and pollers check it
let pollTimer = null;
const tournamentCache = new Map();

// ---------------------------------------------------------------- routing

let lastHash = "#/";

function parseRoute() {
  if (location.hash.startsWith("#/")) lastHash = location.hash;
  else if (location.hash) return parseHash(lastHash); // an in-page anchor: stay on the current view
  return parseHash(location.hash || "#/");
}

function parseHash(hash) {
  const raw = hash.startsWith("#/") ? hash.slice(1) : "/";
  const [path, query = ""] = raw.split("?");
  const decode = (x) => {
    try {
      return decodeURIComponent(x);
    } catch (e) {
      return x; // a malformed escape: leave it as typed
    }
  };
  const parts = path.split("/").filter(Boolean).map(decode);
  return { parts, query: new URLSearchParams(query) };
}

function tournamentId() {
  const { parts } = parseRoute();
  return parts[0] === "t" && /^\d+$/.test(parts[1] || "") ? Number(parts[1]) : null;
}

const link = (href, ...children) => h("a", { href }, ...children);
const tHref = (tid, rest = "") => `#/t/${tid}${rest}`;

// ---------------------------------------------------------------- shell

function renderShell() {
  const tid = tournamentId();
  const { parts, query } = parseRoute();
  const section = parts[2] || "";
  document.querySelector(".skip").textContent = t("skip");

  const langs = h("div", { class: "langs", role: "group", "aria-label": t("language") },
    ...[["el", "ΕΛ", "Ελληνικά"], ["en", "EN", "English"]].map(([code, label, full]) => h("button", {
      type: "button", lang: code, "aria-pressed": String(lang() === code), title: full,
      onclick: () => switchLang(code),
    }, h("span", { "aria-hidden": "true" }, label), vh(full))));

  const header = document.querySelector("header");
  header.replaceChildren(h("div", { class: "bar" }, h("a", { class: "brand", href: "#/" }, t("appName")), langs));
  if (tid !== null) {
    const items = [
      ["", t("navOverview"), section === ""],
      ["/r", t("rounds"), section === "r"],
      ["/standings", t("standings"), section === "standings" || section === "crosstable"],
      ["/teams", t("teams"), section === "teams" || section === "team"],
      ["/prizes", t("prizes"), section === "prizes"],
    ];
    header.append(h("nav", { "aria-label": t("overview") }, h("ul", {}, ...items.map(([rest, label, on]) =>
      h("li", {}, h("a", { href: tHref(tid, rest), "aria-current": on ? "page" : null }, label))))));
    const input = h("input", {
      id: "q", type: "search", name: "q", autocomplete: "off", placeholder: t("searchPlaceholder"),
      value: section === "search" ? query.get("q") || "" : "",
    });
    header.append(h("form", {
      role: "search", class: "search",
      onsubmit: (ev) => {
        ev.preventDefault();
        location.hash = tHref(tid, `/search?q=${encodeURIComponent(input.value.trim())}`);
      },
    }, h("label", { for: "q", class: "vh" }, t("searchLabel")), input, h("button", { type: "submit" }, t("search"))));
  }
  document.querySelector("footer").replaceChildren(h("p", {}, t("footer")));
}

function switchLang(code) {
  setLang(code, true);
  const active = document.activeElement?.getAttribute("lang");
  render({ keepFocus: true });
  if (active) document.querySelector(`.langs button[lang="${active}"]`)?.focus();
}

// ---------------------------------------------------------------- data

async function tournament(tid) {
  if (!tournamentCache.has(tid)) {
    tournamentCache.set(tid, getJson(`tournaments/${tid}`).catch((e) => {
      tournamentCache.delete(tid);
      throw e;
    }));
  }
  return tournamentCache.get(tid);
}

const zoneOf = (tour) => tour?.rules?.time_zone || undefined;

// ---------------------------------------------------------------- views

async function viewHome() {
  const list = await getAll("tournaments");
  if (list.length === 1) {
    location.replace(tHref(list[0].id));
    return null;
  }
  document.title = t("tournaments");
  return [
    h("h1", { tabindex: "-1" }, t("tournaments")),
    list.length ? h("ul", { class: "plain" }, ...list.map((x) =>
      h("li", {}, h("a", { href: tHref(x.id) }, name(x.name)), " ", h("span", { class: "muted" },
        dateRange(x.start_date, x.end_date))))) : h("p", {}, t("noTournaments")),
  ];
}

function stateBadge(state) {
  return h("span", { class: `badge state-${state}` }, t(`state_${state}`));
}

async function viewOverview(tid) {
  const [tour, rounds] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/rounds`)]);
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
    h("tbody", {}, ...rounds.map((r) => h("tr", { class: r.state === "in_progress" ? "current" : null },
      h("th", { scope: "row" }, link(tHref(tid, `/r/${r.number}`), t("roundN", { n: r.number }))),
      h("td", {}, dateTime(r.scheduled_start, zone)),
      h("td", {}, stateBadge(r.state))))));
  const live = rounds.find((r) => r.state === "in_progress") || rounds.find((r) => r.state === "published");
  const lastDone = [...rounds].reverse().find((r) => r.state === "completed");
  return [
    h("h1", { tabindex: "-1" }, name(tour.name)),
    live || lastDone ? h("p", { class: "cta" },
      live ? h("a", { href: tHref(tid, `/r/${live.number}`), class: "live-link" },
        h("span", { class: "dot", "aria-hidden": "true" }), `${t("roundN", { n: live.number })}: ${t(`state_${live.state}`)}`)
        : null,
      lastDone ? h("a", { href: tHref(tid, "/standings") }, t("standingsAfter", { n: lastDone.number })) : null) : null,
    h("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    scrollTable(table, t("schedule")),
  ];
}

/** The round to open from "Rounds": the one in progress, else the last published, else round 1. */
async function viewRoundsIndex(tid) {
  const rounds = await getJson(`tournaments/${tid}/rounds`);
  const live = rounds.find((r) => r.state === "in_progress")
    || [...rounds].reverse().find((r) => ACTIVE_STATES.has(r.state) || r.state === "completed")
    || rounds[0];
  location.replace(tHref(tid, live ? `/r/${live.number}` : ""));
  return null;
}

function roundPicker(tid, rounds, current) {
  return h("nav", { class: "picker", "aria-label": t("rounds") }, h("ul", {}, ...rounds.map((r) => h("li", {},
    h("a", {
      href: tHref(tid, `/r/${r.number}`), "aria-current": r.number === current ? "page" : null,
      class: `st-${r.state}`, title: t(`state_${r.state}`),
    }, String(r.number), vh(` (${t(`state_${r.state}`)})`))))));
}

function colourChip(isWhite) {
  return h("span", { class: `chip ${isWhite ? "w" : "b"}`, title: t(isWhite ? "white" : "black") },
    vh(` ${t(isWhite ? "white" : "black")} `));
}

function playerCell(p, isWhite, side) {
  if (!p) return h("td", { class: `pl ${side}` }, h("span", { class: "muted" }, t("none")));
  const rating = p.fide_rating ?? p.national_rating;
  const cut = p.name.indexOf(", ");
  const [sur, first] = cut > 0 ? [p.name.slice(0, cut + 1), p.name.slice(cut + 2)] : [p.name, ""];
  const chip = colourChip(isWhite);
  return h("td", { class: `pl ${side}` },
    h("span", { class: "pn", lang: name(p.name).getAttribute("lang") },
      p.title ? h("abbr", { class: "title" }, `${p.title} `) : null,
      h("span", { class: "sn" }, sur), first ? [" ", h("span", { class: "fn" }, first)] : null),
    h("span", { class: "meta" }, side === "a" ? [chip, " "] : null, rating ? h("span", { class: "rtg" }, String(rating)) : null,
      side === "b" ? [" ", chip] : null));
}

/** A board's result as [first team's side, second team's side], or null while it is being played. */
function boardSides(b, forfeit) {
  let sides = resultSides(b.result);
  if (sides) return b.white === "first" ? sides : [sides[1], sides[0]];
  if (forfeit === "first") sides = ["−", "+"];
  else if (forfeit === "second") sides = ["+", "−"];
  else if (forfeit === "both") sides = ["−", "−"];
  return sides;
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

function teamLink(tid, team) {
  return h("a", { href: tHref(tid, `/team/${team.id}`) }, name(team.name));
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
      playerCell(b.first_player, firstWhite, "a"),
      h("td", { class: `res${sides ? "" : " open"}` },
        sides ? `${sides[0]}–${sides[1]}` : h("span", { title: t("pending") }, "…", vh(t("pending")))),
      playerCell(b.second_player, !firstWhite, "b"));
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
    h("span", { id: "updated", role: "status" }, t("lastUpdated", { time: timeOnly(new Date(), zone) })),
    " ", h("span", { id: "checked", class: "muted" }, ""));
}

async function viewRound(tid, n, seq) {
  const [tour, rounds, first] = await Promise.all([
    tournament(tid), getJson(`tournaments/${tid}/rounds`), getConditional(`tournaments/${tid}/rounds/${n}`, null)]);
  const zone = zoneOf(tour);
  const rnd = first.data;
  document.title = `${t("roundN", { n })} · ${tour.name}`;
  const matches = h("div", { class: "matches", id: "matches" },
    ...(rnd.matches.length ? rnd.matches.map((m) => renderMatch(tid, m)) : [h("p", {}, t("notPublished"))]));
  const badge = h("span", { id: "round-state" }, stateBadge(rnd.state));
  const out = [
    roundPicker(tid, rounds, n),
    h("h1", { tabindex: "-1" }, t("roundN", { n }), " ", badge),
    h("p", { class: "muted" }, `${t("start")}: ${dateTime(rnd.scheduled_start, zone)}`),
    ACTIVE_STATES.has(rnd.state) ? liveLine(zone) : null,
    matches,
  ];
  // live events (issue 14): a result replaces its match in place; a state change re-renders; polling stays
  follow(tid, {
    match: (d) => { if (seq === viewSeq && d.round === n) replaceMatch(tid, d.match, zone); },
    round: (d) => {
      if (seq !== viewSeq || d.round !== n) return;
      if (ACTIVE_STATES.has(d.state) && document.getElementById("live")) { // published -> in progress
        document.getElementById("round-state")?.replaceChildren(stateBadge(d.state));
      } else render({ keepFocus: true });
    },
  });
  if (ACTIVE_STATES.has(rnd.state)) schedulePoll(tid, n, first.etag, zone, seq);
  else if (rnd.state !== "completed") {
    // waiting for the pairings: check now and then, and show them when they are published
    out.splice(3, 0, h("p", { class: "muted small" }, t("waiting")));
    schedulePoll(tid, n, first.etag, zone, seq, WAIT_POLL_MS);
  }
  return out;
}

/** A `match` event: the match as the round endpoint shows it, replaced in place. */
function replaceMatch(tid, m, zone) {
  const old = document.getElementById(`m-${m.table}`);
  if (!old || (m.etag && old.dataset.etag === m.etag)) return;
  const fresh = renderMatch(tid, m);
  fresh.classList.add("changed");
  old.replaceWith(fresh);
  const updated = document.getElementById("updated");
  if (updated) updated.textContent = t("lastUpdated", { time: timeOnly(new Date(), zone) });
}

function schedulePoll(tid, n, etag, zone, seq, delay = POLL_MS) {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(() => pollRound(tid, n, etag, zone, seq), delay);
}

/** One poll of the open round: If-None-Match; on 200, replace only the matches whose ETag changed. */
async function pollRound(tid, n, etag, zone, seq) {
  if (seq !== viewSeq) return;
  if (document.hidden) {
    document.addEventListener("visibilitychange", () => pollRound(tid, n, etag, zone, seq), { once: true });
    return;
  }
  let next = etag;
  const checked = document.getElementById("checked");
  try {
    const res = await getConditional(`tournaments/${tid}/rounds/${n}`, etag);
    if (seq !== viewSeq) return;
    if (!res.notModified) {
      next = res.etag;
      if (!document.getElementById("live")) { // the pairings were published (or the round moved on)
        if (res.data.state !== "pending" && res.data.state !== "paired") render({ keepFocus: true });
        else schedulePoll(tid, n, next, zone, seq, WAIT_POLL_MS);
        return;
      }
      applyRound(tid, res.data, zone);
      if (!ACTIVE_STATES.has(res.data.state)) return; // completed: stop polling
    } else if (!document.getElementById("live")) {
      schedulePoll(tid, n, next, zone, seq, WAIT_POLL_MS);
      return;
    }
    if (checked) checked.textContent = `(${t("checked", { time: timeOnly(new Date(), zone) })})`;
  } catch (e) {
    if (checked) checked.textContent = `(${t("offline")})`;
  }
  schedulePoll(tid, n, next, zone, seq);
}

function applyRound(tid, rnd, zone) {
  const container = document.getElementById("matches");
  if (!container) return;
  const focusedId = document.activeElement?.closest?.(".match")?.id;
  const focusedHref = document.activeElement?.getAttribute?.("href");
  const existing = new Map([...container.querySelectorAll(".match")].map((s) => [s.id, s]));
  if (!rnd.matches.length) container.replaceChildren(h("p", {}, t("notPublished")));
  else if (existing.size !== rnd.matches.length) {
    container.replaceChildren(...rnd.matches.map((m) => renderMatch(tid, m)));
  } else {
    for (const m of rnd.matches) {
      const old = existing.get(`m-${m.table}`);
      if (old && old.dataset.etag === (m.etag || "") && m.etag) continue;
      const fresh = renderMatch(tid, m);
      fresh.classList.add("changed");
      if (old) old.replaceWith(fresh);
      else container.append(fresh);
    }
  }
  if (focusedId && focusedHref) document.querySelector(`#${focusedId} a[href="${focusedHref}"]`)?.focus();
  document.getElementById("round-state")?.replaceChildren(stateBadge(rnd.state));
  const updated = document.getElementById("updated");
  if (updated) updated.textContent = t("lastUpdated", { time: timeOnly(new Date(), zone) });
}

async function viewStandings(tid, query) {
  const [tour, rounds] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/rounds`)]);
  document.title = `${t("standings")} · ${tour.name}`;
  const done = rounds.filter((r) => r.state === "completed").map((r) => r.number);
  if (!done.length) return [h("h1", { tabindex: "-1" }, t("standings")), h("p", {}, t("noStandings"))];
  const asked = Number(query.get("after"));
  const after = done.includes(asked) ? asked : done[done.length - 1];
  const [st, teams] = await Promise.all([getJson(`tournaments/${tid}/standings?round=${after}`),
    getAll(`tournaments/${tid}/teams`).catch(() => [])]);
  const status = new Map(teams.map((x) => [x.id, x.status]));
  const codes = st.tiebreaks;
  const table = h("table", { class: "standings" },
    h("caption", {}, t("standingsAfter", { n: st.after_round })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "rk" }, h("abbr", { title: t("rank") }, t("rankAbbr"))),
      h("th", { scope: "col", class: "team" }, t("team")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("wdlFull") }, t("wdl"))),
      ...codes.map((c) => h("th", { scope: "col", class: "num tb" }, h("abbr", { title: tiebreakName(c) }, c))))),
    h("tbody", {}, ...st.rows.map((r) => h("tr", { dataset: { team: r.team.id } },
      h("td", { class: "rk" }, `${r.rank}${r.tied ? "=" : ""}`),
      h("th", { scope: "row", class: "team" }, teamLink(tid, r.team), " ", statusNote(status.get(r.team.id)),
        r.team.club && !r.team.name.startsWith(r.team.club) ? h("span", { class: "club" }, name(r.team.club)) : null),
      h("td", { class: "num" }, `${r.won}-${r.drawn}-${r.lost}`),
      ...codes.map((c) => h("td", { class: "num" }, num(r.tiebreaks.find((x) => x.code === c)?.value)))))));
  const legend = h("dl", { class: "legend" }, ...codes.flatMap((c) => [h("dt", {}, c), h("dd", {}, tiebreakName(c))]));
  return [
    h("h1", { tabindex: "-1" }, t("standings")),
    afterPicker(tid, done, after, "standings"),
    scrollTable(table, t("standingsAfter", { n: st.after_round })),
    st.rows.some((r) => r.tied) ? h("p", { class: "muted small" }, t("tiedNote")) : null,
    h("p", {}, link(tHref(tid, `/crosstable?after=${after}`), t("crosstableAfter", { n: after }))),
    h("h2", {}, t("tiebreaks")),
    legend,
    codes.some((c) => GROUP_TIEBREAKS.test(c)) ? h("p", { class: "muted small" }, t("groupNote")) : null,
  ];
}

function afterPicker(tid, done, after, section) {
  if (done.length < 2) return null;
  return h("nav", { class: "picker", "aria-label": t("rounds") }, h("ul", {}, ...done.map((d) => h("li", {},
    h("a", {
      href: tHref(tid, `/${section}?after=${d}`), "aria-current": d === after ? "page" : null,
      title: t("afterRound", { n: d }),
    }, String(d), vh(` (${t("afterRound", { n: d })})`))))));
}

/** One crosstable cell: the opponent's starting number (linked), colour and match score, or the outcome. */
function crossCell(tid, x) {
  if (x.outcome === "pab") return h("td", { class: "x" }, t("outcome_pab"), " ", h("span", { class: "xs" }, pts(x.score)));
  if (!x.opponent) return h("td", { class: "x muted" }, t(`outcome_${x.outcome}`));
  const [a, b] = String(x.score || "").split("-");
  return h("td", { class: "x" },
    x.colour ? colourChip(x.colour === "W") : null, " ",
    h("a", { href: tHref(tid, `/team/${x.opponent.id}`), title: x.opponent.name },
      String(x.opponent.tpn), vh(` ${x.opponent.name}`)),
    " ", h("span", { class: "xs" }, x.outcome === "played" ? `${pts(a)}–${pts(b)}`
      : `${x.outcome === "forfeit_win" ? "+" : "−"} ${pts(a)}–${pts(b)}`));
}

async function viewCrosstable(tid, query) {
  const [tour, rounds] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/rounds`)]);
  document.title = `${t("crosstable")} · ${tour.name}`;
  const done = rounds.filter((r) => r.state === "completed").map((r) => r.number);
  if (!done.length) return [h("h1", { tabindex: "-1" }, t("crosstable")), h("p", {}, t("noStandings"))];
  const asked = Number(query.get("after"));
  const after = done.includes(asked) ? asked : done[done.length - 1];
  const [ct, st] = await Promise.all([getJson(`tournaments/${tid}/crosstable?round=${after}`),
    getJson(`tournaments/${tid}/standings?round=${after}`)]);
  const byTeam = new Map(st.rows.map((r) => [r.team.id, r]));
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
      return h("tr", {},
        h("td", { class: "num" }, r ? `${r.rank}${r.tied ? "=" : ""}` : ""),
        h("th", { scope: "row" }, teamLink(tid, row.team), h("span", { class: "tpn muted small" }, ` (${row.team.tpn})`)),
        ...numbers.map((n) => {
          const x = row.rounds.find((y) => y.round === n);
          return x ? crossCell(tid, x) : h("td", {}, t("none"));
        }),
        h("td", { class: "num" }, r ? num(r.mp) : ""),
        h("td", { class: "num" }, r ? pts(r.gp) : ""));
    })));
  return [
    h("h1", { tabindex: "-1" }, t("crosstable")),
    afterPicker(tid, done, after, "crosstable"),
    scrollTable(table, t("crosstableAfter", { n: after })),
    h("p", { class: "muted small" }, t("crosstableNote")),
  ];
}

function statusNote(status) {
  return status === "expelled" || status === "withdrawn" ? h("span", { class: "badge warn" }, t(status)) : null;
}

async function viewTeams(tid, query) {
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
    h("h1", { tabindex: "-1" }, t("teams")),
    h("nav", { class: "picker wide", "aria-label": t("order") }, h("ul", {},
      h("li", {}, h("a", { href: tHref(tid, "/teams"), "aria-current": alpha ? null : "page" }, t("startingRank"))),
      h("li", {}, h("a", { href: tHref(tid, "/teams?order=alpha"), "aria-current": alpha ? "page" : null },
        t("alphabetical"))))),
    scrollTable(table, t("teams")),
  ];
}

async function viewTeam(tid, teamId, query) {
  const [tour, team, roster, results, rounds] = await Promise.all([
    tournament(tid), getJson(`tournaments/${tid}/teams/${teamId}`),
    getJson(`tournaments/${tid}/teams/${teamId}/roster`), getJson(`tournaments/${tid}/teams/${teamId}/results`),
    getJson(`tournaments/${tid}/rounds`)]);
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
      h("th", { scope: "row" }, e.player.title ? `${e.player.title} ` : "", name(e.player.name)),
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
      h("th", { scope: "row" }, link(tHref(tid, `/r/${r.round}${r.table ? `?table=${r.table}` : ""}`), String(r.round))),
      h("td", {}, r.opponent ? teamLink(tid, r.opponent) : null,
        r.outcome !== "played" ? h("span", { class: "muted" }, `${r.opponent ? " · " : ""}${t(`outcome_${r.outcome}`)}`)
          : null),
      h("td", {}, r.colour ? colourChip(r.colour === "W") : t("none")),
      h("td", { class: "num" }, r.game_points === null ? t("none")
        : r.opponent_game_points !== null ? `${pts(r.game_points)}–${pts(r.opponent_game_points)}` : pts(r.game_points)),
      h("td", { class: "num" }, r.match_points === null ? t("none") : num(r.match_points))))),
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: "3" }, t("total")),
      h("td", { class: "num" }, pts(results.game_points)),
      h("td", { class: "num" }, num(results.match_points)))));

  const games = await teamGames(tid, teamId, rounds, roster);
  return [
    h("h1", { tabindex: "-1" }, name(team.name), " ", statusNote(team.status)),
    h("dl", { class: "facts" },
      h("dt", {}, t("club")), h("dd", {}, name(team.club_name)),
      h("dt", {}, t("tpn")), h("dd", {}, team.tpn ?? t("none"))),
    scrollTable(rosterTable, t("roster")),
    results.rounds.length ? scrollTable(resultsTable, t("results")) : null,
    games,
  ];
}

/** A player x round grid of this team's games (board, colour, result), from the published rounds. */
async function teamGames(tid, teamId, rounds, roster) {
  const published = rounds.filter((r) => ACTIVE_STATES.has(r.state) || r.state === "completed");
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
      return h("tr", {}, h("th", { scope: "row" }, name(x.p.name)), ...cells, h("td", { class: "num" }, numberToPts(total)));
    })));
  return scrollTable(table, t("boardResults"));
}

function prizeList(tid, entries, labelKey) {
  if (!entries.length) return null;
  return h("section", {}, h("h2", {}, t(labelKey)), h("ol", { class: "prizes" }, ...entries.map((e) =>
    h("li", { value: e.place },
      h("strong", {}, `${e.place}${e.tied ? "=" : ""}. `), teamLink(tid, e.team),
      e.players.length ? h("span", { class: "muted small block" }, ...e.players.flatMap((p, i) =>
        [i ? ", " : "", name(p.name)])) : null))));
}

async function viewPrizes(tid) {
  const [tour, rounds] = await Promise.all([tournament(tid), getJson(`tournaments/${tid}/rounds`)]);
  document.title = `${t("prizes")} · ${tour.name}`;
  if (!rounds.some((r) => r.state === "completed")) {
    return [h("h1", { tabindex: "-1" }, t("prizes")), h("p", {}, t("noPrizesYet"))];
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
      h("th", { scope: "row" }, name(p.player.name)),
      h("td", {}, teamLink(tid, p.team)),
      h("td", { class: "num" }, pts(p.points)),
      h("td", { class: "num" }, p.games),
      h("td", { class: "num" }, num(p.percentage_display)),
      h("td", { class: "num" }, p.performance ?? t("none")))))), t("boardPrizesN", { n: board })));

  const unionTable = h("table", { class: "union" },
    h("caption", {}, t("standingsAfter", { n: standings.after_round })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("place")),
      h("th", { scope: "col" }, t("team")),
      h("th", { scope: "col", class: "num" }, t("overallRank")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: tiebreakName("MPTS") }, "MPTS")),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: tiebreakName("GPTS") }, "GPTS")))),
    h("tbody", {}, ...unionRows.map((r, i) => h("tr", {},
      // teams tied overall share their Union place too
      h("td", { class: "num" }, `${unionRows.findIndex((x) => x.rank === r.rank) + 1}${r.tied ? "=" : ""}`),
      h("th", { scope: "row" }, teamLink(tid, r.team)),
      h("td", { class: "num" }, `${r.rank}${r.tied ? "=" : ""}`),
      h("td", { class: "num" }, num(r.mp)),
      h("td", { class: "num" }, num(r.gp))))));

  return [
    h("h1", { tabindex: "-1" }, t("prizes")),
    prizeList(tid, prizes.overall, "overall"),
    prizeList(tid, prizes.union, "unionTop"),
    h("h2", {}, t("boardPrizes")),
    h("p", { class: "muted small" }, t("boardPrizeNote", { n: minGames })),
    boardTables.length ? boardTables : h("p", {}, t("noBoardPrizes")),
    unionRows.length ? h("h2", {}, t("unionRanking")) : null,
    unionRows.length ? h("p", { class: "muted small" }, t("unionNote")) : null,
    unionRows.length ? scrollTable(unionTable, t("unionRanking")) : null,
  ];
}

const searchIndex = new Map();

/** Teams and rostered players of the tournament, folded for search (built once per tournament). */
function buildIndex(tid) {
  if (!searchIndex.has(tid)) {
    const p = (async () => {
      const [all, rostered] = await Promise.all([getAll(`tournaments/${tid}/teams`),
        getJson(`tournaments/${tid}/players`)]);
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

async function viewSearch(tid, query) {
  const q = (query.get("q") || "").trim();
  const tour = await tournament(tid);
  document.title = `${t("search")} · ${tour.name}`;
  const heading = h("h1", { tabindex: "-1" }, q ? t("searchResults", { q }) : t("search"));
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.join("").length < 2) return [heading, h("p", {}, t("searchHint"))];
  const idx = await buildIndex(tid);
  const hit = (x) => words.every((w) => x.key.includes(w));
  const teams = sortByName(idx.teams.filter(hit), (x) => x.name);
  const players = sortByName(idx.players.filter(hit), (x) => x.name);
  if (!teams.length && !players.length) return [heading, h("p", {}, t("noResults"))];
  return [
    heading,
    teams.length ? h("h2", {}, t("teams")) : null,
    teams.length ? h("ul", { class: "plain hits" }, ...teams.map((x) => h("li", {}, teamLink(tid, x),
      h("span", { class: "muted small block" }, name(x.club_name))))) : null,
    players.length ? h("h2", {}, t("players")) : null,
    players.length ? h("ul", { class: "plain hits" }, ...players.map((x) => h("li", {},
      h("a", { href: tHref(tid, `/team/${x.team.id}?player=${x.id}`) }, name(x.name)),
      h("span", { class: "muted small block" }, name(x.team.name), ` · ${t("board")} ${x.board}`,
        x.fide_rating ? ` · FIDE ${x.fide_rating}` : "")))) : null,
  ];
}

// ---------------------------------------------------------------- render loop

const NOT_FOUND = Symbol("not found");

async function route(seq) {
  const { parts, query } = parseRoute();
  if (!parts.length) return viewHome();
  if (parts[0] !== "t" || !/^\d+$/.test(parts[1] || "")) return NOT_FOUND;
  const tid = Number(parts[1]);
  const [, , section, arg] = parts;
  if (!section) return viewOverview(tid);
  if (section === "r" && !arg) return viewRoundsIndex(tid);
  if (section === "r" && /^\d+$/.test(arg)) return viewRound(tid, Number(arg), seq);
  if (section === "standings") return viewStandings(tid, query);
  if (section === "crosstable") return viewCrosstable(tid, query);
  if (section === "teams") return viewTeams(tid, query);
  if (section === "team" && /^\d+$/.test(arg || "")) return viewTeam(tid, Number(arg), query);
  if (section === "prizes") return viewPrizes(tid);
  if (section === "search") return viewSearch(tid, query);
  return NOT_FOUND;
}

async function render({ keepFocus = false } = {}) {
  const seq = ++viewSeq;
  clearTimeout(pollTimer);
  unfollow();
  setLang(lang());
  renderShell();
  const main = document.getElementById("main");
  main.setAttribute("aria-busy", "true");
  if (!keepFocus) main.replaceChildren(h("p", { class: "muted" }, t("loading")));
  let content;
  try {
    content = await route(seq);
  } catch (e) {
    const status = e instanceof ApiError ? ` (${e.status})` : "";
    content = [h("h1", { tabindex: "-1" }, t("error") + status), h("p", {}, e.message),
      h("p", {}, h("button", { type: "button", onclick: () => render() }, t("retry")))];
  }
  if (seq !== viewSeq || content === null) return; // a newer view, or a redirect
  if (content === NOT_FOUND) content = [h("h1", { tabindex: "-1" }, t("notFound")), h("p", {}, link("#/", t("tournaments")))];
  main.replaceChildren(...[content].flat(Infinity).filter(Boolean));
  main.removeAttribute("aria-busy");
  document.body.dataset.route = location.hash; // the view on screen (tests wait for it)
  if (keepFocus) return;
  const table = parseRoute().query.get("table");
  if (firstRender && !table) { // on page load the reader starts at the top (skip link first)
    firstRender = false;
    return;
  }
  firstRender = false;
  const target = table ? document.getElementById(`m-${table}`) : main.querySelector("h1");
  window.scrollTo(0, 0);
  if (target) {
    target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: !table });
    if (table) target.scrollIntoView({ block: "start" });
  }
}

function onHashChange() {
  if (location.hash && !location.hash.startsWith("#/")) return; // in-page anchors (skip link)
  render();
}

setLang(initialLang());
window.addEventListener("hashchange", onHashChange);
document.querySelector(".skip")?.addEventListener("click", (ev) => {
  ev.preventDefault(); // keep the route in the hash
  document.getElementById("main").focus();
});
render();
