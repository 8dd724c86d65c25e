// The results grid's outbox: every entry typed is written here (IndexedDB, this browser) before it is sent, and
// leaves only once the server has answered it. A closed tab, a reload or a Wi-Fi drop loses nothing: the
// entries still here are sent, in the order they were typed, when the grid of their round is open and the
// connection is back. Each entry carries its Idempotency-Key, made when it was typed, so that a resend whose
// first answer was lost on the way is answered by the server, not entered twice.
//
// An entry: {id (the order, given by the store), tid, round, mid, table, board, result (the API's code, White
// first, or null to clear), ifMatch (the match's ETag the entry was typed over), base (that version's board
// results), key (Idempotency-Key), sent (once sent, an entry never changes: its key stands for that body),
// user, at (ms)}.
//
// Where IndexedDB cannot be opened (a private window of some browsers) the outbox lives in memory, as the
// grid always did: a reload then loses what is waiting, and `durable` says so.

const DB = "teamswiss";
const STORE = "outbox";

function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => {
      const store = r.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      store.createIndex("round", ["tid", "round"]);
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error("outbox blocked"));
  });
}

let opening = null;

/** A fresh Idempotency-Key (random, 122 bits; crypto.randomUUID exists only on https and localhost). */
export function newKey() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function memoryOutbox() {
  const rows = new Map();
  let next = 1;
  return {
    durable: false,
    async add(e) {
      e.id = next++;
      rows.set(e.id, { ...e });
      return e.id;
    },
    async put(e) {
      rows.set(e.id, { ...e });
    },
    async remove(id) {
      rows.delete(id);
    },
    async has(id) {
      return rows.has(id);
    },
    async list(tid, round) {
      return [...rows.values()].filter((e) => e.tid === tid && e.round === round).sort((a, b) => a.id - b.id);
    },
    async all(tid) {
      return [...rows.values()].filter((e) => e.tid === tid);
    },
  };
}

function dbOutbox(db) {
  const tx = (mode) => db.transaction(STORE, mode).objectStore(STORE);
  return {
    durable: true,
    async add(e) {
      const copy = { ...e };
      delete copy.id;
      e.id = await req(tx("readwrite").add(copy));
      return e.id;
    },
    async put(e) {
      await req(tx("readwrite").put({ ...e }));
    },
    async remove(id) {
      await req(tx("readwrite").delete(id));
    },
    async has(id) {
      return (await req(tx("readonly").count(id))) > 0;
    },
    async list(tid, round) {
      const rows = await req(tx("readonly").index("round").getAll([tid, round]));
      return rows.sort((a, b) => a.id - b.id);
    },
    async all(tid) {
      return (await req(tx("readonly").getAll())).filter((e) => e.tid === tid);
    },
  };
}

/** The rounds of a tournament with entries still waiting in this browser's outbox: [[round, count], ...]. */
export async function waitingRounds(tid) {
  const counts = new Map();
  for (const e of await (await outbox()).all(tid)) counts.set(e.round, (counts.get(e.round) || 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]);
}

/** The outbox of this browser (one for every tab and tournament; the grid reads its own round's entries). */
export function outbox() {
  if (!opening) {
    opening = (typeof indexedDB === "undefined" ? Promise.reject(new Error("no IndexedDB")) : openDb())
      .then(dbOutbox, () => memoryOutbox());
  }
  return opening;
}
