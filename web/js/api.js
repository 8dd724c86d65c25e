// The public API, read without a token. The base URL comes from ?api=, else from
// <meta name="teamswiss-api" content="...">, else the API is the parent of the page's folder
// (the page is served at /web/ by the API itself), so every URL is relative by default.

export function apiBase() {
  const fromQuery = new URLSearchParams(location.search).get("api");
  const fromMeta = document.querySelector('meta[name="teamswiss-api"]')?.getAttribute("content")?.trim();
  const given = fromQuery || fromMeta;
  const base = given ? new URL(given, location.href) : new URL("../", location.href);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  return base;
}

/**
 * A failed request. `status` is the HTTP status (0: the server could not be reached), `detail`
 * the API's own sentence (problem+json, English), `rule` its rule id, `retryAfter` the seconds
 * a 503/429 asks to wait.
 */
export class ApiError extends Error {
  constructor(status, detail, { rule = null, retryAfter = null, path = "" } = {}) {
    super(detail || (status ? `HTTP ${status}` : "network error"));
    this.status = status;
    this.detail = detail || "";
    this.rule = rule;
    this.retryAfter = retryAfter;
    this.path = path;
  }
}

/** The URL of an API path such as "tournaments/1/rounds" (no leading slash). */
export function apiUrl(path) {
  return new URL(path.replace(/^\/+/, ""), apiBase()).href;
}

function retryAfter(res) {
  const raw = res.headers.get("Retry-After");
  if (!raw) return null;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, secs);
  const when = Date.parse(raw);
  return Number.isNaN(when) ? null : Math.max(0, Math.round((when - Date.now()) / 1000));
}

async function failure(res, path) {
  let detail = "";
  let rule = null;
  try {
    const body = await res.json();
    detail = body.detail || body.title || "";
    rule = body.rule || null;
  } catch (e) {
    /* not problem+json */
  }
  return new ApiError(res.status, detail, { rule, retryAfter: retryAfter(res), path });
}

async function send(path, init) {
  try {
    return await fetch(apiUrl(path), init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, "", { path }); // offline, DNS, CORS, server down
  }
}

/** GET a JSON resource; throws ApiError on an error status or when the server cannot be reached. */
export async function getJson(path, { signal } = {}) {
  const res = await send(path, { headers: { Accept: "application/json" }, signal });
  if (!res.ok) throw await failure(res, path);
  return res.json();
}

/**
 * A conditional GET: sends If-None-Match when an ETag is known. Returns
 * {notModified: true} on 304, else {data, etag}.
 */
export async function getConditional(path, etag, { signal } = {}) {
  const headers = { Accept: "application/json" };
  if (etag) headers["If-None-Match"] = etag;
  const res = await send(path, { headers, cache: "no-store", signal });
  if (res.status === 304) return { notModified: true, etag };
  if (!res.ok) throw await failure(res, path);
  return { notModified: false, etag: res.headers.get("ETag"), data: await res.json() };
}

/** Every item of a paginated list endpoint ({items, total, limit, offset}). */
export async function getAll(path, { signal } = {}) {
  const items = [];
  const sep = path.includes("?") ? "&" : "?";
  for (let offset = 0; ; ) {
    const page = await getJson(`${path}${sep}limit=500&offset=${offset}`, { signal });
    items.push(...page.items);
    offset += page.items.length;
    if (!page.items.length || offset >= page.total) return items;
  }
}
