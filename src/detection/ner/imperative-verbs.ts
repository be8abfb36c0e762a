import type { Span } from '../types.js';

/**
 * English verbs that are also given names, read as a person at the start of a request: "Grant access
 * to the repo", "| Grant access to Staging |", "Please Grant admin rights", "Pat yourself on the
 * back", "Jack up the car", "I will Grant you that". A one-word PERSON span that is such a verb,
 * capitalised, at the start of a sentence, line, table cell or after "please" or a modal, and followed
 * by what an imperative takes (an article, a pronoun, a reflexive, an access word, "up"), is dropped.
 * "Grant said yes", "Will, can you…", "Mark is out" stay.
 */

const VERB_NAMES: ReadonlySet<string> = new Set([
  'bill',
  'bob',
  'buck',
  'chase',
  'chuck',
  'don',
  'drew',
  'grant',
  'harry',
  'hope',
  'jack',
  'lance',
  'mark',
  'nick',
  'pat',
  'pierce',
  'rob',
  'skip',
  'sue',
  'wade',
  'ward',
  'will',
]);
const CAPITALISED = /^\p{Lu}\p{Ll}+$/u;
/**
 * What comes right before a request's first word, or before a verb after a modal ("I will Grant you
 * that", "we can Bill you quarterly"); not "to", after which a name is as likely ("sent it to Grant
 * this morning").
 */
const CLAUSE_START =
  /(?:^|[\n|]|[.!?:;][ \t]+|\b(?:please|will|would|can|could|should|must|shall|let's|let’s)[ \t]+)[ \t]*$/iu;
/** What an imperative's object starts with. */
const OBJECT_START =
  /^[ \t]+(?:the|a|an|this|that|these|those|all|any|every|each|some|my|your|his|her|its|our|their|me|you|him|us|them|it|yourself|yourselves|myself|himself|herself|ourselves|themselves|access|permission|permissions|rights|privileges|approval|admin|read|write|up)(?![\p{L}\p{M}])/iu;
const LOOK = 20;

export function withoutImperativeVerbs(text: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => {
    if (span.entity_type !== 'PERSON') return true;
    const word = text.slice(span.start, span.end);
    if (!CAPITALISED.test(word) || !VERB_NAMES.has(word.toLowerCase())) return true;
    if (!CLAUSE_START.test(text.slice(Math.max(0, span.start - LOOK), span.start))) return true;
    return !OBJECT_START.test(text.slice(span.end, span.end + LOOK));
  });
}
