// Draws resources/icon.png (512x512 RGBA) with Node built-ins only, so the
// icon can be regenerated anywhere: a rounded navy square with three rising
// green bars (credit growing) under a white baseline.
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = 512;
const px = Buffer.alloc(SIZE * SIZE * 4);

function put(x, y, [r, g, b, a]) {
  const i = (y * SIZE + x) * 4;
  px[i] = r; px[i + 1] = g; px[i + 2] = b; px[i + 3] = a;
}

function insideRounded(x, y, x0, y0, x1, y1, radius) {
  const cx = Math.min(Math.max(x, x0 + radius), x1 - radius);
  const cy = Math.min(Math.max(y, y0 + radius), y1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

const navyTop = [19, 41, 75];
const navyBottom = [32, 76, 128];
const green = [46, 204, 113, 255];
const white = [255, 255, 255, 255];
const bars = [
  { x0: 120, x1: 196, top: 300 },
  { x0: 218, x1: 294, top: 220 },
  { x0: 316, x1: 392, top: 130 },
];

for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    if (!insideRounded(x, y, 16, 16, 495, 495, 96)) { put(x, y, [0, 0, 0, 0]); continue; }
    const t = y / SIZE;
    const bg = navyTop.map((c, k) => Math.round(c + (navyBottom[k] - c) * t));
    let colour = [...bg, 255];
    for (const b of bars) if (x >= b.x0 && x < b.x1 && y >= b.top && y < 390 && insideRounded(x, y, b.x0, b.top, b.x1 - 1, 420, 12)) colour = green;
    if (y >= 390 && y < 406 && x >= 100 && x < 412) colour = white;
    put(x, y, colour);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0); ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; ihdr[9] = 6; // 8-bit RGBA
const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  px.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = resolve(dirname(fileURLToPath(import.meta.url)), '../resources/icon.png');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
