/**
 * Greetings that open a message, lower case, in en/de/fr/es/it: the naming cues read a
 * self-introduction after one ("ciao, sono Ludovica"), and the leading-role rule cuts one off the
 * front of a name ("Ciao Marco").
 */
export const GREETINGS: readonly string[] = [
  ...['hi', 'hey', 'hello', 'ciao', 'salve', 'buongiorno', 'buonasera', 'hola', 'buenas', 'buenos días'],
  ...['buenas tardes', 'salut', 'bonjour', 'bonsoir', 'coucou', 'hallo', 'moin', 'servus', 'guten tag'],
];
