/**
 * A rough guess at which of our five languages a text is written in, from function words only one
 * of them uses. For the few rules whose answer depends on the language ("M." is Monsieur in French
 * and an initial elsewhere); undefined when no language leads.
 */
export type GuessedLanguage = 'en' | 'de' | 'fr' | 'es' | 'it';

// Only words that none of the other four uses as often ("de", "la", "le", "il", "una", "del", "que",
// "du", "des", "non", "con", "per" are shared).
const MARKERS: Readonly<Record<GuessedLanguage, ReadonlySet<string>>> = {
  en: new Set([
    ...['the', 'and', 'is', 'are', 'you', 'your', 'this', 'that', 'with', 'please', 'thanks', 'of'],
    ...['to', 'for', 'can', 'have', 'will', 'it', 'my', 'we', 'what', 'be', 'from'],
  ]),
  de: new Set([
    ...['der', 'das', 'und', 'ist', 'nicht', 'mit', 'für', 'ich', 'ein', 'eine', 'den', 'dem', 'bitte'],
    ...['wir', 'bei', 'auf', 'auch', 'noch', 'nach', 'sind', 'hat', 'haben', 'kann', 'sehr', 'nur', 'heute'],
    ...['sie', 'zu', 'im', 'zum', 'vom', 'wie', 'oder', 'aber', 'schon', 'danke', 'mir', 'mich'],
  ]),
  fr: new Set([
    ...['les', 'est', 'et', 'pour', 'vous', 'votre', 'je', 'avec', 'une', 'au', 'aux', 'merci', 'à'],
    ...['chez', 'dans', 'sur', 'pas', 'nous', 'mais', 'cette', 'très', 'été'],
    ...['après', 'moi', 'elle', 'mon', 'ses', 'ces', 'sont', 'aussi', 'déjà', 'être', 'ça', 'où', 'leur'],
  ]),
  es: new Set([
    ...['el', 'los', 'las', 'por', 'para', 'está', 'hola', 'usted', 'gracias', 'y', 'muy'],
    ...['pero', 'también', 'hay', 'qué', 'cómo', 'sus', 'estoy', 'tengo', 'puedes'],
  ]),
  it: new Set([
    ...['gli', 'della', 'che', 'sono', 'nel', 'alla', 'grazie', 'è', 'questo', 'anche'],
    ...['perché', 'ciao', 'ho', 'hai', 'dei', 'delle', 'nella', 'degli', 'più', 'però'],
    ...['dopo', 'contro', 'fuori', 'ogni', 'sempre', 'tutti', 'tutto', 'mio', 'mia', 'suo', 'sua'],
  ]),
};
const LANGUAGES = Object.keys(MARKERS) as GuessedLanguage[];
const WORD = /[\p{L}\p{M}]+/gu;
/** Enough words to tell the language; a 200,000-character text is not read to its end. */
const MAX_WORDS = 400;

// Several span rules ask about the same text one after the other: the last answer is kept.
let lastText: string | undefined;
let lastGuess: GuessedLanguage | undefined;

export function guessLanguage(text: string): GuessedLanguage | undefined {
  if (text !== lastText) {
    lastGuess = guessFromWords(text);
    lastText = text;
  }
  return lastGuess;
}

function guessFromWords(text: string): GuessedLanguage | undefined {
  const counts = new Map<GuessedLanguage, number>();
  let words = 0;
  for (const match of text.matchAll(WORD)) {
    if (++words > MAX_WORDS) break;
    const word = match[0].toLowerCase();
    for (const language of LANGUAGES)
      if (MARKERS[language].has(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || (second && second[1] === best[1])) return undefined;
  return best[0];
}
