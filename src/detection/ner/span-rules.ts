import type { Span } from '../types.js';
import { withoutCodeLike } from './code-like-spans.js';
import { withoutDatedMonths } from './dated-months.js';
import { addDisplayNames } from './display-names.js';
import { withoutElidedTails } from './elided-tails.js';
import { withoutEponyms } from './eponyms.js';
import { firstNamePlacesAsPeople } from './first-name-places.js';
import { withoutImperativeVerbs } from './imperative-verbs.js';
import { joinInvertedLists, joinInvertedNames, type NameLookups } from './inverted-names.js';
import { joinConjoinedSurnames } from './joined-surnames.js';
import { trimLeadingRoles } from './leading-roles.js';
import { splitAtBreaks } from './line-broken-names.js';
import { addLineStartNames } from './line-start-names.js';
import { addCuedNames } from './name-cues.js';
import { addCoordinatedNames } from './coordinated-names.js';
import { addDottedNicknames } from './dotted-nicknames.js';
import { addPhoneContactNames } from './phone-contacts.js';
import { addGermanGenitiveNames } from './german-genitives.js';
import { withoutGermanNouns } from './german-nouns.js';
import { withoutUnknownLowercasePlaces } from './lowercase-places.js';
import { addCapitalisedSurnames } from './capitalised-surnames.js';
import { trimNameEdges } from './name-edges.js';
import { addFieldNames } from './name-fields.js';
import { addColumnNames } from './named-columns.js';
import { withoutNamedThings } from './named-things.js';
import { addNotesAddressNames } from './notes-addresses.js';
import { addTableColumnNames, withoutLabelHeaders } from './table-column-names.js';
import { placesAfterTitlesAsPeople } from './titled-places.js';

/** Word lookups in the model's gazetteers that the rules ask. */
export interface RuleLookups extends NameLookups {
  isTitle(word: string): boolean;
  isCalendarWord(word: string): boolean;
  isPlace(word: string): boolean;
}

type SpanRule = (text: string, spans: Span[]) => Span[];

/** A word in the first-name or the surname list. */
export const isPersonNameIn =
  (lookups: NameLookups) =>
  (word: string): boolean =>
    lookups.isFirstName(word) || lookups.isSurname(word);

/**
 * The rules run on the model's spans of one text, in this order (each is described in its module
 * and in docs/detection.md): first the spans that are not people or not names at all go, then the
 * people's spans are cut to the name, surname-first halves joined, then the names the model missed
 * or doubted are added where the text says plainly that a name stands there, and last names that
 * stand for a thing named after someone go, whichever rule found them ("Granny Smith" after a
 * kinship word).
 */
export function spanRules(lookups: RuleLookups): SpanRule[] {
  const isPersonName = isPersonNameIn(lookups);
  return [
    // Not people, or not names
    splitAtBreaks,
    withoutElidedTails,
    withoutCodeLike,
    withoutImperativeVerbs,
    withoutNamedThings,
    (text, spans) => withoutGermanNouns(text, spans, isPersonName, lookups.isPlace, lookups.isTitle),
    (text, spans) =>
      withoutUnknownLowercasePlaces(text, spans, (word) => lookups.isPlace(word) || isPersonName(word)),
    withoutLabelHeaders,
    (text, spans) => withoutDatedMonths(text, spans, lookups.isCalendarWord),
    (text, spans) => placesAfterTitlesAsPeople(text, spans, lookups.isTitle),
    (text, spans) => firstNamePlacesAsPeople(text, spans, lookups.isFirstName, lookups.isPlace),
    // The name and nothing else
    (text, spans) => trimLeadingRoles(text, spans, lookups.isTitle, lookups.isFirstName),
    (text, spans) => trimNameEdges(text, spans, isPersonName),
    (text, spans) => joinInvertedNames(text, spans, lookups),
    joinInvertedLists,
    (text, spans) => joinConjoinedSurnames(text, spans, lookups),
    // Names the text marks as names
    addTableColumnNames,
    (text, spans) => addCuedNames(text, spans, lookups.isFirstName, isPersonName),
    (text, spans) => addFieldNames(text, spans, isPersonName),
    (text, spans) => addColumnNames(text, spans, isPersonName),
    (text, spans) => addCapitalisedSurnames(text, spans, lookups),
    (text, spans) => addLineStartNames(text, spans, lookups.isFirstName, lookups.isCalendarWord),
    (text, spans) => addCoordinatedNames(text, spans, lookups.isFirstName, lookups.isCalendarWord),
    (text, spans) => addGermanGenitiveNames(text, spans, lookups.isFirstName),
    addNotesAddressNames,
    addDottedNicknames,
    (text, spans) => addPhoneContactNames(text, spans, lookups.isFirstName, lookups.isCalendarWord),
    (text, spans) => addDisplayNames(text, spans, isPersonName),
    // Things named after people
    withoutEponyms,
  ];
}

export function applySpanRules(text: string, spans: Span[], rules: readonly SpanRule[]): Span[] {
  return rules.reduce((current, rule) => rule(text, current), spans);
}
