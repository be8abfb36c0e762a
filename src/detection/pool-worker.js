// Piscina thread entry. It is JavaScript on purpose: worker threads cannot load `.ts` by themselves
// (under vitest or plain node), so this file registers tsx in the thread and then imports the engine.
import v8 from 'node:v8';
import vm from 'node:vm';
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
collectLoadingGarbage();

/**
 * Loading leaves about 50 MB of garbage in the thread's heap (the list files split into strings
 * before they are packed into word sets) that V8 would keep until its old generation grows; one full
 * collection now gives it back. Node offers no other way to ask for one than V8's gc extension.
 */
function collectLoadingGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  gc();
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
