import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ).
const TICK_MS = 10;

export interface WorkerProcess {
  /** CPU time (user + system, all threads) the process used so far; NaN where /proc is missing. */
  cpuMs(): number;
  close(): Promise<void>;
}

function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}

/**
 * The worker process as `npm start` runs it (`workers/main.ts`, its own Redis connection and
 * Postgres pool), so the queue work of the proxy's calls does not share the api's event loop.
 */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < 64 * 1024) output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const check = () => {
      if (output.includes('workers started')) return resolve();
      if (child.exitCode !== null) return reject(new Error(`worker process exited: ${output}`));
      if (Date.now() > deadline) return reject(new Error(`worker process did not start: ${output}`));
      setTimeout(check, 50);
    };
    check();
  });
  return {
    cpuMs: () => processCpuMs(child.pid!),
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
