// Piscina thread entry. It is JavaScript on purpose: worker threads cannot load `.ts` by themselves
// (under vitest or plain node), so this file registers tsx in the thread and then imports the engine.
import { threadId, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { createDetectionEngine } = await import('./engine.ts');

// A model that fails to load keeps the thread alive and fails every task, instead of crashing the
// thread (piscina would respawn it in a loop) or answering without detection.
let engine = null;
let loadError = null;
try {
  engine = await createDetectionEngine(workerData);
} catch (error) {
  loadError = error instanceof Error ? error : new Error(String(error));
}

function requireEngine() {
  if (!engine) throw new Error(`detection model failed to load: ${loadError?.message}`);
  return engine;
}

/** One task: detect over a batch of texts with one tenant's settings and the session's known values. */
export default async function detectTask({ texts, settings, known }) {
  return requireEngine().detect(texts, settings, known);
}

/** Which thread ran a task; lets tests prove detection never runs on the event loop thread. */
export function threadInfo() {
  return { threadId, model: requireEngine().modelName };
}
