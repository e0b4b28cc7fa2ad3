/**
 * Uploaded files on disk, one file per row, named by a random name (never by
 * the user's file name), and the random keys clients name files by. The key
 * is what crosses the API; the disk name never leaves the server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** 128 random bits, URL-safe (22 characters): a file's name in URLs and references, impossible to count. */
export function generateFileKey(): string {
  return randomBytes(16).toString('base64url');
}

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
