// One round, as the arbiter runs it: absences -> pair -> review with the engine's explanation ->
// hand changes (swap, PAB, forbid, colours; audited) -> publish -> results (results.js) -> complete;
// reopen with a confirmation. Every refusal shows the API's detail and rule id.

import { api, getAll, post, put } from "./session.js";
import { t } from "../i18n/index.js";
import { follow } from "../lib/live.js";
import { can, staffHref } from "./access.js";
import { dateTime, pts } from "../lib/format.js";
import { fill, h, heading, keepingFocus } from "../lib/dom.js";
import { act, badge, confirmDialog, field, messageSlot, scroller } from "./ui.js";
import { STATES, allows, hasPairing, isBefore, isCompleted, isPublic, workingRound } from "../lib/rounds.js";

export function roundNav(ctx, rounds, current, route) {
  return h("nav", { class: "rpicker", "aria-label": t("rounds") }, h("ul", {}, ...rounds.map((r) => h("li", {},
    h("a", { href: staffHref(ctx.tid, `${route}/${r.number}`), "aria-current": r.number === current ? "page" : null,
      class: `st-${r.state}`, title: t(`staffState_${r.state}`) }, String(r.number),
    h("span", { class: "vh" }, ` ${t(`staffState_${r.state}`)}`))))));
}

/** The round to open when none is named: in progress, published, paired, else the first pending one. */
export function currentRound(rounds) {
  return (workingRound(rounds) || rounds[rounds.length - 1])?.number ?? 1;
}

/**
 * The tournament's rounds and the round a route names (its segment `at` after the section), else the one
 * `pick` chooses (default: the current round).
 */
export async function roundRoute(ctx, { at = 0, pick = currentRound } = {}) {
  const rounds = await getAll(`tournaments/${ctx.tid}/rounds`);
  const seg = ctx.rest[at];
  return { rounds, n: seg && /^\d+$/.test(seg) ? Number(seg) : pick(rounds) };
}

export const scoreText = (m) => (m.score ? m.score.map(pts).join(" – ") : (m.pab ? "" : "…"));

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  const zone = tour.rules?.time_zone;
  const { rounds, n } = await roundRoute(ctx);
  document.title = `${t("roundN", { n })} · ${tour.name}`;
  const slot = messageSlot();
  const box = h("div");
  const status = h("p", { class: "live-status muted", role: "status" });
  const state = { rnd: null, etag: null, teams: [], picked: [], busy: false, reason: "", ready: null };

  // what stands between the round and its pairing or publication, read before anyone presses Pair
  const readiness = () => api(`tournaments/${tid}/rounds/${n}/readiness`).then((r) => r.data, () => null);

  async function load() {
    const [res, teams, ready] = await Promise.all([api(`tournaments/${tid}/rounds/${n}`),
      getAll(`tournaments/${tid}/teams`), readiness()]);
    state.rnd = res.data;
    state.etag = res.etag;
    state.teams = teams;
    state.ready = ready;
    state.picked = state.picked.filter((id) => state.rnd.matches.some((m) => m.first.id === id || m.second?.id === id));
  }

  async function refresh(focusSel) {
    await load();
    draw();
    if (focusSel) box.querySelector(focusSel)?.focus();
  }

  const run = (button, fn, focusSel) => act(button, slot, async () => {
    state.busy = true;
    try {
      const out = await fn();
      if (out && out.number === n) state.rnd = out;
      await refresh(focusSel);
      return out;
    } finally {
      state.busy = false;
    }
  });

  // ------------------------------------------------------------ pending: absences and pairing

  function absences() {
    const entered = state.teams.filter((x) => x.status === "entered");
    const absent = new Set(state.rnd.absent_team_ids);
    return h("section", { class: "panel", "aria-labelledby": "abs-h" },
      h("h2", { id: "abs-h" }, t("absences")), h("p", { class: "muted" }, t("absencesHint")),
      h("ul", { class: "plain cols" }, ...entered.map((x) => {
        const box_ = h("input", { type: "checkbox", id: `abs-${x.id}`, checked: absent.has(x.id),
          disabled: !can(access, "round.absent"),
          onchange: (ev) => run(null, () => put(`tournaments/${tid}/rounds/${n}/absent`,
            { team_id: x.id, absent: ev.currentTarget.checked }), `#abs-${x.id}`) });
        return h("li", { class: "check" }, box_, h("label", { for: `abs-${x.id}` }, x.name, x.tpn ? ` (${x.tpn})` : ""));
      })));
  }

  // ------------------------------------------------------------ paired: review and hand changes

  function teamPick(team) {
    if (!team) return h("span", { class: "muted" }, t("staffBye"));
    if (!can(access, "round.change") || !allows(state.rnd.state, "round.change")) {
      return h("span", {}, team.name, team.tpn ? h("span", { class: "s-tpn" }, ` ${team.tpn}`) : null);
    }
    const on = state.picked.includes(team.id);
    return h("button", { type: "button", class: `pick${on ? " on" : ""}`, "aria-pressed": String(on),
      dataset: { team: String(team.id) },
      onclick: () => {
        state.picked = on ? state.picked.filter((x) => x !== team.id) : [...state.picked, team.id].slice(-2);
        draw();
        box.querySelector(`button.pick[data-team="${team.id}"]`)?.focus();
      } }, team.name, team.tpn ? h("span", { class: "s-tpn" }, ` ${team.tpn}`) : null);
  }

  function pairingTable() {
    const rnd = state.rnd;
    const out = scroller(h("table", { class: "plain pairing" },
      h("caption", {}, t("pairingOf", { n }), rnd.manual ? h("span", { class: "warn" }, ` · ${t("manualFlag")}`) : null),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table")), h("th", { scope: "col" }, t("firstTeam")),
        h("th", { scope: "col" }, t("staffScore")), h("th", { scope: "col" }, t("secondTeam")))),
      h("tbody", {}, ...rnd.matches.map((m) => h("tr", { dataset: { table: String(m.table) } },
        h("th", { scope: "row", class: "num tno" }, String(m.table)),
        h("td", { class: "tm-a" }, teamPick(m.first)),
        h("td", { class: "num sc" }, m.forfeit ? t(`forfeit_${m.forfeit}`) : isPublic(rnd.state) ? scoreText(m) : ""),
        h("td", { class: "tm-b" }, m.pab ? h("span", { class: "muted" }, t("staffBye")) : teamPick(m.second)))))),
    t("pairingOf", { n }));
    out.querySelector(".cap").id = "pairing-cap";
    return out;
  }

  function explanation() {
    const ex = state.rnd.explanation;
    if (!ex) return null;
    const warnings = ex.warnings || [];
    return h("details", { class: "panel explanation", open: true },
      h("summary", {}, t("explanation")),
      // said in the page's language by the server (a round paired by an older version: English)
      warnings.length ? h("ul", { class: "warnings", lang: ex.warning_texts ? null : "en" },
        ...warnings.map((w) => h("li", {}, w))) : null,
      h("ol", { class: "lines", lang: ex.texts ? null : "en" }, ...(ex.lines || []).map((line) => h("li", {}, line))));
  }

  /** The C.04.6 criteria the hand changes break, against the engine's pairing (the server judges them). */
  function breachesPanel() {
    const rnd = state.rnd;
    if (!rnd.manual || !rnd.breaches) return null;
    const name = (id) => state.teams.find((x) => x.id === id)?.name || `#${id}`;
    const sentence = (b) => {
      const [a, o] = b.team_ids.map(name);
      return t(`breach_${b.criterion.replace(".", "_")}`, { teams: b.team_ids.map(name).join(" – "), white: a,
        other: o, value: b.value ?? "", engine: b.engine ?? "" });
    };
    return h("section", { class: "panel breaches", id: "breaches", "aria-labelledby": "breaches-h" },
      h("h2", { id: "breaches-h" }, t("breachesTitle")),
      rnd.breaches.length ? h("ul", { class: "problems" }, ...rnd.breaches.map((b) => h("li", { dataset: { criterion: b.criterion } },
        h("code", { class: "rule" }, b.article), " ", sentence(b))))
        : h("p", { class: "okmsg" }, t("noBreaches")),
      allows(rnd.state, "round.change") ? h("p", { class: "muted" }, t("explanationEngine")) : null);
  }

  function changes() {
    const [a, b] = state.picked;
    const name = (id) => state.teams.find((x) => x.id === id)?.name || `#${id}`;
    const reason = h("input", { name: "change_reason", id: "change-reason", maxlength: 500, required: true,
      placeholder: t("reasonPlaceholder"), value: state.reason,
      oninput: (ev) => { state.reason = ev.currentTarget.value; } }); // kept for the next change
    const hasBye = state.rnd.matches.some((m) => m.pab);
    const change = (action, button) => {
      if (!reason.value.trim()) {
        slot.problem({ status: 422, detail: t("reasonNeeded"), rule: null });
        reason.focus();
        return;
      }
      run(button, () => post(`tournaments/${tid}/rounds/${n}/pairing`,
        { action, team_a: a, team_b: b ?? null, reason: reason.value.trim() }), "#pairing-cap")
        .then((out) => {
          if (!out) return;
          state.picked = [];
          draw();
          box.querySelector("#picked")?.focus();
        });
    };
    const btn = (action, label, enabled) => h("button", { type: "button", disabled: !enabled, dataset: { action },
      onclick: (ev) => change(action, ev.currentTarget) }, label);
    return h("section", { class: "panel changes", "aria-labelledby": "chg-h" },
      h("h2", { id: "chg-h" }, t("handChanges")),
      h("p", { id: "picked", tabindex: "-1", class: "muted", "aria-live": "polite" },
        state.picked.length ? t("picked", { teams: state.picked.map(name).join(" · ") }) : t("pickHint")),
      field(t("reason"), reason),
      h("p", { class: "buttons" },
        btn("swap", t("swap"), state.picked.length === 2),
        btn("forbid", t("forbid"), state.picked.length === 2),
        btn("pab", t("givePab"), state.picked.length === 1 && hasBye),
        btn("colours", t("switchColours"), state.picked.length === 1)));
  }

  // ------------------------------------------------------------ before Pair: what would refuse it

  const undecided = () => Boolean(state.ready?.needs_decision);

  function readinessPanel() {
    const ready = state.ready;
    if (!ready) return null;
    const { blockers, lineups, appeals, decision } = ready;
    if (!blockers.length && !lineups.length && !appeals.length) {
      return allows(ready.state, "round.pair") ? h("p", { class: "okmsg", id: "readiness" }, t("readyToPair")) : null;
    }
    const rule = (r) => (r ? [h("code", { class: "rule" }, r), " "] : null);
    const byTeam = (id) => state.teams.find((x) => x.id === id);
    return h("section", { class: "panel readiness", id: "readiness", "aria-labelledby": "ready-h" },
      h("h2", { id: "ready-h" }, t("readinessTitle")),
      blockers.length ? [h("p", { class: "warn" }, t("readinessBlockers")),
        h("ul", { class: "problems blockers" }, ...blockers.map((b) => h("li", { dataset: { rule: b.rule || "" } },
          rule(b.rule), h("span", {}, b.detail))))] : null,
      appeals.length ? h("ul", { class: "problems appeals" }, ...appeals.map((a) => h("li", { dataset: { appeal: String(a.id) } },
        h("code", { class: "rule" }, "R-14.2"), " ",
        t("openAppeal", { team: a.team, round: a.round, board: a.board ?? "–", blocks: a.blocks_round }), " ",
        h("a", { href: staffHref(tid, "appeals") }, t("toAppeals"))))) : null,
      lineups.length ? [
        h("p", { class: decision && !undecided() ? "muted" : "warn" },
          t(hasPairing(ready.state) ? "lineupsBreakPublish" : "lineupsBreakPair")),
        h("ul", { class: "problems lineups" }, ...lineups.map((x) => h("li", { dataset: { rule: x.rule || "", team: String(x.team_id) } },
          rule(x.rule), h("strong", {}, x.team), byTeam(x.team_id)?.tpn ? ` (${byTeam(x.team_id).tpn})` : "",
          " · ", x.submitted ? t("lineupSubmittedShort") : t("lineupBaseShort"), ": ", h("span", {}, x.detail),
          " ", h("a", { href: `${staffHref(tid, `lineup/${n}`)}?team=${x.team_id}` }, t("toLineup"))))),
        decision ? h("p", { class: "decision" }, h("strong", {}, t("decisionRecorded")), " ", `«${decision.reason}»`) : null,
      ] : null);
  }

  /** The chief arbiter's decision to go ahead although lineups break a rule: its reason, or null (cancelled). */
  async function decision(acting) {
    if (!undecided()) return {};
    if (!can(access, "round.override")) return {}; // the server refuses, naming the rule and the team
    const names = state.ready.lineups.map((x) => `${x.team} (${x.rule})`).join(", ");
    const reason = await confirmDialog({ title: t(`override_${acting}`, { n }), text: t("overrideText", { teams: names }),
      confirm: t(`override_${acting}_go`), reason: t("overrideReason"), danger: true });
    return reason ? { override: { reason } } : null;
  }

  // ------------------------------------------------------------ the flow's buttons

  function actions() {
    const rnd = state.rnd;
    const out = [];
    if (allows(rnd.state, "round.pair") && can(access, "round.pair")) {
      out.push(h("button", { type: "button", class: hasPairing(rnd.state) ? null : "primary", id: "pair",
        onclick: async (ev) => {
          const button = ev.currentTarget;
          if (hasPairing(rnd.state) && !(await confirmDialog({ title: t("repairTitle"), text: t("repairText"),
            confirm: t("repair") }))) return;
          const body = await decision("pair");
          if (body) run(button, () => post(`tournaments/${tid}/rounds/${n}/pair`, body), "details.explanation summary");
        } }, hasPairing(rnd.state) ? t("repair") : t("pairRound", { n })));
    }
    if (allows(rnd.state, "round.publish") && can(access, "round.publish")) {
      out.push(h("button", { type: "button", class: "primary", id: "publish",
        onclick: async (ev) => {
          const button = ev.currentTarget;
          const body = await decision("publish");
          if (body) run(button, () => post(`tournaments/${tid}/rounds/${n}/publish`, body), "#results-link");
        } },
      t("publish")));
    }
    if (allows(rnd.state, "results.write") && can(access, "results.write")) {
      out.push(h("a", { class: "button primary", id: "results-link", href: staffHref(tid, `results/${n}`) },
        t("enterResults")));
    }
    if (allows(rnd.state, "round.complete") && can(access, "round.complete")) {
      out.push(h("button", { type: "button", id: "complete",
        onclick: (ev) => run(ev.currentTarget, () => post(`tournaments/${tid}/rounds/${n}/complete`), "h1") },
      t("completeRound")));
    }
    if (allows(rnd.state, "round.reopen") && can(access, "round.reopen")) {
      out.push(h("button", { type: "button", class: "danger", id: "reopen",
        onclick: async (ev) => {
          const ok = await confirmDialog({ title: t("reopenTitle", { n }), text: t("reopenText"), confirm: t("reopen"),
            danger: true });
          if (ok) run(ev.currentTarget, () => post(`tournaments/${tid}/rounds/${n}/reopen`), "#results-link");
        } }, t("reopen")));
    }
    if (hasPairing(rnd.state) && rnd.matches.length) {
      out.push(h("a", { class: "button", href: staffHref(tid, `print/pairings/${n}`) }, t("printPairings")));
      out.push(h("a", { class: "button", href: staffHref(tid, `print/slips/${n}`) }, t("printSlips")));
    }
    if (isCompleted(rnd.state)) {
      out.push(h("a", { class: "button", href: `#/t/${tid}/standings?after=${n}` }, t("publicStandings")));
    }
    if (allows(rnd.state, "round.pair") && !can(access, "round.pair")) {
      out.push(h("span", { class: "muted", id: "chief-only" }, t("chiefPairs")));
    }
    return h("p", { class: "buttons flow" }, ...out);
  }

  function draw() {
    const rnd = state.rnd;
    fill(box,
      h("p", { class: "lead" }, badge(rnd.state), " ", t("scheduledStart", { when: dateTime(rnd.scheduled_start, zone) })),
      h("ol", { class: "steps", "aria-label": t("roundSteps") }, ...STATES.map((s) => h("li", {
        class: s === rnd.state ? "now" : isBefore(s, rnd.state) ? "done" : null,
        "aria-current": s === rnd.state ? "step" : null }, t(`step_${s}`)))),
      readinessPanel(),
      slot.el,
      actions(),
      allows(rnd.state, "round.publish") ? h("p", { class: "s-note" }, t("unpublishedNote")) : null,
      allows(rnd.state, "round.absent") ? absences() : null,
      allows(rnd.state, "round.change") ? explanation() : null, // the engine's reasons, while they can be acted on
      rnd.matches.length ? pairingTable() : null,
      breachesPanel(),
      allows(rnd.state, "round.change") && can(access, "round.change") ? changes() : null,
      status);
  }

  await load();
  draw();
  const stop = follow(tid, {
    onEvent: (type, data) => {
      if (state.busy || document.querySelector("dialog[open]")) return;
      if ((type === "round" || type === "match") && data.round === n) {
        load().then(() => keepingFocus(box, draw)).catch(() => {});
      }
    },
    poll: async () => {
      if (state.busy || document.querySelector("dialog[open]")) return;
      const res = await api(`tournaments/${tid}/rounds/${n}`, { ifNoneMatch: state.etag });
      if (res.notModified || !ctx.alive()) return;
      state.rnd = res.data;
      state.etag = res.etag;
      state.ready = await readiness();
      keepingFocus(box, draw);
    },
    onMode: (mode) => {
      status.textContent = t(`live_${mode}`);
      status.dataset.mode = mode;
    },
  });
  ctx.onLeave(stop);
  return [heading(t("roundN", { n })), roundNav(ctx, rounds, n, "round"), box];
}
