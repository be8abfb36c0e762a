import type { SetScores } from './evaluate.js';
import { falsePositiveRate, precisionRecall } from './score.js';

/** Types found by patterns and checksums, held to the strict targets. */
export const STRUCTURED_TYPES = [
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
] as const;

export const STRUCTURED_MIN_RECALL = 0.99;
export const STRUCTURED_MIN_PRECISION = 0.97;
export const PERSON_MIN_RECALL = 0.95;
/** At most one false-positive entity per 20 clean business texts. */
export const CLEAN_MAX_ENTITIES_PER_TEXT = 1 / 20;

export interface TargetCheck {
  name: string;
  value: number;
  /** e.g. ">= 0.99" */
  target: string;
  passed: boolean;
}

function atLeast(name: string, value: number, minimum: number): TargetCheck {
  return { name, value, target: `>= ${minimum}`, passed: value >= minimum };
}

/** The product targets, judged on exact span matches (a partly covered value still leaks). */
export function checkTargets(scores: SetScores): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const type of STRUCTURED_TYPES) {
    const counts = scores.exact.get(type);
    if (!counts || counts.gold === 0) continue;
    const { precision, recall } = precisionRecall(counts);
    checks.push(atLeast(`${type} recall`, recall, STRUCTURED_MIN_RECALL));
    checks.push(atLeast(`${type} precision`, precision, STRUCTURED_MIN_PRECISION));
  }
  const person = scores.exact.get('PERSON');
  if (person && person.gold > 0) {
    checks.push(atLeast('PERSON recall', precisionRecall(person).recall, PERSON_MIN_RECALL));
  }
  if (scores.clean) {
    const rate = falsePositiveRate(scores.clean);
    checks.push({
      name: 'false-positive entities per clean text',
      value: rate,
      target: `<= ${CLEAN_MAX_ENTITIES_PER_TEXT}`,
      passed: rate <= CLEAN_MAX_ENTITIES_PER_TEXT,
    });
  }
  return checks;
}
