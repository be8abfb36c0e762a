import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // In CI a JSON report is kept too, so .ci/run can print a plain "N passed, N failed" line.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '.local/vitest-results.json' }]]
      : ['default'],
    hookTimeout: 60_000,
    // Two cores: more forks than that only adds contention with the detection threads.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
