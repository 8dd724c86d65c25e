// Live updates of one tournament for the console: the server's event stream
// (GET /tournaments/{t}/events, Server-Sent Events) when it answers, else polling.
//
// watch(tid, {onEvent, poll, pollMs, onMode}) -> stop()
//   onEvent(type, data): "round" | "match" | "standings" | "tournament", data parsed from JSON
//   poll(): the view's own conditional GET (If-None-Match), run every pollMs while polling
//   onMode(mode): "stream" | "polling" | "offline", for the status line
// A stream that cannot open (404 on a server without it, a proxy that cuts it) or fails three
// times in a row is given up for polling; a 503 with Retry-After stretches the poll interval.

import { apiUrl } from "../lib/http.js";

const EVENTS = ["round", "match", "standings", "tournament"];
const params = new URLSearchParams(location.search);
/** Poll interval in ms (?poll= overrides, at least 1 s). */
export const POLL_MS = Math.max(1000, Number(params.get("poll")) || 4000);
/** ?live=poll forces polling (for a proxy known to buffer event streams). */
const FORCE_POLL = params.get("live") === "poll";

/** Set when the server answered the stream with something else (no /events): later views poll at once. */
let streamMissing = false;

export function watch(tid, { onEvent, poll, pollMs = POLL_MS, onMode = () => {} }) {
  let stopped = false;
  let opened = false;
  let es = null;
  let timer = null;
  let failures = 0;
  let delay = pollMs;

  const schedule = (ms) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, ms);
  };

  async function tick() {
    if (stopped) return;
    if (document.hidden) {
      schedule(pollMs);
      return;
    }
    try {
      await poll();
      delay = pollMs;
      onMode("polling");
    } catch (e) {
      onMode("offline");
      delay = e && e.retryAfter ? e.retryAfter * 1000 : Math.min(delay * 2, 60000);
    }
    schedule(delay);
  }

  function startPolling() {
    if (es) es.close();
    es = null;
    onMode("polling");
    schedule(pollMs);
  }

  if (FORCE_POLL || streamMissing || typeof EventSource === "undefined") {
    startPolling();
  } else {
    es = new EventSource(apiUrl(`tournaments/${tid}/events`));
    es.onopen = () => {
      opened = true;
      failures = 0;
      onMode("stream");
    };
    es.onerror = () => {
      if (stopped) return;
      failures += 1;
      // CLOSED: the server answered with something that is not a stream (404, 500): give up at once
      if (es.readyState === EventSource.CLOSED || failures >= 3) {
        if (!opened && es.readyState === EventSource.CLOSED) streamMissing = true;
        startPolling();
        poll().catch(() => {}); // catch up with what the stream would have said
      } else onMode("offline");
    };
    for (const type of EVENTS) {
      es.addEventListener(type, (ev) => {
        let data = null;
        try {
          data = JSON.parse(ev.data);
        } catch (e) {
          return;
        }
        onEvent(type, data);
      });
    }
  }

  return () => {
    stopped = true;
    clearTimeout(timer);
    if (es) es.close();
  };
}
