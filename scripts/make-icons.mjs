// Draws the add-in's icons as PNG files in assets/: the add-in's own (a green rounded square with a
// white "V") and one per ribbon command (the same square with the command's glyph), at the sizes
// the manifest names (16, 32 and 80 px for ribbon buttons; 32, 64, 128 for the add-in).
// Run with `node scripts/make-icons.mjs`; the PNGs are committed. Plain zlib, no image library.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const GREEN = [0x0f, 0x8a, 0x5f];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Distance from p to the segment a-b. */
function segDist(px, py, ax, ay, bx, by) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** Points of an arc (angles in turns, 0 = right, clockwise on screen), as segments. */
function arc(cx, cy, radius, from, to, steps = 16) {
  const pts = [];
  for (let i = 0; i <= steps; i++) {
    const a = 2 * Math.PI * (from + ((to - from) * i) / steps);
    pts.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
  }
  return pts.slice(1).map((p, i) => [...pts[i], ...p]);
}

/** Two barbs of an arrow head at (x, y) pointing along (dx, dy) (a unit vector). */
function arrowHead(x, y, dx, dy, length = 0.15) {
  const c = Math.cos((3 * Math.PI) / 4);
  const s = Math.sin((3 * Math.PI) / 4);
  return [
    [x, y, x + length * (dx * c - dy * s), y + length * (dx * s + dy * c)],
    [x, y, x + length * (dx * c + dy * s), y + length * (-dx * s + dy * c)],
  ];
}

/** Each glyph: white strokes (segments ax, ay, bx, by in the unit square). */
const GLYPHS = {
  // The add-in: a "V".
  icon: [
    [0.27, 0.28, 0.5, 0.74],
    [0.73, 0.28, 0.5, 0.74],
  ],
  // Validate: a check mark.
  validate: [
    [0.25, 0.52, 0.43, 0.7],
    [0.43, 0.7, 0.76, 0.31],
  ],
  // Send to draft: an arrow up out of a tray.
  send: [
    [0.5, 0.24, 0.5, 0.62],
    [0.5, 0.24, 0.33, 0.41],
    [0.5, 0.24, 0.67, 0.41],
    [0.25, 0.6, 0.25, 0.76],
    [0.25, 0.76, 0.75, 0.76],
    [0.75, 0.76, 0.75, 0.6],
  ],
  // Refresh: three quarters of a circle with an arrow head.
  refresh: [...arc(0.5, 0.5, 0.24, 0.0, 0.75), ...arrowHead(0.5, 0.26, 1, 0)],
  // Pull transactions: an arrow down into a tray.
  pull: [
    [0.5, 0.22, 0.5, 0.6],
    [0.5, 0.6, 0.33, 0.43],
    [0.5, 0.6, 0.67, 0.43],
    [0.25, 0.6, 0.25, 0.76],
    [0.25, 0.76, 0.75, 0.76],
    [0.75, 0.76, 0.75, 0.6],
  ],
  // Refresh functions: "fx", Excel's sign for functions.
  functions: [
    ...arc(0.46, 0.32, 0.1, 0.5, 0.95, 8),
    [0.36, 0.32, 0.36, 0.76],
    [0.25, 0.47, 0.47, 0.47],
    [0.55, 0.5, 0.77, 0.76],
    [0.77, 0.5, 0.55, 0.76],
  ],
};

function pixelOf(glyph) {
  return (x, y) => {
    // Rounded square, corner radius 20% of the side; transparent outside.
    const r = 0.2;
    const cx = Math.min(Math.max(x, r), 1 - r);
    const cy = Math.min(Math.max(y, r), 1 - r);
    if (Math.hypot(x - cx, y - cy) > r) return null;
    const stroke = 0.085;
    return glyph.some(([ax, ay, bx, by]) => segDist(x, y, ax, ay, bx, by) < stroke) ? WHITE : GREEN;
  };
}

function png(size, pixel) {
  const ss = 4; // supersampling for smooth edges
  const raw = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    raw[y * (1 + size * 4)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = pixel((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const o = y * (1 + size * 4) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((255 * a) / (ss * ss));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const dir = new URL("../assets/", import.meta.url);
for (const size of [16, 32, 64, 80, 128])
  writeFileSync(new URL(`icon-${size}.png`, dir), png(size, pixelOf(GLYPHS.icon)));
const commands = Object.keys(GLYPHS).filter((g) => g !== "icon");
for (const name of commands)
  for (const size of [16, 32, 80])
    writeFileSync(new URL(`${name}-${size}.png`, dir), png(size, pixelOf(GLYPHS[name])));
console.log(`assets/icon-{16,32,64,80,128}.png and {${commands.join(",")}}-{16,32,80}.png written`);
