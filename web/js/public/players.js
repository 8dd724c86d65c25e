// Board statistics (#/t/1/players?board=2): the board leaders and every player's points, games, %, performance.

import { getJson } from "../lib/http.js";
import { num, pts, signed } from "../lib/format.js";
import { h, heading, name, scrollTable } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { playerLink, tHref, tournament } from "./common.js";

export function leadersList(tid, leaders, minGames) {
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
      h("th", { scope: "col", class: "num" }, h("abbr", { title: t("performance") }, t("perfAbbr"))),
      h("th", { scope: "col", class: "num" }, h("abbr", { title: `${t("ratingChange")} (FIDE)` }, t("changeAbbr"))))),
    h("tbody", {}, ...rows.map(({ p, line }) => h("tr", {},
      h("th", { scope: "row" }, playerLink(tid, p.player), h("span", { class: "muted small block" }, name(p.team.name))),
      h("td", { class: "num" }, p.roster_board ?? t("none")),
      h("td", { class: "num" }, line.games ? pts(line.points) : t("none")),
      h("td", { class: "num" }, line.games),
      h("td", { class: "num" }, line.games ? num(line.percentage_display) : t("none")),
      h("td", { class: "num" }, line.performance ?? t("none")),
      h("td", { class: "num change" }, p.rating_change.fide?.change != null ? signed(p.rating_change.fide.change) : t("none"))))));
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
