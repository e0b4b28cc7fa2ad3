/**
 * Fills an empty PGlite data folder from the build's template (PGlite's
 * dumpDataDir: a gzipped tar of the folder, scripts/build-data-template.ts)
 * with Node's file system. PGlite's own loadDataDir writes each of the 1,400
 * files through its emulated file system (path lookups in JavaScript for every
 * directory level), which took about 1.5 s of CPU of a first start; written
 * directly they take a small fraction of that.
 *
 * PG_VERSION, which marks a folder as initialised (connect.ts), is written
 * last: a fill that was interrupted is redone from the start next time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  data: Uint8Array;
}

function text(block: Uint8Array, from: number, length: number): string {
  const bytes = block.subarray(from, from + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

/** The entries of a ustar archive (regular files and folders; nothing else is in a data folder). */
export function tarEntries(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] || 48);
    at += BLOCK;
    if (flag === '0' || flag === '\0') entries.push({ name, type: 'file', data: tar.subarray(at, at + size) });
    else if (flag === '5') entries.push({ name, type: 'dir', data: new Uint8Array(0) });
    else throw new Error(`data template: unexpected tar entry type '${flag}' for ${name}`);
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** Writes the template's files into `dataDir` (which exists and holds no PG_VERSION). */
export async function fillFromTemplate(dataDir: string, gzippedTar: Uint8Array): Promise<void> {
  const entries = tarEntries(gunzipSync(gzippedTar));
  const root = normalize(dataDir + sep);
  const target = (name: string) => {
    const path = normalize(join(root, name));
    // The template is ours, but a path that leaves the folder is still refused.
    if (!path.startsWith(root)) throw new Error(`data template: ${name} is outside the data folder`);
    return path;
  };
  const last = entries.filter((e) => e.name.replace(/^\/+/, '') === 'PG_VERSION');
  const made = new Set<string>();
  const folder = async (path: string) => {
    if (made.has(path)) return;
    await mkdir(path, { recursive: true });
    made.add(path);
  };
  for (const entry of entries) {
    if (last.includes(entry)) continue;
    const path = target(entry.name);
    if (entry.type === 'dir') await folder(path);
    else {
      await folder(dirname(path));
      await writeFile(path, entry.data);
    }
  }
  if (last.length !== 1) throw new Error('data template: no PG_VERSION');
  await writeFile(target(last[0].name), last[0].data);
}
