/** Uploaded files on disk, one file per upload row, named by a random id (never by the user's file name). */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function storeFile(uploadsDir: string, bytes: Uint8Array): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const name = randomUUID();
  await writeFile(join(uploadsDir, name), bytes);
  return name;
}

export function storedPath(uploadsDir: string, storageName: string): string {
  return join(uploadsDir, storageName);
}

export async function removeFile(uploadsDir: string, storageName: string): Promise<void> {
  await rm(join(uploadsDir, storageName), { force: true });
}
