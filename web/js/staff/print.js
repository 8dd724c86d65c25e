// Printing on A4: the pairing sheet of a round (for the wall), one result slip per match (for the
// captains to sign and the arbiter to countersign), and the standings after a round. The screen
// shows a toolbar; the print stylesheet (staff.css, @media print) keeps only the sheets.

import { get } from "./session.js";
import { t } from "../i18n/index.js";
import { staffHref } from "./access.js";
import { roundRoute } from "./round.js";
import { dateTime, firstSideResult, resultText, tiebreakShown } from "../lib/format.js";
import { h, heading } from "../lib/dom.js";
import { select } from "./ui.js";
import { completedRounds, hasPairing, isPublic } from "../lib/rounds.js";

const KINDS = ["pairings", "slips", "standings"];

function toolbar(ctx, kind, rounds, n) {
  const done = completedRounds(rounds);
  const roundSel = select("print_round", (kind === "standings" ? done : rounds.filter((r) => hasPairing(r.state)))
    .map((r) => [r.number, t("roundN", { n: r.number })]), n, { id: "print-round" });
  roundSel.addEventListener("change", () => {
    location.hash = kind === "standings" ? `${staffHref(ctx.tid, "print/standings")}?after=${roundSel.value}`
      : staffHref(ctx.tid, `print/${kind}/${roundSel.value}`);
  });
  return h("div", { class: "toolbar no-print" },
    h("nav", { "aria-label": t("navPrint") }, h("ul", { class: "tabs" }, ...KINDS.map((k) => h("li", {},
      h("a", { href: k === "standings" ? staffHref(ctx.tid, "print/standings") : staffHref(ctx.tid, `print/${k}/${n}`),
        "aria-current": k === kind ? "page" : null }, t(`print_${k}`)))))),
    h("div", { class: "inline" }, h("label", { for: "print-round" }, kind === "standings" ? t("afterRoundLabel") : t("round")),
      roundSel, h("button", { type: "button", class: "primary", onclick: () => window.print() }, t("print"))),
    h("p", { class: "muted" }, t("printHint")));
}

function sheetHead(tour, text, rnd) {
  const zone = tour.rules?.time_zone;
  return h("div", { class: "sheet-head" }, h("p", { class: "sheet-t" }, tour.name),
    h("p", { class: "sheet-sub" }, text, rnd?.scheduled_start ? ` · ${dateTime(rnd.scheduled_start, zone)}` : ""));
}

function pairingSheet(tour, rnd) {
  const rows = rnd.matches.map((m) => h("tr", {},
    h("td", { class: "num" }, String(m.table)),
    h("td", {}, m.first.name, m.first.tpn ? h("span", { class: "s-tpn" }, ` (${m.first.tpn})`) : null),
    h("td", { class: "num sc" }, m.pab ? "" : (m.score ? m.score.map(pts).join(" – ") : "–")),
    h("td", {}, m.pab ? t("staffBye") : [m.second.name, m.second.tpn ? h("span", { class: "s-tpn" }, ` (${m.second.tpn})`) : null])));
  const boards = rnd.matches.filter((m) => !m.pab).map((m) => h("section", { class: "mboards" },
    h("h3", {}, t("tableN", { n: m.table }), ": ", m.first.name, " – ", m.second.name),
    h("table", { class: "sheet-table" }, h("tbody", {}, ...m.boards.map((b) => h("tr", {},
      h("td", { class: "num" }, String(b.board)),
      h("td", {}, b.white === "first" ? "○ " : "● ", b.first_player?.name ?? t("emptySeat")),
      h("td", { class: "num" }, firstSideResult(b)),
      h("td", {}, b.white === "second" ? "○ " : "● ", b.second_player?.name ?? t("emptySeat"))))))));
  return h("article", { class: "sheet" }, sheetHead(tour, t("pairingsOfRound", { n: rnd.number }), rnd),
    h("table", { class: "sheet-table pairs" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table")), h("th", { scope: "col" }, t("firstTeamShort")),
        h("th", { scope: "col" }, t("result")), h("th", { scope: "col" }, t("secondTeamShort")))),
      h("tbody", {}, ...rows)),
    h("p", { class: "sheet-legend" }, t("colourLegend")),
    h("div", { class: "boards-list" }, ...boards));
}

function slip(tour, rnd, m) {
  return h("article", { class: "slip" },
    sheetHead(tour, `${t("roundN", { n: rnd.number })} · ${t("tableN", { n: m.table })}`, rnd),
    h("table", { class: "sheet-table slip-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("staffBoardAbbr")), h("th", { scope: "col" }, m.first.name),
        h("th", { scope: "col", class: "rc" }, t("result")), h("th", { scope: "col" }, m.second.name))),
      h("tbody", {}, ...m.boards.map((b) => h("tr", {},
        h("td", { class: "num" }, String(b.board)),
        h("td", {}, b.white === "first" ? `${t("whiteAbbr")} ` : `${t("blackAbbr")} `, b.first_player?.name ?? t("emptySeat"),
          b.first_player?.fide_rating ? h("span", { class: "s-tpn" }, ` ${b.first_player.fide_rating}`) : null),
        h("td", { class: "rc box" }, b.result && (!b.first_player || !b.second_player) ? resultText(b.result) : ""),
        h("td", {}, b.white === "second" ? `${t("whiteAbbr")} ` : `${t("blackAbbr")} `, b.second_player?.name ?? t("emptySeat"),
          b.second_player?.fide_rating ? h("span", { class: "s-tpn" }, ` ${b.second_player.fide_rating}`) : null)))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "2" }, t("matchScore")), h("td", { class: "rc box" }, ""),
        h("td", {}, "")))),
    h("div", { class: "signs" }, ...[t("captainOf", { team: m.first.name }), t("captainOf", { team: m.second.name }),
      t("arbiterSign")].map((x) => h("p", { class: "sign" }, h("span", { class: "line" }), x))));
}

function standingsSheet(tour, st) {
  return h("article", { class: "sheet" }, sheetHead(tour, t("staffStandingsAfter", { n: st.after_round })),
    h("table", { class: "sheet-table stand" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rankAbbr")), h("th", { scope: "col" }, t("team")),
        h("th", { scope: "col" }, t("wdl")), ...st.tiebreaks.map((c) => h("th", { scope: "col", class: "num" }, c)))),
      h("tbody", {}, ...st.rows.map((r) => h("tr", {},
        h("td", { class: "num" }, `${r.rank}${r.tied ? "=" : ""}`),
        h("td", {}, r.team.name, r.team.club ? h("span", { class: "s-tpn block" }, r.team.club) : null),
        h("td", { class: "num" }, `${r.won}-${r.drawn}-${r.lost}`),
        ...st.tiebreaks.map((c) => {
          const shown = tiebreakShown(c, r.tiebreaks.find((x) => x.code === c));  // as the public standings say it
          return h("td", { class: "num" }, shown.text, shown.board ? ` ${t("boardAbbr")}${shown.board}` : "");
        }))))),
    h("p", { class: "sheet-legend" }, t("tiebreakOrder"), " ", st.tiebreaks.join(" › "), " · ", t("tiedLegend")));
}

export async function view(ctx) {
  const { tid, tour, rest, query } = ctx;
  const kind = KINDS.includes(rest[0]) ? rest[0] : "pairings";
  const { rounds, n } = await roundRoute(ctx, { at: 1 });
  document.title = `${t(`print_${kind}`)} · ${tour.name}`;
  if (kind === "standings") {
    const done = completedRounds(rounds);
    const after = Number(query.get("after")) || done[done.length - 1]?.number;
    if (!after) return [heading(t("print_standings")), toolbar(ctx, kind, rounds, null), h("p", {}, t("noStandingsYet"))];
    const st = await get(`tournaments/${tid}/standings?round=${after}`);
    return [h("h1", { tabindex: "-1", class: "no-print" }, t("print_standings")), toolbar(ctx, kind, rounds, after),
      standingsSheet(tour, st)];
  }
  const rnd = await get(`tournaments/${tid}/rounds/${n}`);
  const head = h("h1", { tabindex: "-1", class: "no-print" }, t(`print_${kind}`), " · ", t("roundN", { n }));
  if (!rnd.matches.length) return [head, toolbar(ctx, kind, rounds, n), h("p", {}, t("notPairedYet", { n }))];
  const note = !isPublic(rnd.state) ? h("p", { class: "s-note no-print" }, t("printUnpublished")) : null;
  if (kind === "slips") {
    return [head, toolbar(ctx, kind, rounds, n), note,
      h("div", { class: "slips" }, ...rnd.matches.filter((m) => !m.pab).map((m) => slip(tour, rnd, m)))];
  }
  return [head, toolbar(ctx, kind, rounds, n), note, pairingSheet(tour, rnd)];
}
