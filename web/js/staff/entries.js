// Entries: the entered teams in order of submission, the waiting list, withdrawn and expelled
// teams; a new entry; payments, the entry form, withdraw / expel / reinstate.

import { getAll, patch, post } from "./session.js";
import { t } from "../i18n/index.js";
import { can } from "./access.js";
import { dateOnly, dateTime, money, sortByName } from "../lib/format.js";
import { fill, h, heading } from "../lib/dom.js";
import { act, confirmDialog, field, messageSlot, scroller, select } from "./ui.js";


export async function view(ctx) {
  const { tid, tour, access } = ctx;
  const rules = tour.rules || {};
  const zone = rules.time_zone;
  document.title = `${t("navEntries")} · ${tour.name}`;
  const box = h("div");
  const slot = messageSlot();
  const state = { teams: [], clubs: [], selected: null, payments: null };

  async function load() {
    const [teams, clubs] = await Promise.all([
      getAll(`tournaments/${tid}/teams`),
      state.clubs.length || !can(access, "team.enter") ? state.clubs : getAll("clubs"),
    ]);
    state.teams = teams;
    state.clubs = clubs;
    if (state.selected) state.payments = await getAll(`tournaments/${tid}/teams/${state.selected}/payments`);
  }

  async function reload(focusSel) {
    await load();
    draw();
    if (focusSel) box.querySelector(focusSel)?.focus();
  }

  function teamButton(team) {
    return h("button", { type: "button", class: "linkish", "aria-expanded": String(state.selected === team.id),
      "aria-controls": "team-panel", dataset: { team: String(team.id) },
      onclick: async () => {
        state.selected = state.selected === team.id ? null : team.id;
        state.payments = null;
        await act(null, slot, reload);
        box.querySelector(state.selected ? "#team-panel h2" : `button[data-team="${team.id}"]`)?.focus();
      } }, team.name);
  }

  const formCell = (x) => (x.form_complete ? t("yes") : h("strong", { class: "warn" }, t("no")));
  const feeCell = (x) => {
    const short = Number(x.fee_paid ?? 0) < Number(rules.entry_fee ?? 0);
    return h("span", { class: short ? "warn" : null }, `${money(x.fee_paid)} / ${money(rules.entry_fee)}`);
  };

  function table(rows, caption, cols) {
    return scroller(h("table", { class: "plain entries" }, h("caption", {}, caption),
      h("thead", {}, h("tr", {}, ...cols.map(([label]) => h("th", { scope: "col" }, label)))),
      h("tbody", {}, ...rows.map((x, i) => h("tr", { class: state.selected === x.id ? "sel" : null },
        ...cols.map(([, cell], j) => (j === 1 ? h("th", { scope: "row" }, cell(x, i)) : h("td", {}, cell(x, i)))))))),
    caption);
  }

  function panel(team) {
    const pslot = messageSlot();
    const amount = h("input", { name: "amount", type: "number", step: "0.01", min: "0.01", required: true,
      value: Math.max(0, Number(rules.entry_fee ?? 0) - Number(team.fee_paid ?? 0)).toFixed(2) });
    const paidOn = h("input", { name: "paid_on", type: "date", required: true, value: new Date().toISOString().slice(0, 10) });
    const ref = h("input", { name: "reference", maxlength: 200 });
    const payButton = h("button", { type: "submit", class: "primary" }, t("recordPayment"));
    const actions = [];
    if (can(access, "team.update")) {
      actions.push(h("button", { type: "button", onclick: (ev) => act(ev.currentTarget, pslot, async () => {
        await patch(`tournaments/${tid}/teams/${team.id}`, { form_complete: !team.form_complete });
        await reload("#team-panel h2");
      }) }, team.form_complete ? t("markFormIncomplete") : t("markFormComplete")));
    }
    /** Withdraw, expel or reinstate: confirmed with a reason, which the audit trail keeps. */
    const statusButton = (status, key, danger) => h("button", { type: "button", class: danger ? "danger" : null,
      onclick: (ev) => act(ev.currentTarget, pslot, async () => {
        const reason = await confirmDialog({ title: t(`${key}Title`, { team: team.name }), text: t(`${key}Text`),
          confirm: t(key), danger, reason: t("reason") });
        if (reason === null) return;
        await patch(`tournaments/${tid}/teams/${team.id}`, { status, reason });
        await reload("#team-panel h2");
      }) }, t(key));
    if (can(access, "team.update", "team.status") && ["entered", "waitlisted"].includes(team.status)) {
      actions.push(statusButton("withdrawn", "withdraw", true));
    }
    if (can(access, "team.status") && team.status === "entered") actions.push(statusButton("expelled", "expel", true));
    if (can(access, "team.status") && ["withdrawn", "expelled"].includes(team.status)) {
      actions.push(statusButton("entered", "reinstate", false));
    }
    const pays = state.payments || [];
    return h("section", { id: "team-panel", class: "panel", "aria-labelledby": "team-panel-h" },
      h("h2", { id: "team-panel-h", tabindex: "-1" }, team.name),
      h("p", { class: "muted" }, team.club_name, " · ", t(`team_${team.status}`), " · ",
        t("submittedAt", { when: dateTime(team.entered_at, zone) })),
      pslot.el,
      actions.length ? h("p", { class: "buttons" }, ...actions) : null,
      h("h3", {}, t("payments")),
      pays.length ? h("table", { class: "plain" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("paidOn")), h("th", { scope: "col" }, t("amount")),
          h("th", { scope: "col" }, t("reference")))),
        h("tbody", {}, ...pays.map((p) => h("tr", {}, h("td", {}, dateOnly(p.paid_on)), h("td", { class: "num" }, money(p.amount)),
          h("td", {}, p.reference))))) : h("p", {}, t("noPayments")),
      can(access, "payments.write") ? h("form", { class: "inline", onsubmit: (ev) => {
        ev.preventDefault();
        act(payButton, pslot, async () => {
          await post(`tournaments/${tid}/teams/${team.id}/payments`, { amount: amount.value, paid_on: paidOn.value,
            reference: ref.value.trim() });
          await reload("#team-panel h2");
          box.querySelector("#team-panel .slot")?.replaceChildren(h("p", { class: "okmsg", role: "status" },
            t("paymentRecorded")));
        });
      } }, field(t("amount"), amount), field(t("paidOn"), paidOn), field(t("reference"), ref), payButton) : null);
  }

  function newEntry() {
    const nslot = messageSlot();
    const club = select("club_id", sortByName(state.clubs, (c) => c.name).map((c) => [c.id, c.name]), null,
      { required: true });
    const name = h("input", { name: "team_name", id: "f-team_name", required: true, maxlength: 100 });
    const nick = h("input", { name: "nickname", maxlength: 5 });
    const form = h("input", { type: "checkbox", name: "form_complete", id: "f-form_complete", checked: true });
    const override = h("input", { type: "checkbox", name: "override_deadline", id: "f-override" });
    const reason = h("input", { name: "override_reason", maxlength: 500 });
    const button = h("button", { type: "submit", class: "primary" }, t("enterTeam"));
    const organiser = can(access, "entry.override");
    return h("section", { class: "panel", "aria-labelledby": "new-entry-h" },
      h("h2", { id: "new-entry-h" }, t("newEntry")), nslot.el,
      h("form", { onsubmit: (ev) => {
        ev.preventDefault();
        act(button, nslot, async () => {
          const created = await post(`tournaments/${tid}/teams`, { club_id: Number(club.value), name: name.value.trim(),
            nickname: nick.value.trim(), form_complete: form.checked, override_deadline: override.checked,
            reason: reason.value.trim() });
          state.selected = created.id;
          state.payments = null;
          await reload("#team-panel h2");
        });
      } },
      h("div", { class: "grid2" }, field(t("club"), club), field(t("teamName"), name), field(t("nickname"), nick)),
      h("p", { class: "check" }, form, h("label", { for: "f-form_complete" }, t("formComplete"))),
      organiser ? h("p", { class: "check" }, override, h("label", { for: "f-override" }, t("overrideDeadline"))) : null,
      organiser ? field(t("reason"), reason) : null,
      h("p", {}, button)));
  }

  function draw() {
    const entered = state.teams.filter((x) => x.status === "entered");
    const waiting = state.teams.filter((x) => x.status === "waitlisted");
    const gone = state.teams.filter((x) => x.status === "withdrawn" || x.status === "expelled");
    const sel = state.teams.find((x) => x.id === state.selected);
    fill(box,
      h("p", { class: "lead" }, t("entriesSummary", { n: entered.length, max: rules.max_teams ?? "–", w: waiting.length }),
        rules.entry_deadline ? [" ", t("entryDeadline", { when: dateTime(rules.entry_deadline, zone) })] : null),
      slot.el,
      entered.length ? table(entered, t("enteredTeams"), [
        [t("staffOrder"), (x, i) => String(i + 1)], [t("team"), teamButton], [t("club"), (x) => x.club_name],
        [t("staffTpn"), (x) => (x.tpn ? String(x.tpn) : "–")], [t("form"), formCell], [t("fee"), feeCell]])
        : [h("p", { class: "cap" }, t("enteredTeams")), h("p", { class: "muted" }, t("noneEntered"))],
      waiting.length ? table(waiting, t("waitingList"), [
        [t("position"), (x, i) => String(i + 1)], [t("team"), teamButton], [t("club"), (x) => x.club_name],
        [t("submitted"), (x) => dateTime(x.entered_at, zone)], [t("form"), formCell], [t("fee"), feeCell]])
        : h("p", {}, t("noWaiting")),
      gone.length ? table(gone, t("withdrawnExpelled"), [
        [t("status"), (x) => t(`team_${x.status}`)], [t("team"), teamButton], [t("club"), (x) => x.club_name]]) : null,
      sel ? panel(sel) : null,
      can(access, "team.enter") ? newEntry() : null);
  }

  await load();
  draw();
  return [heading(t("navEntries")), box];
}
