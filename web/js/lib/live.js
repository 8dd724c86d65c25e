// Live updates of a tournament, for the public page and the console: the server's event stream
// (GET /tournaments/{t}/events?heartbeat=true, Server-Sent Events) when it answers, else polling.
//
// follow(tid, {onEvent, poll, pollMs, onMode, onPolled, done}) -> stop()
//   onEvent(type, data): "round" | "match" | "standings" | "tournament", data parsed from JSON
//   poll(): the view's own conditional GET (If-None-Match), run every pollMs while the stream is not
//           delivering, and every SAFETY_MS while it is (an event lost on the way is caught up); on an error
//           the next poll waits as Retry-After asks, else twice as long (up to 2 min)
//   onMode(mode): "stream" | "polling" | "offline", for a status line
//   onPolled({error, delay}): after each poll (error null: it went through), for a "checked at" line
//   done(): true once nothing more can change (a completed round): polling ends
// The stream sends a `ping` event naming its interval (at once, then whenever it is idle): a stream silent for
// longer than that (a proxy or a Wi-Fi drop that cuts it without closing it) counts as down, is closed, and the
// page polls until a new stream opens; one is tried again with back-off, and at once when the device comes
// back online (the `online` event, which also polls at once). A stream that cannot open (404 on a server
// without it) is given up for polling until the page is reloaded; one that fails three times in a row is given
// up for polling and tried again later. One stream per tournament is shared by every follower and outlives the
// last one for a few seconds, so that the next view of the same tournament does not reconnect. The mode is
// also on <body data-live="connecting|stream|poll"> (the browser tests read it).
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
/** Polls while the stream delivers: a safety net for an event lost on the way. */
const SAFETY_MS = Math.max(60_000, 4 * POLL_MS);
/** Errors in a row (no event or open in between) before a stream is given up for polling. */
const MAX_FAILURES = 3;
/** How long a stream nobody follows stays open. */
const LINGER_MS = 5000;
/** The first wait before a lost stream is tried again (doubling up to MAX_BACKOFF_MS). */
const RECONNECT_MS = 5000;

const missing = new Set(); // tournaments whose server has no stream: poll until the page is reloaded
const streams = new Map(); // tid -> {tid, source, followers, failures, opened, linger, watchdog, silentMs}
let following = 0;

function show(mode) {
  document.body.dataset.live = mode;
}

function close(s) {
  clearTimeout(s.watchdog);
  clearTimeout(s.linger);
  s.source.close();
  if (streams.get(s.tid) === s) streams.delete(s.tid);
}

function giveUp(s) {
  // closed before it ever opened while the device is online: the server has no stream (404) for this tournament
  if (!s.opened && s.source.readyState === EventSource.CLOSED && navigator.onLine !== false) missing.add(s.tid);
  close(s);
  for (const f of [...s.followers]) f.streamLost();
}

/** A sign of life (the stream opened, an event or a ping came): the watchdog starts again. */
function alive(s) {
  clearTimeout(s.watchdog);
  if (s.silentMs) s.watchdog = setTimeout(() => giveUp(s), s.silentMs);
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
    source = new EventSource(apiUrl(`tournaments/${tid}/events?heartbeat=true`));
  } catch (e) {
    missing.add(tid);
    return null;
  }
  const s = { tid, source, followers: new Set(), failures: 0, opened: false, linger: null, watchdog: null, silentMs: 0 };
  streams.set(tid, s);
  source.onopen = () => {
    s.failures = 0;
    s.opened = true;
    alive(s);
    for (const f of s.followers) f.streamOpen();
  };
  source.onerror = () => {
    s.failures += 1;
    // CLOSED: the server answered with an error status or not an event stream (404, 503): it will not
    // reconnect by itself. CONNECTING: it retries by itself; give up after a few failures.
    if (source.readyState === EventSource.CLOSED || s.failures >= MAX_FAILURES) giveUp(s);
    else for (const f of s.followers) f.streamTrouble();
  };
  source.addEventListener("ping", (ev) => {
    s.failures = 0;
    let interval = 0;
    try {
      interval = Number(JSON.parse(ev.data).interval) * 1000;
    } catch (e) {
      interval = 0;
    }
    // "silent for longer than the interval": half an interval more (at least 2 s) for a slow network
    if (Number.isFinite(interval) && interval > 0) s.silentMs = interval + Math.max(2000, interval / 2);
    alive(s);
  });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (ev) => {
      s.failures = 0;
      alive(s);
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
  let retryStream = null;
  let polling = false; // a poll is on its way
  let waiting = false; // for the tab to be shown again
  let backoff = 0;
  let reconnectMs = RECONNECT_MS;
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
    let delay = streaming() ? SAFETY_MS : pollMs;
    if (poll) {
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

  /** Join the tournament's stream (a new one, or the one another follower opened). */
  function connect() {
    clearTimeout(retryStream);
    if (stopped || s) return;
    s = stream(tid);
    if (!s) return;
    s.followers.add(me);
    if (streaming()) me.streamOpen();
    else show("connecting");
  }

  function reconnectLater() {
    clearTimeout(retryStream);
    if (stopped || FORCE_POLL || missing.has(tid)) return;
    retryStream = setTimeout(connect, reconnectMs);
    reconnectMs = Math.min(MAX_BACKOFF_MS, reconnectMs * 2);
  }

  const me = {
    event: (type, data) => {
      if (!stopped) onEvent(type, data);
    },
    streamOpen: () => {
      reconnectMs = RECONNECT_MS;
      show("stream");
      onMode("stream");
      if (poll) schedule(SAFETY_MS);
    },
    streamTrouble: () => onMode("offline"),
    streamLost: () => {
      s = null;
      show("poll");
      onMode("polling");
      if (poll) schedule(0); // catch up with what the stream would have said
      reconnectLater();
    },
  };

  // back online: poll at once and open the stream again, without waiting for the back-off
  const online = () => {
    if (stopped) return;
    backoff = 0;
    reconnectMs = RECONNECT_MS;
    if (poll) schedule(0);
    connect();
  };
  const offline = () => {
    if (!stopped) onMode("offline");
  };
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);

  following += 1;
  connect();
  if (!s) {
    show("poll");
    onMode("polling");
  }
  if (poll) schedule(pollMs);

  return function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    clearTimeout(retryStream);
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
    following -= 1;
    if (s) {
      const mine = s;
      mine.followers.delete(me);
      if (!mine.followers.size) mine.linger = setTimeout(() => !mine.followers.size && close(mine), LINGER_MS);
    }
    if (!following) delete document.body.dataset.live;
  };
}
