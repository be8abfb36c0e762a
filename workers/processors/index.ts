import type { ProcessorTable, Schedule } from '../runtime.js';
import { maintenance } from './maintenance.js';

/** Every queue of the catalog has its processor here; the type makes a missing one a compile error. */
export const processors: ProcessorTable = {
  maintenance,
};

export const schedules: Schedule[] = [
  {
    queue: 'maintenance',
    id: 'purge-expired-client-sessions',
    everyMs: 60 * 60 * 1000,
    payload: { task: 'purge-expired-client-sessions' },
  },
];
