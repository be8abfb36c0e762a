import type { Span } from '../types.js';
import { NAME_PARTICLES } from './name-particles.js';
import { PERSON_ROLE_WORDS } from './person-role-words.js';
import { textLines } from './text-lines.js';

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

const ITEM_WORD = String.raw`[\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*\.?`;
const ITEM_PARTICLE = String.raw`(?:${[...NAME_PARTICLES].join('|')})`;
const ITEM_NAME = String.raw`(?:${ITEM_PARTICLE}[ \t])*${ITEM_WORD}(?:[ \t](?:${ITEM_WORD}|${ITEM_PARTICLE})){0,5}`;
/** A line that is one "Surname, Given" list item: "- Fernández de la Fuente, Juan Carlos". */
const INVERTED_ITEM_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*•–][ \t]+)?(${ITEM_NAME}, ${ITEM_NAME})[ \t]*[.;,]?[ \t]*$`,
  'du',
);

interface ListItem {
  start: number;
  end: number;
}

/** Runs of two or more adjacent lines that are each one "A, B" item. */
function invertedItemRuns(text: string): ListItem[][] {
  const runs: ListItem[][] = [];
  let run: ListItem[] = [];
  for (const line of textLines(text)) {
    const indices = INVERTED_ITEM_LINE.exec(line.text)?.indices?.[1];
    if (indices) run.push({ start: line.start + indices[0], end: line.start + indices[1] });
    else {
      if (run.length >= 2) runs.push(run);
      run = [];
    }
  }
  if (run.length >= 2) runs.push(run);
  return runs;
}

/**
 * A list written one "Surname, Given" per line is written so throughout: once one of its items has
 * been joined as a name surname first (by `joinInvertedNames`), every item of the list is one person,
 * whatever the model made of its halves ("- Fernández de la Fuente, Juan Carlos", "- Martínez Soto,
 * Pilar" with Pilar read as a place, "- Dupont, Marie", "- von Bergen, Klaus").
 */
export function joinInvertedLists(text: string, spans: readonly Span[]): Span[] {
  if (!text.includes(',') || !text.includes('\n')) return [...spans];
  const joinedAt = new Map<number, Span>();
  for (const span of spans) if (span.entity_type === 'PERSON') joinedAt.set(span.start, span);
  const isJoined = (item: ListItem) => joinedAt.get(item.start)?.end === item.end;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const replaced = new Set<Span>();
  const added: Span[] = [];
  let k = 0;
  for (const run of invertedItemRuns(text)) {
    const joined = run.filter(isJoined).map((item) => joinedAt.get(item.start)!);
    if (joined.length === 0) continue;
    const score = joined.reduce((sum, s) => sum + s.score, 0) / joined.length;
    for (const item of run) {
      if (isJoined(item)) continue;
      while (k < sorted.length && sorted[k]!.end <= item.start) k++;
      const inside: Span[] = [];
      for (let m = k; m < sorted.length && sorted[m]!.start < item.end; m++)
        if (sorted[m]!.end > item.start) inside.push(sorted[m]!);
      // Another entity reaching past the item (a street, a firm) is left alone.
      if (inside.some((s) => s.start < item.start || s.end > item.end)) continue;
      for (const s of inside) replaced.add(s);
      added.push({ ...joined[0]!, start: item.start, end: item.end, score });
    }
  }
  if (added.length === 0) return [...spans];
  return [...spans.filter((s) => !replaced.has(s)), ...added].sort((a, b) => a.start - b.start);
}
