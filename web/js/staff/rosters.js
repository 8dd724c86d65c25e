// Rosters: a team's players in board order, computed by the API from the ratings, never
// chosen. Organisers edit every team's roster, a team manager their own (until the roster deadline).

import { getAll, get, post, put } from "./session.js";
import { t } from "../i18n/index.js";
import { can, onlyOwnTeams, staffHref } from "./access.js";
import { dateOnly, dateTime } from "../lib/format.js";
import { fill, h, heading, vh } from "../lib/dom.js";
import { act, field, messageSlot, scroller, select } from "./ui.js";
import { playerForm } from "./players.js";
import { importPanel } from "./roster-import.js";

export function teamPicker(ctx, teams, selected, route) {
  const sel = select("team", teams.map((x) => [x.id, x.name]), selected, { id: "team-pick" });
  sel.addEventListener("change", () => {
    const q = new URLSearchParams(ctx.query);
    q.set("team", sel.value);
    location.hash = `${staffHref(ctx.tid, route)}?${q}`;
  });
  return h("div", { class: "picker-row" }, field(t("team"), sel));
}

export async function visibleTeams(ctx) {
  const all = await getAll(`tournaments/${ctx.tid}/teams`);
  const own = new Set(ctx.access.teamIds);
  return (onlyOwnTeams(ctx.access) ? all.filter((x) => own.has(x.id)) : all)
    .filter((x) => x.status !== "withdrawn");
}

export async function view(ctx) {
  const { tid, tour, access, query } = ctx;
  const rules = tour.rules || {};
  document.title = `${t("navRosters")} · ${tour.name}`;
  const teams = await visibleTeams(ctx);
  if (!teams.length) return [heading(t("navRosters")), h("p", {}, t("noTeams"))];
  const team = teams.find((x) => x.id === Number(query.get("team"))) || teams[0];
  const slot = messageSlot();
  const box = h("div");
  const state = { roster: [], clubPlayers: [], ids: [], saved: [], warnings: [], club: null };

  async function load() {
    const [roster, players, club] = await Promise.all([get(`tournaments/${tid}/teams/${team.id}/roster`),
      getAll(`players?club_id=${team.club_id}`), state.club || get(`clubs/${team.club_id}`)]);
    state.club = club;
    state.roster = roster.players.map((x) => x.player);
    state.clubPlayers = players;
    state.ids = state.roster.map((p) => p.id);
    state.saved = [...state.ids];
    state.warnings = roster.warnings || [];
  }

  const byId = () => new Map([...state.clubPlayers, ...state.roster].map((p) => [p.id, p]));
  const dirty = () => state.ids.join() !== state.saved.join();
  const rating = (p) => (p.fide_rating ?? "–");

  function rosterTable() {
    const players = byId();
    return scroller(h("table", { class: "plain ros" },
      h("caption", {}, t("rosterOf", { team: team.name }), dirty() ? h("span", { class: "warn" }, ` · ${t("unsaved")}`) : null),
      h("thead", {}, h("tr", {}, ...[t("board"), t("player"), t("sex"), t("born"), "FIDE", t("staffNationalRating"),
        t("activationFee"), vh(t("actionsCol"))].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...state.ids.map((id, i) => {
        const p = players.get(id) || { id, name: `#${id}` };
        return h("tr", {},
          h("td", { class: "num" }, dirty() ? "·" : String(i + 1)),
          h("th", { scope: "row" }, h("a", { href: `${staffHref(tid, "players")}?club=${team.club_id}&player=${id}` }, p.name)),
          h("td", {}, p.sex === "w" ? t("girl") : t("boy")),
          h("td", {}, p.birth_date ? dateOnly(p.birth_date) : "–"),
          h("td", { class: "num" }, String(rating(p))),
          h("td", { class: "num" }, p.national_rating ? String(p.national_rating) : "–"),
          h("td", {}, p.activation_fee_paid === undefined ? "" : (p.activation_fee_paid ? t("yes") : t("no"))),
          h("td", {}, can(access, "roster.write") ? h("button", { type: "button", class: "small",
            "aria-label": t("removeNamed", { name: p.name }),
            onclick: () => {
              state.ids = state.ids.filter((x) => x !== id);
              draw();
              box.querySelector("#add-player")?.focus();
            } }, t("remove")) : null));
      }))), t("rosterOf", { team: team.name }));
  }

  function editor() {
    const free = state.clubPlayers.filter((p) => !state.ids.includes(p.id));
    const pick = select("add_player", free.map((p) => [p.id, `${p.name} · ${rating(p)}`]), null, { id: "add-player" });
    const add = h("button", { type: "button", onclick: () => {
      if (!pick.value) return;
      state.ids = [...state.ids, Number(pick.value)];
      draw();
      box.querySelector("#add-player")?.focus();
    } }, t("add"));
    const reason = h("input", { name: "roster_reason", maxlength: 500 });
    const late = rules.roster_deadline && Date.now() > Date.parse(rules.roster_deadline);
    const save = h("button", { type: "submit", class: "primary" }, t("saveRoster"));
    return h("form", { class: "panel", id: "roster-form", dataset: dirty() ? { dirty: "" } : {}, onsubmit: (ev) => {
      ev.preventDefault();
      act(save, slot, async () => {
        const out = await put(`tournaments/${tid}/teams/${team.id}/roster`, { player_ids: state.ids,
          reason: reason.value.trim() });
        state.roster = out.players.map((x) => x.player);
        state.ids = state.roster.map((p) => p.id);
        state.saved = [...state.ids];
        state.warnings = out.warnings || [];
        draw();
        slot.ok(t("rosterSaved"));
      });
    } },
    free.length ? h("div", { class: "inline" }, field(t("addPlayer"), pick), add) : h("p", {}, t("noMorePlayers")),
    field(t("reason"), reason, late ? t("rosterLateHint") : null),
    rules.roster_deadline ? h("p", { class: "muted" }, t("rosterDeadline", { when: dateTime(rules.roster_deadline, rules.time_zone) })) : null,
    h("p", {}, save));
  }

  // open for the next child: after each one the form empties itself and the cursor is back on the last name
  function newPlayer() {
    return h("section", { class: "panel", id: "new-player", "aria-labelledby": "new-player-h" },
      h("h2", { id: "new-player-h" }, t("newPlayer")), h("p", { class: "muted" }, t("formStaysOpen")),
      playerForm({ tour, clubId: team.club_id, federation: state.club?.federation || "GRE", again: true, idp: "np",
        submitLabel: t("createPlayer"), createdKey: "playerCreated", onSaved: (p) => {
          state.clubPlayers.push(p);
          state.ids = [...state.ids, p.id];
          draw();
        } }));
  }

  let playerPanel = null;
  let filePanel = null;

  function draw() {
    if (can(access, "roster.write")) {
      playerPanel ||= newPlayer(); // kept between draws: what is typed in it stays
      filePanel ||= importPanel(ctx, team, { reason: () => box.querySelector('input[name="roster_reason"]')?.value.trim() || "",
        onImported: async () => {
          const pending = state.ids.filter((id) => !state.saved.includes(id)); // added here, not saved yet
          await load();
          state.ids = [...state.ids, ...pending.filter((id) => !state.ids.includes(id))];
          draw();
        } });
    }
    fill(box,
      slot.el,
      rosterTable(),
      state.warnings.length ? h("ul", { class: "warnings" }, ...state.warnings.map((w) => h("li", {},
        w.rule ? [h("code", { class: "rule" }, w.rule), " "] : null, h("span", {}, w.detail)))) : null,
      h("p", { class: "muted" }, t("boardOrderNote")),
      can(access, "roster.write") ? editor() : null,
      playerPanel, filePanel); // rights over the club's players come with the roster
  }

  await load();
  draw();
  return [heading(t("navRosters")), teamPicker(ctx, teams, team.id, "rosters"), box];
}
