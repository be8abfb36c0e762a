import type { Span } from '../types.js';
import { NAME_PARTICLES } from './name-particles.js';
import { PERSON_ROLE_WORDS } from './person-role-words.js';

/**
 * Forms, registers and tickets write a name surname first: "NOM, Prénom : HADDAD, Karim",
 * "Patientin: Fuchs, Annegret, geb. …", "PASSENGER NAME: AL-MANSOURI/ABDULRAHMAN KHALID MR". The
 * model tags the two halves as two people; they are one person, and one token keeps the name whole
 * for the provider. Two PERSON spans are joined when they are separated by "/" alone and written in
 * capitals, as tickets and boarding passes write them ("Anna/Marco" are two people), or when
 *   - a comma (and at most one space) separates them, the first half opens a field (text or line
 *     start, or after ":", "|", a tab or a quote) and the second closes one (text or line end, "|",
 *     ";", ",", "(", a dash, a quote);
 *   - no third PERSON span continues a list right after ("Anna, Marco, Luis");
 *   - and something says surname first: the field's label names a person in the singular
 *     ("Name", "Nom", "Apellidos", "Patientin", "Applicant"), the first half is in capitals and
 *     the second is not ("HADDAD, Karim"), or the first half is a known surname and not a known
 *     first name. Without one of these, "Interviewers: Khalid, Finn" stays two people.
 * In a list whose items are separated by semicolons, as e-mail headers write them ("To: Kean,
 * Steven J.; Shapiro, Richard"), each "A, B" item is one person surname first.
 */

// A list bullet may open a line: "- García López, Ana".
const FIELD_OPENS = /(?:^|[\n\r:|\t"'])[ \t]*(?:[-*•–][ \t]+)?$/;
const ITEM_OPENS = /;[ \t]*$/;
const ITEM_CLOSES = /^[ \t]*;/;
// A full stop closes a field too: "…; Fischer, Lukas."
const FIELD_CLOSES = /^(?:$|[ \t]*(?:[\r\n|;,("']|[–—-][ \t]|\.(?:\s|$)))/;
const COMMA = /^, ?$/;
const LABEL = /([^\n\r|\t:]{1,40}):[ \t]*$/;
const LABEL_WORD = /\p{L}+/gu;

/** Word-level name lookups of the model's gazetteers. */
export interface NameLookups {
  isFirstName(word: string): boolean;
  isSurname(word: string): boolean;
}

const WORD = /[\p{L}\p{M}]+/gu;
const isUpperCase = (value: string) => value === value.toUpperCase() && value !== value.toLowerCase();
const words = (value: string) => value.match(WORD) ?? [];

function saysSurnameFirst(text: string, first: Span, second: Span, names: NameLookups): boolean {
  const label = LABEL.exec(text.slice(Math.max(0, first.start - 48), first.start))?.[1];
  if (label?.match(LABEL_WORD)?.some((word) => PERSON_ROLE_WORDS.has(word.toLowerCase()))) return true;
  const surname = text.slice(first.start, first.end);
  const given = text.slice(second.start, second.end);
  if (isUpperCase(surname) && !isUpperCase(given)) return true;
  const parts = words(surname).filter((word) => !NAME_PARTICLES.has(word));
  return parts.length > 0 && parts.every((word) => names.isSurname(word) && !names.isFirstName(word));
}

function joinsInverted(
  text: string,
  first: Span,
  second: Span,
  next: Span | undefined,
  names: NameLookups,
): boolean {
  const between = text.slice(first.end, second.start);
  if (between === '/') return isUpperCase(text.slice(first.start, second.end));
  if (!COMMA.test(between)) return false;
  const before = text.slice(Math.max(0, first.start - 40), first.start);
  const after = text.slice(second.end, second.end + 3);
  const semicolonItem =
    (ITEM_OPENS.test(before) && FIELD_CLOSES.test(after)) ||
    (FIELD_OPENS.test(before) && ITEM_CLOSES.test(after));
  if (semicolonItem) return true;
  if (!FIELD_OPENS.test(before)) return false;
  if (!FIELD_CLOSES.test(after)) return false;
  // "Anna, Marco, Luis" on one line; the next line's name does not continue the list.
  if (next?.entity_type === 'PERSON' && next.start - second.end <= 6 && !/[\r\n]/.test(after)) return false;
  return saysSurnameFirst(text, first, second, names);
}

/** `spans` sorted by start; returns them with inverted names joined into one span (mean score). */
export function joinInvertedNames(text: string, spans: readonly Span[], names: NameLookups): Span[] {
  const out: Span[] = [];
  const joined = new Set<Span>();
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    const previous = out[out.length - 1];
    const joinable =
      previous !== undefined &&
      previous.entity_type === 'PERSON' &&
      span.entity_type === 'PERSON' &&
      // A span already joined stays two parts: "A, B, C" never becomes one name.
      !joined.has(previous) &&
      joinsInverted(text, previous, span, spans[i + 1], names);
    if (joinable) {
      const merged = { ...previous, end: span.end, score: (previous.score + span.score) / 2 };
      out[out.length - 1] = merged;
      joined.add(merged);
    } else out.push(span);
  }
  return out;
}
