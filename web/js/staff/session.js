// The console's session: the bearer token, the login, and the console's requests (lib/http.js with the
// token; a 401 signs out).
//
// The token lives in memory and, so that a reload of the tab keeps the session, in sessionStorage
// (this tab only, gone when it closes). It never goes into a URL, and the client only talks to the page's
// own origin.

import { Problem, getAll as pages, request } from "../lib/http.js";

const TOKEN_KEY = "teamswiss.staff.token";
let token = null;
let expires = 0;

export { Problem };

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

/** Log in with the OAuth2 password form; keeps the token. */
export async function login(username, password) {
  const { data } = await request("auth/token", { method: "POST", form: new URLSearchParams({ username, password }) });
  adoptToken(data);
  return data;
}

/** Keep a token the API answered (a login, or a password change, which ends every earlier session). */
export function adoptToken(data) {
  setToken(data.access_token, data.expires_in || 3600);
}

/**
 * A request with the token: api("tournaments/1/rounds/3", {method, body, ifMatch, ifNoneMatch, signal}).
 * Resolves {data, etag, status, notModified}; throws Problem on an error status. A 401 clears the
 * token and tells the console (event "staff:signed-out") to show the login form.
 */
export async function api(path, opts = {}) {
  const tok = getToken();
  try {
    return await request(path, { ...opts, token: tok });
  } catch (problem) {
    if (problem instanceof Problem && problem.status === 401 && tok) {
      clearToken();
      window.dispatchEvent(new CustomEvent("staff:signed-out", { detail: problem }));
    }
    throw problem;
  }
}

export const get = async (path, opts) => (await api(path, opts)).data;
export const post = async (path, body = {}, opts = {}) => (await api(path, { ...opts, method: "POST", body })).data;
export const put = async (path, body, opts = {}) => (await api(path, { ...opts, method: "PUT", body })).data;
export const del = async (path, opts = {}) => (await api(path, { ...opts, method: "DELETE" })).data;
export const patch = async (path, body, opts = {}) => (await api(path, { ...opts, method: "PATCH", body })).data;

/** Every item of a paged collection, read with the token. */
export const getAll = (path) => pages(path, {}, api);
