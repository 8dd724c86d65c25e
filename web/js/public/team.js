// A team (#/t/1/team/5?player=14): its roster, its results round by round and each player's games.

import { getJson } from "../lib/http.js";
import { boardSides, numberToPts, pts, sidePoints } from "../lib/format.js";
import { h, heading, name, scrollTable, vh } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import {
  colourChip, link, playerLink, rounds, statusNote, teamLink, tHref, tournament,
} from "./common.js";
import { isPlaying, isPublic } from "../lib/rounds.js";

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
  const running = rs.find((r) => isPlaying(r.state));
  return [
    heading(name(team.name), " ", statusNote(team.status)),
    h("dl", { class: "facts" },
      h("dt", {}, t("club")), h("dd", {}, name(team.club_name)),
      h("dt", {}, t("tpn")), h("dd", {}, team.tpn ?? t("none")),
      ...teamRatingFacts(results.rating)),
    running ? h("p", { class: "cta" }, h("a", { href: tHref(tid, `/r/${running.number}?team=${teamId}`) },
      t("teamRoundLink", { n: running.number }))) : null,
    scrollTable(rosterTable, t("roster")),
    results.rounds.length ? scrollTable(resultsTable, t("results")) : null,
    games,
  ];
}

/** The team's average rating and performance (FIDE, then the national list), where they exist. */
function teamRatingFacts(rating) {
  const out = [];
  for (const [key, label] of [["fide", t("fideRating")], ["national", t("nationalRating")]]) {
    const r = rating?.[key];
    if (r?.average != null) out.push(h("dt", { "data-rating": `${key}-average` }, `${t("teamAverage")} (${label})`), h("dd", {}, r.average));
    if (r?.performance != null) {
      out.push(h("dt", { "data-rating": `${key}-performance` }, `${t("teamPerformance")} (${label})`), h("dd", {}, r.performance));
    }
  }
  return out;
}

/** A player x round grid of this team's games (board, colour, result), from the published rounds. */
async function teamGames(tid, teamId, rs, roster) {
  const published = rs.filter((r) => isPublic(r.state));
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
