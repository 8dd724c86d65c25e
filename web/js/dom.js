// Small DOM and formatting helpers (no framework).

import { lang, locale, t } from "./i18n/index.js";

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

/**
 * A decimal string from the API ("66.7", "1512.25") in the reader's notation: a decimal comma in
 * Greek, a point in English. For percentages and averages; points go through pts().
 */
export function num(value) {
  if (value === null || value === undefined || value === "") return t("none");
  const s = String(value);
  return lang() === "el" ? s.replace(".", ",") : s;
}

/**
 * Points (MP, GP, scores, tie-break values) as chess writes them, the same in both languages:
 * halves with "½" ("2.5" -> "2½", "0.5" -> "½"); other decimals ("12.25") in the reader's notation.
 */
export function pts(value) {
  if (value === null || value === undefined || value === "") return "";
  const s = String(value);
  const m = /^(-?)(\d+)\.5$/.exec(s);
  if (m) return `${m[1] ? "−" : ""}${m[2] === "0" ? "" : m[2]}½`;
  return num(s);
}

/** "1-0", "1/2-1/2", "+/-"... (White first) -> [white, black] points as shown. */
export function resultSides(result) {
  switch (result) {
    case "1-0": return ["1", "0"];
    case "0-1": return ["0", "1"];
    case "1/2-1/2": return ["½", "½"];
    case "+/-": return ["+", "−"];
    case "-/+": return ["−", "+"];
    case "-/-": return ["−", "−"];
    default: return null;
  }
}

/** Numeric game points of a shown side ("+" counts as a win). */
export function sidePoints(shown) {
  return { "1": 1, "+": 1, "½": 0.5 }[shown] ?? 0;
}

/** A JavaScript number of points (halves) as pts() writes it. */
export function numberToPts(x) {
  return pts(String(x));
}

/** A UTC instant as a date and time in the tournament's zone. */
export function dateTime(iso, zone, { weekday = true, seconds = false } = {}) {
  if (!iso) return t("none");
  const opts = {
    timeZone: zone || undefined, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  };
  if (weekday) opts.weekday = "short";
  if (seconds) opts.second = "2-digit";
  try {
    return new Intl.DateTimeFormat(locale(), opts).format(new Date(iso));
  } catch (e) {
    delete opts.timeZone;
    return new Intl.DateTimeFormat(locale(), opts).format(new Date(iso));
  }
}

export function timeOnly(date, zone) {
  const opts = { timeZone: zone || undefined, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
  try {
    return new Intl.DateTimeFormat(locale(), opts).format(date);
  } catch (e) {
    delete opts.timeZone;
    return new Intl.DateTimeFormat(locale(), opts).format(date);
  }
}

/** A calendar date "2025-11-14" (no zone) in the reader's language. */
export function dateOnly(isoDate) {
  if (!isoDate) return t("none");
  const d = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat(locale(), { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" })
    .format(d);
}

/** A range of calendar dates: "14–16 November 2025". */
export function dateRange(from, to) {
  if (!from || !to || from === to) return dateOnly(from || to);
  const fmt = new Intl.DateTimeFormat(locale(), { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
  const a = new Date(`${from}T12:00:00Z`);
  const b = new Date(`${to}T12:00:00Z`);
  return typeof fmt.formatRange === "function" ? fmt.formatRange(a, b) : `${fmt.format(a)} – ${fmt.format(b)}`;
}

/** A table inside a focusable, labelled scroll container (wide tables scroll inside it on phones). */
export function scrollTable(table, label) {
  return h("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": label }, table);
}
