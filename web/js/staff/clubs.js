// Clubs (shared by every tournament): create one, change its name, federation, city and Union membership (the
// Union prizes, R-9.2). A club's players and teams come after it: an empty server starts here.

import { getAll, patch, post } from "./session.js";
import { t } from "../i18n/index.js";
import { staffHref } from "./access.js";
import { fill, h, heading } from "../lib/dom.js";
import { byName, field, messageSlot, scroller, watchForm } from "./ui.js";

/** The club form: a new club (POST /clubs) or `club` changed (PATCH /clubs/{id}). */
function clubForm(club, onSaved, idp) {
  const slot = messageSlot();
  const c = club || { name: "", short_name: "", federation: "GRE", city: "", union_member: false };
  const id = (x) => `${idp}-${x}`;
  const name = h("input", { name: "name", id: id("name"), required: true, maxlength: 200, value: c.name, autocomplete: "off" });
  const short = h("input", { name: "short_name", id: id("short"), maxlength: 50, value: c.short_name });
  const fed = h("input", { name: "federation", id: id("fed"), required: true, minlength: 3, maxlength: 3,
    value: c.federation, autocapitalize: "characters" });
  const city = h("input", { name: "city", id: id("city"), maxlength: 100, value: c.city });
  const union = h("input", { type: "checkbox", name: "union_member", id: id("union"), checked: Boolean(c.union_member) });
  const button = h("button", { type: "submit", class: "primary" }, club ? t("saveClub") : t("createClub"));
  const form = h("form", {}, slot.el,
    h("div", { class: "grid2" }, field(t("clubName"), name), field(t("shortName"), short),
      field(t("federation"), fed, t("clubFederationHint")), field(t("city"), city)),
    h("p", { class: "check" }, union, h("label", { for: id("union") }, t("unionMember"))),
    h("p", { class: "hint" }, t("unionHint")),
    h("p", {}, button));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    slot.clear();
    const body = { name: name.value.trim(), short_name: short.value.trim(), federation: fed.value.trim().toUpperCase(),
      city: city.value.trim(), union_member: union.checked };
    try {
      const saved = club ? await patch(`clubs/${club.id}`, body) : await post("clubs", body);
      delete form.dataset.dirty;
      await onSaved(saved);
    } catch (err) {
      slot.problem(err);
    } finally {
      button.disabled = false;
    }
  });
  return watchForm(form);
}

export async function view(ctx) {
  const { tid, tour, query } = ctx;
  document.title = `${t("navClubs")} · ${tour.name}`;
  const box = h("div");
  const note = messageSlot();
  const state = { clubs: [], editing: Number(query.get("club")) || null };

  async function load() {
    state.clubs = byName(await getAll("clubs"));
  }

  const edit = (id) => {
    location.hash = id ? `${staffHref(tid, "clubs")}?club=${id}` : staffHref(tid, "clubs");
  };

  function table() {
    return scroller(h("table", { class: "plain clubs" }, h("caption", {}, t("clubsCaption", { n: state.clubs.length })),
      h("thead", {}, h("tr", {}, ...[t("club"), t("federation"), t("city"), t("union"), ""].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...state.clubs.map((c) => h("tr", { class: state.editing === c.id ? "sel" : null },
        h("th", { scope: "row" }, c.name, c.short_name ? h("span", { class: "muted" }, ` (${c.short_name})`) : null),
        h("td", {}, c.federation), h("td", {}, c.city || "–"), h("td", {}, c.union_member ? t("yes") : t("no")),
        h("td", {}, h("button", { type: "button", class: "small", "aria-label": t("editNamed", { name: c.name }),
          onclick: () => edit(c.id) }, t("edit"))))))), t("clubsCaption", { n: state.clubs.length }));
  }

  function draw() {
    const editing = state.clubs.find((c) => c.id === state.editing);
    fill(box,
      note.el,
      state.clubs.length ? table() : h("p", {}, t("noClubsYet")),
      editing ? h("section", { class: "panel", id: "edit-club", "aria-labelledby": "edit-club-h" },
        h("h2", { id: "edit-club-h", tabindex: "-1", autofocus: true }, t("editClub", { name: editing.name })),
        clubForm(editing, async (saved) => {
          await load();
          draw();
          note.ok(t("clubSaved", { name: saved.name }));
          box.querySelector("#edit-club h2")?.focus();
        }, "ec"),
        h("p", {}, h("button", { type: "button", class: "linkish", onclick: () => edit(null) }, t("closeEditor")))) : null,
      h("section", { class: "panel", "aria-labelledby": "new-club-h" }, h("h2", { id: "new-club-h" }, t("newClub")),
        clubForm(null, async (saved) => {
          await load();
          draw();
          note.ok(t("clubCreated", { name: saved.name }));
          box.querySelector("#nc-name")?.focus();
        }, "nc")),
      h("p", { class: "muted" }, t("clubsNext"), " ", h("a", { href: staffHref(tid, "entries") }, t("navEntries")), " · ",
        h("a", { href: staffHref(tid, "players") }, t("staffNavPlayers"))));
  }

  await load();
  draw();
  return [heading(t("navClubs")), h("p", { class: "lead" }, t("clubsLead")), box];
}
