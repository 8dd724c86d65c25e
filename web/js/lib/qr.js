// A small QR code encoder (ISO/IEC 18004, model 2): byte mode, versions 1-40, levels L/M/Q/H,
// drawn as SVG in the page, so sharing a link needs no third-party service. Written for teamswiss;
// tests/browser/test_public_page.py holds it against the segno library, module by module.

// Error-correction codewords per block and number of blocks, by level and version (ISO 18004 table 9).
const EC_PER_BLOCK = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
    28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
    28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
    30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
const BLOCKS = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15,
    16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26,
    28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34,
    35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40,
    42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};
const LEVEL_BITS = { L: 1, M: 0, Q: 3, H: 2 };

// ---------------------------------------------------------------- GF(256) and Reed-Solomon

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
const mul = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

/** The generator polynomial (x - a^0)(x - a^1)...(x - a^(n-1)), leading coefficient dropped. */
function generator(n) {
  let poly = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= mul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The n error-correction codewords of data (polynomial division remainder). */
function remainder(data, gen) {
  const rem = new Array(gen.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift();
    rem.push(0);
    for (let i = 0; i < gen.length; i++) rem[i] ^= mul(gen[i], factor);
  }
  return rem;
}

// ---------------------------------------------------------------- the symbol

class Grid {
  constructor(version) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Uint8Array(this.size));
    this.fixed = Array.from({ length: this.size }, () => new Uint8Array(this.size));
  }

  set(row, col, dark) {
    if (row < 0 || col < 0 || row >= this.size || col >= this.size) return;
    this.dark[row][col] = dark ? 1 : 0;
    this.fixed[row][col] = 1;
  }
}

function alignmentCentres(version, size) {
  if (version === 1) return [];
  const n = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (n - 1) / 2) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < n; pos -= step) out.splice(1, 0, pos);
  return out;
}

/** Finders with separators, timing, alignment patterns, the dark module, and space for format/version. */
function drawFunctionPatterns(g) {
  const { size } = g;
  for (const [r0, c0] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        g.set(r0 + r, c0 + c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    g.set(6, i, i % 2 === 0);
    g.set(i, 6, i % 2 === 0);
  }
  const centres = alignmentCentres(g.version, size);
  for (const r of centres) {
    for (const c of centres) {
      if ((r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6)) continue;
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) g.set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
      }
    }
  }
  drawFormat(g, LEVEL_BITS.M, 0); // reserve the format areas; redrawn with the real bits later
  drawVersion(g);
}

function bchFormat(level, mask) {
  const data = (level << 3) | mask;
  let rem = data << 10;
  for (let i = 14; i >= 10; i--) if ((rem >> i) & 1) rem ^= 0x537 << (i - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

function drawFormat(g, level, mask) {
  const bits = bchFormat(level, mask);
  const bit = (i) => (bits >> i) & 1;
  const { size } = g;
  // around the top-left finder
  for (let i = 0; i <= 5; i++) g.set(i, 8, bit(i));
  g.set(7, 8, bit(6));
  g.set(8, 8, bit(7));
  g.set(8, 7, bit(8));
  for (let i = 9; i < 15; i++) g.set(8, 14 - i, bit(i));
  // beside the top-right and bottom-left finders
  for (let i = 0; i < 8; i++) g.set(8, size - 1 - i, bit(i));
  for (let i = 8; i < 15; i++) g.set(size - 15 + i, 8, bit(i));
  g.set(size - 8, 8, 1); // the dark module
}

function drawVersion(g) {
  if (g.version < 7) return;
  let rem = g.version << 12;
  for (let i = 17; i >= 12; i--) if ((rem >> i) & 1) rem ^= 0x1f25 << (i - 12);
  const bits = (g.version << 12) | rem;
  for (let i = 0; i < 18; i++) {
    const dark = (bits >> i) & 1;
    const a = g.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    g.set(a, b, dark);
    g.set(b, a, dark);
  }
}

function freeModules(g) {
  let n = 0;
  for (const row of g.fixed) for (const x of row) if (!x) n++;
  return n;
}

/** Data codewords of the version and level: (free modules / 8) minus the error correction. */
function capacity(version, level) {
  const g = new Grid(version);
  drawFunctionPatterns(g);
  const total = Math.floor(freeModules(g) / 8);
  return { total, data: total - EC_PER_BLOCK[level][version - 1] * BLOCKS[level][version - 1] };
}

function encodeData(bytes, version, dataCodewords) {
  const bits = [];
  const put = (value, n) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const room = dataCodewords * 8;
  put(0, Math.min(4, room - bits.length));
  while (bits.length % 8) bits.push(0);
  const out = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; out.length < dataCodewords; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Split into blocks, add each block's error correction, interleave. */
function interleave(data, version, level, total) {
  const nBlocks = BLOCKS[level][version - 1];
  const ecLen = EC_PER_BLOCK[level][version - 1];
  const shortLen = Math.floor(total / nBlocks);
  const nShort = nBlocks - (total % nBlocks);
  const gen = generator(ecLen);
  const blocks = [];
  for (let i = 0, k = 0; i < nBlocks; i++) {
    const len = shortLen - ecLen + (i < nShort ? 0 : 1);
    const d = data.slice(k, k + len);
    k += len;
    blocks.push({ d, e: remainder(d, gen) });
  }
  const out = [];
  const longest = shortLen - ecLen + 1;
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.d.length) out.push(b.d[i]);
  for (let i = 0; i < ecLen; i++) for (const b of blocks) out.push(b.e[i]);
  return out;
}

function placeData(g, codewords) {
  const { size } = g;
  let i = 0;
  const total = codewords.length * 8;
  let upward = true;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing pattern
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (const col of [right, right - 1]) {
        if (g.fixed[row][col]) continue;
        g.dark[row][col] = i < total ? (codewords[i >> 3] >> (7 - (i & 7))) & 1 : 0;
        i++;
      }
    }
    upward = !upward;
  }
}

const MASKS = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

function applyMask(g, mask) {
  const f = MASKS[mask];
  for (let r = 0; r < g.size; r++) {
    for (let c = 0; c < g.size; c++) if (!g.fixed[r][c] && f(r, c)) g.dark[r][c] ^= 1;
  }
}

/** The penalty score of ISO 18004 7.8.3 (N1 runs, N2 blocks, N3 finder-like patterns, N4 balance). */
function penalty(m) {
  const n = m.length;
  let score = 0;
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(Array.from(m[i]));
    lines.push(m.map((row) => row[i]));
  }
  const finder = [1, 0, 1, 1, 1, 0, 1];
  for (const line of lines) {
    for (let i = 0, run = 1; i < n; i++) {
      if (i + 1 < n && line[i + 1] === line[i]) run++;
      else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const light = (a, b) => {
      for (let k = a; k < b; k++) if (k >= 0 && k < n && line[k]) return false;
      return true;
    };
    for (let i = 0; i + 7 <= n; i++) {
      if (finder.every((v, k) => line[i + k] === v) && (light(i - 4, i) || light(i + 7, i + 11))) score += 40;
    }
  }
  let dark = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      dark += m[r][c];
      if (r + 1 < n && c + 1 < n) {
        const v = m[r][c];
        if (m[r][c + 1] === v && m[r + 1][c] === v && m[r + 1][c + 1] === v) score += 3;
      }
    }
  }
  const total = n * n;
  score += 10 * (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1);
  return score;
}

/**
 * The QR code of text (UTF-8, byte mode) as rows of 0/1 (1 = dark), without the quiet zone.
 * Options: level "L"|"M"|"Q"|"H" (default M), version (default: the smallest that fits), mask 0-7
 * (default: the lowest penalty).
 */
export function encode(text, { level = "M", version = null, mask = null } = {}) {
  const bytes = Array.from(new TextEncoder().encode(text));
  let v = version;
  let cap = null;
  for (let tryV = version || 1; tryV <= (version || 40); tryV++) {
    cap = capacity(tryV, level);
    const needBits = 4 + (tryV < 10 ? 8 : 16) + 8 * bytes.length;
    if (needBits <= cap.data * 8) {
      v = tryV;
      break;
    }
    v = null;
  }
  if (!v) throw new RangeError("the text is too long for a QR code");
  const codewords = interleave(encodeData(bytes, v, cap.data), v, level, cap.total);
  let best = null;
  for (const k of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const g = new Grid(v);
    drawFunctionPatterns(g);
    placeData(g, codewords);
    applyMask(g, k);
    drawFormat(g, LEVEL_BITS[level], k);
    const m = g.dark.map((row) => Array.from(row));
    const p = mask === null ? penalty(m) : 0;
    if (!best || p < best.p) best = { p, m, k };
  }
  return Object.assign(best.m, { version: v, mask: best.k });
}

/** An SVG element of the QR code of text, with a 4-module quiet zone; `label` is its accessible name. */
export function qrSvg(text, label, { level = "M" } = {}) {
  const m = encode(text, { level });
  const n = m.length + 8;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "qr");
  svg.dataset.version = String(m.version); // for the tests: the symbol's version and mask
  svg.dataset.mask = String(m.mask);
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("width", String(n));
  bg.setAttribute("height", String(n));
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(NS, "path");
  let d = "";
  m.forEach((row, r) => row.forEach((x, c) => {
    if (x) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }));
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}
