// A tournament (#/t/1): its facts, the schedule of rounds in its zone, the exports.

import { dateRange, dateTime, timeControl } from "../lib/format.js";
import { h, heading, name, scrollTable } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { downloads, link, rounds, stateBadge, tHref, tournament, zoneOf } from "./common.js";
import { completedRounds, inProgress, playingRound } from "../lib/rounds.js";

/** The tournament's system (R-4.3): the Swiss, or a round robin and its cycles. */
function systemText(rules) {
  if (!rules) return null;
  if (rules.system !== "round_robin") return t("systemSwiss");
  return `${t("systemRoundRobin")} · ${t(rules.cycles === 2 ? "cyclesDouble" : "cyclesSingle")}`;
}

export async function viewOverview({ tid }) {
  const [tour, rs] = await Promise.all([tournament(tid), rounds(tid)]);
  const zone = zoneOf(tour);
  document.title = tour.name;
  const facts = [
    [t("venue"), tour.venue ? name(tour.venue) : null],
    [t("city"), tour.city ? name(tour.city) : null],
    [t("dates"), dateRange(tour.start_date, tour.end_date)],
    [t("chiefArbiter"), tour.chief_arbiter ? name(tour.chief_arbiter) : null],
    [t("timeControl"), timeControl(tour.rules?.time_control)],
    [t("boards"), tour.rules?.boards ?? null],
    [t("system"), systemText(tour.rules)],
  ].filter(([, v]) => v !== null && v !== "");
  const table = h("table", { class: "schedule" },
    h("caption", {}, t("scheduleCaption", { zone: zone || Intl.DateTimeFormat().resolvedOptions().timeZone })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("round")), h("th", { scope: "col" }, t("start")),
      h("th", { scope: "col" }, t("status")))),
    h("tbody", {}, ...rs.map((r) => h("tr", { class: inProgress(r.state) ? "current" : null },
      h("th", { scope: "row" }, link(tHref(tid, `/r/${r.number}`), t("roundN", { n: r.number }))),
      h("td", {}, dateTime(r.scheduled_start, zone)),
      h("td", {}, stateBadge(r.state))))));
  const running = playingRound(rs);
  const lastDone = completedRounds(rs).at(-1);
  return [
    heading(name(tour.name)),
    running || lastDone ? h("p", { class: "cta" },
      running ? h("a", { href: tHref(tid, `/r/${running.number}`), class: "live-link" },
        h("span", { class: "dot", "aria-hidden": "true" }), `${t("roundN", { n: running.number })}: ${t(`state_${running.state}`)}`)
        : null,
      lastDone ? h("a", { href: tHref(tid, "/standings") }, t("standingsAfter", { n: lastDone.number })) : null) : null,
    h("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    scrollTable(table, t("schedule")),
    downloads([["trfFile", `tournaments/${tid}/export/trf`], ["standingsCsv", `tournaments/${tid}/export/standings.csv`],
      ["tournamentXlsx", `tournaments/${tid}/export/tournament.xlsx`]]),
  ];
}
