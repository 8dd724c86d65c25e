// The standings after a completed round (#/t/1/standings?after=2), with every tie-break; the latest
// standings follow a round that is being played.

import { getAll, getJson } from "../lib/http.js";
import { GROUP_TIEBREAKS, pts, tiebreakShown } from "../lib/format.js";
import { h, heading, name, scrollTable, vh } from "../lib/dom.js";
import { t, tiebreakName } from "../i18n/index.js";
import { follow } from "../lib/live.js";
import { SLOW_POLL_MS, afterPicker, downloads, link, rounds, statusNote, teamLink, tHref, tournament } from "./common.js";
import { completedRounds, isCompleted } from "../lib/rounds.js";

const SCORE_CODES = new Set(["MPTS", "GPTS"]);
/**
 * Byes apart from W-D-L; forfeit wins and losses, when any, in brackets: "1 (+1 −0)" on screen, said in
 * words to a screen reader and in the bracket's tooltip ("1 forfeit win, 0 forfeit losses").
 */
function byesCell(r) {
  const byes = String(r.byes ?? 0);
  const fw = r.forfeit_wins ?? 0;
  const fl = r.forfeit_losses ?? 0;
  if (!fw && !fl) return byes;
  const words = t("forfeitsWords", { w: fw, l: fl });
  return [byes, " ", h("span", { class: "ff", title: words },
    h("span", { "aria-hidden": "true" }, `(+${fw} −${fl})`), vh(`(${words})`))];
}

/** A tie-break cell: the value; for a group tie-break what decided inside the tied group, or "—". */
function tiebreakCell(code, tb) {
  const shown = tiebreakShown(code, tb);
  if (!tb || !GROUP_TIEBREAKS.test(code) || tb.group === undefined) return h("td", { class: "num tb" }, shown.text);
  if (shown.why === "separated") {
    return h("td", { class: "num tb muted", title: t("tbSeparated") }, shown.text, vh(` ${t("tbSeparated")}`));
  }
  if (shown.why === "notApplied") {
    return h("td", { class: "num tb muted", title: `${t("tbNotApplied")} (${t("tbAmong", { n: tb.group })})` },
      shown.text, vh(` ${t("tbNotApplied")}`));
  }
  const where = tb.board ? (code.startsWith("BBE") ? t("tbTopBoards", { n: tb.board }) : t("tbBoard", { n: tb.board }))
    : null;
  return h("td", { class: "num tb", title: [t("tbAmong", { n: tb.group }), where].filter(Boolean).join(", ") },
    shown.text,
    tb.board ? h("span", { class: "tbb" }, vh(" "), h("span", { "aria-hidden": "true" }, t("boardAbbr")), vh(`${where}`),
      h("span", { "aria-hidden": "true" }, tb.board)) : null);
}

export async function viewStandings(ctx) {
  const { tid, query, isCurrent } = ctx;
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  document.title = `${t("standings")} · ${tour.name}`;
  const done = completedRounds(rs).map((r) => r.number);
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
    downloads([["standingsCsv", `tournaments/${tid}/export/standings.csv?round=${after}`],
      ["standingsPdf", `tournaments/${tid}/export/standings.pdf?round=${after}`],
      ["tournamentXlsx", `tournaments/${tid}/export/tournament.xlsx`]]),
  ];
}

/**
 * New standings appear by themselves while a round is played: on the stream's "standings" event,
 * or (polling) when the list of completed rounds changes. Only the latest standings follow.
 * Returns stop(), or null when nothing can change.
 */
function followStandings(tid, rs, isCurrent, pinned) {
  if (pinned || rs.every((r) => isCompleted(r.state))) return null;
  const doneKey = (list) => completedRounds(list).map((r) => r.number).join(",");
  const seen = doneKey(rs);
  const rerender = () => window.dispatchEvent(new CustomEvent("teamswiss:rerender"));
  return follow(tid, {
    pollMs: SLOW_POLL_MS,
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
