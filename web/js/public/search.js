// Search (#/t/1/search?q=...): players and teams whose name contains every word typed, in Greek or Latin
// letters.

import { getAll } from "../lib/http.js";
import { h, heading, name } from "../lib/dom.js";
import { fold } from "../lib/elot743.js";
import { sortByName } from "../lib/format.js";
import { t } from "../i18n/index.js";
import { playerLink, teamLink, tHref, tournament } from "./common.js";

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
