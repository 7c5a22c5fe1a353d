import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers, named by what is real: `small` runs pure logic beside the code; `medium` runs the
 * real server through `app.inject()` on a real database and blob store.
 */
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        // Next.js keeps JSX for its own compiler (tsconfig `jsx: preserve`); small tests that
        // render a component to markup need it compiled.
        oxc: { jsx: { runtime: 'automatic' } },
        // The web app's `@/` path alias (apps/web/tsconfig.json), for components under test.
        resolve: {
          alias: [
            {
              find: /^@\//,
              replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'small',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Migrates one database of each kind per run; every test app starts from a copy.
          globalSetup: ['apps/server/test/support/database-templates.ts'],
          // Two files at a time even on two cores: much of a medium test is waiting (fsync,
          // PostgreSQL, ffmpeg, child servers), and each file has its own schema, folders and ports.
          maxWorkers: 2,
          // A worker imports the server once for all its files, not once per file (about a second
          // each): the medium tests mock no module, fixtures make their servers again per file,
          // and what the server caches per process (compiled answer writers, the media tools
          // found) is the same for every app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
