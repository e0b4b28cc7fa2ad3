/**
 * The import aliases: the shared layer and the renderer's screen kit by name
 * instead of '../../../shared/…'. tsconfig.json's `paths` says the same for
 * the type checker, tsx and Playwright; electron-vite and vitest read this.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

export const IMPORT_ALIASES = {
  '@shared': resolve(root, 'src/shared'),
  '@kit': resolve(root, 'src/renderer/src/components'),
};
