// The crosstable (#/t/1/crosstable?after=2): each team's opponents by rank, colour and match score per round;
// a round robin's also as the grid of every team against every other.

import { getJson } from "../lib/http.js";
import { pts } from "../lib/format.js";
import { h, heading, scrollTable, vh } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { afterPicker, colourChip, rounds, teamLink, tHref, tournament } from "./common.js";
import { completedRounds } from "../lib/rounds.js";

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

/** A round robin's grid (R-4.3, C.05): every team against every other, in the standings' order, each cell
 * the match scores of their meetings (two in a double round robin), from the row team's side. */
function robinGrid(tid, ct, st, after) {
  const order = st.rows.map((r) => r.team);
  const meetings = new Map(); // "row:col" -> scores of the row team's matches against the column team
  for (const row of ct.rows) {
    for (const x of row.rounds) {
      if (!x.opponent || !x.score) continue;
      const key = `${row.team.id}:${x.opponent.id}`;
      const [a, b] = String(x.score).split("-");
      const mark = x.outcome === "forfeit_win" ? "+" : x.outcome === "forfeit_loss" || x.outcome === "double_forfeit" ? "−" : "";
      meetings.set(key, [...(meetings.get(key) || []), `${mark}${pts(a)}–${pts(b)}`]);
    }
  }
  const table = h("table", { class: "cross grid" },
    h("caption", {}, t("robinGridAfter", { n: after })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("team")),
      ...order.map((tm, i) => h("th", { scope: "col", class: "num" }, h("abbr", { title: tm.name }, String(i + 1)))))),
    h("tbody", {}, ...order.map((tm, i) => h("tr", {},
      h("th", { scope: "row" }, `${i + 1}. `, teamLink(tid, tm)),
      ...order.map((other) => other.id === tm.id ? h("td", { class: "x self", "aria-label": "—" }, "■")
        : h("td", { class: "x" }, (meetings.get(`${tm.id}:${other.id}`) || []).join(" · ")))))));
  return scrollTable(table, t("robinGridAfter", { n: after }));
}

export async function viewCrosstable({ tid, query }) {
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  document.title = `${t("crosstable")} · ${tour.name}`;
  const done = completedRounds(rs).map((r) => r.number);
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
    tour.rules?.system === "round_robin" ? robinGrid(tid, ct, st, after) : null,
    scrollTable(table, t("crosstableAfter", { n: after })),
    h("p", { class: "muted small" }, t("crosstableNote2")),
  ];
}
