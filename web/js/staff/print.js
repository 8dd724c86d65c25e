// Printing on A4: the pairing sheet of a round (for the wall), one result slip per match (for the
// captains to sign and the arbiter to countersign), and the standings after a round. The screen
// shows a toolbar; the print stylesheet (staff.css, @media print) keeps only the sheets.

import { get } from "./session.js";
import { t } from "../i18n/index.js";
import { staffHref } from "./access.js";
import { roundRoute } from "./round.js";
import { dateTime, firstSideResult, pts, resultText, tiebreakShown } from "../lib/format.js";
import { h, heading } from "../lib/dom.js";
import { colourMark, select } from "./ui.js";
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

/** A sheet scrolls sideways on a phone: it takes the focus (Tab, then the arrows) and says which sheet it is. */
const reachable = (label) => ({ tabindex: "0", "aria-label": label });

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
    h("h2", {}, t("tableN", { n: m.table }), ": ", m.first.name, " – ", m.second.name),
    h("table", { class: "sheet-table" }, h("tbody", {}, ...m.boards.map((b) => h("tr", {},
      h("td", { class: "num" }, String(b.board)),
      h("td", {}, b.white === "first" ? "○ " : "● ", b.first_player?.name ?? t("emptySeat")),
      h("td", { class: "num" }, firstSideResult(b)),
      h("td", {}, b.white === "second" ? "○ " : "● ", b.second_player?.name ?? t("emptySeat"))))))));
  return h("article", { class: "sheet", ...reachable(t("pairingsOfRound", { n: rnd.number })) },
    sheetHead(tour, t("pairingsOfRound", { n: rnd.number }), rnd),
    h("table", { class: "sheet-table pairs" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table")), h("th", { scope: "col" }, t("firstTeamShort")),
        h("th", { scope: "col" }, t("result")), h("th", { scope: "col" }, t("secondTeamShort")))),
      h("tbody", {}, ...rows)),
    h("p", { class: "sheet-legend" }, t("colourLegend")),
    h("div", { class: "boards-list" }, ...boards));
}

/** A player on a slip, as the results grid shows them: colour, name, rating. */
const slipPlayer = (p, white) => h("td", { class: "plr" }, colourMark(white), "\u00a0", p?.name ?? t("emptySeat"),
  p?.fide_rating ?? p?.national_rating ? h("span", { class: "s-tpn" }, ` ${p.fide_rating ?? p.national_rating}`) : null);

/**
 * One match's result slip, laid out as the results grid (results.js) is: board, the left team's player, the
 * result box, the right team's player, each with their colour; the box is written from the left team's side,
 * so that what a captain writes is what the arbiter types. An empty seat's automatic result is printed.
 */
function slip(tour, rnd, m) {
  return h("article", { class: "slip", ...reachable(`${t("roundN", { n: rnd.number })} · ${t("tableN", { n: m.table })}`) },
    sheetHead(tour, `${t("roundN", { n: rnd.number })} · ${t("tableN", { n: m.table })}`, rnd),
    h("table", { class: "sheet-table slip-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, t("staffBoardAbbr")),
        h("th", { scope: "col" }, m.first.name), h("th", { scope: "col", class: "rc" }, t("result")),
        h("th", { scope: "col" }, m.second.name))),
      h("tbody", {}, ...m.boards.map((b) => h("tr", {},
        h("td", { class: "num" }, String(b.board)),
        slipPlayer(b.first_player, b.white === "first"),
        h("td", { class: "rc box" }, b.result && (!b.first_player || !b.second_player) ? firstSideResult(b) : ""),
        slipPlayer(b.second_player, b.white === "second")))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "2" }, t("matchScore")), h("td", { class: "rc box" }, ""),
        h("td", {}, "")))),
    h("p", { class: "sheet-legend" }, t("colourLegend"), " · ", t("slipSideNote")),
    h("div", { class: "signs" }, ...[t("captainOf", { team: m.first.name }), t("captainOf", { team: m.second.name }),
      t("arbiterSign")].map((x) => h("p", { class: "sign" }, h("span", { class: "line" }), x))));
}

function standingsSheet(tour, st) {
  return h("article", { class: "sheet", ...reachable(t("staffStandingsAfter", { n: st.after_round })) },
    sheetHead(tour, t("staffStandingsAfter", { n: st.after_round })),
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
