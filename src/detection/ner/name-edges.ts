import type { Span } from '../types.js';
import { NAME_PARTICLES } from './name-particles.js';
import { KINSHIP_BEFORE } from './person-role-words.js';
import { guessLanguage } from './text-language.js';

/**
 * Cleans the edges of the model's person spans.
 *
 * Marks: a list bullet or dash before a name ("- Marco Rossi" in a list of attendees) and punctuation
 * after it are not the name. Leading punctuation and symbols go, except '@' and '#' (a handle); trailing
 * ones go, except a dot after a letter ("Anna S.", "Smith Jr.").
 *
 * Lower-case words: the model sometimes runs a name into the lower-case words around it, the verb
 * after it ("Dr. Aydın reiche ich nach"), the verb and preposition before it ("chiedere di Tore"). In
 * a name written with capitals, a lower-case word at either end is not part of the name, so it is cut
 * off, except the particles a name can start with ("de Miguel", "van Dijk") when the span starts
 * with them, and known names right after the name ("Travis scott", not "Fumagalli del terzo"). In names written wholly in lower case ("thanh huong
 * nguyen") only the words chat puts before a name come off the front ("soy carlos ruiz", "w/ thanh
 * huong nguyen"); words of scripts without case are left alone.
 *
 * Initials and abbreviations: an initial right after a name ("Rossi M.") and an abbreviated given
 * name before one ("Mª José", "Fco. Javier") and initials glued before an initial ("M.R. Bianchi")
 * are taken into it, and so is the rest of an Italian surname with an elided
 * particle ("Pietro Dall'Ara", "Giulia Dell'Acqua").
 */

const CHUNK = /\S+/gu;
/** A word in lower case, letters only: "reiche", "di". User names and codes ("iBite_YourMom") are other chunks. */
const LOWER_WORD = /^\p{Ll}[\p{L}\p{M}'’.-]*$/u;
// A capital at the start or after an apostrophe or hyphen: "Smith", "d'Almeida", "al-Rashid".
const CAPITAL = /(?:^|['’-])[\p{Lu}\p{Lt}]/u;
const HAS_CAPITAL = /[\p{Lu}\p{Lt}]/u;
/** Lower-case words that end names: "Smith jr.". */
const SUFFIXES: ReadonlySet<string> = new Set(['jr', 'jr.', 'sr', 'sr.', 'jun.', 'sen.']);

/**
 * Words that lead into a name in lower-case chat and are never one: "hola soy carlos ruiz", "call w/
 * thanh huong nguyen", "ciao sono giulia". Self-introductions, greetings and "with".
 */
const LOWER_CASE_LEAD_INS: ReadonlySet<string> = new Set([
  ...['soy', 'sono', 'sei', 'bin', 'suis', 'im', "i'm", 'i’m', 'am', 'is', 'es', 'est', 'ist'],
  ...['hi', 'hey', 'hello', 'dear', 'hola', 'ciao', 'salve', 'hallo', 'salut', 'bonjour', 'buongiorno'],
  ...['with', 'w/', 'con', 'mit', 'avec', 'cc', 'thanks', 'thx', 'grazie', 'gracias', 'danke', 'merci'],
]);

/**
 * An initial right after a name belongs to it: "Rossi M., Bianchi G.", "grazie a Mario R. per". Not
 * one that starts another word ("Rossi A.B.").
 */
const INITIAL_AFTER = /^[ \t\u00a0]\p{Lu}\.(?![\p{L}\p{M}\p{N}])/u;

/**
 * "Mª José", "M.ª Carmen", "Fco. Javier": a given name abbreviated before another (María, Francisco,
 * Francisca, Guadalupe) belongs to the name.
 */
const ABBREVIATED_GIVEN = /(?<![\p{L}\p{M}])(?:Mª\.?|M\.ª|Fco\.|Fca\.|Gpe\.)[ \t]?$/u;
/** "M.R. Bianchi" tagged "R. Bianchi": initials glued before an initial the span starts with. */
const GLUED_INITIALS = /(?<![\p{L}\p{M}\p{N}.])(?:\p{Lu}\.){1,3}$/u;
const STARTS_WITH_INITIAL = /^\p{Lu}\./u;

const PARTICLE_BEFORE =
  /(?:\p{Ll}|(?<![\p{L}\p{M}])[\p{L}]{1,4}\.|(?<![\p{L}\p{M}])\p{Lu}\p{Ll}{1,3})[ \t]+(\p{Lu}\p{Ll}{0,4})[ \t]+$/du;
const FINAL_INITIAL = /(?:^|[ \t])\p{Lu}$/u;
const FINAL_SUFFIX = /[ \t](?:Jr|Sr|Jun|Sen)$/u;
/** Lower-case particles between a title and the name belong to the name: "Frau von Hohenberg". */
const PARTICLES_AFTER_TITLE =
  /(?<![\p{L}\p{M}])(?:frau|herr|herrn|dr|prof|mme|mlle|mr|mrs|ms|sr|sra|sig|dott|monsieur|madame|señor|señora|signor|signora)\.?[ \t]+((?:von|van|de|der|den|du|des|da|di|del|della|zu|vom|zur)(?:[ \t]+(?:der|den|la|le|los|las))?)[ \t]+$/diu;
/** An Italian surname's elided particle the span stops at or before: "Pietro Dall|'Ara", "Giulia| Dell'Acqua". */
const ELIDED_PARTICLE = String.raw`(?:D|Dell|Dall|Degl|Dagl|Sant|Nell|Sull)`;
const ELISION_REST = /^['’][\p{Lu}\p{Lt}][\p{L}\p{M}]*/u;
const ENDS_WITH_ELIDED = new RegExp(String.raw`(?:^|[ \t])${ELIDED_PARTICLE}$`, 'u');
/** A name never ends in a particle: "Gianni Dalla" of "Gianni Dalla Via" ("Via" is also a street). */
const ENDS_WITH_PARTICLE =
  /[ \t](?:Dalla|Della|Delle|Degli|Dal|Del|De|Di|Da|Lo|La|Le|Van|Von|Du|Des|Dos|Das|Ten|Ter)$/u;
const WORD_REST = /^[ \t][\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*(?![\p{L}\p{M}])/u;
const ELIDED_SURNAME_AFTER = new RegExp(
  String.raw`^[ \t]${ELIDED_PARTICLE}['’][\p{Lu}\p{Lt}][\p{L}\p{M}]*(?![\p{L}\p{M}'’])`,
  'u',
);

// Not '_': "kassmarie_" is a user name.
const MARK = /^(?!_)[\s\p{P}\p{S}]$/u;
const KEPT_LEADING = /[@#]$/u;

/** The span without leading and trailing marks; null when nothing but marks is left. */
function withoutMarks(text: string, span: Span): Span | null {
  let { start, end } = span;
  while (start < end && MARK.test(text[start]!)) start++;
  // Keep a handle's '@' or '#' with the name.
  if (start > span.start && KEPT_LEADING.test(text[start - 1]!)) start--;
  while (end > start && MARK.test(text[end - 1]!)) end--;
  // "Anna S.", "Smith Jr.": the dot right after a letter belongs to the name, and so does one just
  // past the span after a final initial or suffix ("Ornella T.", "García-Márquez Jr.").
  if (end < span.end && text[end] === '.' && /\p{L}/u.test(text[end - 1] ?? '')) end++;
  else if (
    text[end] === '.' &&
    (FINAL_INITIAL.test(text.slice(start, end)) || FINAL_SUFFIX.test(text.slice(start, end)))
  )
    end++;
  if (end <= start || !/[\p{L}\p{N}]/u.test(text.slice(start, end))) return null;
  return start === span.start && end === span.end ? span : { ...span, start, end };
}

/**
 * `isPersonName`: the word is in the model's first-name or surname list. Such a word stays even in
 * lower case: social-media text writes "Travis scott", "J. cole".
 */
export function trimNameEdges(
  text: string,
  spans: readonly Span[],
  isPersonName: (word: string) => boolean,
): Span[] {
  // Chat writes surnames in lower case after a capitalised name ("Travis scott", "sono Marco rossi").
  // German writes its nouns capitalised, so a lower-case known name there is a verb or an adjective
  // ("Dr. Aydın reiche ich nach"). Elsewhere a word the lists hold is kept: a surname cut off is sent
  // to the provider, a word kept ("Pedro calvo") only costs the answer that word.
  let lowerCaseNames: boolean | undefined;
  const writesLowerCaseNames = () => (lowerCaseNames ??= guessLanguage(text) !== 'de');
  const isLowerWord = (chunk: string) =>
    LOWER_WORD.test(chunk) &&
    !CAPITAL.test(chunk) &&
    !SUFFIXES.has(chunk) &&
    !(isPersonName(chunk) && writesLowerCaseNames());
  return spans.flatMap((input, i) => {
    if (input.entity_type !== 'PERSON') return [input];
    const cleaned = withoutMarks(text, input);
    if (!cleaned) return [];
    const before = text.slice(Math.max(0, cleaned.start - 7), cleaned.start);
    const given =
      ABBREVIATED_GIVEN.exec(before) ??
      (STARTS_WITH_INITIAL.test(text.slice(cleaned.start, cleaned.end)) ? GLUED_INITIALS.exec(before) : null);
    const fromGiven = given ? cleaned.start - given[0].length : cleaned.start;
    const span =
      fromGiven < cleaned.start && fromGiven >= (spans[i - 1]?.end ?? 0)
        ? { ...cleaned, start: fromGiven }
        : cleaned;
    const particled = withParticleBefore(text, span, spans[i - 1]?.end ?? 0);
    const elided = withSurnameRest(text, particled, spans[i + 1]?.start ?? text.length);
    const trimmed = withoutLowerCaseEdges(text, elided, isLowerWord);
    const initial = INITIAL_AFTER.exec(text.slice(trimmed.end, trimmed.end + 4))?.[0];
    if (!initial || trimmed.end + initial.length > (spans[i + 1]?.start ?? text.length)) return [trimmed];
    return [{ ...trimmed, end: trimmed.end + initial.length }];
  });
}

/**
 * Our tokenizer splits at apostrophes, and the model stops a name inside or before an Italian
 * surname with an elided particle: "Pietro Dall'Ara" tagged "Pietro Dall", "Giulia Dell'Acqua" tagged
 * "Giulia"; or right after a capitalised particle ("Gianni Dalla" of "Gianni Dalla Via"). The rest of
 * the surname joins the span, unless another span begins there.
 */
function withSurnameRest(text: string, span: Span, nextStart: number): Span {
  const value = text.slice(span.start, span.end);
  const after = text.slice(span.end, span.end + 40);
  const rest = ENDS_WITH_ELIDED.test(value)
    ? ELISION_REST.exec(after)
    : ENDS_WITH_PARTICLE.test(value)
      ? WORD_REST.exec(after)
      : ELIDED_SURNAME_AFTER.exec(after);
  if (!rest || span.end + rest[0].length > nextStart) return span;
  return { ...span, end: span.end + rest[0].length };
}

/**
 * A capitalised particle right before the span, after a title or a lower-case word, begins the
 * surname: "Mme Da Silva", "con Le Goff", "Sig. De Luca". Not at a sentence's start, where "Da" and
 * "De" are prepositions ("Da Marco ho saputo"). After a title, lower-case particles do too: "Frau von
 * Hohenberg", "Herr van der Berg".
 */
function withParticleBefore(text: string, span: Span, notBefore: number): Span {
  const from = Math.max(notBefore, span.start - 24);
  const before = text.slice(from, span.start);
  const afterTitle = PARTICLES_AFTER_TITLE.exec(before);
  if (afterTitle?.indices?.[1]) return { ...span, start: from + afterTitle.indices[1][0] };
  const match = PARTICLE_BEFORE.exec(before);
  if (!match?.indices?.[1] || !NAME_PARTICLES.has(match[1]!.toLowerCase())) return span;
  return { ...span, start: from + match.indices[1][0] };
}

/** The span without the lower-case words at its edges that are not part of the name (see above). */
function withoutLowerCaseEdges(text: string, span: Span, isLowerWord: (chunk: string) => boolean): Span {
  const chunks = [...text.slice(span.start, span.end).matchAll(CHUNK)].map((m) => ({
    chunk: m[0],
    start: span.start + m.index,
    end: span.start + m.index + m[0].length,
  }));
  if (!chunks.some((c) => HAS_CAPITAL.test(c.chunk))) {
    let from = 0;
    while (from < chunks.length - 1 && LOWER_CASE_LEAD_INS.has(chunks[from]!.chunk)) from++;
    return from === 0 ? span : { ...span, start: chunks[from]!.start };
  }
  const lower = chunks.map((c) => isLowerWord(c.chunk));
  const first = lower.indexOf(false);
  let last = chunks.length - 1;
  while (last >= 0 && !HAS_CAPITAL.test(chunks[last]!.chunk)) last--;
  if (first < 0 || last < first) return span;
  // Known names in lower case stay right after the name ("Travis scott"), not past a word that is
  // not one ("Fumagalli del terzo piano": "terzo" is in the surname list).
  while (last + 1 < chunks.length && !lower[last + 1]) last++;
  // The span may start with particles only ("de Miguel", "van der Berg"); other lower-case words
  // before the name go, and the particles after them with them ("chiedere di Tore").
  const lead = chunks.slice(0, first);
  let from = lead.every((c) => NAME_PARTICLES.has(c.chunk)) ? 0 : first;
  // "(mamá de Lucía)": after a kinship word a particle is the preposition, not part of the name.
  const afterKin = (c: { start: number }) =>
    KINSHIP_BEFORE.test(text.slice(Math.max(0, c.start - 12), c.start));
  while (from < last && NAME_PARTICLES.has(chunks[from]!.chunk) && afterKin(chunks[from]!)) from++;
  const start = chunks[from]!.start;
  const end = chunks[last]!.end;
  return start === span.start && end === span.end ? span : { ...span, start, end };
}
