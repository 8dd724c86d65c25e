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

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
  }
}

/** The URL of an API path such as "tournaments/1/rounds" (no leading slash). */
export function apiUrl(path) {
  return new URL(path.replace(/^\/+/, ""), apiBase()).href;
}

async function problem(res) {
  try {
    const body = await res.json();
    return body.detail || body.title || `HTTP ${res.status}`;
  } catch (e) {
    return `HTTP ${res.status}`;
  }
}

/** GET a JSON resource; throws ApiError on an error status. */
export async function getJson(path, { signal } = {}) {
  const res = await fetch(apiUrl(path), { headers: { Accept: "application/json" }, signal });
  if (!res.ok) throw new ApiError(res.status, await problem(res));
  return res.json();
}

/**
 * A conditional GET: sends If-None-Match when an ETag is known. Returns
 * {notModified: true} on 304, else {data, etag}.
 */
export async function getConditional(path, etag, { signal } = {}) {
  const headers = { Accept: "application/json" };
  if (etag) headers["If-None-Match"] = etag;
  const res = await fetch(apiUrl(path), { headers, cache: "no-store", signal });
  if (res.status === 304) return { notModified: true, etag };
  if (!res.ok) throw new ApiError(res.status, await problem(res));
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
