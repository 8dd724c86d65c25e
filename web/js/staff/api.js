// The staff console's API client: the bearer token, JSON requests, problem+json refusals, ETags.
//
// The token lives in memory and, so that a reload of the tab keeps the session, in sessionStorage
// (this tab only, gone when it closes). It never goes into a URL. Base URL: the public page's
// (../api.js: ?api=, <meta name="teamswiss-api">, else the API serving /web/).

import { apiUrl } from "../api.js";

const TOKEN_KEY = "teamswiss.staff.token";
let token = null;
let expires = 0;

export { apiUrl };

export function getToken() {
  if (token && Date.now() < expires) return token;
  token = null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(TOKEN_KEY) || "null");
    if (saved && saved.expires > Date.now()) {
      token = saved.value;
      expires = saved.expires;
    } else sessionStorage.removeItem(TOKEN_KEY);
  } catch (e) {
    /* storage blocked: the token lives in memory only */
  }
  return token;
}

function setToken(value, ttlSeconds) {
  token = value;
  expires = Date.now() + Math.max(60, ttlSeconds - 30) * 1000;
  try {
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ value, expires }));
  } catch (e) {
    /* memory only */
  }
}

export function clearToken() {
  token = null;
  expires = 0;
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch (e) {
    /* nothing stored */
  }
}

/** A refusal or failure: the API's problem+json (detail, rule, title, status) or a network error. */
export class Problem extends Error {
  constructor(status, body = {}, headers = null) {
    super(body.detail || body.title || (status ? `HTTP ${status}` : "network"));
    this.status = status;
    this.title = body.title || "";
    this.detail = body.detail || "";
    this.rule = body.rule || null;
    this.body = body;
    this.retryAfter = headers ? Number(headers.get("Retry-After")) || null : null;
  }
}

async function problemOf(res) {
  let body = {};
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : {};
    if (Array.isArray(body.detail)) { // FastAPI's 422 for a malformed body
      body = { ...body, detail: body.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ") };
    }
  } catch (e) {
    body = {};
  }
  return new Problem(res.status, body, res.headers);
}

/** Log in with the OAuth2 password form; keeps the token. */
export async function login(username, password) {
  let res;
  try {
    res = await fetch(apiUrl("auth/token"), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }),
    });
  } catch (e) {
    throw new Problem(0, {});
  }
  if (!res.ok) throw await problemOf(res);
  const body = await res.json();
  setToken(body.access_token, body.expires_in || 3600);
  return body;
}

/**
 * A request with the token: api("tournaments/1/rounds/3", {method, body, ifMatch, ifNoneMatch}).
 * Resolves {data, etag, status, notModified}; throws Problem on an error status. A 401 clears the
 * token and tells the console (event "staff:signed-out") to show the login form.
 */
export async function api(path, { method = "GET", body, ifMatch, ifNoneMatch, signal } = {}) {
  const headers = { Accept: "application/json" };
  const tok = getToken();
  if (tok) headers.Authorization = `Bearer ${tok}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch) headers["If-Match"] = ifMatch;
  if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
  let res;
  try {
    res = await fetch(apiUrl(path), {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, cache: "no-store",
    });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new Problem(0, {});
  }
  if (res.status === 304) return { notModified: true, etag: ifNoneMatch, status: 304, data: null };
  if (!res.ok) {
    const problem = await problemOf(res);
    if (res.status === 401 && tok) {
      clearToken();
      window.dispatchEvent(new CustomEvent("staff:signed-out", { detail: problem }));
    }
    throw problem;
  }
  const data = res.status === 204 ? null : await res.json();
  return { data, etag: res.headers.get("ETag"), status: res.status, notModified: false };
}

export const get = async (path, opts) => (await api(path, opts)).data;
export const post = async (path, body = {}, opts = {}) => (await api(path, { ...opts, method: "POST", body })).data;
export const put = async (path, body, opts = {}) => (await api(path, { ...opts, method: "PUT", body })).data;
export const patch = async (path, body, opts = {}) => (await api(path, { ...opts, method: "PATCH", body })).data;

/** Every item of a paginated list ({items, total}). */
export async function getAll(path) {
  const items = [];
  const sep = path.includes("?") ? "&" : "?";
  for (let offset = 0; ;) {
    const page = await get(`${path}${sep}limit=500&offset=${offset}`);
    items.push(...page.items);
    offset += page.items.length;
    if (!page.items.length || offset >= page.total) return items;
  }
}
