import { allMatches } from '../all-matches.js';
import {
  compiled,
  E,
  EN_NAME_WORD,
  EN_TAIL_AT,
  ES_IT_NAME,
  FR_NAME,
  isPostalTail,
  S,
  SCORE_STREET,
  SCORE_WEAK_TYPE,
  startingWith,
  streetMatches,
  TAIL_BONUS,
  type AddSpan,
} from './address-parts.js';

/**
 * Streets named without a house number: "I live on Elm Street", "wohne in der Bahnhofstraße",
 * "j'habite rue de la Paix", "vivo en la Calle Mayor". Without a number a street name is as often a
 * landmark or a company ("Wall Street", "Abbey Road"), so it counts only beside an address word
 * ("live", "ship", "wohne", "habite" …) or before a town with its state and postcode ("Maple Avenue,
 * Springfield, IL 62704").
 */

const NOT_AN_ARTICLE = String.raw`(?!(?:The|A|An|This|That|Our|My|Your|His|Her|Their)(?![\p{L}]))`;
/** "Elm Street Bakery", "Wall Street Journal": a capitalised word right after makes it part of a name. */
const NOT_PART_OF_A_NAME = String.raw`(?![ \t\u00a0]+\p{Lu})`;
const EN_TYPES = String.raw`(?:Street|Avenue|Road|Boulevard|Lane|Drive|Ave\.|Blvd\.|Rd\.)`;
const EN_NUMBERLESS = compiled(
  new RegExp(
    String.raw`${startingWith('\\p{Lu}')}${NOT_AN_ARTICLE}(?:${EN_NAME_WORD}${S}){1,3}${EN_TYPES}${E}${NOT_PART_OF_A_NAME}`,
    'gu',
  ),
);
// Compounds that end in a street word but name no street: "Arbeitsplatz", "Heimweg" are left out by
// taking only these four endings.
const DE_NUMBERLESS = compiled(
  new RegExp(
    String.raw`${startingWith('\\p{Lu}')}\p{Lu}[\p{Ll}\p{M}\-]{1,30}(?:straße|strasse|gasse|allee)${E}(?![ \t\u00a0]*\d)`,
    'gu',
  ),
);
const FR_NUMBERLESS = compiled(
  new RegExp(
    String.raw`${startingWith('[rRaAbBpPiI]')}(?<![\p{L}])(?:rue|avenue|boulevard|place|impasse|Rue|Avenue|Boulevard|Place|Impasse)${S}${FR_NAME}${E}(?![ \t\u00a0]*\d)`,
    'gu',
  ),
);
const ES_IT_NUMBERLESS = compiled(
  new RegExp(
    String.raw`${startingWith('[CVAPcvap]')}(?<![\p{L}])(?:Calle|Avenida|Plaza|Paseo|Via|Viale|Piazza|Corso)${S}${ES_IT_NAME}${E}(?![ \t\u00a0,]*\d)`,
    'gu',
  ),
);
// Literal words one of the patterns needs; \`includes\` finds them far faster than a regex alternation.
// prettier-ignore
const HINT_WORDS = ['Street', 'Avenue', 'Road', 'Boulevard', 'Lane', 'Drive', 'Ave.', 'Blvd.', 'Rd.', 'straße', 'strasse',
  'gasse', 'allee', 'rue ', 'Rue ', 'avenue ', 'boulevard ', 'place ', 'Place ', 'impasse ', 'Impasse ', 'Calle ',
  'Avenida ', 'Plaza ', 'Paseo ', 'Via ', 'Viale ', 'Piazza ', 'Corso '];

export function findNumberlessStreets(text: string, add: AddSpan): void {
  if (!HINT_WORDS.some((word) => text.includes(word))) return;
  for (const m of streetMatches(EN_NUMBERLESS, text, EN_TAIL_AT)) {
    const postal = isPostalTail(m.groups?.['tail']);
    add(m.index, m.index + m[0].length, postal ? SCORE_STREET + TAIL_BONUS : SCORE_WEAK_TYPE);
  }
  for (const regex of [DE_NUMBERLESS, FR_NUMBERLESS, ES_IT_NUMBERLESS]) {
    for (const m of allMatches(regex, text)) add(m.index, m.index + m[0].length, SCORE_WEAK_TYPE);
  }
}
