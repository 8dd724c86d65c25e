// The one HTTP client of the public page and the staff console.
//
// - Same origin only: the API is the parent of the page's folder (the page is served at /web/, or under a
//   reverse proxy's path prefix), so every URL is relative to the page. Nothing in the page's address can
//   point the client (and a login form's password or a bearer token) at another host.
// - Refusals are problem+json (RFC 9457): a `Problem` keeps the API's sentence (`detail`, else `title`), its
//   `rule` id, the status, and the seconds a 503 or 429 asks to wait (`Retry-After`).
// - Collections are paged: getAll() follows the `Link: <...>; rel="next"` header (RFC 8288).
// - Language: every request says the page's language (Accept-Language); refusals come back in it.
// - ETags: `ifNoneMatch` makes a conditional GET (304: nothing changed), `ifMatch` a conditional write.
// - `idempotencyKey` sends an Idempotency-Key: a write sent again with the same key is answered, not done twice.

import { lang } from "../i18n/index.js";

const BASE = new URL("../", location.href);

/** The URL of an API path such as "tournaments/1/rounds" (no leading slash), on the page's own origin. */
export function apiUrl(path) {
  const url = new URL(String(path).replace(/^\/+/, ""), BASE);
  if (url.origin !== location.origin) throw new Problem(0, { detail: "not an API path" }, { path });
  return url.href;
}

/**
 * A refused or failed request. `status` is the HTTP status (0: the server could not be reached); `detail`
 * the API's own sentence, `title` its short name, `rule` the regulation or FIDE article that refused it,
 * `retryAfter` the seconds a 503/429 asks to wait (else null), `body` the whole problem+json.
 */
export class Problem extends Error {
  constructor(status, body = {}, { retryAfter = null, path = "", language = null } = {}) {
    super(body.detail || body.title || (status ? `HTTP ${status}` : "network error"));
    this.status = status;
    this.title = body.title || "";
    this.detail = body.detail || "";
    this.rule = body.rule || null;
    this.lang = language; // the language the sentence is in (the answer's Content-Language)
    this.body = body;
    this.retryAfter = retryAfter;
    this.path = path;
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
function retryAfterOf(res) {
  const raw = res.headers.get("Retry-After");
  if (!raw) return null;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, secs);
  const when = Date.parse(raw);
  return Number.isNaN(when) ? null : Math.max(0, Math.round((when - Date.now()) / 1000));
}

async function problemOf(res, path) {
  let body = {};
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : {};
    if (!body || typeof body !== "object") body = {};
    if (Array.isArray(body.detail)) { // FastAPI's 422 for a malformed body: one sentence per field
      body = { ...body, detail: body.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ") };
    }
  } catch (e) {
    body = {}; // not problem+json (a proxy's error page)
  }
  return new Problem(res.status, body, { retryAfter: retryAfterOf(res), path,
    language: res.headers.get("Content-Language") || null });
}

/**
 * One request: request("tournaments/1/rounds/3", {method, body, form, token, ifMatch, ifNoneMatch, idempotencyKey,
 * signal}).
 * `body` is sent as JSON, `form` as an HTML form (URLSearchParams) or a file upload (FormData). Resolves {status, data, etag,
 * notModified, headers, url}; throws Problem on an error status or when the server cannot be reached
 * (an AbortError is passed on as it is).
 */
export async function request(path, { method = "GET", body, form, token, ifMatch, ifNoneMatch, idempotencyKey,
  signal } = {}) {
  // the page's language: refusals and the rule problems an answer lists come back in it
  const headers = { Accept: "application/json", "Accept-Language": lang() };
  if (token) headers.Authorization = `Bearer ${token}`;
  // a FormData upload: the browser writes its multipart Content-Type, with the boundary
  if (form !== undefined) { if (!(form instanceof FormData)) headers["Content-Type"] = "application/x-www-form-urlencoded"; }
  else if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch) headers["If-Match"] = ifMatch;
  if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const init = { method, headers, signal, body: form !== undefined ? form : body === undefined ? undefined : JSON.stringify(body) };
  // private answers (read with a token) and the ones whose ETag we track ourselves stay out of the HTTP cache
  if (token || ifNoneMatch !== undefined) init.cache = "no-store";
  let res;
  try {
    res = await fetch(apiUrl(path), init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new Problem(0, {}, { path }); // offline, DNS, server down
  }
  if (res.status === 304) {
    return { status: 304, data: null, etag: ifNoneMatch, notModified: true, headers: res.headers, url: res.url };
  }
  if (!res.ok) throw await problemOf(res, path);
  const data = res.status === 204 ? null : await res.json();
  return { status: res.status, data, etag: res.headers.get("ETag"), notModified: false, headers: res.headers, url: res.url };
}

/** GET a JSON resource. */
export async function getJson(path, opts = {}) {
  return (await request(path, opts)).data;
}

/**
 * A conditional GET: sends If-None-Match when an ETag is known. Resolves {notModified: true, etag} on 304,
 * else {notModified: false, etag, data}.
 */
export async function getConditional(path, etag, opts = {}) {
  const res = await request(path, { ...opts, ifNoneMatch: etag || null });
  return res.notModified ? { notModified: true, etag } : { notModified: false, etag: res.etag, data: res.data };
}

/** The targets of a Link header by relation: {next: "/tournaments?limit=500&offset=500", ...}. */
export function links(header) {
  const out = {};
  for (const m of String(header || "").matchAll(/<([^>]*)>\s*((?:;[^,;]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]);
    for (const r of rel ? rel[1].trim().split(/\s+/) : []) out[r.toLowerCase()] = m[1];
  }
  return out;
}

/**
 * Every item of a paged collection ({items, total, limit, offset}): the first page of 500, then the page
 * each answer's `Link: rel="next"` names. Only the next page's query is taken from the link, applied to
 * our own path, so that it stays on this origin and under the page's path prefix. `send` is the request
 * function (the console's adds its token).
 */
export async function getAll(path, opts = {}, send = request) {
  const [base, query = ""] = String(path).split("?");
  const params = new URLSearchParams(query);
  if (!params.has("limit")) params.set("limit", "500");
  const items = [];
  for (let next = `${base}?${params}`; next;) {
    const res = await send(next, opts);
    const page = res.data;
    items.push(...page.items);
    const header = res.headers.get("Link");
    const done = (page.offset ?? 0) + page.items.length;
    if (!page.items.length) next = null;
    else if (header) next = links(header).next ? `${base}${new URL(links(header).next, res.url || location.href).search}` : null;
    else if (done < page.total) { // no Link header at all (a proxy dropped it): the next offset from the page itself
      params.set("offset", String(done));
      next = `${base}?${params}`;
    } else next = null;
  }
  return items;
}
