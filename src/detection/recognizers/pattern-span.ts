import { LABEL_OF, type BuiltinEntityType, type Span } from '../types.js';

/** A span found by a pattern recognizer; scores are rounded so context arithmetic stays readable. */
export function patternSpan(entityType: BuiltinEntityType, start: number, end: number, score: number): Span {
  return {
    entity_type: entityType,
    label: LABEL_OF[entityType],
    start,
    end,
    score: Math.round(Math.min(1, Math.max(0, score)) * 100) / 100,
    source: 'pattern',
  };
}
