// teamswiss staff console: arbiters, organisers and team managers, over the same REST API as the
// public page. Reached at #/staff... through one hook in the public router (../app.js), which calls
// start() whenever such a route is shown.
//
// Routes:  #/staff                          log in; then the tournaments this user works in (+ create)
//          #/staff/t/1                      the tournament: what this user may do there
//          #/staff/account                  my account: password, end every session
//          #/staff/t/1/clubs?club=5         clubs: create, edit (organiser)
//          #/staff/t/1/players?club=5       players of the tournament's clubs: every field (organiser, manager)
//          #/staff/t/1/people               roles: managers, arbiters, the chief arbiter (organiser)
//          #/staff/t/1/entries              entries, waitlist, payments (organiser)
//          #/staff/t/1/rosters?team=5       rosters in board order (organiser, team manager)
//          #/staff/t/1/ranking              the initial ranking, ELOT 743 order, lock (arbiter)
//          #/staff/t/1/round/4              pair, review, hand changes, publish, complete, reopen
//          #/staff/t/1/results/4            the results grid (keyboard)
//          #/staff/t/1/lineup/4?team=5      a team's lineup, checked live; the deadline
//          #/staff/t/1/appeals              file, committee, decide
//          #/staff/t/1/print/pairings/4 · /print/slips/4 · /print/standings?after=4
//
// What the signed-in user may do comes from GET /auth/me (`tournaments[].permissions`, action names
// of the API's authorisation); menus and buttons follow it. The API refuses anything else anyway.

import { Problem, clearToken, get, getAll, getToken, login, post, put } from "./session.js";
import { initialLang, lang, setLang, t } from "../i18n/index.js";
import { dateOnly, dateTime } from "../lib/format.js";
import { h, heading, vh } from "../lib/dom.js";
import { act, badge, field, messageSlot, problemBox, select, unsavedIn } from "./ui.js";
import { ROUND_ACTIONS, workingRound } from "../lib/rounds.js";
import { staffHref, accessOf, can } from "./access.js";
import { waitingRounds } from "./outbox.js";
import { ratingPanel } from "./rating.js";

/** The console's sections: route, label key, the actions any one of which shows it. */
const SECTIONS = [
  ["clubs", "navClubs", ["team.enter_any_club"]],
  ["entries", "navEntries", ["team.status", "payments.write"]],
  ["people", "navPeople", ["members.manage"]],
  ["players", "staffNavPlayers", ["roster.write"]],
  ["rosters", "navRosters", ["roster.write"]],
  ["ranking", "navRanking", ["ranking.lock"]],
  ["round", "navRounds", ROUND_ACTIONS],
  ["results", "navResults", ["results.write"]],
  ["lineup", "navLineups", ["lineup.write"]],
  ["appeals", "navAppeals", ["appeal.file", "appeal.decide", "committee.write"]],
  ["print", "navPrint", ["round.read_unpublished", "results.write", "round.publish"]],
  ["publish", "navPublish", ["publication.read", "publication.write"]],
];

const VIEWS = {
  clubs: () => import("./clubs.js"),
  people: () => import("./people.js"),
  players: () => import("./players.js"),
  entries: () => import("./entries.js"),
  rosters: () => import("./rosters.js"),
  ranking: () => import("./ranking.js"),
  round: () => import("./round.js"),
  results: () => import("./results.js"),
  lineup: () => import("./lineup.js"),
  appeals: () => import("./appeals.js"),
  print: () => import("./print.js"),
  publish: () => import("./publish.js"),
};

let root = null;
let me = null;
let seq = 0;
let leaving = [];
const tourCache = new Map();

// ---------------------------------------------------------------- mounting

function mount() {
  if (root && root.isConnected) return;
  if (!document.querySelector('link[data-staff-css]')) {
    document.head.append(h("link", { rel: "stylesheet", href: new URL("../../staff.css", import.meta.url).href,
      "data-staff-css": "" }));
  }
  for (const el of document.body.children) {
    if (el.id !== "staff" && el.tagName !== "SCRIPT" && el.tagName !== "DIALOG") {
      el.dataset.staffHidden = el.hidden ? "was" : "yes";
      el.hidden = true;
    }
  }
  root = h("div", { id: "staff", class: "staff" },
    h("header", { class: "s-header" }, h("a", { class: "skip", href: "#staff-main" }, "")),
    h("main", { id: "staff-main", tabindex: "-1" }),
    h("footer", { class: "s-footer" }));
  root.querySelector(".skip").addEventListener("click", (ev) => {
    ev.preventDefault();
    document.getElementById("staff-main").focus();
  });
  document.body.append(root);
  document.body.classList.add("staff-mode");
}

function unmount() {
  runLeaving();
  seq += 1;
  if (root) root.remove();
  root = null;
  document.body.classList.remove("staff-mode");
  for (const el of document.body.children) {
    if (el.dataset.staffHidden) {
      el.hidden = el.dataset.staffHidden === "was";
      delete el.dataset.staffHidden;
    }
  }
}

// ---------------------------------------------------------------- unsaved changes

let shown = ""; // the route on screen, to go back to when the user stays on a screen with unsaved changes
const unsaved = () => unsavedIn(document.getElementById("staff-main"));

/** Before leaving a screen with unsaved changes: ask; on "stay", the address goes back to the screen. */
function mayLeave() {
  if (!unsaved() || location.hash === shown) return true;
  if (window.confirm(t("leaveUnsaved"))) return true;
  history.replaceState(history.state, "", shown);
  return false;
}

window.addEventListener("beforeunload", (ev) => {
  if (root && unsaved()) {
    ev.preventDefault();
    ev.returnValue = ""; // the browser asks in its own words
  }
});

window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#/staff") || !root) return;
  if (mayLeave()) unmount(); // else the console stays as it was, with what was typed
});
window.addEventListener("staff:signed-out", () => {
  me = null;
  if (location.hash.startsWith("#/staff")) render({ expired: true });
});

function runLeaving() {
  for (const fn of leaving.splice(0)) {
    try {
      fn();
    } catch (e) {
      /* a view's clean-up must not stop the next view */
    }
  }
}

// ---------------------------------------------------------------- routing

function parse() {
  const raw = location.hash.slice("#/staff".length);
  const [path, query = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map((x) => {
    try {
      return decodeURIComponent(x);
    } catch (e) {
      return x;
    }
  });
  return { parts, query: new URLSearchParams(query) };
}

export async function tournament(tid, fresh = false) {
  if (fresh || !tourCache.has(tid)) {
    const p = get(`tournaments/${tid}`);
    tourCache.set(tid, p);
    p.catch(() => tourCache.delete(tid));
  }
  return tourCache.get(tid);
}

export async function refreshMe() {
  me = await get("auth/me");
  return me;
}

// ---------------------------------------------------------------- shell

function langButtons() {
  return h("div", { class: "langs", role: "group", "aria-label": t("language") },
    ...[["el", "ΕΛ", "Ελληνικά"], ["en", "EN", "English"]].map(([code, label, full]) => h("button", {
      type: "button", lang: code, "aria-pressed": String(lang() === code), title: full,
      onclick: () => {
        if (unsaved() && !window.confirm(t("leaveUnsaved"))) return; // the screen is drawn again: typed text goes
        setLang(code, true);
        render({ keepFocus: true }).then(() => root?.querySelector(`.langs button[lang="${code}"]`)?.focus());
      },
    }, h("span", { "aria-hidden": "true" }, label), vh(full))));
}

function renderShell(tid, tour, access, section) {
  root.querySelector(".skip").textContent = t("skip");
  const header = root.querySelector(".s-header");
  const skip = root.querySelector(".skip"); // inside the banner landmark, first to be focused
  const user = me ? h("div", { class: "who" },
    h("a", { class: "user", href: "#/staff/account", title: t("myAccount") }, me.full_name || me.username),
    h("button", { type: "button", class: "linkish", onclick: logout }, t("logout"))) : null;
  header.replaceChildren(skip, h("div", { class: "bar" },
    h("a", { class: "brand", href: "#/staff" }, t("brand")), h("div", { class: "bar-end" }, user, langButtons())));
  if (tid !== null && tour && access) {
    const items = [["", "staffNavOverview", null], ...SECTIONS.filter(([, , acts]) => can(access, ...acts))];
    header.append(h("nav", { "aria-label": t("tournamentMenu") },
      h("p", { class: "tname" }, tour.name),
      h("ul", {}, ...items.map(([route, key]) => h("li", {},
        h("a", { href: staffHref(tid, route), "aria-current": (section || "") === route ? "page" : null }, t(key)))))));
  }
  if (tid !== null && section !== "results") showWaiting(header, tid);
  const here = header.querySelector('nav [aria-current="page"]');
  if (here) { // on a phone the menu scrolls sideways: bring the current section into view
    const ul = here.closest("ul");
    ul.scrollLeft = here.offsetLeft - ul.offsetLeft - (ul.clientWidth - here.offsetWidth) / 2;
  }
  root.querySelector(".s-footer").replaceChildren(h("p", {},
    h("a", { href: tid !== null ? `#/t/${tid}` : "#/" }, t("publicPage")), " · ", t("staffFooter")));
}

/** Results typed at this browser and not yet sent (the results grid sends them while it is open): said on every
 *  other screen of the tournament, with a link to each round's grid, so that nothing waits unseen. */
async function showWaiting(header, tid) {
  const rounds = await waitingRounds(tid).catch(() => []);
  if (!rounds.length || !header.isConnected) return;
  header.append(h("p", { class: "s-waiting", role: "status" }, t("outboxWaitingHere"), " ",
    ...rounds.flatMap(([round, count], i) => [i ? ", " : "",
      h("a", { href: staffHref(tid, `results/${round}`) }, t("outboxWaitingRound", { round, count }))])));
}

async function logout() {
  if (unsaved() && !window.confirm(t("leaveUnsaved"))) return;
  document.getElementById("staff-main")?.replaceChildren();
  clearToken();
  me = null;
  tourCache.clear();
  location.hash = "#/staff";
  await render();
  root?.querySelector('input[name="username"]')?.focus();
}

// ---------------------------------------------------------------- views

function viewLogin({ expired = false } = {}) {
  document.title = `${t("login")} · ${t("brand")}`;
  const slot = messageSlot();
  if (expired) slot.problem(new Problem(401, { detail: t("sessionExpired") }));
  const user = h("input", { name: "username", id: "username", autocomplete: "username", required: true,
    autocapitalize: "none", spellcheck: "false", autofocus: true }); // the first thing to type
  const pass = h("input", { name: "password", id: "password", type: "password", autocomplete: "current-password",
    required: true });
  const button = h("button", { type: "submit", class: "primary" }, t("login"));
  const form = h("form", { class: "login", method: "post", action: "#", "aria-labelledby": "login-h",
    onsubmit: async (ev) => {
      ev.preventDefault();
      button.disabled = true;
      slot.clear();
      try {
        await login(user.value.trim(), pass.value);
        pass.value = "";
        me = null;
        await render();
      } catch (err) {
        slot.problem(err, { context: err.status === 401 ? t("loginFailed") : "" });
        pass.select();
      } finally {
        button.disabled = false;
      }
    } },
  field(t("username"), user), field(t("password"), pass), h("p", {}, button));
  return [h("h1", { id: "login-h", tabindex: "-1" }, t("loginTitle")), h("p", { class: "lead" }, t("loginLead")),
    slot.el, form];
}

async function viewHome() {
  document.title = t("brand");
  const all = me.is_admin ? await getAll("tournaments") : [];
  const mine = me.tournaments || [];
  const ids = new Set([...mine.map((x) => x.tournament_id), ...all.map((x) => x.id)]);
  const tours = await Promise.all([...ids].map((id) => all.find((x) => x.id === id) || tournament(id)));
  const roleText = (id) => {
    const entry = mine.find((x) => x.tournament_id === id);
    const roles = (entry?.roles || []).map((r) => t(`role_${r}`));
    if (me.is_admin) roles.unshift(t("role_admin"));
    return roles.join(", ");
  };
  const out = [heading(t("myTournaments"))];
  if (tours.length) {
    out.push(h("ul", { class: "cards" }, ...tours.map((x) => h("li", {},
      h("a", { href: staffHref(x.id), class: "card" }, h("strong", {}, x.name),
        h("span", { class: "muted block" }, [x.city, x.start_date ? dateOnly(x.start_date) : ""].filter(Boolean).join(" · ")),
        h("span", { class: "roles block" }, roleText(x.id)))))));
  } else out.push(h("p", {}, t("noRoles")));
  if (me.can_create_tournaments) out.push(createForm());
  return out;
}

function createForm() {
  const slot = messageSlot();
  const today = new Date();
  const later = new Date(today.getTime() + 30 * 86400000).toISOString().slice(0, 10);
  const name = h("input", { name: "name", required: true, maxlength: 200, autocomplete: "off" });
  const city = h("input", { name: "city", maxlength: 100 });
  const venue = h("input", { name: "venue", maxlength: 200 });
  const start = h("input", { name: "start_date", type: "date", value: later, required: true });
  const end = h("input", { name: "end_date", type: "date" });
  const preset = select("preset", [["k12-2025", t("presetK12")], ["fide", t("presetFide")], ["", t("presetNone")]],
    "k12-2025");
  const move = h("input", { type: "checkbox", name: "move_schedule", id: "f-move", checked: true });
  const arbiter = h("input", { name: "chief_arbiter", maxlength: 200 });
  // the Swiss, or a round robin (C.05) in one or two cycles, its pairing numbers by lot or by ranking
  const rrOnly = [];
  const system = select("system", [["swiss", t("systemSwiss")], ["round_robin", t("systemRoundRobin")]], "swiss", {
    onchange: () => { for (const el of rrOnly) el.hidden = system.value !== "round_robin"; } });
  const cycles = select("cycles", [["1", t("cyclesSingle")], ["2", t("cyclesDouble")]], "1");
  const seeding = select("rr_seeding", [["lot", t("seedingLot")], ["ranking", t("seedingRanking")]], "lot");
  rrOnly.push(field(t("cycles"), cycles), field(t("rrSeeding"), seeding, t("rrSeedingHint")));
  for (const el of rrOnly) el.hidden = true;
  const button = h("button", { type: "submit", class: "primary" }, t("create"));
  return h("section", { class: "panel", "aria-labelledby": "create-h" },
    h("h2", { id: "create-h" }, t("newTournament")), slot.el,
    h("form", { onsubmit: async (ev) => {
      ev.preventDefault();
      button.disabled = true;
      slot.clear();
      try {
        const body = { name: name.value.trim(), city: city.value.trim(), venue: venue.value.trim(),
          start_date: start.value || null, end_date: end.value || null, preset: preset.value || null,
          chief_arbiter: arbiter.value.trim(), move_schedule: Boolean(preset.value && move.checked && start.value) };
        if (system.value === "round_robin") {
          body.rules = { system: "round_robin", cycles: Number(cycles.value), rr_seeding: seeding.value };
        }
        const created = await post("tournaments", body);
        await refreshMe();
        location.hash = staffHref(created.id, "entries");
      } catch (err) {
        slot.problem(err);
      } finally {
        button.disabled = false;
      }
    } },
    h("div", { class: "grid2" }, field(t("tName"), name), field(t("city"), city), field(t("venue"), venue),
      field(t("chiefArbiter"), arbiter), field(t("startDate"), start), field(t("endDate"), end),
      field(t("preset"), preset), field(t("system"), system, t("systemHint")), ...rrOnly),
    h("p", { class: "check" }, move, h("label", { for: "f-move" }, t("moveSchedule"))),
    h("p", {}, button)));
}

async function viewOverview(ctx) {
  const { tid, tour, access } = ctx;
  const rounds = await getAll(`tournaments/${tid}/rounds`);
  const zone = tour.rules?.time_zone;
  document.title = `${tour.name} · ${t("brand")}`;
  const roles = [...(access.admin ? [t("role_admin")] : []), ...access.roles.map((r) => t(`role_${r}`))];
  const current = workingRound(rounds);
  const cards = SECTIONS.filter(([, , acts]) => can(access, ...acts)).map(([route, key]) => {
    const needsRound = ["round", "results", "lineup", "print"].includes(route);
    const href = staffHref(tid, needsRound && current ? `${route}/${current.number}` : route);
    return h("li", {}, h("a", { class: "card", href }, h("strong", {}, t(key)),
      h("span", { class: "muted block" }, t(`${key}Hint`))));
  });
  return [
    heading(tour.name),
    h("p", { class: "lead" }, t("yourRoles"), " ", h("strong", {}, roles.join(", ") || t("staffNone"))),
    cards.length ? h("ul", { class: "cards" }, ...cards) : h("p", {}, t("nothingToDo")),
    h("h2", {}, t("rounds")),
    h("table", { class: "plain rounds" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("round")), h("th", { scope: "col" }, t("start")),
        h("th", { scope: "col" }, t("status")))),
      h("tbody", {}, ...rounds.map((r) => h("tr", {},
        h("th", { scope: "row" }, can(access, ...ROUND_ACTIONS)
          ? h("a", { href: staffHref(tid, `round/${r.number}`) }, t("roundN", { n: r.number })) : t("roundN", { n: r.number })),
        h("td", {}, dateTime(r.scheduled_start, zone)), h("td", {}, badge(r.state)))))),
    can(access, "rounds.count") && tour.rules?.system !== "round_robin" ? roundCountForm(tid, rounds) : null,
    can(access, "export.private") ? await ratingPanel(tid) : null,
  ];
}

/** the chief arbiter's recorded decision on a Swiss's number of rounds (never below a round paired). */
function roundCountForm(tid, rounds) {
  const slot = messageSlot();
  const paired = Math.max(0, ...rounds.filter((r) => r.state !== "pending").map((r) => r.number));
  const count = h("input", { name: "round_count", type: "number", min: Math.max(1, paired), max: 30, required: true,
    value: String(rounds.length) });
  const decision = h("textarea", { name: "decision", rows: 2, maxlength: 500, required: true });
  const button = h("button", { type: "submit" }, t("roundCountChange"));
  return h("section", { class: "panel", "aria-labelledby": "round-count-h" },
    h("h2", { id: "round-count-h" }, t("roundCountTitle")), slot.el,
    h("form", { onsubmit: (ev) => {
      ev.preventDefault();
      act(button, slot, async () => {
        await put(`tournaments/${tid}/round-count`, { rounds: Number(count.value), decision: decision.value.trim() });
        await tournament(tid, true); // its rules changed
        await render({ keepFocus: true });
      });
    } },
    h("div", { class: "grid2" }, field(t("roundCount"), count, t("roundCountHint", { n: String(paired) })),
      field(t("roundCountDecision"), decision)),
    h("p", {}, button)));
}

// ---------------------------------------------------------------- render loop

async function route(ctx) {
  const { parts } = ctx;
  if (!parts.length) return viewHome();
  if (parts[0] === "account" && parts.length === 1) return (await import("./account.js")).view(ctx);
  if (parts[0] !== "t" || !/^\d+$/.test(parts[1] || "")) return null;
  const section = parts[2] || "";
  if (!section) return viewOverview(ctx);
  const load = VIEWS[section];
  if (!load) return null;
  const mod = await load();
  return mod.view(ctx);
}

/** Show the current #/staff route (called by the public router's hook and after logging in/out). */
export function start() {
  mount();
  return render();
}

async function render({ keepFocus = false, expired = false } = {}) {
  mount();
  if (!mayLeave()) return;
  const my = ++seq;
  runLeaving();
  const main = document.getElementById("staff-main");
  const { parts, query } = parse();
  const tid = parts[0] === "t" && /^\d+$/.test(parts[1] || "") ? Number(parts[1]) : null;
  setLang(lang());
  let content;
  let tour = null;
  let access = null;
  main.setAttribute("aria-busy", "true");
  try {
    if (!getToken()) {
      renderShell(null);
      content = viewLogin({ expired });
    } else {
      if (!me) me = await get("auth/me");
      if (tid !== null) {
        tour = await tournament(tid);
        access = accessOf(me, tid);
      }
      if (my !== seq) return;
      renderShell(tid, tour, access, parts[2] || "");
      const ctx = {
        tid, tour, access, me, parts, query, rest: parts.slice(3),
        alive: () => my === seq,
        onLeave: (fn) => leaving.push(fn),
        rerender: (opts = { keepFocus: true }) => render(opts),
      };
      content = await route(ctx);
      if (content === null) content = [heading(t("notFound")), h("p", {}, h("a", { href: "#/staff" }, t("myTournaments")))];
    }
  } catch (err) {
    if (my !== seq) return;
    if (!getToken()) {
      renderShell(null);
      content = viewLogin({ expired: true });
    } else {
      content = [heading(t("loadError")), problemBox(err),
        h("p", {}, h("button", { type: "button", onclick: () => render() }, t("retry")))];
    }
  }
  if (my !== seq) return;
  main.replaceChildren(...[content].flat(Infinity).filter(Boolean));
  main.removeAttribute("aria-busy");
  document.body.dataset.route = location.hash;
  shown = location.hash;
  if (!keepFocus) {
    window.scrollTo(0, 0);
    (main.querySelector("[autofocus]") || main.querySelector("h1"))?.focus();
  }
}

setLang(initialLang());
