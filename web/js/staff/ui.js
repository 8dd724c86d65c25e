// Small building blocks of the console: refusals, confirmations, forms, tables (formatting: ../lib/format.js).

import { h, vh } from "../dom.js";
import { t } from "../i18n/index.js";

export { h, vh };

/**
 * Redraw with fn() and give the focus back to the same control (same id, or same data-team /
 * data-action / data-key), so that a live update never takes the keyboard away from its user.
 */
export function keepingFocus(container, fn) {
  const el = document.activeElement;
  const inside = el && container.contains(el);
  const sel = !inside ? null : el.id ? `#${CSS.escape(el.id)}`
    : ["team", "action", "key"].map((k) => (el.dataset?.[k] ? `[data-${k}="${CSS.escape(el.dataset[k])}"]` : ""))
      .join("") || null;
  fn();
  if (sel) container.querySelector(sel)?.focus();
}

/** Replace el's children; null, undefined and false are left out, arrays are flattened. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

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
      h("span", { class: "detail", lang: detail && !err.localised ? "en" : null }, text)),
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

/** A heading that takes the focus after navigation. */
export const title = (text) => h("h1", { tabindex: "-1" }, text);

let captions = 0;

/**
 * A table in a labelled, focusable scroll region (wide tables scroll inside it on phones). Its caption
 * goes above the region, naming the table (aria-labelledby), so that it wraps on a phone instead of
 * scrolling away with the columns.
 */
export function scroller(table, label) {
  const caption = table.querySelector(":scope > caption");
  let head = null;
  if (caption) {
    captions += 1;
    head = h("p", { class: "cap", id: `cap-${captions}`, tabindex: "-1" }, ...caption.childNodes);
    caption.remove();
    table.setAttribute("aria-labelledby", head.id);
  }
  return h("div", { class: "tblock" }, head,
    h("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": label }, table));
}

export function badge(state) {
  return h("span", { class: `badge st-${state}` }, t(`staffState_${state}`));
}
