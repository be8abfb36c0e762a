import type { LabelledText } from '../corpora.js';
import { generateCorpus } from './generate.js';
import type { Language, Lexicon } from './lexicon.js';
import { createRandom } from './random.js';
import { TRAINING_HARD_NEGATIVES, TRAINING_TEMPLATES } from './training-templates.js';

/** Seed of the development prompts (different from training's and evaluation's). */
export const DEV_SEED = 4242;

/**
 * Development prompts: the training templates filled from the held-out lexicon (`buildLexicon('eval')`),
 * for choosing models and rules. Never trained on, never reported as a result. `language` fixes the
 * language of every prompt; by default it is mixed as in training.
 */
export function devPrompts(
  lexicon: Lexicon,
  seed: number,
  count: number,
  language?: Language,
): LabelledText[] {
  return generateCorpus(lexicon, createRandom(seed), {
    templates: TRAINING_TEMPLATES,
    hardNegatives: TRAINING_HARD_NEGATIVES,
    count,
    multiSentence: 0.3,
    caseVariants: true,
    joinAdjacentNames: true,
    ...(language ? { language } : {}),
  });
}
