// Small DOM helpers (no framework).

import { lang } from "./i18n/index.js";

/**
 * h("a", {href: "#/", class: "x"}, "text", child, [more]) -> an element. Attributes whose
 * value is null/undefined/false are left out; "on*" functions become event listeners.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Visually hidden text, still read by screen readers. */
export const vh = (text) => h("span", { class: "vh" }, text);

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

/** A name shown as written, with lang="el" when it is in Greek letters (for screen readers). */
export function name(text, tag = "span", attrs = {}) {
  const s = text ?? "";
  const l = GREEK.test(s) ? "el" : /[A-Za-z]/.test(s) ? "en" : null;
  return h(tag, { ...attrs, lang: l && l !== lang() ? l : null }, s);
}

/** A table inside a focusable, labelled scroll container (wide tables scroll inside it on phones). */
export function scrollTable(table, label) {
  return h("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": label }, table);
}
