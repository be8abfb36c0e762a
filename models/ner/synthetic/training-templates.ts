/** Every training template and hard negative, per language: the original set, the extra genres and
 * prompts with structured personal data beside names. */
import type { Language } from './lexicon.js';
import { LANGUAGES } from './lexicon.js';
import { EXTRA_HARD_NEGATIVES, EXTRA_TEMPLATES } from './templates-extra.js';
import { STRUCTURED_HARD_NEGATIVES, STRUCTURED_TEMPLATES } from './templates-structured.js';
import { COMMON_WORD_NEGATIVES, NAME_FORM_TEMPLATES } from './templates-common-words.js';
import { HARD_NEGATIVES, TRAIN_TEMPLATES } from './templates-train.js';
import { EVERYDAY_NAME_TEMPLATES, EVERYDAY_NEGATIVES } from './templates-everyday.js';

function joinLists(...records: Record<Language, string[]>[]): Record<Language, string[]> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, records.flatMap((record) => record[language])]),
  ) as Record<Language, string[]>;
}

// The common-word and everyday negatives and name forms are listed more than once: each draws from thousands of
// words, so each is worth several fixed sentences.
export const TRAINING_TEMPLATES = joinLists(
  TRAIN_TEMPLATES,
  EXTRA_TEMPLATES,
  STRUCTURED_TEMPLATES,
  NAME_FORM_TEMPLATES,
  NAME_FORM_TEMPLATES,
  EVERYDAY_NAME_TEMPLATES,
  EVERYDAY_NAME_TEMPLATES,
);
export const TRAINING_HARD_NEGATIVES = joinLists(
  HARD_NEGATIVES,
  EXTRA_HARD_NEGATIVES,
  STRUCTURED_HARD_NEGATIVES,
  COMMON_WORD_NEGATIVES,
  COMMON_WORD_NEGATIVES,
  COMMON_WORD_NEGATIVES,
  COMMON_WORD_NEGATIVES,
  EVERYDAY_NEGATIVES,
  EVERYDAY_NEGATIVES,
  EVERYDAY_NEGATIVES,
);
