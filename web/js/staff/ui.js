// Small building blocks of the console: refusals, confirmations, forms, round badges (DOM helpers:
// ../lib/dom.js, formatting: ../lib/format.js).

import { locale, t } from "../i18n/index.js";
import { h, scrollTable, vh } from "../lib/dom.js";

/**
 * A refusal as the API gave it (role=alert): its sentence (`detail`, else `title`) and its rule id. The HTTP
 * status is for programs (data-status), not for the volunteer reading the box.
 */
export function problemBox(err, { context = "" } = {}) {
  const status = err && err.status;
  const detail = err && (err.detail || err.title) ? (err.detail || err.title) : null;
  // a refusal without a sentence says so in words, never "HTTP 409"
  const text = status === 0 ? t("networkError") : detail || (status ? null : err?.message) || t("unknownError");
  return h("div", { class: "problem", role: "alert", dataset: { status: String(status ?? ""), rule: err?.rule || "" } },
    h("p", { class: "problem-title" }, context || (status === 401 ? t("signedOutTitle") : t("refused"))),
    h("p", {}, err?.rule ? [h("code", { class: "rule", title: t("ruleId") }, err.rule), " "] : null,
      h("span", { class: "detail", lang: detail && !err.localised ? err.lang || null : null }, text)),
    err?.retryAfter ? h("p", { class: "muted" }, t("retryAfter", { s: err.retryAfter })) : null);
}

/** A slot for the latest message of an area: show(problemOrText), clear(). */
export function messageSlot() {
  const el = h("div", { class: "slot" });
  return {
    el,
    problem(err, opts) {
      el.replaceChildren(problemBox(err, opts));
    },
    ok(text) {
      el.replaceChildren(h("p", { class: "okmsg", role: "status" }, text));
    },
    clear() {
      el.replaceChildren();
    },
  };
}

/** Run an action from a button: disabled while it runs, the refusal shown in slot. */
export async function act(button, slot, fn) {
  if (button) button.disabled = true;
  slot?.clear();
  try {
    return await fn();
  } catch (err) {
    if (slot) slot.problem(err);
    else throw err;
    return undefined;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}

/**
 * A modal confirmation (<dialog>): resolves true or false; with `reason`, resolves the text typed
 * (required) or null. Destructive actions start on "Cancel".
 */
export function confirmDialog({ title, text, confirm, danger = false, reason = null }) {
  return new Promise((resolve) => {
    const input = reason ? h("textarea", { id: "dlg-reason", name: "reason", rows: 2, required: true }) : null;
    const ok = h("button", { type: "submit", class: danger ? "danger" : "primary", value: "ok" }, confirm);
    const cancel = h("button", { type: "button", value: "cancel" }, t("cancel"));
    const form = h("form", { method: "dialog" },
      h("h2", { id: "dlg-title" }, title),
      text ? h("p", {}, text) : null,
      input ? h("p", {}, h("label", { for: "dlg-reason" }, reason), input) : null,
      h("p", { class: "buttons" }, ok, cancel));
    const dlg = h("dialog", { class: "confirm", "aria-labelledby": "dlg-title" }, form);
    let answer = null;
    form.addEventListener("submit", (ev) => {
      if (input && !input.value.trim()) {
        ev.preventDefault();
        input.focus();
        return;
      }
      answer = input ? input.value.trim() : true;
    });
    cancel.addEventListener("click", () => dlg.close());
    dlg.addEventListener("close", () => {
      dlg.remove();
      resolve(answer === null ? (input ? null : false) : answer);
    });
    (document.getElementById("staff") || document.body).append(dlg);
    dlg.showModal();
    (input || (danger ? cancel : ok)).focus();
  });
}

/** <label> + control in one block; the control gets an id from name when it has none. */
export function field(label, control, hint = null) {
  if (!control.id) control.id = `f-${control.name || Math.random().toString(36).slice(2)}`;
  const hintEl = hint ? h("span", { class: "hint", id: `${control.id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  return h("div", { class: "field" }, h("label", { for: control.id }, label), control, hintEl);
}

export function select(name, options, value = null, attrs = {}) {
  return h("select", { name, id: attrs.id || `f-${name}`, ...attrs },
    ...options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)));
}

/** A player's name with their rating: "Παπαδόπουλος, Νίκος 1620". */
export function playerLabel(p) {
  if (!p) return t("emptySeat");
  const r = p.fide_rating ?? p.national_rating;
  return r ? `${p.name} ${r}` : p.name;
}

export const teamName = (team) => (team ? `${team.name}${team.tpn ? ` (${team.tpn})` : ""}` : t("staffBye"));

/** The console's tables scroll with their caption above them (it wraps on a phone). */
export const scroller = (table, label) => scrollTable(table, label, { captionAbove: true });

export function badge(state) {
  return h("span", { class: `badge st-${state}` }, t(`staffState_${state}`));
}

/**
 * Count a form as holding unsaved changes once something is typed into it (`data-dirty`); the console asks
 * before leaving a screen with such a form (main.js), and a form clears the mark itself once saved.
 */
export function watchForm(form) {
  const mark = () => { form.dataset.dirty = ""; };
  form.addEventListener("input", mark);
  form.addEventListener("change", mark);
  return form;
}

/** Whether anything under `root` holds unsaved changes (a watched form typed into, or marked by its screen). */
export const unsavedIn = (root) => Boolean(root?.querySelector("[data-dirty]"));

/** Items with a `name`, sorted in the reader's alphabet (Α, Β, Γ for a Greek reader), as a volunteer looks one up. */
export function byName(items) {
  const collator = new Intl.Collator(locale(), { sensitivity: "base" });
  return items.sort((a, b) => collator.compare(a.name, b.name));
}

/** A player's colour as the results grid and the printed result slip show it: ○ White, ● Black (the word for
 *  screen readers). */
export function colourMark(white) {
  return h("span", { class: "clr" }, h("span", { "aria-hidden": "true" }, white ? "○" : "●"), vh(t(white ? "white" : "black")));
}
