// Live updates of a tournament, for the public page and the console: the server's event stream
// (GET /tournaments/{t}/events, Server-Sent Events) when it answers, else polling.
//
// follow(tid, {onEvent, poll, pollMs, onMode, onPolled, done}) -> stop()
//   onEvent(type, data): "round" | "match" | "standings" | "tournament", data parsed from JSON
//   poll(): the view's own conditional GET (If-None-Match), run every pollMs while the stream is not
//           delivering; on an error the next poll waits as Retry-After asks, else twice as long (up to 2 min)
//   onMode(mode): "stream" | "polling" | "offline", for a status line
//   onPolled({error, delay}): after each poll (error null: it went through), for a "checked at" line
//   done(): true once nothing more can change (a completed round): polling ends
// A stream that cannot open (404 on a server without it, a proxy that cuts it) or fails three times in a row
// is given up for polling. One stream per tournament is shared by every follower and outlives the last one
// for a few seconds, so that the next view of the same tournament does not reconnect. The mode is also on
// <body data-live="connecting|stream|poll"> (the browser tests read it).
//
// Page parameters: ?poll=ms changes the poll interval (at least 1 s), ?live=poll forces polling (for a proxy
// known to buffer event streams).

import { apiUrl } from "./http.js";

const EVENT_TYPES = ["round", "match", "standings", "tournament"];
const params = new URLSearchParams(location.search);
/** Poll interval in ms (?poll= overrides, at least 1 s). */
export const POLL_MS = Math.max(1000, Number(params.get("poll")) || 4000);
const FORCE_POLL = params.get("live") === "poll";
/** The longest wait between two polls after errors or 503s. */
const MAX_BACKOFF_MS = 120_000;
/** Errors in a row (no event or open in between) before a stream is given up for polling. */
const MAX_FAILURES = 3;
/** How long a stream nobody follows stays open. */
const LINGER_MS = 5000;

const missing = new Set(); // tournaments whose stream never opened: poll until the page is reloaded
const streams = new Map(); // tid -> {tid, source, followers, failures, opened, linger}
let following = 0;

function show(mode) {
  document.body.dataset.live = mode;
}

function close(s) {
  s.source.close();
  if (streams.get(s.tid) === s) streams.delete(s.tid);
}

function giveUp(s) {
  if (!s.opened) missing.add(s.tid);
  close(s);
  for (const f of [...s.followers]) f.streamLost();
}

/** The tournament's stream (shared), or null when the page polls it. */
function stream(tid) {
  if (FORCE_POLL || missing.has(tid) || typeof EventSource !== "function") return null;
  const old = streams.get(tid);
  if (old) {
    clearTimeout(old.linger);
    return old;
  }
  let source;
  try {
    source = new EventSource(apiUrl(`tournaments/${tid}/events`));
  } catch (e) {
    missing.add(tid);
    return null;
  }
  const s = { tid, source, followers: new Set(), failures: 0, opened: false, linger: null };
  streams.set(tid, s);
  source.onopen = () => {
    s.failures = 0;
    s.opened = true;
    for (const f of s.followers) f.streamOpen();
  };
  source.onerror = () => {
    s.failures += 1;
    // CLOSED: the server answered with an error status or not an event stream (404, 503): it will not
    // reconnect by itself. CONNECTING: it retries by itself; give up after a few failures.
    if (source.readyState === EventSource.CLOSED || s.failures >= MAX_FAILURES) giveUp(s);
    else for (const f of s.followers) f.streamTrouble();
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (ev) => {
      s.failures = 0;
      let data = null;
      try {
        data = JSON.parse(ev.data);
      } catch (e) {
        return; // not the contract's JSON: ignore
      }
      for (const f of [...s.followers]) f.event(type, data);
    });
  }
  return s;
}

export function follow(tid, { onEvent = () => {}, poll = null, pollMs = POLL_MS, onMode = () => {},
  onPolled = () => {}, done = () => false } = {}) {
  let stopped = false;
  let timer = null;
  let polling = false; // a poll is on its way
  let waiting = false; // for the tab to be shown again
  let backoff = 0;
  let s = null;

  const streaming = () => Boolean(s && s.source.readyState === EventSource.OPEN);

  function schedule(ms) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, ms);
  }

  async function tick() {
    if (stopped || polling || done()) return;
    if (document.hidden) { // nobody is looking: poll again once the tab is shown
      if (!waiting) {
        waiting = true;
        document.addEventListener("visibilitychange", () => {
          waiting = false;
          tick();
        }, { once: true });
      }
      return;
    }
    let delay = pollMs;
    if (poll && !streaming()) {
      polling = true;
      try {
        await poll();
        backoff = 0;
        if (!s && !stopped) onMode("polling");
        if (!stopped) onPolled({ error: null, delay });
      } catch (e) {
        backoff = Math.min(MAX_BACKOFF_MS, Math.max(pollMs, (backoff || pollMs) * 2));
        delay = e?.retryAfter !== null && e?.retryAfter !== undefined ? Math.max(e.retryAfter * 1000, pollMs) : backoff;
        if (!s && !stopped) onMode("offline");
        if (!stopped) onPolled({ error: e, delay });
      } finally {
        polling = false;
      }
    }
    if (!stopped && !done()) schedule(delay);
  }

  const me = {
    event: (type, data) => {
      if (!stopped) onEvent(type, data);
    },
    streamOpen: () => {
      show("stream");
      onMode("stream");
    },
    streamTrouble: () => onMode("offline"),
    streamLost: () => {
      s = null;
      show("poll");
      onMode("polling");
      if (poll) schedule(0); // catch up with what the stream would have said
    },
  };

  following += 1;
  s = stream(tid);
  if (s) {
    s.followers.add(me);
    if (streaming()) me.streamOpen();
    else show("connecting");
  } else {
    show("poll");
    onMode("polling");
  }
  if (poll) schedule(pollMs);

  return function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    following -= 1;
    if (s) {
      const mine = s;
      mine.followers.delete(me);
      if (!mine.followers.size) mine.linger = setTimeout(() => !mine.followers.size && close(mine), LINGER_MS);
    }
    if (!following) delete document.body.dataset.live;
  };
}
