import type { ProcessorTable, Schedule } from '../runtime.js';
import { maintenance } from './maintenance.js';
import { audit, requestLog, revealLog, usage } from './logs.js';

/** Every queue of the catalog has its processor here; the type makes a missing one a compile error. */
export const processors: ProcessorTable = {
  maintenance,
  'reveal-log': revealLog,
  audit,
  usage,
  'request-log': requestLog,
};

export const schedules: Schedule[] = [
  {
    queue: 'maintenance',
    id: 'purge-expired-client-sessions',
    everyMs: 60 * 60 * 1000,
    payload: { task: 'purge-expired-client-sessions' },
  },
  {
    queue: 'maintenance',
    id: 'apply-token-retention',
    everyMs: 60 * 60 * 1000,
    payload: { task: 'apply-token-retention' },
  },
  {
    queue: 'maintenance',
    id: 'purge-expired-debug-bodies',
    everyMs: 60 * 60 * 1000,
    payload: { task: 'purge-expired-debug-bodies' },
  },
  {
    queue: 'maintenance',
    id: 'create-log-partitions',
    everyMs: 60 * 60 * 1000,
    payload: { task: 'create-log-partitions' },
  },
];
