// What the public pages share: links, cached tournament data, small widgets, the slow poll interval.

import { lang, t } from "../i18n/index.js";
import { h, name, vh } from "../lib/dom.js";
import { apiUrl, getAll, getJson } from "../lib/http.js";
import { POLL_MS } from "../lib/live.js";
import { isPlaying } from "../lib/rounds.js";

/** Poll interval while a round waits for its pairings, and of the standings. */
export const SLOW_POLL_MS = POLL_MS * 4;

export const tHref = (tid, rest = "") => `#/t/${tid}${rest}`;
export const link = (href, ...children) => h("a", { href }, ...children);

export function teamLink(tid, team) {
  return h("a", { href: tHref(tid, `/team/${team.id}`) }, name(team.name));
}

export function playerLink(tid, p, attrs = {}) {
  return h("a", { href: tHref(tid, `/player/${p.id}`), ...attrs }, name(p.name));
}

export function stateBadge(state) {
  return h("span", { class: `badge state-${state}` }, t(`state_${state}`));
}

export function colourChip(isWhite) {
  return h("span", { class: `chip ${isWhite ? "w" : "b"}`, title: t(isWhite ? "white" : "black") },
    vh(` ${t(isWhite ? "white" : "black")} `));
}

export function statusNote(status) {
  return status === "expelled" || status === "withdrawn" ? h("span", { class: "badge warn" }, t(status)) : null;
}

/** Download links to the public exports. items: [[labelKey, api path], ...] */
export function downloads(items) {
  return h("nav", { class: "downloads", "aria-label": t("downloads") },
    h("span", { class: "muted" }, `${t("downloads")}: `),
    ...items.flatMap(([key, path], i) => [i ? " · " : "", h("a", { href: apiUrl(inLanguage(path)), download: "" }, t(key))]));
}

/** A spreadsheet or PDF download in the page's language (Greek: ';' and a decimal comma in a CSV, Greek headers). */
function inLanguage(path) {
  if (!/\.(csv|xlsx|pdf)(\?|$)/.test(path)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}locale=${lang()}`;
}

/** The rounds after which standings exist, to pick from (standings, crosstable). */
export function afterPicker(tid, done, after, section) {
  if (done.length < 2) return null;
  return h("nav", { class: "picker", "aria-label": t("rounds") }, h("ul", {}, ...done.map((d) => h("li", {},
    h("a", {
      href: tHref(tid, `/${section}?after=${d}`), "aria-current": d === after ? "page" : null,
      title: t("afterRound", { n: d }),
    }, String(d), vh(` (${t("afterRound", { n: d })})`))))));
}

// ---------------------------------------------------------------- cached reads

const tournamentCache = new Map();

export function tournament(tid) {
  if (!tournamentCache.has(tid)) {
    tournamentCache.set(tid, getJson(`tournaments/${tid}`).catch((e) => {
      tournamentCache.delete(tid);
      throw e;
    }));
  }
  return tournamentCache.get(tid);
}

export const zoneOf = (tour) => tour?.rules?.time_zone || undefined;

let roundsSeen = { tid: null, list: null };

/** The rounds of a tournament (fresh on every call; the last answer is kept for the page footer). */
export async function rounds(tid) {
  const list = await getAll(`tournaments/${tid}/rounds`);
  roundsSeen = { tid, list };
  return list;
}

/** Is a round of tournament tid being played (as last seen)? Results are provisional then. */
export const roundRunning = (tid) => roundsSeen.tid === tid && (roundsSeen.list || []).some(
  (r) => isPlaying(r.state));
