// Players: every field of a player (names, sex, birth date, federation, FIDE and national ids and ratings, fee,
// contact), each rating beside the list it comes from, and what do with them. The form is
// shared with the roster screen, where it stays open for the next child.

import { get, getAll, patch, post } from "./session.js";
import { t } from "../i18n/index.js";
import { staffHref } from "./access.js";
import { dateOnly } from "../lib/format.js";
import { fill, h, heading } from "../lib/dom.js";
import { byName, field, messageSlot, scroller, select, watchForm } from "./ui.js";
import { visibleTeams } from "./rosters.js";

/** What the ranking and the board order do with the ratings, with this tournament's numbers. */
export function ratingNote(tour, id) {
  const unrated = tour?.rules?.unrated_rating ?? 1400;
  return h("p", { class: "note", id }, h("strong", {}, t("ratingNoteTitle")), " ",
    t("ratingNoteR41", { n: unrated }), " ", t("ratingNoteR33"));
}

const num = (input) => (input.value === "" ? null : Number(input.value));

/**
 * The player form: a new player of `clubId` (POST /players) or `player` changed (PATCH /players/{id}).
 * `onSaved(player)` runs after the API answered; with `again` the form empties itself for the next player
 * (keeping the club, the federation and the sex) and the cursor goes back to the last name.
 */
export function playerForm({ tour, clubId, player = null, clubs = [], federation = "GRE", submitLabel, onSaved,
  again = false, idp = "p", createdKey = "playerRegistered" }) {
  const slot = messageSlot();
  const p = player || {};
  const id = (x) => `${idp}-${x}`;
  const input = (name, attrs = {}) => h("input", { name, id: id(name), ...attrs,
    value: p[name] === null || p[name] === undefined ? "" : String(p[name]) });
  const last = input("last_name", { required: true, maxlength: 100, autocomplete: "off" });
  const first = input("first_name", { maxlength: 100, autocomplete: "off" });
  const sex = select("sex", [["m", t("boy")], ["w", t("girl")]], p.sex || "m", { id: id("sex") });
  const born = input("birth_date", { type: "date" });
  const fed = input("federation", { maxlength: 3, minlength: 3, required: true, autocapitalize: "characters",
    value: p.federation || "" });
  if (!player) fed.value = federation;
  const fideId = input("fide_id", { type: "number", min: 1, inputmode: "numeric" });
  const fide = input("fide_rating", { type: "number", min: 0, max: 3500, inputmode: "numeric" });
  const natId = input("national_id", { type: "number", min: 1, inputmode: "numeric" });
  const national = input("national_rating", { type: "number", min: 0, max: 3500, inputmode: "numeric" });
  // the K-factor each list publishes for the player (B.02 8.3), when known; else it follows from rating and age
  const fideK = input("fide_k", { type: "number", min: 1, max: 100, inputmode: "numeric" });
  const nationalK = input("national_k", { type: "number", min: 1, max: 100, inputmode: "numeric" });
  const title = input("title", { maxlength: 3 });
  const email = input("email", { type: "email", maxlength: 200 });
  const phone = input("phone", { type: "tel", maxlength: 50 });
  const fee = h("input", { type: "checkbox", name: "activation_fee_paid", id: id("fee"), checked: Boolean(p.activation_fee_paid) });
  const club = player && clubs.length > 1
    ? select("club_id", clubs.map((c) => [c.id, c.name]), p.club_id, { id: id("club") }) : null;
  const button = h("button", { type: "submit", class: "primary" }, submitLabel || (player ? t("savePlayer") : t("createPlayer")));
  const form = h("form", { class: "player-form" });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    slot.clear();
    const body = {
      last_name: last.value.trim(), first_name: first.value.trim(), sex: sex.value, birth_date: born.value || null,
      federation: fed.value.trim().toUpperCase(), fide_id: num(fideId), fide_rating: num(fide),
      national_id: num(natId), national_rating: num(national), title: title.value.trim(),
      fide_k: num(fideK), national_k: num(nationalK),
      activation_fee_paid: fee.checked, email: email.value.trim() || null, phone: phone.value.trim() || null,
    };
    try {
      let saved;
      if (player) saved = await patch(`players/${player.id}`, club ? { ...body, club_id: Number(club.value) } : body);
      else saved = await post("players", { ...body, club_id: clubId });
      delete form.dataset.dirty;
      if (again) {
        for (const x of [last, first, born, fideId, fide, natId, national, fideK, nationalK, title, email, phone]) x.value = "";
        fee.checked = false;
      }
      await onSaved?.(saved);
      if (again && form.isConnected) {
        slot.ok(t(createdKey, { name: saved.name }));
        last.focus();
      } else if (form.isConnected) slot.ok(t("playerSaved", { name: saved.name }));
    } catch (err) {
      slot.problem(err);
    } finally {
      button.disabled = false;
    }
  });
  // each rating field is described by its list and by what the rules do with it
  const rated = (label, control, hint) => {
    const el = field(label, control, hint);
    control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby")} ${id("rating-note")}`);
    return el;
  };
  form.append(
    slot.el,
    h("div", { class: "grid2" }, field(t("lastName"), last), field(t("firstName"), first), field(t("sex"), sex),
      field(t("born"), born, t("bornHint", { date: tour?.rules?.born_on_or_after ? dateOnly(tour.rules.born_on_or_after) : "–" })),
      club ? field(t("club"), club) : null),
    h("fieldset", { class: "ratings" }, h("legend", {}, t("ratingsLegend")),
      ratingNote(tour, id("rating-note")),
      h("div", { class: "grid2" },
        rated(t("staffFideRating"), fide, t("fideListHint")),
        field(t("fideId"), fideId),
        rated(t("staffNationalRating"), national, t("nationalListHint")),
        field(t("nationalId"), natId, t("nationalIdHint")),
        field(t("staffFideK"), fideK, t("staffKHint")),
        field(t("staffNationalK"), nationalK),
        field(t("federation"), fed, t("federationHint")),
        field(t("playerTitle"), title, t("titleHint")))),
    h("div", { class: "grid2" }, field(t("email"), email), field(t("phone"), phone)),
    h("p", { class: "check" }, fee, h("label", { for: id("fee") }, t("activationFeePaid"))),
    h("p", {}, button));
  watchForm(form);
  return form;
}

export async function view(ctx) {
  const { tid, tour, query } = ctx;
  document.title = `${t("staffNavPlayers")} · ${tour.name}`;
  const teams = await visibleTeams(ctx);
  const clubIds = [...new Set(teams.map((x) => x.club_id))];
  const clubs = byName(await Promise.all(clubIds.map((id) => get(`clubs/${id}`))));
  if (!clubs.length) return [heading(t("staffNavPlayers")), h("p", {}, t("playersNoClubs")), h("p", {},
    h("a", { href: staffHref(tid, "entries") }, t("navEntries")))];
  const club = clubs.find((c) => c.id === Number(query.get("club"))) || clubs[0];
  const box = h("div");
  const state = { players: [], editing: Number(query.get("player")) || null };

  async function load() {
    state.players = byName(await getAll(`players?club_id=${club.id}`));
  }

  const go = (params) => {
    const q = new URLSearchParams({ club: String(club.id), ...params });
    location.hash = `${staffHref(tid, "players")}?${q}`;
  };
  const picker = select("club", clubs.map((c) => [c.id, c.name]), club.id, { id: "club-pick" });
  picker.addEventListener("change", () => go({ club: picker.value }));

  function list() {
    return scroller(h("table", { class: "plain players" }, h("caption", {}, t("playersOf", { club: club.name })),
      h("thead", {}, h("tr", {}, ...[t("player"), t("sex"), t("born"), t("staffFideRating"), t("staffNationalRating"), ""]
        .map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...state.players.map((p) => h("tr", { class: state.editing === p.id ? "sel" : null },
        h("th", { scope: "row" }, p.name),
        h("td", {}, p.sex === "w" ? t("girl") : t("boy")),
        h("td", {}, p.birth_date ? dateOnly(p.birth_date) : "–"),
        h("td", { class: "num" }, p.fide_rating ? String(p.fide_rating) : "–"),
        h("td", { class: "num" }, p.national_rating ? String(p.national_rating) : "–"),
        h("td", {}, h("button", { type: "button", class: "small", "aria-label": t("editNamed", { name: p.name }),
          onclick: () => go({ player: String(p.id) }) }, t("edit"))))))), t("playersOf", { club: club.name }));
  }

  const listBox = h("div");
  const drawList = () => fill(listBox, state.players.length ? list() : h("p", {}, t("noPlayersYet")));

  function draw() {
    drawList();
    const editing = state.players.find((p) => p.id === state.editing);
    fill(box,
      h("div", { class: "picker-row" }, field(t("club"), picker)),
      listBox,
      editing ? h("section", { class: "panel", id: "edit-player", "aria-labelledby": "edit-player-h" },
        h("h2", { id: "edit-player-h", tabindex: "-1", autofocus: true }, t("editPlayer", { name: editing.name })),
        playerForm({ tour, clubId: club.id, player: editing, clubs, idp: "e", onSaved: async (saved) => {
          await load();
          state.editing = saved.club_id === club.id ? saved.id : null;
          draw();
          box.querySelector("#edit-player h2")?.focus();
          box.querySelector("#edit-player .slot")?.replaceChildren(h("p", { class: "okmsg", role: "status" },
            t("playerSaved", { name: saved.name })));
        } })) : null,
      h("section", { class: "panel", "aria-labelledby": "new-player-h" },
        h("h2", { id: "new-player-h" }, t("newPlayerOf", { club: club.name })),
        h("p", { class: "muted" }, t("formStaysOpen")),
        playerForm({ tour, clubId: club.id, federation: club.federation, again: true, idp: "n", onSaved: async () => {
          await load(); // only the list is drawn again: the form stays as it is, open for the next player
          drawList();
        } })));
  }

  await load();
  draw();
  return [heading(t("staffNavPlayers")), box];
}
