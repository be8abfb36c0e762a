import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startProcess } from './helpers/processes.js';

const base = () => ({
  DATABASE_URL: inject('databaseUrl'),
  SERVICE_MASTER_KEY: 'a'.repeat(64),
  SERVICE_ADMIN_TOKEN: 'x'.repeat(24),
  SERVICE_REDIS_PREFIX: 'start-test',
  LOG_LEVEL: 'warn',
  PORT: '0',
});

describe('npm start (src/start.ts)', () => {
  it('exits non-zero, saying what to do, when a child cannot start', async () => {
    const run = startProcess('src/start.ts', { ...base(), REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Cannot reach Redis at 127\.0\.0\.1:1 .*Start Redis or set REDIS_URL/);
    expect(run.output()).toMatch(/exited \(1\); stopping/);
  });

  it('refuses a bad configuration before starting anything', async () => {
    const run = startProcess('src/start.ts', { ...base(), PORT: 'not-a-port' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration:\s+PORT/);
  });
});
