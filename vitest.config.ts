import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './aliases.config.ts';

// Vitest's default is one worker fewer than the cores: a single worker on
// CI's 2-core machine, leaving a core idle while the main process only waits.
// Two workers keep both cores busy (each file still runs in its own process).
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: IMPORT_ALIASES },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Vitest's 5 s default is a clock a busy machine beats: a unit test
          // of 1.2 s took 5–12 s at load 9–20 on two cores. The limit is there
          // to end a test that hangs, not to time one that is slow.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
          // The unit files share their modules within a worker instead of
          // importing them again per file: the suite spent over half its
          // time importing (82 s of CPU isolated, 31 s shared, all 988 tests
          // passing either way). A unit test must therefore leave no module
          // state behind it (stub with vi.spyOn and restore, never mutate a
          // shared table).
          isolate: false,
        },
      },
      {
        resolve: { alias: IMPORT_ALIASES },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One generous limit for every test and hook, none of their own: it
          // is there to end a hang, never to time a slow machine. Per-hook
          // limits of two minutes failed a server's start (migrations and the
          // demo seed) at load 6 on two cores, where it took over 200 s.
          testTimeout: 1_200_000,
          hookTimeout: 1_200_000,
          // Records every answer the test servers send and checks them against the OpenAPI document when the run ends.
          globalSetup: ['tests/integration/answers-setup.ts'],
          // Each file has its own server over its own copy of the database (a
          // PGlite folder or a PostgreSQL database made from a template), its
          // own ports and temporary folders, so two files can run side by side.
          maxWorkers: WORKERS,
          // As the unit files, the integration files share their modules within
          // a worker: each imported the whole server again (about 2.5 s a file,
          // a fifth of the step). The whole step took 6 min 13 s shared against
          // 10 min 50 s isolated, all 75 files passing. A file must therefore
          // keep its state in its own server (startTestServer) and restore any
          // spy or environment variable it changes.
          isolate: false,
        },
      },
    ],
  },
});
