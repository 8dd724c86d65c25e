// Publishing to a public server (#/staff/t/1/publish): the public server's address and its publishing key, and
// whether parents there see the tournament as it is here: up to date, N minutes behind, or unreachable.

import { api, get, put } from "./session.js";
import { t } from "../i18n/index.js";
import { can } from "./access.js";
import { dateTime, num } from "../lib/format.js";
import { fill, h, heading } from "../lib/dom.js";
import { act, field, messageSlot } from "./ui.js";

/** The state in words: "up to date", "12 minutes behind", "unreachable (...)". */
export function stateText(p) {
  if (p.state === "off") return t("publishOff");
  if (p.state === "up_to_date") return t("publishUpToDate");
  const behind = t("publishBehind", { n: num(p.minutes_behind ?? 0) });
  return p.state === "unreachable" ? `${t("publishUnreachable")} · ${behind}` : behind;
}

export async function view(ctx) {
  const { tid, tour, access } = ctx;
  document.title = `${t("navPublish")} · ${tour.name}`;
  const box = h("div");
  const slot = messageSlot();
  const zone = tour.rules?.time_zone;
  let pub = await get(`tournaments/${tid}/publication`);
  let timer = null;

  function draw() {
    const url = h("input", { name: "url", type: "url", required: true, maxlength: 300, value: pub.url || "",
      placeholder: "https://", autocomplete: "url" });
    const token = h("input", { name: "token", type: "password", required: true, maxlength: 200,
      autocomplete: "off", spellcheck: "false" });
    const form = h("form", { class: "stack", onsubmit: (ev) => {
      ev.preventDefault();
      act(ev.submitter, slot, async () => {
        pub = await put(`tournaments/${tid}/publication`, { url: url.value.trim(), token: token.value.trim() });
        draw();
        slot.ok(t("publishSaved"));
      });
    } },
    field(t("publishUrl"), url, t("publishUrlHint")),
    field(t("publishKey"), token, t("publishKeyHint")),
    h("p", {}, h("button", { type: "submit", class: "primary" }, t("publishStart"))));
    const stop = h("button", { type: "button", onclick: (ev) => act(ev.currentTarget, slot, async () => {
      pub = (await api(`tournaments/${tid}/publication`, { method: "DELETE" })).data;
      draw();
      slot.ok(t("publishStopped"));
    }) }, t("publishStop"));
    const rows = [
      [t("publishState"), h("strong", { class: `publish-${pub.state}` }, stateText(pub))],
      [t("publishServer"), pub.url || "–"],
      [t("publishPage"), pub.public_url ? h("a", { href: pub.public_url, rel: "noopener" }, pub.public_url) : "–"],
      [t("publishLast"), pub.pushed_at ? dateTime(pub.pushed_at, zone, { seconds: true }) : "–"],
      [t("publishVersions"), `${num(pub.pushed_version)} / ${num(pub.version)}`],
      ...(pub.last_error ? [[t("publishError"), h("span", { lang: "en" }, pub.last_error)]] : []),
      [t("publishBy"), pub.url ? (pub.from_console ? t("publishByConsole") : t("publishByCommand")) : "–"],
    ];
    fill(box,
      h("p", { class: "lead" }, t("publishLead")),
      h("dl", { class: "facts publish-facts", "aria-live": "polite" }, ...rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
      slot.el,
      can(access, "publication.write") ? form : null,
      can(access, "publication.write") && pub.from_console ? h("p", {}, stop) : null,
      h("p", { class: "muted" }, t("publishNote")));
  }

  async function refresh() {
    if (!box.isConnected) { clearInterval(timer); return; }
    try {
      const next = await get(`tournaments/${tid}/publication`);
      if (JSON.stringify(next) !== JSON.stringify(pub) && !box.contains(document.activeElement)) { pub = next; draw(); }
    } catch { /* the next tick tries again */ }
  }

  draw();
  timer = setInterval(refresh, 5000);
  return [heading(t("navPublish")), box];
}
