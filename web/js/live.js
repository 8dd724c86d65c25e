// Live updates: GET /tournaments/{t}/events, Server-Sent Events (see notes on the contract in web/README.md).
// One EventSource per page, for the tournament on screen; the browser resumes it with Last-Event-ID.
// A view says what it does with each event kind (round, match, standings, tournament); views that do
// not follow events leave the handlers empty. When EventSource is missing or keeps failing (a proxy
// that buffers, a 503), follow() reports it through onFallback and the page keeps polling.
import { apiUrl } from "./api.js";

const KINDS = ["round", "match", "standings", "tournament"];
const MAX_FAILURES = 3;
let source = null;
let sourceTid = null;
let handlers = {};
let failures = 0;

function setState(state) {
  document.body.dataset.live = state; // "open" | "connecting" | "off": for tests and styling
}

function open(tid, onFallback) {
  source?.close();
  source = null;
  sourceTid = tid;
  failures = 0;
  if (typeof EventSource === "undefined") {
    setState("off");
    onFallback?.();
    return;
  }
  const es = new EventSource(apiUrl(`tournaments/${tid}/events`));
  source = es;
  setState("connecting");
  es.onopen = () => { failures = 0; setState("open"); };
  es.onerror = () => {
    failures += 1;
    if (es.readyState === EventSource.CLOSED || failures >= MAX_FAILURES) {
      es.close(); // a 503 or a proxy in the way: polling carries on
      if (source === es) { source = null; sourceTid = null; }
      setState("off");
      onFallback?.();
    } else setState("connecting");
  };
  for (const kind of KINDS) {
    es.addEventListener(kind, (ev) => {
      let data;
      try { data = JSON.parse(ev.data); } catch (e) { return; }
      handlers[kind]?.(data, ev.lastEventId);
    });
  }
}

/** Follow tournament `tid`: `on` maps an event kind to a handler (data, id). Returns whether it is live. */
export function follow(tid, on, { onFallback } = {}) {
  handlers = on || {};
  if (sourceTid !== tid || !source) open(tid, onFallback);
  return source !== null;
}

/** Stop handling events (the connection stays for the next view of the same tournament). */
export function unfollow() {
  handlers = {};
}
