// teamswiss public page: a hash-routed single-page app over the public API (no token).
//
// The routes are the table ROUTES below: a pattern and the view that renders it. In a pattern,
// ":name" matches one path part of digits (given to the view as ctx.params.name) and a final "*"
// matches the rest (ctx.params.rest). A page is a module of public/ whose view is an async function
// (ctx) -> nodes of <main>, or null after a redirect; to add one, import its view and add one line to
// ROUTES. Every page is loaded with this module, so that moving between pages needs no download (a venue's
// network is often poor).
// ctx = {tid, params, query, seq, isCurrent(), onLeave(fn)}; isCurrent() turns false once the reader has
// moved on, and the functions given to onLeave run then (a live view stops following the tournament).
// Every #/staff... route goes to the staff console (staff/main.js), loaded when it is first opened.

import { t, initialLang, lang, setLang } from "./i18n/index.js";
import { h, heading, vh } from "./lib/dom.js";
import { Problem } from "./lib/http.js";
import { link, roundRunning, tHref, tournament } from "./public/common.js";
import { viewCrosstable } from "./public/crosstable.js";
import { viewHome } from "./public/home.js";
import { viewOverview } from "./public/overview.js";
import { viewPlayer } from "./public/player.js";
import { viewPlayers } from "./public/players.js";
import { viewPrizes } from "./public/prizes.js";
import { viewRound, viewRoundsIndex } from "./public/round.js";
import { viewSearch } from "./public/search.js";
import { viewStandings } from "./public/standings.js";
import { viewTeam } from "./public/team.js";
import { viewTeams } from "./public/teams.js";

const ROUTES = [
  ["/", viewHome],
  ["/t/:t", viewOverview],
  ["/t/:t/r", viewRoundsIndex],
  ["/t/:t/r/:n", viewRound],
  ["/t/:t/standings", viewStandings],
  ["/t/:t/crosstable", viewCrosstable],
  ["/t/:t/teams", viewTeams],
  ["/t/:t/team/:id", viewTeam],
  ["/t/:t/player/:id", viewPlayer],
  ["/t/:t/players", viewPlayers],
  ["/t/:t/prizes", viewPrizes],
  ["/t/:t/search", viewSearch],
];

/** The header's navigation of a tournament: [path after #/t/{id}, label key, sections it covers]. */
const NAV = [
  ["", "navOverview", [""]],
  ["/r", "rounds", ["r"]],
  ["/standings", "standings", ["standings"]],
  ["/crosstable", "navCrosstable", ["crosstable"]],
  ["/teams", "teams", ["teams", "team"]],
  ["/players", "navPlayers", ["players", "player"]],
  ["/prizes", "prizes", ["prizes"]],
];

let firstRender = true;
let viewSeq = 0; // bumps on every navigation; stale renders and pollers check it
let retryTimer = null;
let leaving = []; // what the view on screen asked to run when the reader moves on

// ---------------------------------------------------------------- routing

let lastHash = "#/";

function parseRoute() {
  if (location.hash.startsWith("#/")) lastHash = location.hash;
  else if (location.hash) return parseHash(lastHash); // an in-page anchor: stay on the current view
  return parseHash(location.hash || "#/");
}

function parseHash(hash) {
  const raw = hash.startsWith("#/") ? hash.slice(1) : "/";
  const [path, query = ""] = raw.split("?");
  const decode = (x) => {
    try {
      return decodeURIComponent(x);
    } catch (e) {
      return x; // a malformed escape: leave it as typed
    }
  };
  const parts = path.split("/").filter(Boolean).map(decode);
  return { parts, query: new URLSearchParams(query) };
}

/** The route matching path parts: {view, params}, or null. */
function match(parts) {
  for (const [pattern, view] of ROUTES) {
    const want = pattern.split("/").filter(Boolean);
    const params = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i] === "*") {
        params.rest = parts.slice(i);
        return { view, params };
      }
      if (want[i].startsWith(":")) {
        ok = /^\d+$/.test(parts[i] || "");
        params[want[i].slice(1)] = parts[i];
      } else {
        ok = parts[i] === want[i];
      }
    }
    if (ok && want.length === parts.length) return { view, params };
  }
  return null;
}

function tournamentId() {
  const { parts } = parseRoute();
  return parts[0] === "t" && /^\d+$/.test(parts[1] || "") ? Number(parts[1]) : null;
}

// ---------------------------------------------------------------- shell

function renderShell() {
  const tid = tournamentId();
  const { parts, query } = parseRoute();
  const section = parts[2] || "";
  document.querySelector(".skip").textContent = t("skip");

  const langs = h("div", { class: "langs", role: "group", "aria-label": t("language") },
    ...[["el", "ΕΛ", "Ελληνικά"], ["en", "EN", "English"]].map(([code, label, full]) => h("button", {
      type: "button", lang: code, "aria-pressed": String(lang() === code), title: full,
      onclick: () => switchLang(code),
    }, h("span", { "aria-hidden": "true" }, label), vh(full))));

  const header = document.querySelector("header");
  header.replaceChildren(h("div", { class: "bar" }, h("a", { class: "brand", href: "#/" }, t("appName")), langs));
  if (tid !== null) {
    header.append(h("nav", { "aria-label": t("overview") }, h("ul", {}, ...NAV.map(([rest, key, sections]) =>
      h("li", {}, h("a", { href: tHref(tid, rest), "aria-current": sections.includes(section) ? "page" : null },
        t(key)))))));
    const input = h("input", {
      id: "q", type: "search", name: "q", autocomplete: "off", placeholder: t("searchPlaceholder"),
      value: section === "search" ? query.get("q") || "" : "",
    });
    header.append(h("form", {
      role: "search", class: "search", "aria-label": t("search"),
      onsubmit: (ev) => {
        ev.preventDefault();
        location.hash = tHref(tid, `/search?q=${encodeURIComponent(input.value.trim())}`);
      },
    }, h("label", { for: "q", class: "vh" }, t("searchLabel")), input, h("button", { type: "submit" }, t("search"))));
  }
  renderFooter(tid);
}

function renderFooter(tid) {
  const parts = [h("p", {}, h("button", { type: "button", class: "share", onclick: openShare }, t("share")))];
  if (tid !== null && roundRunning(tid) && !document.getElementById("provisional")) { // not twice on the round page
    parts.unshift(h("p", { id: "footer-provisional" }, t("provisionalNote")));
  }
  document.querySelector("footer").replaceChildren(...parts);
}

function switchLang(code) {
  setLang(code, true);
  const active = document.activeElement?.getAttribute("lang");
  render({ keepFocus: true });
  if (active) document.querySelector(`.langs button[lang="${active}"]`)?.focus();
}

// ---------------------------------------------------------------- share

async function openShare() {
  const { qrSvg } = await import("./lib/qr.js"); // loaded when first needed
  document.getElementById("share")?.remove();
  const url = location.href;
  const input = h("input", { id: "share-url", type: "url", readonly: "", value: url });
  const status = h("p", { role: "status", class: "small" });
  const dialog = h("dialog", { id: "share", "aria-labelledby": "share-h" },
    h("h2", { id: "share-h" }, t("shareTitle")),
    h("label", { for: "share-url", class: "vh" }, t("shareTitle")), input,
    h("p", { class: "actions" },
      h("button", {
        type: "button", onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
          } catch (e) {
            input.select();
            document.execCommand?.("copy");
          }
          status.textContent = t("copied");
        },
      }, t("copyLink")),
      typeof navigator.share === "function" ? h("button", {
        type: "button", onclick: () => navigator.share({ title: document.title, url }).catch(() => null),
      }, t("share")) : null,
      h("button", { type: "button", class: "close", onclick: () => dialog.close() }, t("close"))),
    status,
    h("div", { class: "qrbox" }, qrSvg(url, t("qrLabel"))));
  dialog.addEventListener("close", () => {
    dialog.remove();
    document.querySelector("footer button.share")?.focus();
  });
  document.body.append(dialog);
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

// ---------------------------------------------------------------- errors

/** A translated, actionable error page: what happened, what to do, a way back. */
async function errorView(e, tid, retry) {
  const status = e instanceof Problem ? e.status : -1;
  let key = "errOther";
  let wait = null;
  if (status === 0) key = "errOffline";
  else if (status === 404) key = "err404";
  else if (status === 409) key = "err409";
  else if (status === 503 || status === 429) {
    key = "errBusy";
    wait = Math.max(1, Math.min(600, e.retryAfter ?? 10));
  } else if (status >= 500) key = "err5xx";
  const text = t(`${key}Text`, { s: wait ?? "" });
  const noTournament = tid !== null && status === 404
    && await tournament(tid).then(() => false, (x) => x instanceof Problem && x.status === 404);
  if (noTournament) document.querySelectorAll("header nav, header .search").forEach((x) => x.remove());
  const back = tid !== null && !noTournament ? link(tHref(tid), t("backToTournament")) : link("#/", t("backToList"));
  const seq = viewSeq;
  if (wait !== null) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => seq === viewSeq && retry(), wait * 1000);
  } else if (status === 0 || status >= 500) {
    // no connection or a server error: the page tries again by itself, at once when the device comes back
    // online, else every 15 s (online but the server unreachable), so that a reader never has to press a button
    window.addEventListener("online", () => seq === viewSeq && retry(), { once: true });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => seq === viewSeq && retry(), 15_000);
  }
  const technical = e instanceof Problem
    ? [status ? `HTTP ${status}` : "", e.rule ? ` · ${e.rule}` : "", e.detail ? ` · ${e.detail}` : ""].join("")
    : String(e?.message || e);
  document.body.dataset.error = String(status);
  return [
    heading(t(key)),
    h("p", { class: "error-text" }, text),
    h("p", { class: "actions" }, status === 404 ? null : h("button", { type: "button", onclick: () => retry() }, t("retry")),
      " ", back),
    technical ? h("details", { class: "small muted" }, h("summary", {}, t("technical")),
      h("p", { lang: e instanceof Problem && e.lang ? e.lang : "en" }, technical)) : null,
  ];
}

function notFoundView(tid) {
  document.body.dataset.error = "404";
  return [
    heading(t("notFound")),
    h("p", { class: "error-text" }, t("err404Text")),
    h("p", { class: "actions" }, tid !== null ? link(tHref(tid), t("backToTournament")) : link("#/", t("backToList"))),
  ];
}

// ---------------------------------------------------------------- render loop

async function render({ keepFocus = false } = {}) {
  const seq = ++viewSeq;
  for (const fn of leaving.splice(0)) fn();
  clearTimeout(retryTimer);
  // #/staff...: the staff console (web/js/staff/) takes over the page
  if (location.hash.startsWith("#/staff")) {
    return import("./staff/main.js").then((m) => m.start());
  }
  setLang(lang());
  renderShell();
  delete document.body.dataset.error;
  const main = document.getElementById("main");
  main.setAttribute("aria-busy", "true");
  if (!keepFocus) main.replaceChildren(h("p", { class: "muted" }, t("loading")));
  const { parts, query } = parseRoute();
  const found = match(parts);
  const tid = tournamentId();
  let content;
  const isCurrent = () => seq === viewSeq;
  const onLeave = (fn) => {
    if (!fn) return;
    if (isCurrent()) leaving.push(fn);
    else fn(); // the reader has moved on already
  };
  try {
    content = found ? await found.view({ tid, params: found.params, query, seq, isCurrent, onLeave })
      : notFoundView(tid);
  } catch (e) {
    if (seq !== viewSeq) return;
    content = await errorView(e, tid, () => render());
  }
  if (seq !== viewSeq || content === null) return; // a newer view, or a redirect
  main.replaceChildren(...[content].flat(Infinity).filter(Boolean));
  main.removeAttribute("aria-busy");
  renderFooter(tid);
  document.body.dataset.route = location.hash; // the view on screen (tests wait for it)
  if (firstRender) performance.mark?.("teamswiss:content");
  if (keepFocus) return;
  const table = parseRoute().query.get("table");
  if (firstRender && !table) { // on page load the reader starts at the top (skip link first)
    firstRender = false;
    return;
  }
  firstRender = false;
  const target = table ? document.getElementById(`m-${table}`) : main.querySelector("h1");
  window.scrollTo(0, 0);
  if (target) {
    target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: !table });
    if (table) target.scrollIntoView({ block: "start" });
  }
}

function onHashChange() {
  if (location.hash && !location.hash.startsWith("#/")) return; // in-page anchors (skip link)
  render();
}

setLang(initialLang());
window.addEventListener("hashchange", onHashChange);
window.addEventListener("teamswiss:rerender", () => render({ keepFocus: true }));
document.querySelector(".skip")?.addEventListener("click", (ev) => {
  ev.preventDefault(); // keep the route in the hash
  document.getElementById("main").focus();
});
render();
