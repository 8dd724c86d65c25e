// The round lifecycle as the server runs it (app/services/lifecycle.py: the states and the moves; the API's
// table ROUND_LIFECYCLE of app/http/contract.py): a round is pending until it is paired; the pairing can be
// redone or changed by hand until it is published; the first result puts it in progress; it is completed when every match has a full
// result, and can be reopened while the next round is unpaired. Lineups close when the round starts.
// The page and the console ask this module, never spell the states out themselves.

/** The states, in the order a round goes through them. */
export const STATES = ["pending", "paired", "published", "in_progress", "completed"];

/** The actions (app/permissions.py names) each state allows; the server refuses them in any other state. */
const ALLOWS = {
  pending: ["round.absent", "round.pair", "lineup.write"],
  paired: ["round.pair", "round.change", "round.publish", "lineup.write"],
  published: ["results.write", "round.complete", "lineup.write"],
  in_progress: ["results.write", "round.complete"],
  completed: ["round.reopen"],
};

/** The actions of the lifecycle itself (the console's round screen). */
export const ROUND_ACTIONS = ["round.pair", "round.change", "round.absent", "round.publish", "round.complete",
  "round.reopen"];

/** Does a round in `state` allow `action`? */
export const allows = (state, action) => (ALLOWS[state] || []).includes(action);

/** Paired already (a pairing exists, published or not). */
export const hasPairing = (state) => STATES.indexOf(state) >= STATES.indexOf("paired");
/** Its pairing is public (app/services/lifecycle.py PUBLIC_STATES). */
export const isPublic = (state) => STATES.indexOf(state) >= STATES.indexOf("published");
/** Being played: published or in progress; results are entered and provisional. */
export const isPlaying = (state) => state === "published" || state === "in_progress";
/** Started: in progress (a result is in). */
export const inProgress = (state) => state === "in_progress";
export const isCompleted = (state) => state === "completed";
/** The state after a result is entered: the first result puts a published round in progress. */
export const afterResult = (state) => (state === "published" ? "in_progress" : state);
/** Is `state` before `other` in the lifecycle? */
export const isBefore = (state, other) => STATES.indexOf(state) < STATES.indexOf(other);

/** The completed rounds of a list, in order. */
export const completedRounds = (rounds) => rounds.filter((r) => isCompleted(r.state));

/** The round being played: in progress, else published; undefined when none is. */
export const playingRound = (rounds) => rounds.find((r) => r.state === "in_progress")
  || rounds.find((r) => r.state === "published");

/** The round the console works on: in progress, else published, paired, pending; undefined when all are done. */
export const workingRound = (rounds) => playingRound(rounds) || rounds.find((r) => r.state === "paired")
  || rounds.find((r) => r.state === "pending");
