import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { IMPORT_ALIASES } from './aliases.config.ts';

// package.json has "type": "module", so this config is loaded as ESM where
// __dirname does not exist.
const root = dirname(fileURLToPath(import.meta.url));

const SERVER_BUNDLED_DEPS = ['drizzle-orm', 'zod', 'decimal.js', 'fastify', '@fastify/multipart', 'date-holidays', 'nodemailer'];

export default defineConfig({
  main: {
    resolve: { alias: IMPORT_ALIASES },
    build: {
      // Dependencies stay in node_modules (electron-vite 6 externalizes every
      // package.json dependency), except the pure-JavaScript ones the embedded
      // server needs at start: resolved and loaded as separate modules they cost
      // the server's process about 110 MB and a third of a restart's CPU
      // (docs/performance.md, (c)). Kept external: PGlite (it reads its .wasm and
      // .data files next to its own module), pg (only against a PostgreSQL URL,
      // optional native binding), pdfkit (reads its font metrics from its folder),
      // and everything only the main process imports (electron, keytar, exceljs, axios).
      // zod is in the chunk both entries share, so the main process gets it bundled too.
      externalizeDeps: { exclude: SERVER_BUNDLED_DEPS },
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          // The embedded reference backend, started in Electron's utility process.
          server: resolve(root, 'src/server/entry.ts'),
          // The Excel export's writer, a worker thread of the main process with its heap capped (excel-in-worker.ts).
          'excel-worker': resolve(root, 'src/main/services/excel-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: IMPORT_ALIASES },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // Sandboxed preloads must be a single CommonJS file with no imports.
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    base: './',
    resolve: { alias: IMPORT_ALIASES },
    plugins: [
      react(),
      {
        // The meta CSP (connect-src 'none', no inline scripts) would block Vite's hot reload; in dev
        // the session's header (policy.ts, dev variant) is the policy. Builds keep the meta tag.
        name: 'backoffice-dev-csp',
        apply: 'serve',
        transformIndexHtml: (html: string) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
      },
    ],
    build: {
      // BACKOFFICE_RENDERER_OUT lets several checkouts' e2e runs build side by side.
      outDir: resolve(root, process.env.BACKOFFICE_RENDERER_OUT ?? 'out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the sign-in route's JavaScript is about half the size.
      minify: true,
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
