// People of the tournament: who holds which role (organisers, the chief arbiter, deputy arbiters, team managers)
// and giving one, to an account that exists (by its user name) or to one made here with its first password.
// A team manager is an adult: their birth date is asked and checked by the API.

import { del, getAll, post } from "./session.js";
import { t } from "../i18n/index.js";
import { can } from "./access.js";
import { fill, h, heading } from "../lib/dom.js";
import { confirmDialog, field, messageSlot, scroller, select, watchForm } from "./ui.js";

const ROLES = ["manager", "arbiter", "chief_arbiter", "organiser"];

/** A first password to pass on to the person (they change it under "My account"): 12 letters and digits. */
function suggestPassword() {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  document.title = `${t("navPeople")} · ${tour.name}`;
  const manage = can(access, "members.manage");
  const box = h("div");
  const slot = messageSlot();
  const state = { members: [], teams: [] };

  async function load() {
    [state.members, state.teams] = await Promise.all([getAll(`tournaments/${tid}/members`),
      getAll(`tournaments/${tid}/teams`)]);
  }
  const teamName = (id) => state.teams.find((x) => x.id === id)?.name || `#${id}`;

  function table() {
    return scroller(h("table", { class: "plain people" }, h("caption", {}, t("peopleCaption")),
      h("thead", {}, h("tr", {}, ...[t("person"), t("roleCol"), t("team"), t("birthDateCol"), ""]
        .map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...state.members.map((m) => h("tr", {},
        h("th", { scope: "row" }, m.full_name || m.username, h("span", { class: "muted block" }, m.username)),
        h("td", {}, t(`role_${m.role}`)),
        h("td", {}, m.team_id ? teamName(m.team_id) : "–"),
        h("td", {}, m.role !== "manager" ? "–" : m.birth_date_known ? t("birthRecorded")
          : h("strong", { class: "warn" }, t("birthMissing"))),
        h("td", {}, manage ? h("button", { type: "button", class: "small",
          "aria-label": t("removeRoleNamed", { name: m.full_name || m.username, role: t(`role_${m.role}`) }),
          onclick: async (ev) => {
            const yes = await confirmDialog({ title: t("removeRoleTitle"), danger: true, confirm: t("remove"),
              text: t("removeRoleText", { name: m.full_name || m.username, role: t(`role_${m.role}`) }) });
            if (!yes) return;
            ev.target.disabled = true;
            try {
              await del(`tournaments/${tid}/members/${m.id}`);
              await load();
              draw();
              slot.ok(t("roleRemoved"));
            } catch (err) {
              slot.problem(err);
            }
          } }, t("remove")) : null))))), t("peopleCaption"));
  }

  function roleForm() {
    const fslot = messageSlot();
    const role = select("role", ROLES.map((r) => [r, t(`role_${r}`)]), "manager", { id: "m-role" });
    const team = select("team_id", state.teams.filter((x) => x.status !== "withdrawn").map((x) => [x.id, x.name]), null,
      { id: "m-team" });
    const kindNew = h("input", { type: "radio", name: "who", id: "m-who-new", value: "new", checked: true });
    const kindOld = h("input", { type: "radio", name: "who", id: "m-who-old", value: "old" });
    const username = h("input", { name: "username", id: "m-username", required: true, minlength: 2, maxlength: 100,
      autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
    const fullName = h("input", { name: "full_name", id: "m-full", maxlength: 200, autocomplete: "off" });
    const born = h("input", { name: "birth_date", id: "m-born", type: "date" });
    const password = h("input", { name: "new_password", id: "m-password", minlength: 8, maxlength: 200,
      autocomplete: "new-password", spellcheck: "false" });
    const email = h("input", { name: "email", id: "m-email", type: "email", maxlength: 200 });
    const phone = h("input", { name: "phone", id: "m-phone", type: "tel", maxlength: 50 });
    const suggest = h("button", { type: "button", class: "small", onclick: () => {
      password.value = suggestPassword();
      password.dispatchEvent(new Event("input", { bubbles: true }));
    } }, t("suggestPassword"));
    const teamField = field(t("team"), team);
    const bornField = field(t("birthDate"), born, t("managerBirthHint"));
    const fullField = field(t("fullName"), fullName);
    const passwordField = h("div", {}, field(t("firstPassword"), password, t("firstPasswordHint")), suggest);
    const contact = h("div", { class: "grid2" }, field(t("email"), email), field(t("phone"), phone));
    const button = h("button", { type: "submit", class: "primary" }, t("giveRole"));
    const sync = () => {
      const manager = role.value === "manager";
      teamField.hidden = !manager;
      team.required = manager;
      const fresh = kindNew.checked;
      for (const x of [fullField, passwordField, contact]) x.hidden = !fresh;
      password.required = fresh;
      bornField.hidden = !manager && !fresh;
      born.required = manager && fresh;
      bornField.querySelector(".hint").textContent = fresh ? t("managerBirthHint") : t("managerBirthExistingHint");
    };
    for (const x of [role, kindNew, kindOld]) x.addEventListener("change", sync);
    const form = h("form", { id: "role-form" }, fslot.el,
      h("div", { class: "grid2" }, field(t("roleCol"), role), teamField),
      h("fieldset", {}, h("legend", {}, t("whoLegend")),
        h("p", { class: "check" }, kindNew, h("label", { for: "m-who-new" }, t("whoNew"))),
        h("p", { class: "check" }, kindOld, h("label", { for: "m-who-old" }, t("whoExisting")))),
      h("div", { class: "grid2" }, field(t("username"), username), fullField, bornField, passwordField),
      contact,
      h("p", {}, button));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      button.disabled = true;
      fslot.clear();
      const manager = role.value === "manager";
      const body = { role: role.value, team_id: manager ? Number(team.value) : null };
      if (kindNew.checked) {
        body.new_user = { username: username.value.trim(), password: password.value, full_name: fullName.value.trim(),
          birth_date: born.value || null, email: email.value.trim() || null, phone: phone.value.trim() || null };
      } else {
        body.username = username.value.trim();
        if (manager && born.value) body.birth_date = born.value;
      }
      try {
        const m = await post(`tournaments/${tid}/members`, body);
        delete form.dataset.dirty;
        await load();
        draw();
        slot.ok(kindNew.checked ? t("accountMade", { name: m.full_name || m.username, username: m.username,
          role: t(`role_${m.role}`) }) : t("roleGiven", { name: m.full_name || m.username, role: t(`role_${m.role}`) }));
        box.querySelector("#m-username")?.focus();
      } catch (err) {
        fslot.problem(err);
      } finally {
        if (button.isConnected) button.disabled = false;
      }
    });
    sync();
    return h("section", { class: "panel", "aria-labelledby": "role-form-h" },
      h("h2", { id: "role-form-h" }, t("giveRoleTitle")), h("p", { class: "muted" }, t("giveRoleLead")), watchForm(form));
  }

  function draw() {
    fill(box, slot.el, state.members.length ? table() : h("p", {}, t("noMembers")), manage ? roleForm() : null);
  }

  await load();
  draw();
  return [heading(t("navPeople")), box];
}
