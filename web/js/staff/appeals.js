// Appeals (R-14): a team's manager files one within the deadlines counted from the end of the game
// (R-14.1, announce and submit), with the fee (R-14.3); the committee (R-14.4) sees the appeals,
// its sitting members for each one, and records the decision. The organiser names the committee.

import { get, getAll, post, put } from "./session.js";
import { t } from "../i18n/index.js";
import { can, onlyOwnTeams } from "./access.js";
import { countdown, dateTime, money, sortByName, time } from "../lib/format.js";
import { fill, h, heading, vh } from "../lib/dom.js";
import { act, field, messageSlot, scroller, select } from "./ui.js";
import { isPublic } from "../lib/rounds.js";

function localInput(date) {
  const d = new Date(date.getTime() - date.getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  const rules = tour.rules || {};
  const zone = rules.time_zone;
  document.title = `${t("navAppeals")} · ${tour.name}`;
  const [appeals, teams, rounds, committee, clubs] = await Promise.all([
    getAll(`tournaments/${tid}/appeals`), getAll(`tournaments/${tid}/teams`), getAll(`tournaments/${tid}/rounds`),
    getAll(`tournaments/${tid}/committee`), can(access, "committee.write") ? getAll("clubs") : Promise.resolve([]),
  ]);
  const teamName = (id) => teams.find((x) => x.id === id)?.name ?? `#${id}`;
  const clubName = (id) => clubs.find((c) => c.id === id)?.name ?? "";
  const out = [heading(t("navAppeals"))];
  const chief = can(access, "appeal.accept_late");
  const clocks = [];
  ctx.onLeave(() => clocks.forEach(clearInterval));

  // ------------------------------------------------------------ file an appeal

  if (can(access, "appeal.file")) {
    const own = new Set(access.teamIds);
    const mine = teams.filter((x) => x.status !== "waitlisted" && (!onlyOwnTeams(access) || own.has(x.id)));
    const played = rounds.filter((r) => isPublic(r.state));
    const slot = messageSlot();
    const teamSel = select("appeal_team", mine.map((x) => [x.id, x.name]), mine[0]?.id);
    const roundSel = select("appeal_round", played.map((r) => [r.number, t("roundN", { n: r.number })]),
      played[played.length - 1]?.number);
    const boardSel = select("appeal_board", [["", t("wholeMatch")],
      ...Array.from({ length: rules.boards ?? 4 }, (_, i) => [i + 1, t("staffBoardN", { n: i + 1 })])], "");
    const matchLine = h("p", { class: "muted", id: "appeal-match" });
    const deadlines = h("p", { class: "deadline", id: "appeal-deadline" });
    const text = h("textarea", { name: "appeal_text", rows: 4, required: true, maxlength: 5000 });
    const announced = h("input", { name: "announced_at", type: "datetime-local", value: localInput(new Date()),
      required: true });
    const fee = h("input", { name: "fee_paid", type: "number", min: 0, step: "0.01", value: String(rules.appeal_fee ?? 100) });
    const late = h("input", { type: "checkbox", id: "f-accept-late", name: "accept_late" });
    const lateReason = h("input", { name: "late_reason", maxlength: 500 });
    const submit = h("button", { type: "submit", class: "primary" }, t("fileAppeal"));
    let match = null;
    let ended = null;

    async function findMatch() {
      match = null;
      ended = null;
      matchLine.textContent = "";
      if (!teamSel.value || !roundSel.value) return;
      const rnd = await get(`tournaments/${tid}/rounds/${roundSel.value}`);
      const team = Number(teamSel.value);
      match = rnd.matches.find((m) => m.first.id === team || m.second?.id === team) || null;
      if (!match) {
        matchLine.textContent = t("noMatchForTeam");
        return;
      }
      matchLine.textContent = `${t("tableN", { n: match.table })}: ${match.first.name} – ${match.second?.name ?? t("staffBye")}`;
      const boards = boardSel.value ? match.boards.filter((b) => b.board === Number(boardSel.value)) : match.boards;
      const ends = boards.map((b) => b.ended_at).filter(Boolean);
      ended = ends.length && ends.length === boards.length ? new Date(Math.max(...ends.map(Date.parse))) : null;
      drawDeadline();
    }

    function drawDeadline() {
      if (!match) {
        deadlines.textContent = "";
        return;
      }
      if (!ended) {
        deadlines.textContent = t("gameNotEnded");
        return;
      }
      const announceBy = ended.getTime() + (rules.appeal_announce_minutes ?? 10) * 60000;
      const submitBy = ended.getTime() + (rules.appeal_submit_minutes ?? 30) * 60000;
      const left = countdown(submitBy);
      fill(deadlines,
        `${t("gameEnded", { when: time(ended.toISOString(), zone) })}.`, " ",
        t("announceBy", { when: time(new Date(announceBy).toISOString(), zone) }), " ",
        t("submitBy", { when: time(new Date(submitBy).toISOString(), zone) }), " ",
        left ? h("strong", { class: "count" }, t("closesIn", { left })) : h("strong", { class: "warn" }, t("deadlinePassed")));
    }

    for (const s of [teamSel, roundSel, boardSel]) s.addEventListener("change", () => findMatch().catch((e) => slot.problem(e)));
    clocks.push(setInterval(drawDeadline, 1000));
    const form = h("form", { class: "panel", "aria-labelledby": "file-h", onsubmit: (ev) => {
      ev.preventDefault();
      act(submit, slot, async () => {
        if (!match) await findMatch();
        if (!match) return;
        const created = await post(`tournaments/${tid}/appeals`, {
          match_id: match.id, board: boardSel.value ? Number(boardSel.value) : null, team_id: Number(teamSel.value),
          text: text.value.trim(), announced_at: new Date(announced.value).toISOString(),
          submitted_at: new Date().toISOString(), fee_paid: fee.value || "0", accept_late: late.checked,
          reason: lateReason.value.trim(),
        });
        ctx.rerender();
        return created;
      });
    } },
    h("h2", { id: "file-h" }, t("fileAppeal")),
    h("p", { class: "muted" }, t("appealRules", { a: rules.appeal_announce_minutes ?? 10, s: rules.appeal_submit_minutes ?? 30,
      fee: money(rules.appeal_fee ?? 100) })),
    slot.el,
    h("div", { class: "grid2" }, field(t("team"), teamSel), field(t("round"), roundSel), field(t("game"), boardSel)),
    matchLine, deadlines,
    field(t("appealText"), text), h("div", { class: "grid2" }, field(t("announcedAt"), announced), field(t("feePaid"), fee)),
    chief ? h("p", { class: "check" }, late, h("label", { for: "f-accept-late" }, t("acceptLate"))) : null,
    chief ? field(t("reason"), lateReason) : null,
    h("p", {}, submit));
    out.push(form);
    findMatch().catch((e) => slot.problem(e));
  }

  // ------------------------------------------------------------ the appeals and their decisions

  out.push(h("h2", {}, t("appealsList")));
  if (!appeals.length) out.push(h("p", {}, t("noAppeals")));
  for (const a of appeals) {
    const slot = messageSlot();
    const decision = h("fieldset", {}, h("legend", {}, t("decision")),
      ...["upheld", "rejected"].map((v) => h("p", { class: "check" },
        h("input", { type: "radio", name: `decision-${a.id}`, id: `dec-${a.id}-${v}`, value: v }),
        h("label", { for: `dec-${a.id}-${v}` }, t(`appeal_${v}`)))));
    const reasons = h("textarea", { name: `reasons-${a.id}`, id: `reasons-${a.id}`, rows: 3, required: true });
    const decide = h("button", { type: "submit", class: "primary" }, t("recordDecision"));
    const sc = a.committee;
    out.push(h("article", { class: "panel appeal", dataset: { appeal: String(a.id) } },
      h("h3", {}, t("appealN", { id: a.id }), " · ", t("roundN", { n: a.round }), " · ", teamName(a.team_id), " ",
        h("span", { class: `badge ap-${a.status}` }, t(`appeal_${a.status}`))),
      h("p", { class: "muted" }, a.board ? t("staffBoardN", { n: a.board }) : t("wholeMatch"), " · ",
        t("gameEnded", { when: dateTime(a.game_ended_at, zone) }), " · ", t("submittedAt", { when: dateTime(a.submitted_at, zone) }),
        a.late_accepted ? ` · ${t("lateAccepted")}` : "", " · ", t(`fee_${a.fee_status}`)),
      a.text ? h("blockquote", {}, a.text) : null,
      sc ? h("div", { class: "committee" }, h("p", {}, h("strong", {}, t("sittingCommittee")), " ",
        sc.members.map((m) => `${m.name}${m.chair ? ` (${t("chair")})` : ""}`).join(", ")),
      sc.excluded.length ? h("p", { class: "muted" }, t("excludedMembers"), " ", sc.excluded.map((m) => m.name).join(", ")) : null,
      sc.complete ? null : h("p", { class: "warn", lang: "en" }, sc.message)) : null,
      a.decision_reasons ? h("p", {}, h("strong", {}, t("reasons")), " ", a.decision_reasons) : null,
      a.status === "open" && can(access, "appeal.decide") ? h("form", { onsubmit: (ev) => {
        ev.preventDefault();
        const chosen = decision.querySelector("input:checked")?.value;
        act(decide, slot, async () => {
          if (!chosen) {
            decision.querySelector("input")?.focus();
            throw { status: 422, detail: t("chooseDecision"), rule: "R-14.3" };
          }
          await post(`tournaments/${tid}/appeals/${a.id}/decision`, { decision: chosen, reasons: reasons.value.trim() });
          ctx.rerender();
        });
      } }, decision, field(t("reasons"), reasons), slot.el, h("p", {}, decide)) : null));
  }

  // ------------------------------------------------------------ the committee

  out.push(h("h2", {}, t("committee")));
  if (can(access, "committee.write")) out.push(committeeEditor(ctx, committee, clubs));
  else {
    out.push(committee.length ? h("ul", {}, ...committee.map((m) => h("li", {}, m.name, " · ", t(`kind_${m.kind}`),
      m.chair ? ` · ${t("chair")}` : "", m.club_id ? ` · ${clubName(m.club_id)}` : ""))) : h("p", {}, t("noCommittee")));
  }
  return out;
}

function committeeEditor(ctx, committee, clubs) {
  const slot = messageSlot();
  const rows = committee.map((m) => ({ name: m.name, club_id: m.club_id, kind: m.kind, chair: m.chair }));
  const box = h("div");
  const save = h("button", { type: "submit", class: "primary" }, t("saveCommittee"));
  function draw() {
    fill(box, scroller(h("table", { class: "plain committee-edit" },
      h("thead", {}, h("tr", {}, ...[t("memberName"), t("club"), t("kind"), t("chairCol"), vh(t("actionsCol"))].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...rows.map((r, i) => h("tr", {},
        h("td", {}, h("input", { value: r.name, "aria-label": t("memberName"), required: true,
          oninput: (ev) => { r.name = ev.currentTarget.value; } })),
        h("td", {}, select(`club-${i}`,
          [["", t("staffNone")], ...sortByName(clubs, (c) => c.name).map((c) => [c.id, c.name])], r.club_id ?? "",
          { "aria-label": t("club"), onchange: (ev) => { r.club_id = ev.currentTarget.value ? Number(ev.currentTarget.value) : null; } })),
        h("td", {}, select(`kind-${i}`, [["regular", t("kind_regular")], ["alternate", t("kind_alternate")]], r.kind,
          { "aria-label": t("kind"), onchange: (ev) => { r.kind = ev.currentTarget.value; } })),
        h("td", {}, h("input", { type: "radio", name: "chair", checked: r.chair, "aria-label": t("chair"),
          onchange: () => rows.forEach((x, j) => { x.chair = i === j; }) })),
        h("td", {}, h("button", { type: "button", class: "small", onclick: () => { rows.splice(i, 1); draw(); } }, t("remove")))))),
    ), t("committee")),
    h("p", {}, h("button", { type: "button", onclick: () => {
      rows.push({ name: "", club_id: null, kind: "alternate", chair: false });
      draw();
      box.querySelector("tbody tr:last-child input")?.focus();
    } }, t("addMember"))));
  }
  draw();
  return h("form", { class: "panel", onsubmit: (ev) => {
    ev.preventDefault();
    act(save, slot, async () => {
      await put(`tournaments/${ctx.tid}/committee`, { members: rows.map((r) => ({ ...r, name: r.name.trim() })) });
      slot.ok(t("committeeSaved"));
    });
  } }, h("p", { class: "muted" }, t("committeeRule")), slot.el, box, h("p", {}, save));
}


