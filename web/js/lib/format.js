// How the page and the console write numbers, points, dates, times and board results, in the language on
// screen (Intl with the page's locale).
//
// - Points (MP, GP, match scores, tie-break values) are written as chess writes them, the same in both
//   languages: halves with "½" ("2.5" -> "2½", "0.5" -> "½"); other decimals ("12.25") in the reader's
//   notation, like every other decimal ("66,7" in Greek). The API sends them as decimal strings: they are
//   shown digit for digit, never rounded.
// - Dates and times are in the tournament's time zone (`rules.time_zone`), 24-hour clock.
// - Board results: the API's codes are White first (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-).

import { locale, t } from "../i18n/index.js";

// ---------------------------------------------------------------- numbers and points

const numberFormats = new Map();

function numberFormat(digits) {
  const key = `${locale()}/${digits}`;
  if (!numberFormats.has(key)) {
    numberFormats.set(key, new Intl.NumberFormat(locale(), {
      useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }));
  }
  return numberFormats.get(key);
}

/**
 * A decimal from the API ("66.7", "1512.25", 3) in the reader's notation, with the digits it has: a decimal
 * comma in Greek, a point in English. For percentages and averages; points go through pts().
 */
export function num(value) {
  if (value === null || value === undefined || value === "") return t("none");
  const s = String(value).trim();
  const m = /^-?\d+(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  return numberFormat(Math.min(m[1] ? m[1].length : 0, 20)).format(Number(s));
}

/** A change as num() writes it with its sign: "12.8" -> "+12,8", "-3.2" -> "−3,2", "0" -> "0". */
export function signed(value) {
  if (value === null || value === undefined || value === "") return t("none");
  const s = String(value).trim();
  if (s.startsWith("-")) return `−${num(s.slice(1))}`;
  return Number(s) === 0 ? num(s) : `+${num(s)}`;
}

/** Points as chess writes them: "2.5" -> "2½", "-0.5" -> "−½"; other decimals as num() writes them. */
export function pts(value) {
  if (value === null || value === undefined || value === "") return "";
  const s = String(value);
  const m = /^(-?)(\d+)\.5$/.exec(s);
  if (m) return `${m[1] ? "−" : ""}${m[2] === "0" ? "" : m[2]}½`;
  return num(s);
}

/** A JavaScript number of points (halves, summed in the page) as pts() writes it. */
export function numberToPts(x) {
  return pts(String(x));
}

const moneyFormats = new Map();

/** An amount of money in euros as the reader writes it: "36,00 €" in Greek, "€36.00" in English. */
export function money(x) {
  if (x === null || x === undefined || x === "") return "";
  if (!moneyFormats.has(locale())) {
    moneyFormats.set(locale(), new Intl.NumberFormat(locale(), { style: "currency", currency: "EUR" }));
  }
  return moneyFormats.get(locale()).format(Number(x));
}

// ---------------------------------------------------------------- names in the reader's alphabetical order

const collators = new Map();

/** Compare two names in the reader's alphabetical order (Greek collation in Greek: Α, Β, Γ, Δ..., accents
 * and case ignored; "Team 2" before "Team 10"). The regulations' own name order (R-4.2, ELOT 743) is
 * elot743.js's. */
export function compareNames(a, b) {
  if (!collators.has(locale())) {
    collators.set(locale(), new Intl.Collator(locale(), { sensitivity: "base", numeric: true }));
  }
  return collators.get(locale()).compare(String(a ?? ""), String(b ?? ""));
}

/** A copy of items in the reader's alphabetical order of nameOf(item). */
export function sortByName(items, nameOf = (x) => x) {
  return [...items].sort((a, b) => compareNames(nameOf(a), nameOf(b)));
}

// ---------------------------------------------------------------- the time control

const TIME_CONTROL = /^\s*(\d+)\s*min(?:\s*\+\s*(\d+)\s*s\s+per\s+move(?:\s+from\s+move\s+(\d+))?)?\s*$/i;

/**
 * The time control (R-4.4) in the reader's words when it has the usual form ("60 min + 30 s per move from
 * move 1", the presets' wording); an organiser's own wording is shown as written.
 */
export function timeControl(text) {
  if (!text) return null;
  const m = TIME_CONTROL.exec(String(text));
  if (!m) return String(text);
  if (!m[2]) return t("timeControlBase", { min: m[1] });
  return t(m[3] ? "timeControlFrom" : "timeControlIncrement", { min: m[1], s: m[2], from: m[3] });
}

// ---------------------------------------------------------------- tie-breaks

/** The tie-breaks that order a group of tied teams (a value only inside the group; R-8, C.07). */
export const GROUP_TIEBREAKS = /^(DE|DE-ALLMET|EDE|EDET|EDEB|EDEBT|EDEBB|TBR|BBE)(?=$|[:/])/;

/**
 * What a standings cell says for tie-break `code` of one team (`tb` as the API gives it), the same on the
 * screen and on paper: {text, why, board}. A group tie-break says what decided inside the tied group, else
 * "—" with why: "separated" (the team was not tied any more) or "notApplied" (it could not be applied).
 */
export function tiebreakShown(code, tb) {
  if (!tb) return { text: t("none"), why: null, board: null };
  if (!GROUP_TIEBREAKS.test(code) || tb.group === undefined) return { text: pts(tb.value), why: null, board: null };
  if (tb.group <= 1) return { text: t("none"), why: "separated", board: null };
  if (tb.decisive === null || tb.decisive === undefined) return { text: t("none"), why: "notApplied", board: null };
  return { text: pts(tb.decisive), why: null, board: tb.board || null };
}

// ---------------------------------------------------------------- dates and times

function formatDate(date, zone, opts) {
  try {
    return new Intl.DateTimeFormat(locale(), { ...opts, timeZone: zone || undefined }).format(date);
  } catch (e) { // a zone this browser does not know: the browser's own
    return new Intl.DateTimeFormat(locale(), opts).format(date);
  }
}

/** A UTC instant as a date and time in the tournament's zone: "Sat 15 Nov, 10:00". */
export function dateTime(iso, zone, { weekday = true, seconds = false } = {}) {
  if (!iso) return t("none");
  return formatDate(new Date(iso), zone, {
    ...(weekday ? { weekday: "short" } : {}), day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    hourCycle: "h23", ...(seconds ? { second: "2-digit" } : {}),
  });
}

/** The time of an instant (a Date or an ISO string) in the tournament's zone: "10:04:05". */
export function time(value, zone) {
  if (!value) return t("none");
  return formatDate(value instanceof Date ? value : new Date(value), zone,
    { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
}

const DAY = { day: "numeric", month: "long", year: "numeric" };

/** A calendar date "2025-11-14" (no zone) in the reader's language: "14 November 2025". */
export function dateOnly(isoDate) {
  if (!isoDate) return t("none");
  return formatDate(new Date(`${isoDate}T12:00:00Z`), "UTC", DAY);
}

/** A range of calendar dates: "14–16 November 2025". */
export function dateRange(from, to) {
  if (!from || !to || from === to) return dateOnly(from || to);
  const fmt = new Intl.DateTimeFormat(locale(), { timeZone: "UTC", ...DAY });
  const a = new Date(`${from}T12:00:00Z`);
  const b = new Date(`${to}T12:00:00Z`);
  return typeof fmt.formatRange === "function" ? fmt.formatRange(a, b) : `${fmt.format(a)} – ${fmt.format(b)}`;
}

/** "2 d 03:04:05" / "03:04:05" until `target` (ms since epoch), or null when it has passed. */
export function countdown(target, now = Date.now()) {
  let s = Math.floor((target - now) / 1000);
  if (s < 0) return null;
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const hh = String(Math.floor(s / 3600)).padStart(2, "0");
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${d ? `${t("daysShort", { n: d })} ` : ""}${hh}:${mm}:${ss}`;
}

// ---------------------------------------------------------------- board results

/** A board result as arbiters write it, White first: "1-0", "½-½", "+/−". */
export function resultText(code) {
  return {
    "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+/-": "+/−", "-/+": "−/+", "-/-": "−/−",
  }[code] ?? "";
}

/** "1-0", "1/2-1/2", "+/-"... (White first) -> [white, black] points as shown, or null (no result). */
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

/**
 * A board's result as [first team's side, second team's side] (the match score's order), a match forfeit
 * (`forfeit`: the side that did not show up) on every board; null while the board is being played.
 */
export function boardSides(b, forfeit) {
  let sides = resultSides(b.result);
  if (sides) return b.white === "first" ? sides : [sides[1], sides[0]];
  if (forfeit === "first") sides = ["−", "+"];
  else if (forfeit === "second") sides = ["+", "−"];
  else if (forfeit === "both") sides = ["−", "−"];
  return sides;
}

/**
 * A result code turned to the first (left) team's side, or back (the turn is its own inverse): the API writes
 * White first, the slip and the results grid the left team's player first. `white`: "first" or "second".
 */
export function asFirstSide(code, white) {
  if (!code || white === "first") return code ?? null;
  return { "1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-" }[code] ?? code;
}

/** A board's result written from the first team's side, as arbiters write it: "0-1" when its player had Black. */
export function firstSideResult(board) {
  return resultText(asFirstSide(board.result, board.white));
}
