// The tournaments (#/): each with its city, dates and status; the only one opens directly.

import { getAll } from "../lib/http.js";
import { dateRange } from "../lib/format.js";
import { h, heading, name } from "../lib/dom.js";
import { t } from "../i18n/index.js";
import { tHref } from "./common.js";

function tournamentStatus(x) {
  const total = x.rules?.rounds;
  if (x.status === "running" && x.current_round) {
    return `${t("status_running")} · ${t("roundOf", { n: x.current_round, total: total ?? "?" })}`;
  }
  return t(`status_${x.status || "upcoming"}`);
}

export async function viewHome() {
  const list = await getAll("tournaments");
  if (list.length === 1) {
    location.replace(tHref(list[0].id));
    return null;
  }
  document.title = t("tournaments");
  return [
    heading(t("tournaments")),
    list.length ? h("ul", { class: "plain tournaments" }, ...list.map((x) => h("li", {},
      h("a", { href: tHref(x.id), class: "tname" }, name(x.name)),
      h("span", { class: "muted small block" },
        x.city ? [name(x.city), " · "] : null, dateRange(x.start_date, x.end_date), " · ",
        h("span", { class: `badge status-${x.status || "upcoming"}` }, tournamentStatus(x)))))) : h("p", {}, t("noTournaments")),
  ];
}
