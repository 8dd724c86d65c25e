// My account: change one's own password (every other session ends, POST /auth/password answers a new login
// for this tab) and end every session at once (a lost phone, a shared laptop).

import { Problem, adoptToken, clearToken, post } from "./session.js";
import { t } from "../i18n/index.js";
import { h, heading } from "../lib/dom.js";
import { confirmDialog, field, messageSlot, watchForm } from "./ui.js";

export async function view(ctx) {
  const { me } = ctx;
  document.title = `${t("myAccount")} · ${t("brand")}`;
  const slot = messageSlot();
  const current = h("input", { name: "current_password", id: "a-current", type: "password", required: true,
    autocomplete: "current-password", maxlength: 200 });
  const fresh = h("input", { name: "new_password", id: "a-new", type: "password", required: true, minlength: 8,
    maxlength: 200, autocomplete: "new-password" });
  const again = h("input", { name: "new_password_again", id: "a-again", type: "password", required: true, minlength: 8,
    maxlength: 200, autocomplete: "new-password" });
  const button = h("button", { type: "submit", class: "primary" }, t("changePassword"));
  const form = h("form", {}, h("input", { type: "text", name: "username", autocomplete: "username", value: me.username,
    hidden: true, readonly: true }),
  field(t("currentPassword"), current), field(t("newPassword"), fresh, t("newPasswordHint")),
  field(t("newPasswordAgain"), again), h("p", {}, button));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    slot.clear();
    if (fresh.value !== again.value) {
      slot.problem(new Problem(422, { detail: t("passwordsDiffer") }));
      again.focus();
      return;
    }
    button.disabled = true;
    try {
      adoptToken(await post("auth/password", { current_password: current.value, new_password: fresh.value }));
      form.reset();
      delete form.dataset.dirty;
      slot.ok(t("passwordChanged"));
    } catch (err) {
      slot.problem(err);
    } finally {
      button.disabled = false;
    }
  });
  const endSlot = messageSlot();
  const end = h("button", { type: "button", class: "danger", onclick: async () => {
    const yes = await confirmDialog({ title: t("endSessionsTitle"), text: t("endSessionsText"), confirm: t("endSessions"),
      danger: true });
    if (!yes) return;
    end.disabled = true;
    try {
      await post(`users/${me.id}/sessions/revoke`);
      clearToken();
      window.dispatchEvent(new CustomEvent("staff:signed-out"));
    } catch (err) {
      endSlot.problem(err);
      end.disabled = false;
    }
  } }, t("endSessions"));
  return [
    heading(t("myAccount")),
    h("p", { class: "lead" }, me.full_name ? `${me.full_name} · ` : "", h("strong", {}, me.username)),
    h("section", { class: "panel", "aria-labelledby": "pw-h" }, h("h2", { id: "pw-h" }, t("changePassword")),
      h("p", { class: "muted" }, t("changePasswordLead")), slot.el, watchForm(form)),
    h("section", { class: "panel", "aria-labelledby": "end-h" }, h("h2", { id: "end-h" }, t("endSessions")),
      h("p", { class: "muted" }, t("endSessionsLead")), endSlot.el, h("p", {}, end)),
  ];
}
