import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the output matches, rejects on exit or timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts one of our TypeScript entry points as a real process, the way `npm start` does. */
export function startProcess(entry: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
          if (pattern.test(out)) return resolve();
          if (child.exitCode !== null) return reject(new Error(`process exited ${child.exitCode}: ${out}`));
          if (Date.now() - started > timeoutMs)
            return reject(new Error(`timed out waiting for ${pattern}: ${out}`));
          setTimeout(tick, 50);
        };
        tick();
      }),
  };
}
