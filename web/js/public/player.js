// A player (#/t/1/player/14): team, ratings, the next assignment, score and every published game. The next
// assignment follows the tournament live: a pairing published (or a round started) while the page is open
// shows at once (a `round` or `tournament` event), else at the next poll.

import { getConditional, getJson } from "../lib/http.js";
import { follow } from "../lib/live.js";
import { dateTime, num, pts, resultSides, signed } from "../lib/format.js";
import { fill, h, heading, name, scrollTable, vh } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { SLOW_POLL_MS, colourChip, link, playerLink, teamLink, tHref, tournament, zoneOf } from "./common.js";

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

/** Keep the next assignment up to date while the page is open. */
function followNext(tid, pid, zone, slot, isCurrent, first) {
  let etag = null;
  let shown = JSON.stringify(first.next ?? null);
  const refresh = async () => {
    const res = await getConditional(`tournaments/${tid}/players/${pid}`, etag);
    if (res.notModified || !isCurrent()) return;
    etag = res.etag;
    const next = JSON.stringify(res.data.next ?? null);
    if (next === shown) return;
    shown = next;
    fill(slot, res.data.next ? nextBox(tid, res.data.next, zone) : null);
  };
  return follow(tid, {
    pollMs: SLOW_POLL_MS,
    onEvent: (type) => {
      if (isCurrent() && (type === "round" || type === "tournament")) refresh().catch(() => null);
    },
    poll: refresh,
    done: () => !isCurrent(),
  });
}

/** The expected score of a game (FIDE's, else the national list's), as the games table shows it. */
function gameExpected(g) {
  const r = g.rating?.fide?.expected != null ? g.rating.fide : g.rating?.national;
  return r?.expected != null ? num(r.expected) : t("none");
}

const RATING_ROWS = [
  ["ratingBefore", (c) => c.rating ?? t("unrated")],
  ["kFactor", (c) => c.k ?? t("none")],
  ["ratedGames", (c) => String(c.games)],
  ["score", (c) => pts(c.score)],
  ["expectedScore", (c) => (c.expected != null ? num(c.expected) : t("none"))],
  ["ratingChange", (c) => (c.change != null ? signed(c.change) : t("none"))],
  ["performance", (c) => c.performance ?? t("none")],
];

/** The event on the FIDE and the national list (B.02 8.2-8.3): one column per rated list. */
function ratingBox(rc, rules) {
  const lists = [["fide", t("fideRating")], ["national", rules.national.split(":")[0] || t("nationalRating")]]
    .filter(([k]) => rc[k]);
  if (!lists.length) return null;
  const notes = lists.filter(([k]) => rc[k].rating == null && rc[k].games_needed != null).map(([k, label]) =>
    h("li", {}, `${label}: `, rc[k].performance != null ? t("firstRatingNote", { r: rc[k].performance }) : "",
      rc[k].games_needed ? ` ${t("gamesNeededNote", { n: rc[k].games_needed })}` : ""));
  return h("section", { class: "rating", "aria-labelledby": "rating-h" },
    h("h2", { id: "rating-h" }, t("ratingChangeTitle")),
    h("table", { class: "rating-change" },
      h("caption", {}, vh(t("ratingChangeTitle"))),
      h("thead", {}, h("tr", {}, h("td", {}), ...lists.map(([, label]) => h("th", { scope: "col", class: "num" }, label)))),
      h("tbody", {}, ...RATING_ROWS.map(([key, cell]) => h("tr", { "data-row": key },
        h("th", { scope: "row" }, t(key)), ...lists.map(([k]) => h("td", { class: "num", "data-list": k }, cell(rc[k]))))))),
    notes.length ? h("ul", { class: "plain small" }, ...notes) : null,
    h("p", { class: "muted small" }, t("ratingRulesNote", {
      fide: t(rules.fide_from === "2025-10-01" ? "fideRules2025" : "fideRules2024") })));
}

export async function viewPlayer({ tid, params, isCurrent, onLeave }) {
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
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("expectedScore") }, t("expectedAbbr"))),
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
        h("td", { class: "num exp" }, gameExpected(g)),
        h("td", { class: "res" }, side ?? (g.outcome === "pending" ? "…" : t("none"))));
    })));
  const s = data.score;
  const nextSlot = h("div", { class: "next-slot", "aria-live": "polite" }, data.next ? nextBox(tid, data.next, zone) : null);
  onLeave(followNext(tid, pid, zone, nextSlot, isCurrent, data));
  return [
    heading(p.title ? h("abbr", { class: "title" }, `${p.title} `) : null, name(p.name)),
    h("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    nextSlot,
    h("h2", {}, t("score"), s.after_round ? h("span", { class: "muted small" }, ` (${t("afterRoundShort", { n: s.after_round })})`) : null),
    h("p", { class: "score" }, scoreText(s)),
    s.boards.length > 1 ? h("ul", { class: "plain small" }, ...s.boards.map((b) => h("li", {},
      `${t("boardN", { n: b.board })}: `, scoreText(b)))) : null,
    h("p", { class: "muted small" }, t("statsNote")),
    ratingBox(data.rating_change, data.rating_rules),
    data.rounds.length ? scrollTable(games, t("games_")) : h("p", {}, t("noGames")),
  ];
}
