/**
 * Development set for the street-address recognizer: addresses made by @faker-js/faker in the
 * locales of the languages we claim (and their neighbours' formats), in the ways people write them
 * (street alone, street with town and postcode on one line or several), inside short prompts.
 * Plus clean texts with the shapes that look like addresses (a number before capitalised words).
 * Tuning data only: never reported as a result, never trained on.
 */
import { allFakers, type Faker } from '@faker-js/faker';
import type { EvalExample } from './example.js';
import { createRandom, type Random } from '../ner/synthetic/random.js';

export const ADDRESS_DEV_SEED = 20261124;
const PER_LOCALE = 60;

export type Written = 'street' | 'one-line' | 'lines';
const WRITTEN: readonly Written[] = ['street', 'one-line', 'lines'];

interface LocaleForm {
  locale: keyof typeof allFakers;
  lang: 'en' | 'de' | 'fr' | 'es' | 'it';
  /** The town, region and postcode part, as that country writes it. */
  tail(f: Faker, r: Random): { line: string; lines: string[] };
}

const ALPHA = 'ABCDEFGHJKLMNOPRSTUWYZ';
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ';

/** A UK postcode of a valid shape (faker's en_GB ones are not always: "G92 49A"). */
export function ukPostcode(r: Random): string {
  const letter = (set: string) => set[r.int(set.length)]!;
  const area = r.chance(0.5) ? letter(ALPHA) : letter(ALPHA) + letter(ALPHA);
  const district = String(1 + r.int(9)) + (r.chance(0.3) ? String(r.int(10)) : '');
  return `${area}${district} ${r.int(10)}${letter(INWARD)}${letter(INWARD)}`;
}

/** "Springfield, IL 62704" / "Toronto, ON M5V 2T6": town, then state or province and postcode. */
function northAmericanTail(f: Faker) {
  const line = `${f.location.city()}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode()}`;
  return { line, lines: [line] };
}

/** "10115 Berlin": postcode, then town, as continental Europe and Mexico write it. */
function postcodeTownTail(f: Faker) {
  const line = `${f.location.zipCode()} ${f.location.city()}`;
  return { line, lines: [line] };
}

const LOCALES: LocaleForm[] = [
  ...(['en_US', 'en_CA'] as const).map((locale): LocaleForm => ({
    locale,
    lang: 'en',
    tail: northAmericanTail,
  })),
  {
    locale: 'en_AU',
    lang: 'en',
    tail: (f) => {
      const line = `${f.location.city()} ${f.location.state({ abbreviated: true })} ${f.location.zipCode()}`;
      return { line, lines: [line] };
    },
  },
  {
    locale: 'en_GB',
    lang: 'en',
    tail: (f, r) => {
      const town = f.location.city();
      const postcode = ukPostcode(r);
      return { line: `${town} ${postcode}`, lines: [town, postcode] };
    },
  },
  ...(
    [
      ['de', 'de'],
      ['de_AT', 'de'],
      ['de_CH', 'de'],
      ['fr', 'fr'],
      ['fr_BE', 'fr'],
      ['fr_CH', 'fr'],
      ['es', 'es'],
      ['es_MX', 'es'],
    ] as const
  ).map(([locale, lang]): LocaleForm => ({ locale, lang, tail: postcodeTownTail })),
  {
    locale: 'it',
    lang: 'it',
    tail: (f) => {
      const line = `${f.location.zipCode()} ${f.location.city()} (${f.location.state({ abbreviated: true })})`;
      return { line, lines: [line] };
    },
  },
];

// Prompts around the address: {A} is the address; on one line unless the frame puts it on its own.
const FRAMES: Record<LocaleForm['lang'], string[]> = {
  en: [
    'Please ship the order to {A}.',
    'My address is {A}',
    'I live at {A} with my two kids.',
    'Send the contract to:\n{A}\nThanks!',
    'The meeting is at {A} on Monday at 10.',
    'Address: {A}',
    '{A}',
    'We moved to {A} last spring, please update the records.',
    'Our new office at {A} opens in March.',
    'Can you deliver to {A} tomorrow before noon?',
    'Billing address\n{A}\nPhone on file',
    'Customer complained that the parcel for {A} never arrived.',
  ],
  de: [
    'Bitte schicken Sie das Paket an {A}.',
    'Meine Adresse lautet {A}',
    'Lieferadresse: {A}',
    'Rechnungsanschrift:\n{A}\nVielen Dank!',
    'Wir treffen uns am Montag in der {A}.',
    '{A}',
    'Der Kunde ist nach {A} umgezogen, bitte Stammdaten ändern.',
    'Das Büro in der {A} ist freitags geschlossen.',
  ],
  fr: [
    "Merci d'envoyer le colis au {A}.",
    'Mon adresse est {A}',
    'Adresse de livraison : {A}',
    'Facturation :\n{A}\nMerci !',
    'Le rendez-vous est au {A} lundi à 10 h.',
    '{A}',
    'Le client a déménagé au {A}, merci de mettre à jour sa fiche.',
  ],
  es: [
    'Envíe el paquete a {A}, por favor.',
    'Mi dirección es {A}',
    'Dirección de envío: {A}',
    'Facturación:\n{A}\n¡Gracias!',
    'La reunión es en {A} el lunes a las 10.',
    '{A}',
    'El cliente se mudó a {A}, actualicen la ficha por favor.',
  ],
  it: [
    'Spedite il pacco a {A}, grazie.',
    'Il mio indirizzo è {A}',
    'Indirizzo di spedizione: {A}',
    'Fatturazione:\n{A}\nGrazie!',
    "L'appuntamento è in {A} lunedì alle 10.",
    '{A}',
    'Il cliente si è trasferito in {A}, aggiornate la scheda per favore.',
  ],
};

/** The English prompts, which the other countries' development set reuses. */
export const ADDRESS_FRAMES_EN = FRAMES.en;

// Texts with numbers before capitalised words that are not addresses.
export const ADDRESS_CLEAN_TEXTS = [
  'We sold 300 Premium Licenses last quarter and 12 Enterprise Plans.',
  'Top 5 Park Avenue restaurants, according to the 2024 Guide.',
  'Chapter 3 Main Street Economics covers local business.',
  'Meet me at 5 PM Central Time on Friday.',
  'Order 4512 Blue Ridge Coffee Beans before the sale ends.',
  'The 2019 Rose Bowl Game drew 90000 fans.',
  'In 2020 Oxford University Press published the atlas.',
  'Version 2 Cloud Drive Sync is out now.',
  'Seit 2019 Mitglied im Verein, 3 Kinder.',
  'Wir haben 25 Stück Schrauben und 4 Kisten Werkzeug bestellt.',
  'Il reste 3 places pour la Formation Excel du 12 mars.',
  'Nous avons 2 réunions et 1 Assemblée Générale ce mois-ci.',
  'Tenemos 3 Plazas libres en el Curso de Excel.',
  'Abbiamo 4 Piazze da visitare e 2 Musei in programma.',
  'Room 12 Conference Center is booked for the 3 Day Workshop.',
  'The 10 Downing Street Sessions album sold 2 million copies.',
  '42 Apple Drive units were returned under warranty.',
  'Step 2 Review Queue: check the 14 Pending Items.',
  'Ticket 8841 Login Page Error was closed by the on-call engineer.',
  'We need 3 Way Valves and 2 Ball Valves for site B.',
  'Sprint 14 Retro: 3 Action Items, 2 Open Bugs.',
  'Invoice 2024-118 covers 40 Hours Consulting and 2 Travel Days.',
  'Our 3 Star Hotel Package includes 2 Spa Treatments.',
  'Pick 2 Main Courses and 1 Dessert from the Winter Menu.',
  'The 5 Guys Burger order came to 42 dollars.',
  'Track 7 Ocean Drive is the best song on the album.',
  'Gate 23 Terminal B closes 20 minutes before departure.',
  'Level 3 Support handles 150 Tickets a week.',
  'Please read Section 4 Data Retention before 1 March.',
  'She ran 10 Miles on Sunday and 5 Miles on Monday.',
  'Windows 10, 20000 Nutzer haben das Update installiert.',
  'Kapitel 3, 2019 Ausgabe, Seite 45.',
  'Wir brauchen 2 Beamer und 3 Laptops für Raum 12.',
  'Die Version 4 Beta läuft seit 2 Wochen stabil.',
  'Bitte bis Freitag 3 Angebote einholen, Budget 5000 Euro.',
  'Im Jahr 2020 haben wir 5 Mitarbeiter eingestellt.',
  'Der Zug um 8 Uhr fährt von Gleis 4 ab.',
  'Team 3, 12000 Punkte, Platz 2.',
  'Nous livrons 300 Cartons par jour depuis 2021.',
  'La Saison 2 commence le 4 mars, 10 Épisodes prévus.',
  'Le Tome 3, 2018 Édition, est épuisé.',
  'Rendez-vous à 14 h Salle B pour la Réunion Budget.',
  'Il y a 12 Places de parking et 3 Bornes de recharge.',
  'El Grupo 3 presenta 2 Propuestas el lunes.',
  'Compramos 20 Sillas y 4 Mesas para la Sala 2.',
  'La Temporada 5 tiene 10 Capítulos.',
  'Tenemos 3 Plazas disponibles para 2025.',
  'La versione 3, 2000 Utenti attivi al giorno.',
  'Abbiamo ordinato 12 Sedie e 3 Tavoli per la Sala Riunioni.',
  'Il Capitolo 7 Via Crucis dura 40 minuti.',
  'Ci sono 5 Posti liberi nel Corso Excel di aprile.',
  'Route 66 was the theme of the 2019 road trip.',
  'Apollo 11 landed in 1969, 600 Million people watched.',
  'Room 101, 1984 Edition, is on the reading list.',
  'We shipped Release 12 to 4000 Customers yesterday.',
  'Building 7 Plaza Cafe opens at 9.',
  'Order 55 Park Chairs for the 3 Garden Events.',
  'Study 2, 1500 Participants, found no effect.',
  'Step 1: Open Settings. Step 2: Choose Account.',
];

function address(f: Faker, r: Random, form: LocaleForm, written: Written): string {
  const street = f.location.streetAddress(r.chance(0.4));
  if (written === 'street') return street;
  const tail = form.tail(f, r);
  if (written === 'one-line') return `${street}, ${tail.line}`;
  return [street, ...tail.lines].join('\n');
}

/** `value` put in place of {A} in `frame`, labelled as one street address. */
function addressExample(id: string, lang: string, frame: string, value: string): EvalExample {
  const start = frame.indexOf('{A}');
  return {
    id,
    lang,
    text: frame.replace('{A}', value),
    gold: [{ type: 'STREET_ADDRESS', start, end: start + value.length }],
    ignored: [],
  };
}

export function cleanExamples(idPrefix: string, texts: readonly string[]): EvalExample[] {
  return texts.map((text, i) => ({ id: `${idPrefix}-${i + 1}`, text, gold: [], ignored: [] }));
}

export function addressDevExamples(): { examples: EvalExample[]; clean: EvalExample[] } {
  const examples = writtenAddresses({
    idPrefix: 'address-dev',
    seed: ADDRESS_DEV_SEED,
    perForm: PER_LOCALE,
    forms: LOCALES,
    lang: (form) => form.lang,
    frames: (form) => FRAMES[form.lang],
    address,
  });
  return { examples, clean: cleanExamples('address-dev-clean', ADDRESS_CLEAN_TEXTS) };
}

/**
 * `perForm` addresses of each form (a faker locale), written in turn as a street alone, on one line
 * and on several lines, each put in a frame picked at random. Fixed seeds: the same texts every time.
 */
export function writtenAddresses<F extends { locale: keyof typeof allFakers }>(options: {
  idPrefix: string;
  seed: number;
  perForm: number;
  forms: readonly F[];
  lang: (form: F) => string;
  frames: (form: F) => readonly string[];
  address: (f: Faker, r: Random, form: F, how: Written) => string;
}): EvalExample[] {
  const r = createRandom(options.seed);
  const examples: EvalExample[] = [];
  for (const form of options.forms) {
    const f = allFakers[form.locale];
    f.seed(options.seed);
    for (let i = 0; i < options.perForm; i++) {
      const how = WRITTEN[i % WRITTEN.length]!;
      const frame = r.pick(options.frames(form));
      const value = options.address(f, r, form, how);
      const id = `${options.idPrefix}-${form.locale}-${how}-${i + 1}`;
      examples.push(addressExample(id, options.lang(form), frame, value));
    }
  }
  return examples;
}
