// The teams (#/t/1/teams?order=alpha), by starting number or alphabetically (ELOT 743).

import { getAll, getJson } from "../lib/http.js";
import { num, sortByName } from "../lib/format.js";
import { h, heading, name, scrollTable } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { statusNote, teamLink, tHref, tournament } from "./common.js";

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
