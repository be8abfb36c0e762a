import type { Span } from '../types.js';
import { apartNames, ruleName, withAddedNames } from './added-names.js';
import { GREETINGS } from './greetings.js';

/**
 * What follows "my name is", "se llama", "mi chiamo", "je m'appelle", "ich heiße" or a booking's "a
 * nome", "a nombre de", "au nom de", "auf den Namen", "under the name" is a name, even
 * when the model missed it or doubted it ("el dueño se llama Paco" at 0.49) or read it as a place ("a
 * nome Colombo"). The one to three words after the cue become a PERSON span unless the model was
 * surer of its own span there than 0.95. The first
 * word must be capitalised or a known first name ("se llama paco"; "my name is on the list" stays),
 * any further word capitalised, or, after a lower-case first name, one lower-case word that ends the
 * clause ("my name is jonas weber", "sono ilenia deidda e volevo"). "Call me" is left out ("call me
 * back"), and "sono", "soy", "I'm" count only after a greeting that opens a line and before a
 * known first name ("ciao, sono Ludovica", "hey it's sam"): "sono stanca", "hi, I'm Italian". So
 * does a known first name greeted alone before a comma or "!" ("buenas montse, te paso…"), unless it
 * is also a word of endearment ("ciao bella!").
 *
 * Two weaker kinds of cue: a kinship word before a capitalised word ("Aunt Funmi", "Tante Erika",
 * "zio Beppe"), and, in English, a request about someone before a capitalised known first name ("go
 * see Sal at Bay Ridge Auto", "ask for Tina", "send it to Bri").
 */

const CUES = [
  'my name is',
  'his name is',
  'her name is',
  'mein name ist',
  'ich heiße',
  'ich heisse',
  'er heißt',
  'sie heißt',
  "je m'appelle",
  'je m’appelle',
  "il s'appelle",
  'il s’appelle',
  "elle s'appelle",
  'elle s’appelle',
  'me llamo',
  'se llama',
  'mi chiamo',
  'si chiama',
  // Bookings and forms: "un tavolo a nome Greco", "reservado a nombre de Ruiz".
  'a nome del',
  'a nome della',
  'a nome di',
  'a nome',
  'a nombre de',
  'au nom de',
  'auf den namen',
  'unter dem namen',
  'under the name',
  'booked under',
  'reserved under',
];
const KINSHIP_CUES = [
  ...['aunt', 'auntie', 'uncle', 'grandma', 'grandpa', 'granny', 'cousin'],
  ...['tante', 'onkel', 'oma', 'opa'],
  ...['tata', 'tonton', 'mamie', 'papi', 'papy'],
  ...['tía', 'tío', 'abuela', 'abuelo', 'abuelita', 'abuelito'],
  ...['zia', 'zio', 'nonna', 'nonno'],
  // "Familie Özdemir", "la famiglia Rossi": the family's surname.
  ...['familie', 'famille', 'familia', 'famiglia'],
];
const REQUEST_CUES = [
  ...['ask for', 'asked for', 'go see', 'went to see', 'talk to', 'talked to', 'speak to'],
  ...['spoke to', 'spoke with', 'send it to', 'sent it to', 'shout out to', 'props to', 'kudos to'],
];
/** After a greeting that opens a line (`GREETINGS`): a self-introduction. */
const SELF_INTRODUCTIONS = [
  ...['sono', 'qui è', 'soy', 'aquí', "i'm", 'i’m', 'im', 'i am', "it's", 'it’s', 'its', 'this is'],
  ...["c'est", 'c’est', 'je suis', 'ici', 'ich bin', 'hier ist', 'hier spricht'],
];
const WORD = String.raw`[\p{L}\p{M}][\p{L}\p{M}'’-]*`;
// Case-insensitive for the cue, so the words after it are checked for capitals apart.
/** A title between the cue and the name is passed over: "au nom de M. Lefort", "a nome del Sig. Rossi". */
const HONORIFIC = String.raw`(?:(?:[MD]\.|(?:sr|sra|srta|dr|dra|sig|dott|prof|avv|ing|mr|mrs|ms|hr|fr|dña|mme|mlle|herr|frau|signor|signora|señor|señora|don|doña|miss)\.?)[ \t]+)?`;
const cuedWords = (cues: readonly string[]) =>
  new RegExp(
    String.raw`(?<![\p{L}\p{M}])(?:${cues.join('|')})[ \t]+${HONORIFIC}(${WORD}(?:[ \t]+${WORD}){0,2})`,
    'giu',
  );
const CUED_WORDS = cuedWords(CUES);
const SELF_INTRODUCED_WORDS = new RegExp(
  String.raw`(?<=^|\n)[ \t]*(?:${GREETINGS.join('|')})[ \t]*[,!.]?[ \t]+(?:${SELF_INTRODUCTIONS.join('|')})[ \t]+(${WORD}(?:[ \t]+${WORD}){0,2})`,
  'giu',
);
/** After a greeting that opens a line, the one word before a comma or an exclamation: the person greeted. */
const GREETED_WORD = new RegExp(
  String.raw`(?<=^|\n)[ \t]*(?:${GREETINGS.join('|')})[ \t]*,?[ \t]+(${WORD})(?=[ \t]*[,!?])`,
  'giu',
);
/** Words of endearment a greeting takes that are also given names ("ciao bella", "hi honey"). */
const ENDEARMENTS: ReadonlySet<string> = new Set([
  ...['bella', 'bello', 'cara', 'caro', 'tesoro', 'amore', 'love', 'honey', 'babe', 'baby', 'dear'],
  ...['darling', 'sweetie', 'chérie', 'chéri', 'cariño', 'guapa', 'guapo', 'schatz', 'mate', 'buddy'],
  ...['bro', 'sis', 'dude', 'man', 'girl', 'boss', 'chef', 'doc', 'coach', 'sunshine', 'angel'],
]);
const KINSHIP_WORDS = cuedWords(KINSHIP_CUES);
const REQUEST_WORDS = cuedWords(REQUEST_CUES);
const CAPITALISED = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;
const CUED_NAME_SCORE = 0.8;
/** "my name is", "a nome": the text says a name stands there, whatever else the word may be ("a nome Colombo"). */
const NAMED_SCORE = 0.95;

/** What may follow the last word of a name: the clause ends, or "and" starts the next part. */
const CLAUSE_END = /^(?:[ \t]*(?:[,.;:!?)]|$)|[ \t]+(?:e|y|and|et|und|o|or|ou|oder)(?![\p{L}\p{M}]))/u;

/**
 * The name after a cue, `words` being the words matched right after it, at index `at` of `text`: the
 * first word, then the capitalised words right after it; after a lower-case first word, one
 * lower-case word that ends the clause too.
 */
function cuedName(text: string, words: string, at: number, isPersonName: (word: string) => boolean): string {
  const [first, ...rest] = words.split(/([ \t]+)/);
  // In capitals ("SONO ZIA PINA HO PERSO"), every word looks capitalised: only known names continue.
  const continues = (word: string) => CAPITALISED.test(word) && (HAS_LOWER.test(word) || isPersonName(word));
  let name = first!;
  let i = 0;
  for (; i + 1 < rest.length && continues(rest[i + 1]!); i += 2) name += rest[i]! + rest[i + 1]!;
  if (i === 0 && rest.length > 1 && !CAPITALISED.test(first!)) {
    const next = name + rest[0]! + rest[1]!;
    if (CLAUSE_END.test(text.slice(at + next.length))) name = next;
  }
  return name;
}

/**
 * `spans`: the model's spans of one text, sorted by start, not overlapping, before the score
 * threshold. Returns them with the cued names the model missed or doubted added: a span there with a
 * lower score than the cue's (a name at 0.49, a place) gives way to the cued name. `isFirstName`: one
 * word is in the model's first-name list; `isPersonName`: in its first-name or surname list, which a
 * word in capitals after the first must be ("SONO MARIO ROSSI", not "ZIA PINA HO PERSO").
 */
export function addCuedNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
  isPersonName: (word: string) => boolean = isFirstName,
): Span[] {
  const capitalised = (word: string) => CAPITALISED.test(word);
  const names = [
    ...namesAfter(
      text,
      CUED_WORDS,
      (first) => capitalised(first) || isFirstName(first),
      isPersonName,
      NAMED_SCORE,
    ).filter((name) => !overlapsFirm(spans, name)),
    // Only known first names: "Hi, I'm Italian", "hi, it's Monday".
    ...namesAfter(text, SELF_INTRODUCED_WORDS, isFirstName, isPersonName),
    ...namesAfter(
      text,
      GREETED_WORD,
      (word) => isFirstName(word) && !ENDEARMENTS.has(word.toLowerCase()),
      isPersonName,
    ),
    ...namesAfter(text, KINSHIP_WORDS, capitalised, isPersonName),
    ...namesAfter(text, REQUEST_WORDS, (first) => capitalised(first) && isFirstName(first), isPersonName),
  ];
  // Two kinds of cue may find the same name; the first one found is kept.
  return withAddedNames(spans, apartNames(names));
}

/** A firm the model found with at least a cue's usual score stays a firm: "a nome della Ferrari SpA". */
function overlapsFirm(spans: readonly Span[], name: Span): boolean {
  return spans.some(
    (s) =>
      s.entity_type === 'ORGANIZATION' &&
      s.start < name.end &&
      name.start < s.end &&
      s.score >= CUED_NAME_SCORE,
  );
}

/** The names after each match of `cues` whose first word `accepts`. */
function namesAfter(
  text: string,
  cues: RegExp,
  accepts: (first: string) => boolean,
  isPersonName: (word: string) => boolean,
  score = CUED_NAME_SCORE,
): Span[] {
  const names: Span[] = [];
  cues.lastIndex = 0;
  for (let match = cues.exec(text); match; match = cues.exec(text)) {
    const start = match.index + match[0].length - match[1]!.length;
    const name = cuedName(text, match[1]!, start, isPersonName);
    const end = start + name.length;
    // Scan on right after the name: the words matched past it may hold the next cue.
    cues.lastIndex = end;
    if (!accepts(name.split(/[ \t]/, 1)[0]!)) continue;
    names.push(ruleName(start, end, score));
  }
  return names;
}
