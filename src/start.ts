import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError } from './config.js';
import { prepareDatabase } from './db/prepare.js';

/**
 * `npm start`: prepares the database once, then runs the api process and one worker process. If
 * either child dies the whole thing exits non-zero, so a supervisor restarts it; SIGTERM is passed
 * on and both get to finish their work.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
let stopping = false;

let failed = false;

/**
 * A young generation of 2 MB semi-spaces instead of V8's 16 MB ones: the api's peak RSS under
 * 200,000-character tokenize calls fell from 652–656 to 573–627 MiB (eight runs), the worker's by about
 * 20 MiB, with the same latency (`npm run bench service`, docs/benchmarks.md). Detection threads set
 * their own limit (`src/detection/pool.ts`).
 */
const V8_FLAGS = ['--max-semi-space-size=2'];

function run(name: string, entry: string): ChildProcess {
  const child = spawn(process.execPath, [...V8_FLAGS, '--import', 'tsx', entry], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping`);
      failed = true;
      stopAll('SIGTERM');
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(failed ? 1 : 0);
  });
  return child;
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

try {
  const config = loadConfig();
  await prepareDatabase(config.DATABASE_URL);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
children.push(run('api', 'src/server.ts'), run('worker', 'workers/main.ts'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGINT'));
