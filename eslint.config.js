// Flat ESLint config. Besides the recommended TypeScript rules it enforces the
// layer rules of ARCHITECTURE §1 with `no-restricted-imports`, the way VS Code
// keeps its common/browser/node/electron-main layers apart: a wrong import is
// a lint error, not a code-review remark.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import areaBoundaries from './eslint-rules/area-boundaries.js';
import areaWrites from './eslint-rules/area-writes.js';

/** The server's area rules: who imports an area (area-boundaries.js) and who writes its tables (area-writes.js). */
const serverAreas = { rules: { ...areaBoundaries.rules, ...areaWrites.rules } };

/** Every Node built-in, bare and with the `node:` prefix. */
const nodeBuiltins = [...builtinModules.filter((m) => !m.startsWith('_')), 'node:*'];

/**
 * A relative import that climbs out of its folder and lands in another layer:
 * '../../main/services/x', '../../../server', '../src/renderer/...'. Matching
 * the climb keeps package names such as 'react-dom/server' and local files
 * that happen to be called 'main' out of it.
 */
const layer = (...names) => `^(\\.\\./)+(src/)?(${names.join('|')})(/|$)`;

/**
 * One `no-restricted-imports` entry from several groups, each with its own
 * message: `paths` are exact specifiers, `patterns` gitignore-style globs,
 * `regex` a layer expression from `layer()`.
 */
function restrictAll(groups) {
  const patterns = [];
  for (const g of groups) {
    if ((g.patterns ?? []).length > 0) patterns.push({ group: g.patterns, message: g.message });
    if (g.regex) patterns.push({ regex: g.regex, message: g.message });
  }
  return [
    'error',
    {
      paths: groups.flatMap((g) => (g.paths ?? []).map((name) => ({ name, message: g.message }))),
      patterns,
    },
  ];
}

/**
 * `no-restricted-imports` does not look at dynamic `import()`; the same layer
 * rule for those, as a syntax restriction.
 */
function noDynamicImportOf(names, message) {
  const re = `/^(\\.\\.\\/)+(src\\/)?(${names.join('|')})(\\/|$)/`;
  return ['error', { selector: `ImportExpression[source.value=${re}]`, message }];
}

/** The embedded-backend launcher: the only part of src/main allowed to import src/server. */
const EMBEDDED_BACKEND = ['src/main/services/backend/**/*.ts', 'src/main/services/backend.ts', 'src/main/services/backend-*.ts'];

/** The shared layer is imported by its alias, from every layer: '@shared/format', not '../../../shared/format'. */
const SHARED_BY_ALIAS = { regex: layer('shared'), message: "Import the shared layer by its alias: '@shared/…' (aliases.config.ts)." };
/** The screen kit is the renderer's: '@kit/…' from its screens, and from nowhere else. */
const KIT_BY_ALIAS = { regex: '^(\\.\\./)+components(/|$)', message: "Import the screen kit by its alias: '@kit/…' (aliases.config.ts)." };
/**
 * Libraries that write files or run only in Node (workbooks, PDFs, barcodes, the database):
 * src/shared is imported by the renderer too, so they live in src/node, src/main or src/server.
 */
const NODE_RUNTIME_LIBRARIES = {
  paths: ['exceljs', 'pdfkit', 'pdfmake', 'bwip-js', 'keytar', 'axios', 'fastify', 'drizzle-orm', '@electric-sql/pglite', 'pg', 'nodemailer'],
  patterns: ['exceljs/*', 'pdfkit/*', 'pdfmake/*', 'bwip-js/*', 'drizzle-orm/*', '@electric-sql/pglite/*', 'fastify/*'],
  message: 'src/shared stays free of runtime libraries (it runs in the renderer too): put Node-side code both main and server use in src/node.',
};
const KIT_ONLY_IN_RENDERER = { patterns: ['@kit/*', '@kit'], message: 'The screen kit (@kit) is the renderer\'s; other layers never import it.' };

const ELECTRON_ONLY_IN_SHELL = {
  paths: ['electron'],
  patterns: ['electron/*'],
  message: "'electron' is imported only by the thin shell in src/main/electron/** and by src/preload (ARCHITECTURE §1).",
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'release/**', 'dist/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `any` is allowed only with a comment saying why; the comment is the review, not the linter.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Node-side code the main process and the server both use (the Excel writer): runtime libraries
    // allowed, but it is a library, not a process: it imports only src/shared.
    files: ['src/node/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictAll([
        { regex: layer('main', 'renderer', 'server', 'preload'), message: 'src/node is shared by main and server: it imports only src/shared.' },
        { paths: ['electron'], patterns: ['electron/*'], message: 'src/node runs in the server too: no electron.' },
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['tests/e2e/**/*.ts', 'tests/electron/**/*.ts'],
    // Page functions passed to page.evaluate run in the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // ---- Layer rules (ARCHITECTURE §1) ----
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictAll([
        {
          regex: layer('main', 'renderer', 'server', 'preload', 'node'),
          message: 'src/shared is pure TypeScript: it imports nothing from main, renderer, server, preload or node.',
        },
        { paths: nodeBuiltins.filter((m) => m !== 'node:*'), patterns: ['node:*'], message: 'src/shared runs everywhere: no Node built-ins.' },
        NODE_RUNTIME_LIBRARIES,
        { paths: ['electron'], patterns: ['electron/*'], message: 'src/shared must not import electron.' },
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictAll([
        {
          regex: layer('main', 'server', 'preload', 'node'),
          message: 'The renderer talks to the main process only through window.backoffice (src/shared/bridge.ts).',
        },
        {
          paths: nodeBuiltins.filter((m) => m !== 'node:*'),
          patterns: ['node:*'],
          message: 'The renderer is sandboxed: no Node built-ins.',
        },
        { paths: ['electron'], patterns: ['electron/*'], message: 'The renderer never imports electron; use window.backoffice.' },
        { paths: ['axios'], patterns: ['axios/*'], message: 'The renderer never does HTTP; every call goes through window.backoffice.' },
        SHARED_BY_ALIAS,
        KIT_BY_ALIAS,
      ]),
      'no-restricted-syntax': [
        ...noDynamicImportOf(['main', 'server', 'preload', 'node'], 'The renderer talks to the main process only through window.backoffice.'),
        // A native date input follows the operating system's locale (MM/DD/YYYY on an English system): dates are typed DD/MM/AAAA.
        { selector: 'JSXAttribute[name.name="type"][value.value="date"]', message: "Use the kit's DateTextInput (@kit/form/DateTextInput) or a form field of type 'date': a native date input follows the system's locale." },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictAll([
        {
          regex: layer('main', 'renderer', 'preload'),
          message: 'The reference server imports only src/shared.',
        },
        { paths: ['electron'], patterns: ['electron/*'], message: 'The server runs without Electron (stand-alone or as a utility process).' },
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    // Each area of the server is reached through its index.ts (calls) and schema*.ts (tables) only,
    // and only the area that declares a table inserts, updates, deletes or locks its rows.
    files: ['src/server/**/*.ts'],
    plugins: { 'server-areas': serverAreas },
    rules: { 'server-areas/area-boundaries': 'error', 'server-areas/area-writes': 'error' },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**', ...EMBEDDED_BACKEND],
    rules: {
      'no-restricted-imports': restrictAll([
        { regex: layer('renderer', 'preload'), message: 'The main process never imports the renderer or the preload.' },
        { regex: layer('server'), message: 'Only the embedded-backend launcher (src/main/services/backend*) may import src/server.' },
        ELECTRON_ONLY_IN_SHELL,
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
      'no-restricted-syntax': noDynamicImportOf(['server', 'renderer', 'preload'], 'Only the embedded-backend launcher (src/main/services/backend*) may import src/server.'),
    },
  },
  {
    files: ['src/main/electron/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictAll([
        { regex: layer('renderer', 'preload'), message: 'The main process never imports the renderer or the preload.' },
        { regex: layer('server'), message: 'Only the embedded-backend launcher (src/main/services/backend*) may import src/server.' },
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    files: EMBEDDED_BACKEND,
    rules: {
      'no-restricted-imports': restrictAll([
        { regex: layer('renderer', 'preload'), message: 'The main process never imports the renderer or the preload.' },
        ELECTRON_ONLY_IN_SHELL,
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictAll([
        {
          regex: layer('main', 'renderer', 'server', 'node'),
          message: 'The preload exposes the bridge and imports only src/shared and electron.',
        },
        SHARED_BY_ALIAS,
        KIT_ONLY_IN_RENDERER,
      ]),
    },
  },
  {
    // Everything outside src/ (tests, scripts, configs) may reach any layer, but
    // 'electron' stays confined to the shell and the preload there too, except
    // in the Electron-binary tests which drive it through Playwright.
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['tests/electron/**'],
    rules: {
      'no-restricted-imports': restrictAll([ELECTRON_ONLY_IN_SHELL]),
    },
  },
);
