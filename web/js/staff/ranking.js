// The initial ranking: teams by the average rating of their base lineup; equal averages in
// alphabetical order per ELOT 743, shown with each name's ELOT 743 transliteration. Locking
// gives the pairing numbers 1..N (C.04.6 1.1); re-locking is allowed until round 4 is paired. A round robin's
// numbers are drawn by lot or follow the ranking (C.05), and once they are fixed its whole schedule is shown
// (the server's Berger tables: the console computes no pairing).

import { transliterate } from "../lib/elot743.js";
import { num } from "../lib/format.js";
import { get, post } from "./session.js";
import { t } from "../i18n/index.js";
import { can } from "./access.js";
import { fill, h, heading } from "../lib/dom.js";
import { act, confirmDialog, messageSlot, scroller } from "./ui.js";

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  document.title = `${t("navRanking")} · ${tour.name}`;
  const box = h("div");
  const slot = messageSlot();
  let ranking = await get(`tournaments/${tid}/ranking`);
  let rules = tour.rules || {}; // a lock records a round robin's seed and its number of rounds
  const unrated = tour.rules?.unrated_rating ?? 1400;

  function draw() {
    const counts = new Map();
    for (const r of ranking.rows) counts.set(r.average, (counts.get(r.average) || 0) + 1);
    const lock = h("button", { type: "button", class: "primary", onclick: (ev) => act(ev.currentTarget, slot, async () => {
      const ok = await confirmDialog({ title: ranking.locked ? t("relockTitle") : t("lockTitle"),
        text: t("lockText"), confirm: ranking.locked ? t("relock") : t("lock") });
      if (!ok) return;
      ranking = await post(`tournaments/${tid}/ranking/lock`);
      if (ranking.schedule?.length) rules = (await get(`tournaments/${tid}`)).rules || rules;
      draw();
      slot.ok(t("rankingLocked"));
      box.querySelector("table")?.focus();
    }) }, ranking.locked ? t("relock") : t("lock"));
    const table = h("table", { class: "plain ranking", tabindex: "-1" },
      h("caption", {}, ranking.locked ? t("rankingLockedCaption") : t("rankingOpenCaption")),
      h("thead", {}, h("tr", {}, ...[t("position"), t("team"), t("elotKey"), t("club"), t("staffAverage"), t("ratingsFide", { unrated }),
        t("staffTpn"), t("problems")].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...ranking.rows.map((r) => {
        const tie = counts.get(r.average) > 1;
        return h("tr", { class: tie ? "tie" : null },
          h("td", { class: "num" }, String(r.position)),
          h("th", { scope: "row" }, r.name),
          h("td", { lang: "en", class: "elot" }, transliterate(r.name)),
          h("td", {}, r.club_name),
          h("td", { class: "num" }, num(r.average), tie ? h("abbr", { class: "tie-mark", title: t("tieByName") }, " =") : null),
          h("td", { class: "num small" }, r.ratings.join(" · ")),
          h("td", { class: "num" }, r.tpn ? String(r.tpn) : "–"),
          h("td", {}, r.base_lineup_problems.length ? h("ul", { class: "plain" }, ...r.base_lineup_problems.map((p) =>
            h("li", {}, h("code", { class: "rule" }, p.rule || ""), " ", h("span", {}, p.detail)))) : "–"));
      })));
    fill(box,
      h("p", { class: "lead" }, t("rankingLead")),
      ...schedule(),
      h("p", { class: "s-note", id: "rating-note" }, t("ratingNote", { unrated })),
      h("p", { class: "muted" }, t("tieNote")),
      slot.el,
      can(access, "ranking.lock") ? h("p", {}, lock) : null,
      scroller(table, t("navRanking")));
  }

  function schedule() {
    if (!ranking.schedule?.length) return [];
    const how = rules.rr_seeding === "lot" && rules.rr_lot_seed != null
      ? t("scheduleLot", { seed: String(rules.rr_lot_seed) }) : t("scheduleByRanking");
    const team = (x) => `${x.tpn}. ${x.name}`;
    const match = (m) => h("li", {}, `${m.table}: ${team(m.first)} – `,
      m.second ? team(m.second) : h("em", {}, t("scheduleBye")));
    const round = (r) => h("li", {}, h("h3", {}, t("scheduleRound", { n: String(r.round) })),
      h("ul", { class: "plain" }, ...r.matches.map(match)));
    return [h("section", { class: "panel schedule", "aria-labelledby": "schedule-h" },
      h("h2", { id: "schedule-h" }, t("scheduleTitle")),
      h("p", { class: "muted" }, how),
      h("ol", { class: "plain schedule-rounds" }, ...ranking.schedule.map(round)))];
  }

  draw();
  return [heading(t("navRanking")), box];
}
