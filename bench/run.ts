import { cpus, totalmem } from 'node:os';
import { benchDetection } from './detection.js';
import { benchVault } from './vault.js';
import { benchRevealDurability } from './reveal-durability.js';
import { benchProxy } from './proxy.js';
import { benchProxyStages } from './proxy-stages.js';
import { benchService } from './service.js';

/**
 * `npm run bench [section…]`: prints figures as markdown tables. Sections: detection, vault,
 * reveal-durability, proxy, proxy-stages, service (default: all). Numbers go to docs/benchmarks.md with this command.
 */
const sections: Record<string, () => Promise<void>> = {
  detection: benchDetection,
  vault: benchVault,
  'reveal-durability': benchRevealDurability,
  proxy: benchProxy,
  'proxy-stages': benchProxyStages,
  service: benchService,
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(sections);
console.log(
  `# bench ${new Date().toISOString()} — node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB`,
);
for (const name of wanted) {
  const run = sections[name];
  if (!run) {
    console.error(`unknown section ${name}; known: ${Object.keys(sections).join(', ')}`);
    process.exit(2);
  }
  await run();
}
process.exit(0);
