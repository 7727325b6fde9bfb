#!/usr/bin/env node
/**
 * Draws the WinRound app icons and writes them as PNG files to apps/web/public/icons/.
 * No dependencies beyond Node itself: a minimal PNG encoder (RGBA, 8 bits, zlib from node:zlib) and a tiny
 * anti-aliased rasteriser for the logo: a gold-rimmed disc with the three game colours (red, green, violet)
 * and a white "W". The same mark is drawn as SVG in src/shared/ui/Logo.tsx.
 *
 *   node apps/web/scripts/generate-icons.mjs
 *
 * The output is deterministic; the generated files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT_DIR = new URL('../public/icons/', import.meta.url);

// ── Colours (sRGB 0..255) ───────────────────────────────────────────────────────────────────────────────
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const BACKGROUND = hex('#070b14');
const GOLD = hex('#fbbf24');
const GOLD_DEEP = hex('#b7791f');
const RED = hex('#ef4444');
const GREEN = hex('#22c55e');
const VIOLET = hex('#a855f7');
const WHITE = hex('#ffffff');

// ── PNG encoding ────────────────────────────────────────────────────────────────────────────────────────
const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** RGBA pixels (width × height × 4 bytes, rows top to bottom) → PNG file bytes. */
function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ── Drawing ─────────────────────────────────────────────────────────────────────────────────────────────
/** The "W" as a polyline in logo space (disc radius 1, y down), matching the SVG path in Logo.tsx. */
const W_POINTS = [
  [15, 21],
  [24, 45],
  [32, 29],
  [40, 45],
  [49, 21],
].map(([x, y]) => [(x - 32) / 31, (y - 32) / 31]);
const W_HALF_WIDTH = 3 / 31;

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function distanceToW(px, py) {
  let d = Infinity;
  for (let i = 0; i < W_POINTS.length - 1; i++)
    d = Math.min(d, distanceToSegment(px, py, W_POINTS[i], W_POINTS[i + 1]));
  return d;
}

const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/**
 * The colour and alpha of one sample point in logo space (x, y; the disc has radius 1), or null outside the logo.
 */
function logoSample(x, y) {
  const r = Math.hypot(x, y);
  if (r > 1) return null;
  let colour;
  if (r > 0.87) {
    // Gold rim, a touch deeper towards the bottom for depth.
    colour = mix(GOLD, GOLD_DEEP, Math.max(0, y) * 0.6);
  } else if (r > 0.84) {
    colour = GOLD_DEEP;
  } else {
    colour = x < -0.29 ? RED : x < 0.29 ? GREEN : VIOLET;
    // A soft shadow under the W keeps it readable on every band.
    if (distanceToW(x - 0.025, y - 0.04) < W_HALF_WIDTH + 0.03) colour = mix(colour, [0, 0, 0], 0.35);
    if (distanceToW(x, y) < W_HALF_WIDTH) colour = WHITE;
  }
  return colour;
}

/**
 * One square icon. `logoRadius` is the logo's radius as a share of half the icon; `background` fills the square
 * (opaque icons: maskable and Apple) or is null for a transparent corner.
 */
function drawIcon(size, { logoRadius, background }) {
  const SS = 4; // 4 × 4 samples per pixel
  const pixels = Buffer.alloc(size * size * 4);
  const half = size / 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const ux = (px + (sx + 0.5) / SS - half) / half;
          const uy = (py + (sy + 0.5) / SS - half) / half;
          const colour = logoSample(ux / logoRadius, uy / logoRadius) ?? background;
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
        pixels[i + 3] = Math.round((a / (SS * SS)) * 255);
      }
    }
  }
  return encodePng(size, size, pixels);
}

// ── The icon set ────────────────────────────────────────────────────────────────────────────────────────
const ICONS = [
  // "any" purpose: the disc on a transparent square.
  { file: 'icon-192.png', size: 192, logoRadius: 0.96, background: null },
  { file: 'icon-512.png', size: 512, logoRadius: 0.96, background: null },
  // Maskable: opaque, the logo inside the 80 % safe zone so any mask shape keeps it whole.
  { file: 'icon-maskable-192.png', size: 192, logoRadius: 0.72, background: BACKGROUND },
  { file: 'icon-maskable-512.png', size: 512, logoRadius: 0.72, background: BACKGROUND },
  // iOS fills transparency with black and rounds the corners itself: opaque, a little margin.
  { file: 'apple-touch-icon.png', size: 180, logoRadius: 0.84, background: BACKGROUND },
  { file: 'favicon-32.png', size: 32, logoRadius: 1, background: null },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  const png = drawIcon(icon.size, icon);
  writeFileSync(new URL(icon.file, OUT_DIR), png);
  process.stdout.write(`wrote public/icons/${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)\n`);
}
