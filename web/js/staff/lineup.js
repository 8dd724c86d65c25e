// A team's lineup for a round (team manager, or an arbiter): who plays from the roster (boards
// follow the roster's board order, R-3.3) and the captain, checked live by the API's own
// rules (POST .../lineups/{team}/check, a dry run of the submission), and the deadline: lineups
// close when the round starts.

import { api, get, put } from "./session.js";
import { t } from "../i18n/index.js";
import { staffHref } from "./access.js";
import { roundNav, roundRoute } from "./round.js";
import { teamPicker, visibleTeams } from "./rosters.js";
import { countdown, dateTime } from "../lib/format.js";
import { fill, h, heading } from "../lib/dom.js";
import { messageSlot, problemBox, scroller } from "./ui.js";
import { allows } from "../lib/rounds.js";

/** Unsent changes, kept while the page lives (a language switch or a visit elsewhere keeps them). */
const drafts = new Map();

export async function view(ctx) {
  const { tid, tour, query } = ctx;
  const rules = tour.rules || {};
  const zone = rules.time_zone;
  const teams = (await visibleTeams(ctx)).filter((x) => x.status === "entered");
  const { rounds, n } = await roundRoute(ctx, {
    pick: (all) => (all.find((r) => allows(r.state, "lineup.write")) || all[all.length - 1]).number });
  document.title = `${t("lineupOf", { n })} · ${tour.name}`;
  const head = heading(t("lineupOf", { n }));
  if (!teams.length) return [head, h("p", {}, t("noTeams"))];
  const team = teams.find((x) => x.id === Number(query.get("team"))) || teams[0];
  const rnd = rounds.find((r) => r.number === n);
  const [roster, lineup] = await Promise.all([get(`tournaments/${tid}/teams/${team.id}/roster`),
    get(`tournaments/${tid}/rounds/${n}/lineups/${team.id}`)]);
  const players = roster.players.map((x) => x.player);
  const draftKey = `${tid}/${team.id}/${n}`;
  const draft = drafts.get(draftKey);
  const state = {
    chosen: new Set(draft ? draft.chosen : lineup.boards.filter((b) => b.player).map((b) => b.player.id)),
    captain: draft ? draft.captain : lineup.captain_id,
    check: null, checking: false, checkAvailable: true, submitted: lineup.submitted,
  };
  const keepDraft = () => drafts.set(draftKey, { chosen: [...state.chosen], captain: state.captain });
  const slot = messageSlot();
  const checkBox = h("div", { class: "check-result", role: "status", "aria-live": "polite", id: "lineup-check" });
  const deadline = h("p", { class: "deadline", id: "deadline" });
  const box = h("div");
  let abort = null;
  let timer = null;

  const body = () => ({ player_ids: players.filter((p) => state.chosen.has(p.id)).map((p) => p.id),
    captain_id: state.captain && state.chosen.has(state.captain) ? state.captain : null });

  function drawCheck() {
    if (!state.checkAvailable) {
      checkBox.replaceChildren();
      return;
    }
    if (state.checking && !state.check) {
      checkBox.replaceChildren(h("p", { class: "muted" }, t("checking")));
      return;
    }
    const c = state.check;
    if (!c) return;
    if (c.error) {
      checkBox.replaceChildren(problemBox(c.error));
      return;
    }
    // the bottom boards nobody is named for are lost by forfeit, valid lineup or not
    const boards = rules.boards ?? 4;
    const named = c.valid ? c.player_ids.length : body().player_ids.length;
    const empty = named > 0 && named < boards
      ? h("p", { class: "warn", id: "empty-boards" }, t(boards - named === 1 ? "emptyBoard" : "emptyBoards",
        { boards: Array.from({ length: boards - named }, (_, i) => named + i + 1).join(", ") })) : ""; // "" not null: replaceChildren writes null as text
    if (c.valid) {
      const byId = new Map(players.map((p) => [p.id, p]));
      checkBox.replaceChildren(h("p", { class: "okmsg" }, t("lineupValid")),
        h("ol", { class: "lboards" }, ...c.player_ids.map((id) => h("li", {}, byId.get(id)?.name ?? `#${id}`,
          id === c.captain_id ? ` (${t("captainAbbr")})` : ""))), empty);
    } else {
      checkBox.replaceChildren(h("p", { class: "warn" }, t("lineupInvalid")), empty,
        h("ul", { class: "problems" }, ...c.problems.map((p) => h("li", { dataset: { rule: p.rule || "" } },
          p.rule ? [h("code", { class: "rule" }, p.rule), " "] : null, h("span", {}, p.detail)))));
    }
  }

  async function runCheck() {
    if (!state.checkAvailable) return;
    if (abort) abort.abort();
    abort = new AbortController();
    state.checking = true;
    drawCheck();
    try {
      const res = await api(`tournaments/${tid}/rounds/${n}/lineups/${team.id}/check`,
        { method: "POST", body: body(), signal: abort.signal });
      state.check = res.data;
    } catch (err) {
      if (err.name === "AbortError") return;
      if (err.status === 404 && !err.rule) state.checkAvailable = false; // a server without the dry run
      else state.check = { error: err };
    }
    state.checking = false;
    drawCheck();
  }

  const scheduleCheck = () => {
    clearTimeout(timer);
    timer = setTimeout(runCheck, 150);
  };

  function table() {
    return scroller(h("table", { class: "plain lineup" },
      h("caption", {}, t("lineupCaption", { team: team.name, boards: rules.boards ?? 4 })),
      h("thead", {}, h("tr", {}, ...[t("staffRosterBoard"), t("plays"), t("player"), t("sex"), t("staffRating"), t("captain")]
        .map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...players.map((p, i) => {
        const on = state.chosen.has(p.id);
        const plays = h("input", { type: "checkbox", id: `plays-${p.id}`, name: "plays", value: String(p.id), checked: on,
          "aria-label": t("playsNamed", { name: p.name }),
          onchange: (ev) => {
            if (ev.currentTarget.checked) state.chosen.add(p.id);
            else state.chosen.delete(p.id);
            keepDraft();
            draw();
            box.querySelector(`#plays-${p.id}`)?.focus();
            scheduleCheck();
          } });
        const cap = h("input", { type: "radio", name: "captain", id: `cap-${p.id}`, value: String(p.id),
          checked: state.captain === p.id, disabled: !on, "aria-label": t("captainNamed", { name: p.name }),
          onchange: () => {
            state.captain = p.id;
            keepDraft();
            scheduleCheck();
          } });
        return h("tr", { class: on ? "on" : null },
          h("td", { class: "num" }, String(i + 1)), h("td", {}, plays),
          h("th", { scope: "row" }, h("label", { for: `plays-${p.id}` }, p.name)),
          h("td", { class: "sex" }, p.sex === "w" ? t("girl") : t("boy")),
          h("td", { class: "num" }, String(p.fide_rating ?? p.national_rating ?? "–")),
          h("td", {}, cap));
      }))), t("lineupCaption", { team: team.name, boards: rules.boards ?? 4 }));
  }

  function draw() {
    const submit = h("button", { type: "submit", class: "primary", id: "submit-lineup" }, t("submitLineup"));
    fill(box,
      h("p", { class: "lead" }, state.submitted ? t("lineupSubmitted") : t("lineupBase")),
      lineup.problems?.length && !state.submitted ? h("p", { class: "warn" }, t("baseInvalid")) : null,
      h("form", { onsubmit: async (ev) => {
        ev.preventDefault();
        submit.disabled = true;
        slot.clear();
        try {
          const out = await put(`tournaments/${tid}/rounds/${n}/lineups/${team.id}`, body());
          state.submitted = true;
          drafts.delete(draftKey);
          slot.ok(t("lineupSaved", { players: out.boards.filter((b) => b.player).map((b) => b.player.name).join(", ") }));
        } catch (err) {
          slot.problem(err, { context: t("lineupRefused") });
        } finally {
          submit.disabled = false;
        }
      } }, table(), checkBox, slot.el, h("p", {}, submit)));
    drawCheck();
  }

  function tick() {
    if (!ctx.alive()) return;
    const start = rnd?.scheduled_start ? Date.parse(rnd.scheduled_start) : null;
    if (!rnd || !allows(rnd.state, "lineup.write")) {
      fill(deadline, h("strong", {}, t("lineupsFinal", { n })));
      return;
    }
    if (start === null) {
      deadline.textContent = t("noDeadline");
      return;
    }
    const left = countdown(start);
    fill(deadline, t("lineupDeadline", { when: dateTime(rnd.scheduled_start, zone) }), " ",
      left ? h("strong", { class: "count" }, t("closesIn", { left })) : h("strong", { class: "warn" }, t("closed")));
  }

  draw();
  tick();
  const clock = setInterval(tick, 1000);
  ctx.onLeave(() => {
    clearInterval(clock);
    clearTimeout(timer);
    if (abort) abort.abort();
  });
  runCheck();
  return [head, roundNav(ctx, rounds, n, "lineup"), teamPicker(ctx, teams, team.id, `lineup/${n}`), deadline, box,
    h("p", {}, h("a", { href: `${staffHref(tid, "rosters")}?team=${team.id}` }, t("toRoster")))];
}
