// Prizes (#/t/1/prizes): top 3, Union top 3, board prizes, the Union ranking.

import { getAll, getJson } from "../lib/http.js";
import { num, pts } from "../lib/format.js";
import { h, heading, scrollTable } from "../lib/dom.js";
import { t, tiebreakName } from "../i18n/index.js";
import { link, playerLink, rounds, teamLink, tHref, tournament } from "./common.js";
import { leadersList } from "./players.js";
import { completedRounds } from "../lib/rounds.js";

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
  if (!completedRounds(rs).length) {
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
