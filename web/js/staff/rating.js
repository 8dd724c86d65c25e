// The rating report's check on the overview: what the rating officer would miss (a player without a
// FIDE id in a FIDE-rated event, an unknown birth year, ...), before the arbiter sends the TRF file.

import { get } from "./session.js";
import { h } from "../lib/dom.js";
import { t } from "../i18n/index.js";

export async function ratingPanel(tid) {
  const c = await get(`tournaments/${tid}/exports/rating-check`);
  const errors = c.findings.filter((f) => f.severity === "error");
  const warnings = c.findings.filter((f) => f.severity === "warning");
  const item = (f) => h("li", { class: f.severity, "data-code": f.code },
    h("code", { class: "rule" }, f.rule), " ", t(`ratingCheck_${f.code}`, { name: f.message.split(":")[0], n: f.round }));
  return h("section", { class: "panel rating-check", "aria-labelledby": "rating-check-h" },
    h("h2", { id: "rating-check-h" }, t("ratingCheckTitle")),
    h("p", { class: c.ready ? "ok" : "problem" }, c.ready ? t("ratingCheckReady", { players: c.players, games: c.games })
      : t("ratingCheckNotReady", { n: errors.length })),
    errors.length ? h("ul", { class: "warnings" }, ...errors.map(item)) : null,
    warnings.length ? h("details", {}, h("summary", {}, t("ratingCheckWarnings", { n: warnings.length })),
      h("ul", { class: "plain small" }, ...warnings.map(item))) : null);
}
