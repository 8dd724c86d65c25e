// The interface language of the public page and the staff console: Greek or English, from the browser,
// switchable; the choice is stored for both. Strings live in one catalogue per language (en.js, el.js).

import el, { tiebreaks as elTiebreaks } from "./el.js";
import en, { tiebreaks as enTiebreaks } from "./en.js";

const STORE_KEY = "teamswiss.lang";
export const LANGS = ["el", "en"];
/** Every string by language (the browser tests compare the two). */
export const CATALOGUES = { en, el };
const TIEBREAKS = { en: enTiebreaks, el: elTiebreaks };

let current = "en";

/** The language: the stored choice, else the browser's (Greek for el-*, English otherwise). */
export function initialLang() {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (LANGS.includes(stored)) return stored;
  } catch (e) {
    /* storage blocked: fall through */
  }
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const l of prefs) {
    const base = String(l || "").toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function setLang(lang, remember = false) {
  current = LANGS.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, current);
    } catch (e) {
      /* storage blocked: the choice lasts for this page only */
    }
  }
}

export const lang = () => current;
/** The locale of Intl's formatters for the language on screen. */
export const locale = () => (current === "el" ? "el-GR" : "en-GB");

/** The string for key, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const s = CATALOGUES[current][key] ?? CATALOGUES.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/**
 * The full name of a tie-break code NAME[:MP|:GP][/Cn][/Mn][/P], e.g. "EMGSB/C1" ->
 * "Olympiad Sonneborn-Berger (cut 1)"; an unknown name is shown as its code.
 */
export function tiebreakName(code) {
  const tb = TIEBREAKS[current];
  const m = /^([A-Z][A-Z-]*)(?::(MP|GP))?((?:\/[A-Z]\d*)*)$/.exec(String(code).trim().toUpperCase());
  if (!m) return code;
  const [, name, score, mods] = m;
  const base = tb[name] ?? name;
  const extra = [];
  if (score) extra.push(score === "MP" ? tb.onMP : tb.onGP);
  for (const mod of mods.split("/").filter(Boolean)) {
    const n = mod.slice(1);
    if (mod[0] === "C") extra.push(tb.cut.replace("{n}", n));
    else if (mod[0] === "M") extra.push(tb.median.replace("{n}", n));
    else if (mod === "P") extra.push(tb.forfeitsPlayed);
    else extra.push(mod);
  }
  return extra.length ? `${base} (${extra.join(", ")})` : base;
}
