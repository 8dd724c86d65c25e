// Greek -> Latin transcription per ELOT 743 (ISO 843, type 2) and a name sort key.
//
// A JavaScript port of the rules in app/services/elot743.py (the reference; its module
// docstring has the full table). Used only to *sort* and *search* names: names are always
// shown as written. Browser tests compare this module with the Python one name by name.

const LETTERS = {
  "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
  "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
  "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
  "ω": "o",
  // symbol variants of the same letters
  "ϐ": "v", "ϑ": "th", "ϕ": "f", "ϲ": "s", "ϰ": "k", "ϱ": "r", "ϵ": "e",
};
const VOICED_OR_VOWEL = new Set("βγδζλμνραεηιουω");
const GAMMA_PAIRS = { "γ": ["n", "g"], "κ": ["g", "k"], "ξ": ["n", "x"], "χ": ["n", "ch"] };
const ACCENTS = new Set(["\u0301", "\u0300", "\u0342", "\u0341", "\u0340"]); // tonos/oxia, varia, perispomeni
const DIAERESIS = "\u0308";
const JOINERS = new Set(["-", "\u2010", "\u2011"]);

const isMark = (ch) => /\p{M}/u.test(ch);
const isLetter = (ch) => /\p{L}/u.test(ch);
const isUpper = (ch) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const isLower = (ch) => ch !== ch.toUpperCase() && ch === ch.toLowerCase();

/** One base character with the combining marks that followed it (NFD). */
function split(text) {
  const chars = [];
  for (const ch of text.normalize("NFD")) {
    if (isMark(ch) && chars.length) chars[chars.length - 1].marks += ch;
    else chars.push({ base: ch, marks: "" });
  }
  for (const c of chars) {
    c.lower = c.base.toLowerCase();
    c.greek = Object.prototype.hasOwnProperty.call(LETTERS, c.lower);
    c.accented = [...c.marks].some((m) => ACCENTS.has(m));
    c.diaeresis = c.marks.includes(DIAERESIS);
    c.upper = isUpper(c.base);
  }
  return chars;
}

const isGreekAt = (chars, i) => i >= 0 && i < chars.length && chars[i].greek;
const inWord = (c) => isLetter(c.base) || JOINERS.has(c.base);

/** Is the word around position i written in capitals? (next letter, else the previous one). */
function capsContext(chars, i) {
  for (const step of [1, -1]) {
    let j = i + step;
    while (j >= 0 && j < chars.length && inWord(chars[j])) {
      const b = chars[j].base;
      if (isUpper(b) || isLower(b)) return isUpper(b);
      j += step;
    }
  }
  return false;
}

function cased(piece, chars, i) {
  if (!piece || !chars[i].upper) return piece;
  if (piece.length > 1 && !capsContext(chars, i)) return piece[0].toUpperCase() + piece.slice(1);
  return piece.toUpperCase();
}

function pieces(chars) {
  const out = new Array(chars.length).fill("");
  const n = chars.length;
  let i = 0;
  while (i < n) {
    const c = chars[i];
    if (!c.greek) {
      out[i] = (c.base + c.marks).normalize("NFC");
      i += 1;
      continue;
    }
    const lo = c.lower;
    const nxt = i + 1 < n && chars[i + 1].greek ? chars[i + 1] : null;
    const nlo = nxt ? nxt.lower : "";
    if ("αεη".includes(lo) && nlo === "υ" && !c.accented && !nxt.diaeresis) {
      const after = isGreekAt(chars, i + 2) ? chars[i + 2].lower : "";
      out[i] = LETTERS[lo];
      out[i + 1] = after && VOICED_OR_VOWEL.has(after) ? "v" : "f";
      i += 2;
      continue;
    }
    if (lo === "ο" && nlo === "υ" && !c.accented && !nxt.diaeresis) {
      out[i] = "o";
      out[i + 1] = "u";
      i += 2;
      continue;
    }
    if (lo === "μ" && nlo === "π") {
      const atEdge = !isGreekAt(chars, i - 1) || !isGreekAt(chars, i + 2);
      [out[i], out[i + 1]] = atEdge ? ["b", ""] : ["m", "p"];
      i += 2;
      continue;
    }
    if (lo === "γ" && nlo && Object.prototype.hasOwnProperty.call(GAMMA_PAIRS, nlo)) {
      [out[i], out[i + 1]] = GAMMA_PAIRS[nlo];
      i += 2;
      continue;
    }
    out[i] = LETTERS[lo];
    i += 1;
  }
  return out;
}

/** Transcribe the Greek letters of text to Latin per ELOT 743 type 2 ("Ευάγγελος" -> "Evangelos"). */
export function transliterate(text) {
  const chars = split(String(text));
  const ps = pieces(chars);
  return ps.map((p, i) => (chars[i].greek ? cased(p, chars, i) : p)).join("");
}

/** Transliterate, drop every accent (Latin ones too) and case-fold: "Ζωή" -> "zoi". */
export function fold(text) {
  const latin = transliterate(text).normalize("NFD");
  const bare = [...latin].filter((ch) => !isMark(ch)).join("");
  return bare.toLowerCase().replace(/ß/g, "ss").normalize("NFC");
}

const padNumber = (m) => (m.replace(/^0+/, "") || "0").padStart(20, "0");

/**
 * The sort key of a name: [primary, name]. The primary part is the accent-free, case-folded
 * ELOT 743 transcription with spaces and punctuation dropped and digit runs compared by value;
 * names equal on it are ordered by the original string, so the order is total.
 */
export function sortKey(name) {
  const folded = [...fold(name)].filter((ch) => /[\p{L}\p{N}]/u.test(ch)).join("");
  return [folded.replace(/\d+/g, padNumber), String(name)];
}

function cmpStr(a, b) {
  // code-point order, as Python compares strings
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

/** Compare two names by their ELOT 743 sort key. */
export function compareNames(a, b) {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return cmpStr(ka[0], kb[0]) || cmpStr(ka[1], kb[1]);
}

/** A copy of items sorted by the ELOT 743 key of nameOf(item). */
export function sortByName(items, nameOf = (x) => x) {
  const keyed = items.map((item) => ({ item, key: sortKey(nameOf(item)) }));
  keyed.sort((a, b) => cmpStr(a.key[0], b.key[0]) || cmpStr(a.key[1], b.key[1]));
  return keyed.map((k) => k.item);
}
