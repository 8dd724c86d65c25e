// A roster from a file: a CSV (`,` or `;`, as Greek spreadsheets save it) or an .xlsx workbook, one child a line.
// The server reads it (POST .../roster/import) and answers what each line becomes (a new player, a player of the
// club already, or an error and why) before anything is saved; "Import" then registers the new players and puts
// every one on the roster at once, or nothing when a line is wrong.

import { api } from "./session.js";
import { t } from "../i18n/index.js";
import { dateOnly } from "../lib/format.js";
import { fill, h } from "../lib/dom.js";
import { messageSlot, scroller } from "./ui.js";

const MAX_BYTES = 1024 * 1024; // the API's limit for a request body

function send(tid, team, file, save, reason) {
  const form = new FormData();
  form.append("file", file, file.name);
  const q = new URLSearchParams(save ? { save: "true", reason } : {});
  return api(`tournaments/${tid}/teams/${team.id}/roster/import${save ? `?${q}` : ""}`, { method: "POST", form })
    .then((r) => r.data);
}

function summary(fields) {
  const bits = [];
  if (fields.sex) bits.push(fields.sex === "w" ? t("girl") : t("boy"));
  if (fields.birth_date) bits.push(dateOnly(fields.birth_date));
  if (fields.fide_rating) bits.push(`FIDE ${fields.fide_rating}`);
  if (fields.national_rating) bits.push(`${t("nationalShort")} ${fields.national_rating}`);
  return bits.join(" · ");
}

/**
 * The import panel of a team's roster screen. `reason()` gives the reason typed on the roster form (required
 * after the roster deadline, R-11.5); `onImported(answer)` runs after the import is saved.
 */
export function importPanel(ctx, team, { reason = () => "", onImported }) {
  const slot = messageSlot();
  const out = h("div", { class: "import-preview", "aria-live": "polite" });
  const input = h("input", { type: "file", id: "roster-file", name: "file",
    accept: ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  let file = null;

  function table(answer) {
    const label = t("importPreviewCaption", { file: file.name });
    return scroller(h("table", { class: "plain import" }, h("caption", {}, label),
      h("thead", {}, h("tr", {}, ...[t("importLine"), t("player"), t("importOutcome")]
        .map((x) => h("th", { scope: "col" }, x)))),
      // the reason of an error under the name, not in a column of its own: on a phone it must be in sight
      h("tbody", {}, ...answer.lines.map((x) => h("tr", { class: `imp-${x.outcome}`, dataset: { outcome: x.outcome } },
        h("td", { class: "num" }, String(x.line)),
        h("th", { scope: "row" }, x.name || "–", x.outcome === "error"
          ? h("span", { class: "block imp-why" }, x.rule ? [h("code", { class: "rule" }, x.rule), " "] : null,
            h("span", { class: "detail" }, x.detail))
          : h("span", { class: "block muted" }, summary(x.fields))),
        h("td", {}, h("span", { class: `badge imp-${x.outcome}` }, t(`import_${x.outcome}`))))))), label);
  }

  function show(answer) {
    const errors = answer.lines.filter((x) => x.outcome === "error").length;
    const fresh = answer.lines.filter((x) => x.outcome === "new").length;
    const known = answer.lines.filter((x) => x.outcome === "existing").length;
    const go = h("button", { type: "button", class: "primary", id: "import-save", disabled: Boolean(errors || answer.problem) },
      t("importSave", { n: fresh + known }));
    go.addEventListener("click", async () => {
      go.disabled = true;
      slot.clear();
      try {
        const saved = await send(ctx.tid, team, file, true, reason());
        fill(out);
        input.value = "";
        file = null;
        await onImported?.(saved);
        slot.ok(t("importDone", { n: saved.lines.length, fresh }));
      } catch (err) {
        slot.problem(err);
        go.disabled = false;
      }
    });
    fill(out,
      h("p", { class: "lead", role: "status" }, t("importCounts", { fresh, known, errors })),
      answer.ignored_columns.length ? h("p", { class: "muted" }, t("importIgnored", { cols: answer.ignored_columns.join(", ") })) : null,
      table(answer),
      answer.problem ? h("div", { class: "problem", role: "alert" }, h("p", { class: "problem-title" }, t("importRosterRefused")),
        h("p", {}, answer.problem.rule ? [h("code", { class: "rule" }, answer.problem.rule), " "] : null, answer.problem.detail)) : null,
      answer.warnings.length ? h("ul", { class: "warnings" }, ...answer.warnings.map((w) => h("li", {},
        w.rule ? [h("code", { class: "rule" }, w.rule), " "] : null, h("span", { lang: "en" }, w.detail)))) : null,
      errors ? h("p", { class: "warn" }, t("importFixErrors")) : null,
      h("p", { class: "buttons" }, go));
  }

  input.addEventListener("change", async () => {
    slot.clear();
    fill(out);
    file = input.files?.[0] || null;
    if (!file) return;
    if (file.size > MAX_BYTES) {
      slot.problem({ status: 413, detail: t("importTooBig") });
      return;
    }
    out.setAttribute("aria-busy", "true");
    try {
      show(await send(ctx.tid, team, file, false, ""));
    } catch (err) {
      slot.problem(err);
    } finally {
      out.removeAttribute("aria-busy");
    }
  });

  return h("section", { class: "panel", id: "roster-import", "aria-labelledby": "roster-import-h" },
    h("h2", { id: "roster-import-h" }, t("importTitle")),
    h("p", { class: "muted" }, t("importLead")),
    h("p", { class: "hint" }, t("importColumns")),
    h("div", { class: "field" }, h("label", { for: "roster-file" }, t("importFile")), input),
    slot.el, out);
}
