// Live updates: the tournament's Server-Sent Events stream (GET /tournaments/{t}/events), with
// polling as the fallback when the stream is unavailable (an older server answers 404, a proxy
// may cut it) or fails repeatedly.
//
// One stream per tournament stays open while a live view (round, standings) is on screen; views
// subscribe with watch() and get every event ({type, data, id}) through their handler. The mode
// is on <body data-live="stream|poll"> (the browser tests read it).

import { apiUrl } from "./lib/http.js";

const EVENT_TYPES = ["round", "match", "standings", "tournament"];
/** Errors in a row (no event or open in between) before the stream is given up for polling. */
const MAX_FAILURES = 3;

const unavailable = new Set(); // tournaments whose stream failed: poll until the page is reloaded
let current = null; // {tid, source, failures, handler, onMode}

function setMode(mode) {
  document.body.dataset.live = mode;
  current?.onMode?.(mode);
}

function close() {
  if (current?.source) current.source.close();
  if (current) current.source = null;
}

function giveUp(tid) {
  unavailable.add(tid);
  close();
  setMode("poll");
}

/**
 * Follow tournament `tid`: handler(event) for each event; onMode("stream"|"poll") when the mode is
 * known or changes. Returns the mode now: "stream" (connecting or open) or "poll" (the caller polls).
 */
export function watch(tid, handler, onMode = null) {
  if (current && current.tid === tid && current.source) {
    current.handler = handler;
    current.onMode = onMode;
    return "stream";
  }
  stop();
  current = { tid, source: null, failures: 0, handler, onMode };
  if (typeof EventSource !== "function" || unavailable.has(tid)) {
    setMode("poll");
    return "poll";
  }
  let source;
  try {
    source = new EventSource(apiUrl(`tournaments/${tid}/events`));
  } catch (e) {
    giveUp(tid);
    return "poll";
  }
  current.source = source;
  const mine = current;
  source.onopen = () => {
    mine.failures = 0;
    setMode("stream");
  };
  source.onerror = () => {
    if (current !== mine) return;
    mine.failures += 1;
    // CLOSED: the server answered with an error status or not an event stream (404, 503): it will
    // not reconnect by itself. CONNECTING: it retries by itself; give up after a few failures.
    if (source.readyState === EventSource.CLOSED || mine.failures >= MAX_FAILURES) giveUp(tid);
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (ev) => {
      if (current !== mine) return;
      mine.failures = 0;
      let data = null;
      try {
        data = JSON.parse(ev.data);
      } catch (e) {
        return; // not the contract's JSON: ignore
      }
      mine.handler?.({ type, data, id: ev.lastEventId });
    });
  }
  document.body.dataset.live = "connecting";
  return "stream";
}

/** Stop following (the view on screen is not live). */
export function stop() {
  close();
  current = null;
  delete document.body.dataset.live;
}

/** Is the stream open and delivering? */
export const streaming = () => Boolean(current?.source && current.source.readyState === EventSource.OPEN);
