import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './aliases.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: IMPORT_ALIASES },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: IMPORT_ALIASES },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy; one file at a time keeps 2-core CI machines steady.
          fileParallelism: false,
        },
      },
    ],
  },
});
