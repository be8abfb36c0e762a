import { loadConfig } from '../config.js';
import { prepareDatabase } from './prepare.js';

try {
  const config = loadConfig();
  const applied = await prepareDatabase(config.DATABASE_URL);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
