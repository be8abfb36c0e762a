import type { Logger } from 'pino';

/**
 * Runs `stop` once on SIGTERM/SIGINT, then exits; a second signal or the deadline forces the exit
 * so a stuck close can never keep a process alive forever.
 */
export function onShutdown(logger: Logger, timeoutMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    stop().then(
      () => process.exit(0),
      (error: Error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
