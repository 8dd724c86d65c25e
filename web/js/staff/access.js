// The console's links and what the signed-in user may do: a leaf module every section imports (main.js
// imports the sections, so they never import main.js).

export const staffHref = (tid, rest = "") => `#/staff/t/${tid}${rest ? `/${rest}` : ""}`;

/**
 * What the user may do in tournament tid: the actions GET /auth/me lists for it (the server's permission
 * table decides, the console only follows; for an administrator it lists every tournament).
 */
export function accessOf(user, tid) {
  const entries = user?.tournaments || [];
  const entry = entries.find((x) => x.tournament_id === tid);
  const admin = Boolean(user?.is_admin);
  const perms = entry ? entry.permissions : [];
  return { admin, roles: entry ? entry.roles : [], teamIds: entry ? entry.team_ids : [], perms: new Set(perms) };
}

export const can = (access, ...actions) => actions.some((a) => access.perms.has(a));

/** Only the teams the user manages, unless they also hold an official role (or are an administrator). */
export function onlyOwnTeams(access) {
  return !access.admin && access.roles.every((r) => r === "manager");
}
