import {
  alternation,
  compiled,
  E,
  S,
  S0,
  SCORE_WEAK_TYPE,
  startingWith,
  sticky,
  streetMatches,
  type PushMatch,
} from './address-parts.js';

/**
 * English street addresses typed in lower case, as people type in chat: "i live at 42 oak street",
 * "ship to 123 main st apt 4, austin tx 78701". Without capitals a number, some words and a street
 * word are a weak sign ("3 blocks down main street"), so such a street needs an address word nearby
 * ("live", "ship", "address" …), a flat or a ZIP code.
 */

// Street words that name a street and little else; everyday ones ("park", "center") are left out.
// prettier-ignore
const TYPES = ['street', 'st', 'st.', 'avenue', 'ave', 'ave.', 'road', 'rd', 'rd.', 'boulevard', 'blvd', 'blvd.', 'lane',
  'ln', 'ln.', 'drive', 'dr', 'dr.', 'court', 'ct', 'ct.', 'place', 'pl', 'terrace', 'circle', 'parkway', 'pkwy',
  'highway', 'hwy', 'way'];
// Words that say the number counts something else: "3 blocks down main street", "2 more miles on the road".
// prettier-ignore
const NOT_A_NAME_WORD = String.raw`(?!(?:the|a|an|and|or|of|to|in|on|at|for|from|by|with|down|up|over|into|off|my|your|our|his|her|their|its|this|that|these|those|more|less|few|blocks?|miles?|minutes?|hours?|days?|times?|people|kids|cars|doors|houses|steps|turns|stops|exits|lanes|streets|roads)(?![\p{L}]))`;
const NAME_WORD = String.raw`${NOT_A_NAME_WORD}(?:\p{Ll}[\p{Ll}'’\-]{1,20}|\d{1,3}(?:st|nd|rd|th))(?![\p{L}\p{N}])`;
const DIRECTION = String.raw`(?:${S}(?:nw|ne|sw|se|n|s|e|w)\.?(?![\p{L}]))`;
const UNIT = String.raw`(?<unit>,?${S}(?:apt|apartment|suite|ste|unit|#)\.?${S0}#?[a-z0-9]{1,5}(?![\p{L}\p{N}]))`;
const STREET = compiled(
  new RegExp(
    String.raw`${startingWith('\\d')}(?<![\p{L}\p{N}.,:/])\d{1,5}[a-z]?${S}(?:${NAME_WORD}${S}){1,3}${alternation(TYPES)}${E}${DIRECTION}?${UNIT}?`,
    'gu',
  ),
);
/** ", austin tx 78701", ", washington, dc 20500": a town, a state and a ZIP code confirm it. */
const ZIP_TAIL = sticky(
  String.raw`,?${S}\p{L}[\p{L}'’\-]{1,20}(?:${S}\p{L}[\p{L}'’\-]{1,20}){0,2},?${S}(?:[a-zA-Z]{2}\.?,?${S})?\d{5}(?:-\d{4})?(?![\p{N}])`,
);
/** ", springfield": a town alone extends the street but confirms nothing. */
const TOWN_TAIL = sticky(
  String.raw`,${S}\p{Ll}[\p{Ll}'’\-]{1,20}(?:${S}\p{Ll}[\p{Ll}'’\-]{1,20}){0,1}(?![\p{L}\p{N}])`,
);
const HINT = new RegExp(String.raw`\d[a-z]?${S}\p{Ll}[^\n]{0,60}?(?:${alternation(TYPES)})(?![\p{L}])`, 'u');

export function findLowercaseStreets(text: string, push: PushMatch): void {
  if (!HINT.test(text)) return;
  for (const m of streetMatches(STREET, text, ZIP_TAIL, TOWN_TAIL)) push(m, SCORE_WEAK_TYPE);
}
