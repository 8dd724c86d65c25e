// The DOM helpers of the page and the console (no framework): elements, names in their own script,
// headings that take the focus, scroll regions for wide tables, redraws that keep the keyboard focus.

import { lang } from "../i18n/index.js";

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

/** Replace el's children; null, undefined and false are left out, arrays are flattened. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A heading that receives the focus after a navigation. */
export const heading = (...children) => h("h1", { tabindex: "-1" }, ...children);

let captions = 0;

/**
 * A table inside a focusable, labelled scroll region (wide tables scroll inside it on phones, the page
 * never sideways). With `captionAbove` (the console) the caption moves above the region and names the
 * table (aria-labelledby), so that it wraps on a phone instead of scrolling away with the columns.
 */
export function scrollTable(table, label, { captionAbove = false } = {}) {
  const region = h("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": label }, table);
  if (!captionAbove) return region;
  const caption = table.querySelector(":scope > caption");
  let head = null;
  if (caption) {
    captions += 1;
    head = h("p", { class: "cap", id: `cap-${captions}`, tabindex: "-1" }, ...caption.childNodes);
    caption.remove();
    table.setAttribute("aria-labelledby", head.id);
  }
  return h("div", { class: "tblock" }, head, region);
}

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
