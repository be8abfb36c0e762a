import { describe, expect, it } from 'vitest';
import { holdsSqlQuery, isCodeLike, withoutCodeLike } from '../../../src/detection/ner/code-like-spans.js';
import {
  joinInvertedLists,
  joinInvertedNames,
  type NameLookups,
} from '../../../src/detection/ner/inverted-names.js';
import { trimLeadingRoles } from '../../../src/detection/ner/leading-roles.js';
import { guessLanguage } from '../../../src/detection/ner/text-language.js';
import { withoutImperativeVerbs } from '../../../src/detection/ner/imperative-verbs.js';
import { withoutNamedThings } from '../../../src/detection/ner/named-things.js';
import { withoutEponyms } from '../../../src/detection/ner/eponyms.js';
import { splitAtBreaks } from '../../../src/detection/ner/line-broken-names.js';
import { addCuedNames } from '../../../src/detection/ner/name-cues.js';
import { trimNameEdges } from '../../../src/detection/ner/name-edges.js';
import { withoutDatedMonths } from '../../../src/detection/ner/dated-months.js';
import { addFieldNames } from '../../../src/detection/ner/name-fields.js';
import { addLineStartNames } from '../../../src/detection/ner/line-start-names.js';
import { addNotesAddressNames } from '../../../src/detection/ner/notes-addresses.js';
import { addDisplayNames } from '../../../src/detection/ner/display-names.js';
import { addTableColumnNames, withoutLabelHeaders } from '../../../src/detection/ner/table-column-names.js';
import { placesAfterTitlesAsPeople } from '../../../src/detection/ner/titled-places.js';
import { firstNamePlacesAsPeople } from '../../../src/detection/ner/first-name-places.js';
import type { Span } from '../../../src/detection/types.js';
import { spanOf } from '../../helpers/span-of.js';

const values = (text: string, spans: readonly Span[]) => spans.map((s) => text.slice(s.start, s.end));

describe('isCodeLike', () => {
  it('drops spans glued to a call bracket, of any type', () => {
    const text = 'return sum(lista) / len(lista) and Decimal("0.01")';
    expect(isCodeLike(text, spanOf(text, 'len'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'lista'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'Decimal', 'ORGANIZATION'))).toBe(true);
    const spaced = 'Anna (HR) and Zürich (Kreis 7)';
    expect(isCodeLike(spaced, spanOf(spaced, 'Anna'))).toBe(false);
    expect(isCodeLike(spaced, spanOf(spaced, 'Zürich', 'LOCATION'))).toBe(false);
  });

  it('drops people with digits, constants and pieces of product codes', () => {
    const text = 'Cosa vuol dire E_LOCK? {"sku": "TAZA-BLANCO-350"} | Druckerpapier A4 |';
    expect(isCodeLike(text, spanOf(text, 'E_LOCK'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'TAZA-BLANCO'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'Druckerpapier A4'))).toBe(true);
  });

  it("drops a code's label in capitals before its number, not a name before a number", () => {
    const text = 'Artikel mit EAN 4006381333931, SKU: 88123, SIRET n° 73282932000074. Ean 0171 2345678';
    expect(isCodeLike(text, spanOf(text, 'EAN'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'SKU'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'SIRET', 'ORGANIZATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'Ean'))).toBe(false);
    const alone = 'the EAN is on the box';
    expect(isCodeLike(alone, spanOf(alone, 'EAN'))).toBe(false);
  });

  it('drops what the model found inside a time zone name, and reads many of them in linear time', () => {
    const text = 'Set TZ=Europe/Berlin; Zeitzone Europe/Rome; not Europe/Atlantis. Berlin is nice';
    const spans = [
      spanOf(text, 'Europe/Berlin', 'LOCATION'),
      spanOf(text, 'Zeitzone Europe/Rome', 'ORGANIZATION'),
      spanOf(text, 'Atlantis', 'LOCATION'),
      spanOf(text, 'Berlin', 'LOCATION', 0.9, text.indexOf('Berlin is')),
    ];
    expect(values(text, withoutCodeLike(text, spans))).toEqual(['Atlantis', 'Berlin']);
    const many = 'America/New_York Anna '.repeat(9_000);
    const annas = [...many.matchAll(/Anna|America/g)].map((m) => spanOf(many, m[0], 'PERSON', 0.9, m.index));
    const started = performance.now();
    expect(withoutCodeLike(many, annas)).toHaveLength(9_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("drops a business letter's abbreviation read as a place", () => {
    const text = 'Rif. ordine 2024/118 del 14/03; Prot. n. 55. I met Art.';
    expect(isCodeLike(text, spanOf(text, 'Rif', 'LOCATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'Prot', 'PERSON'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'Art', 'PERSON'))).toBe(false);
  });

  it('drops places and companies in capitals that are pieces of a code', () => {
    const text = '{"ordine": "ORD-9034"} Regex for MESA-NOGAL-180. Flights: PARIS - LONDON, NASA 2024';
    expect(isCodeLike(text, spanOf(text, 'ORD', 'LOCATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'NOGAL', 'LOCATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'PARIS', 'LOCATION'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'LONDON', 'LOCATION'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'NASA', 'ORGANIZATION'))).toBe(false);
    const mixed = 'Paris-2 is the second team of Zürich-Nord';
    expect(isCodeLike(mixed, spanOf(mixed, 'Paris', 'ORGANIZATION'))).toBe(false);
    const ticket = 'Ticket INC-20931: Drucker meldet Papierstau. Acme BMW 3 Series';
    expect(isCodeLike(ticket, spanOf(ticket, 'Ticket INC', 'ORGANIZATION'))).toBe(true);
    expect(isCodeLike(ticket, spanOf(ticket, 'Acme BMW', 'ORGANIZATION'))).toBe(false);
  });

  it('drops a place that is one word of letters and digits, but not companies or places with a number apart', () => {
    const text = 'Retry in 60s, the CM1 class, 3M and Zürich (Kreis 7), Paris 2024';
    expect(isCodeLike(text, spanOf(text, '60s', 'LOCATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, 'CM1', 'LOCATION'))).toBe(true);
    expect(isCodeLike(text, spanOf(text, '3M', 'ORGANIZATION'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Zürich (Kreis 7)', 'LOCATION'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Paris 2024', 'LOCATION'))).toBe(false);
  });

  it('drops SQL keywords in a query, but not quoted values or keywords outside a query', () => {
    const query =
      "SELECT categoria, COUNT(*) FROM Prodotti GROUP BY categoria LIMIT 5; -- vendor 'BMW GROUP'";
    expect(isCodeLike(query, spanOf(query, 'Prodotti GROUP', 'ORGANIZATION'))).toBe(true);
    expect(isCodeLike(query, spanOf(query, 'LIMIT', 'LOCATION'))).toBe(true);
    expect(isCodeLike(query, spanOf(query, 'BMW GROUP', 'ORGANIZATION'))).toBe(false);
    const prose = 'The BMW GROUP and VOLVO ON CALL announced it';
    expect(isCodeLike(prose, spanOf(prose, 'BMW GROUP', 'ORGANIZATION'))).toBe(false);
  });

  it('tells a query by a statement keyword, then a clause keyword in the same statement', () => {
    expect(holdsSqlQuery('SELECT name FROM staff')).toBe(true);
    expect(holdsSqlQuery('UPDATE t SET a = 1')).toBe(true);
    expect(holdsSqlQuery("INSERT INTO t VALUES ('A')")).toBe(true);
    expect(holdsSqlQuery('DELETE; then FROM the top')).toBe(false);
    expect(holdsSqlQuery('FROM here we SELECT')).toBe(false);
    expect(holdsSqlQuery('SELECTED items, OFFSET FROMAGE')).toBe(false);
    expect(holdsSqlQuery('select name from staff')).toBe(false);
    expect(holdsSqlQuery('SELECT a '.repeat(16_000))).toBe(false);
  });

  it('keeps companies with digits and people next to numbers written apart', () => {
    const text = 'F45 Training Holdings Inc. paid Maria 500 EUR on 3 May';
    expect(isCodeLike(text, spanOf(text, 'F45 Training Holdings Inc.', 'ORGANIZATION'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Maria'))).toBe(false);
  });

  it('keeps names written like user names, and user handles', () => {
    const text = 'ask j.smith or maria_rossi; owner: Martin.Grady; cc @ Luke5SOS and @Dave_Sciarra1';
    expect(isCodeLike(text, spanOf(text, 'smith'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'maria_rossi'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Grady'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Luke5SOS'))).toBe(false);
    expect(isCodeLike(text, spanOf(text, 'Dave_Sciarra1'))).toBe(false);
  });

  it('keeps spans at the very start and end of a text', () => {
    const text = 'Anna';
    expect(withoutCodeLike(text, [spanOf(text, 'Anna')])).toHaveLength(1);
    expect(withoutCodeLike('', [])).toEqual([]);
  });
});

describe('joinInvertedNames', () => {
  const firstNames = new Set(['anna', 'marco', 'karim', 'javier', 'demir']);
  const surnames = new Set(['haddad', 'winter', 'demir', 'rosario']);
  const names: NameLookups = {
    isFirstName: (word) => firstNames.has(word.toLowerCase()),
    isSurname: (word) => surnames.has(word.toLowerCase()),
  };
  const join = (text: string, parts: string[]) => {
    let from = 0;
    const spans = parts.map((part) => {
      const span = spanOf(text, part, 'PERSON', 0.8, from);
      from = span.end;
      return span;
    });
    return values(text, joinInvertedNames(text, spans, names));
  };

  it('joins "Surname, First" items of a bulleted list and of a list closed by a full stop', () => {
    const bulleted = 'Lista de asistentes:\n- Haddad, Karim\n- Winter, Anna\n';
    expect(join(bulleted, ['Haddad', 'Karim', 'Winter', 'Anna'])).toEqual(['Haddad, Karim', 'Winter, Anna']);
    const closed = 'Bewerbungen: Haddad, Karim; Rosario Winter; Demir, Marco.';
    expect(join(closed, ['Haddad', 'Karim', 'Rosario Winter', 'Demir', 'Marco'])).toEqual([
      'Haddad, Karim',
      'Rosario Winter',
      'Demir, Marco',
    ]);
    const spaced = 'Signatures : Haddad, Karim ; Winter, Anna.';
    expect(join(spaced, ['Haddad', 'Karim', 'Winter', 'Anna'])).toEqual(['Haddad, Karim', 'Winter, Anna']);
    // Two first names on one line of a comma list stay two people.
    expect(join('Team:\n- Anna, Marco, Karim\n', ['Anna', 'Marco', 'Karim'])).toEqual([
      'Anna',
      'Marco',
      'Karim',
    ]);
  });

  it('joins "Surname, First" after a label that names one person', () => {
    expect(join('NOM, Prénom : HADDAD, Karim\nDate', ['HADDAD', 'Karim'])).toEqual(['HADDAD, Karim']);
    expect(join('Patientin: Fuchs, Annegret, geb. 03.08.1951', ['Fuchs', 'Annegret'])).toEqual([
      'Fuchs, Annegret',
    ]);
    expect(join('APELLIDOS, NOMBRE: DE LA FUENTE RUIZ, JAVIER\n', ['DE LA FUENTE RUIZ', 'JAVIER'])).toEqual([
      'DE LA FUENTE RUIZ, JAVIER',
    ]);
    expect(join('Applicant: Demir, Ayşe Nur | Nationality: Turkish', ['Demir', 'Ayşe Nur'])).toEqual([
      'Demir, Ayşe Nur',
    ]);
  });

  it('joins at a line start when the first half is a known surname or in capitals', () => {
    expect(join('Winter, Gunnar – Personalnr. 44712', ['Winter', 'Gunnar'])).toEqual(['Winter, Gunnar']);
    expect(join('SMITH, John', ['SMITH', 'John'])).toEqual(['SMITH, John']);
  });

  it('joins each "Surname, First" item of a list separated by semicolons, as e-mail headers write it', () => {
    const text = 'Sent: Wednesday\nTo:\tKean, Steven J.; Shapiro, Richard\nSubject: RE';
    expect(join(text, ['Kean', 'Steven J.', 'Shapiro', 'Richard'])).toEqual([
      'Kean, Steven J.',
      'Shapiro, Richard',
    ]);
  });

  it('joins the airline form "SURNAME/FIRST"', () => {
    expect(
      join('PASSENGER NAME: AL-MANSOURI/ABDULRAHMAN KHALID MR', ['AL-MANSOURI', 'ABDULRAHMAN KHALID']),
    ).toEqual(['AL-MANSOURI/ABDULRAHMAN KHALID']);
  });

  it('keeps lists of people apart', () => {
    expect(join('Interviewers: Khalid, Finn', ['Khalid', 'Finn'])).toEqual(['Khalid', 'Finn']);
    expect(join('CC: Anna, Marco', ['Anna', 'Marco'])).toEqual(['Anna', 'Marco']);
    expect(join('Early shift: Anna/Marco', ['Anna', 'Marco'])).toEqual(['Anna', 'Marco']);
    expect(join('Name: Winter, Anna, Marco', ['Winter', 'Anna', 'Marco'])).toEqual([
      'Winter',
      'Anna',
      'Marco',
    ]);
    expect(join('Name: Haddad, Anna and Marco', ['Haddad', 'Anna', 'Marco'])).toEqual([
      'Haddad',
      'Anna',
      'Marco',
    ]);
  });

  it('keeps names apart outside a field', () => {
    expect(join('Thanks Haddad, Karim will call', ['Haddad', 'Karim'])).toEqual(['Haddad', 'Karim']);
    expect(join('Name: Haddad,  Karim', ['Haddad', 'Karim'])).toEqual(['Haddad', 'Karim']);
  });

  it('joins only people and keeps the mean score', () => {
    const text = 'Name: Haddad, Paris';
    const spans = [spanOf(text, 'Haddad', 'PERSON', 1), spanOf(text, 'Paris', 'LOCATION', 0.5)];
    expect(joinInvertedNames(text, spans, names)).toHaveLength(2);
    const people = [spanOf(text, 'Haddad', 'PERSON', 1), spanOf(text, 'Paris', 'PERSON', 0.5)];
    expect(joinInvertedNames(text, people, names)).toEqual([{ ...people[0], end: text.length, score: 0.75 }]);
  });
});

describe('guessLanguage', () => {
  it('names the language whose function words lead', () => {
    expect(guessLanguage('Bonjour, votre colis est arrivé chez le gardien')).toBe('fr');
    expect(guessLanguage('Kannst du mir bitte die Liste schicken? Danke und bis morgen')).toBe('de');
    expect(guessLanguage('Wir feiern Annas Geburtstag am Samstag bei Lenas Eltern.')).toBe('de');
    expect(guessLanguage('Hola, ¿me puedes enviar los datos para mañana? Gracias')).toBe('es');
    expect(guessLanguage('Ciao, sono Marco: anche questo è pronto, grazie')).toBe('it');
    expect(guessLanguage('Please send me the file and your notes')).toBe('en');
    expect(
      guessLanguage(
        "Réunion : M. d'Almeida souhaite parler de sa fille après 18 h. Propose-moi un planning.",
      ),
    ).toBe('fr');
    expect(guessLanguage('Perché non mi hai detto niente? Ho visto tutto')).toBe('it');
    expect(guessLanguage('silenzio dopo le 22, bici solo in cantina, rifiuti fuori il martedì sera')).toBe(
      'it',
    );
    expect(guessLanguage('¿Qué hay de nuevo? Pero también estoy cansado')).toBe('es');
  });

  it('gives up on ties, texts without function words and empty text', () => {
    expect(guessLanguage('')).toBeUndefined();
    expect(guessLanguage('RICHIESTA FERIE - DIPENDENTE: CAPUTO ANTONIO')).toBeUndefined();
    expect(guessLanguage('the et')).toBeUndefined();
  });

  it('reads only the first words of a very long text', () => {
    expect(guessLanguage('the cat '.repeat(300) + 'et les vous pour '.repeat(100_000))).toBe('en');
  });
});

describe('joinInvertedLists', () => {
  const list =
    'Lista de asistentes:\n- García López, Ana\n- Fernández de la Fuente, Juan Carlos\n- Ruiz del Río, Fco. Javier\n- Martínez Soto, Pilar';
  const modelSpans = (text: string, parts: [string, string][]) => {
    let from = 0;
    return parts.map(([part, type]) => {
      const span = spanOf(text, part, type, 0.8, from);
      from = span.end;
      return span;
    });
  };
  const typed = (text: string, spans: Span[]) =>
    joinInvertedLists(text, spans).map((s) => [text.slice(s.start, s.end), s.entity_type]);

  it('makes every item of a surname-first list one person once one item is joined', () => {
    const spans = modelSpans(list, [
      ['García López, Ana', 'PERSON'],
      ['Fernández de la Fuente', 'PERSON'],
      ['Juan Carlos', 'PERSON'],
      ['Javier', 'PERSON'],
      ['Martínez Soto', 'PERSON'],
      ['Pilar', 'LOCATION'],
    ]);
    expect(typed(list, spans)).toEqual([
      ['García López, Ana', 'PERSON'],
      ['Fernández de la Fuente, Juan Carlos', 'PERSON'],
      ['Ruiz del Río, Fco. Javier', 'PERSON'],
      ['Martínez Soto, Pilar', 'PERSON'],
    ]);
  });

  it('leaves lists with no joined item, single items and items that are part of a longer entity', () => {
    const places = 'Sedi:\n- Paris, France\n- Berlin, Germany';
    const placeSpans = modelSpans(places, [
      ['Paris', 'LOCATION'],
      ['France', 'LOCATION'],
      ['Berlin', 'LOCATION'],
      ['Germany', 'LOCATION'],
    ]);
    expect(typed(places, placeSpans)).toEqual(
      placeSpans.map((s) => [places.slice(s.start, s.end), 'LOCATION']),
    );
    const single = 'Titular:\n- García López, Ana\nGracias';
    expect(typed(single, modelSpans(single, [['García López', 'PERSON']]))).toEqual([
      ['García López', 'PERSON'],
    ]);
    const street = '- Rossi, Mario\n- Via Roma, Torino';
    const streetSpans = [
      ...modelSpans(street, [['Rossi, Mario', 'PERSON']]),
      spanOf(street, '- Via Roma, Torino', 'STREET_ADDRESS'),
    ];
    expect(typed(street, streetSpans)).toEqual([
      ['Rossi, Mario', 'PERSON'],
      ['- Via Roma, Torino', 'STREET_ADDRESS'],
    ]);
  });

  it('reads a long list in linear time', () => {
    const text = '- Rossi, Mario\n'.repeat(20_000);
    const started = performance.now();
    joinInvertedLists(text, [spanOf(text, 'Rossi, Mario')]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('trimLeadingRoles', () => {
  const titles = new Set(['herr', 'frau', 'dr', 'm', 'mr', 'don']);
  const firstNames = new Set(['karim', 'jean', 'juan']);
  const trim = (text: string, value: string, type = 'PERSON') =>
    values(
      text,
      trimLeadingRoles(
        text,
        [spanOf(text, value, type)],
        (word) => titles.has(word),
        (word) => firstNames.has(word.toLowerCase()),
      ),
    );

  it('cuts salutations off the front of a name and drops one alone; "Don" before a known first name is a title', () => {
    expect(trim('Resume: "Querida Pili, el viernes', 'Querida Pili')).toEqual(['Pili']);
    expect(trim('"Caro Luca, ti confermo', 'Caro Luca')).toEqual(['Luca']);
    expect(trim('Chère Juju, tu peux', 'Chère Juju')).toEqual(['Juju']);
    expect(trim('Bonsoir, c’est Armelle', 'Bonsoir')).toEqual([]);
    expect(trim('"Don Juan Castillo y doña Amparo', 'Don Juan Castillo')).toEqual(['Juan Castillo']);
    expect(trim('Don Cheadle was great', 'Don Cheadle')).toEqual(['Don Cheadle']);
  });

  it('reads "M." as Monsieur in French and as an initial in our other languages', () => {
    expect(trim('Bonjour M. Benali, votre véhicule est prêt au garage', 'M. Benali')).toEqual(['Benali']);
    expect(trim("Réunion : M. d'Almeida souhaite parler avec vous", "M. d'Almeida")).toEqual(["d'Almeida"]);
    expect(trim('Teilnehmende: A. Becker, M. Hahn. Hahn klärt das mit Vonovia', 'Hahn')).toEqual(['M. Hahn']);
    expect(trim('Il referente è M. Greco, grazie', 'Greco')).toEqual(['M. Greco']);
    expect(trim('Please ask M. Ortega for the keys', 'M. Ortega')).toEqual(['M. Ortega']);
  });

  it('drops a capitalised role word alone except in English text, where it may be a surname', () => {
    expect(trim('Termin beim Notar: Notarin Dr. Anke Schmid, Königsallee 20', 'Notarin')).toEqual([]);
    expect(trim('| Kowalski | Marek | Technicien |', 'Technicien')).toEqual([]);
    expect(trim('Ask Bishop about the keys and the rota', 'Bishop')).toEqual(['Bishop']);
    expect(trim('Admin Radosław Zieliński wurde per Mail informiert', 'Admin Radosław Zieliński')).toEqual([
      'Radosław Zieliński',
    ]);
  });

  it('cuts an abbreviated Don or Doña off the name in Spanish text, not elsewhere', () => {
    expect(trim('El tutor legal es D. Ginés Martínez-Almeida.', 'D. Ginés Martínez-Almeida')).toEqual([
      'Ginés Martínez-Almeida',
    ]);
    expect(trim('Contacto: Sra. Dª Milagros Ortega, tel. para la cita', 'Dª Milagros Ortega')).toEqual([
      'Milagros Ortega',
    ]);
    expect(trim('Please ask D. Ortega and the team', 'D. Ortega')).toEqual(['D. Ortega']);
  });

  it('cuts the letter of a German "i. V." or "i. A." off the name', () => {
    const text = 'Mit freundlichen Grüßen\ni. V. Thomas Lang';
    expect(trim(text, 'V. Thomas Lang')).toEqual(['Thomas Lang']);
    expect(trim(text, 'i. V. Thomas Lang')).toEqual(['Thomas Lang']);
    expect(trim('Gruß, V. Lang', 'V. Lang')).toEqual(['V. Lang']);
  });

  it('leaves "M." alone where the language is unclear or it is part of a word', () => {
    expect(trim('Expéditeur : M. Thomas, Langres', 'Thomas')).toEqual(['Thomas']);
    expect(trim('Expéditeur : M. Thomas, Langres', 'M. Thomas')).toEqual(['M. Thomas']);
    expect(trim('This is the DOM. Hahn wrote it', 'Hahn')).toEqual(['Hahn']);
    expect(trim('Bonjour, je suis M. Karim Haddad', 'Karim Haddad')).toEqual(['Karim Haddad']);
    expect(trim('This is M. Karim Haddad, the CEO', 'Karim Haddad')).toEqual(['Karim Haddad']);
  });

  it('cuts role words and titles off the front of a name', () => {
    expect(trim('Fehler: Karteninhaber MARTINA KOCH, Karte', 'Karteninhaber MARTINA KOCH')).toEqual([
      'MARTINA KOCH',
    ]);
    expect(trim('bitte beim Nachbarn Kühn abgeben', 'Nachbarn Kühn')).toEqual(['Kühn']);
    expect(trim('Sehr geehrter Herr Mag. Hofbauer,', 'Herr Mag. Hofbauer')).toEqual(['Hofbauer']);
    expect(trim('la cuenta del titular Yasmina El Amrani', 'titular Yasmina El Amrani')).toEqual([
      'Yasmina El Amrani',
    ]);
  });

  it('cuts kinship words and abbreviated titles off the front of a name', () => {
    expect(trim('Ich habe Onkel Hans eingeladen', 'Onkel Hans')).toEqual(['Hans']);
    expect(trim('Mamie Jeanne arrive demain', 'Mamie Jeanne')).toEqual(['Jeanne']);
    expect(trim('La nonna Pina compie 90 anni', 'nonna Pina')).toEqual(['Pina']);
    expect(trim('Termin bei Hr. Maier', 'Hr. Maier')).toEqual(['Maier']);
    expect(trim('Att. Dña. Carmen López', 'Dña. Carmen López')).toEqual(['Carmen López']);
    expect(trim('hi tia Rosa! mom says', 'tia Rosa')).toEqual(['Rosa']);
    expect(trim('with Tia Mowry', 'Tia Mowry')).toEqual(['Tia Mowry']);
    expect(trim('Hygienist Brittany is gentle', 'Hygienist Brittany')).toEqual(['Brittany']);
    expect(trim('a letter from Professor Dasgupta', 'Professor Dasgupta')).toEqual(['Dasgupta']);
  });

  it('drops a span that is only a title, and a lone "M." or "D." right before a name', () => {
    const text = 'Avv. Luca Verdi e Arch. Paolo Neri, Sr. D. Álvaro Núñez, Vitamin D. Tablets';
    const spans = ['Luca Verdi', 'Arch.', 'Paolo Neri', 'D.', 'Álvaro Núñez'].map((v) => spanOf(text, v));
    const isTitle = (word: string) => ['arch', 'sr'].includes(word);
    expect(
      values(
        text,
        trimLeadingRoles(text, spans, isTitle, () => false),
      ),
    ).toEqual(['Luca Verdi', 'Paolo Neri', 'Álvaro Núñez']);
    const kin = 'Bisous, mamie Jeanne et Mamie Nova';
    const kinSpans = ['mamie', 'Jeanne', 'Mamie Nova'].map((v) => spanOf(kin, v));
    expect(
      values(
        kin,
        trimLeadingRoles(kin, kinSpans, isTitle, () => false),
      ),
    ).toEqual(['Jeanne', 'Nova']);
    // "D." before something that is not a person, and "Don" as a capitalised name, stay.
    const tablets = [spanOf(text, 'D.', 'PERSON', 0.9, text.indexOf('Vitamin'))];
    expect(
      values(
        text,
        trimLeadingRoles(text, tablets, isTitle, () => false),
      ),
    ).toEqual(['D.']);
    expect(trim('Don said yes', 'Don')).toEqual(['Don']);
  });

  it('reads "M." and "D." before a known first name and another name word as Monsieur and Don', () => {
    expect(trim('Merci à M. Karim Haddad pour son aide', 'M. Karim Haddad')).toEqual(['Karim Haddad']);
    expect(trim('M. Jean de la Fontaine', 'M. Jean de la Fontaine')).toEqual(['Jean de la Fontaine']);
    expect(trim('El paciente D. Juan Carlos Pérez ingresó', 'D. Juan Carlos Pérez')).toEqual([
      'Juan Carlos Pérez',
    ]);
  });

  it('keeps one-letter titles, a lone role word and other entity types', () => {
    expect(trim('Aprobado por M. Ortega.', 'M. Ortega')).toEqual(['M. Ortega']);
    expect(trim('Signé M. Ortega Ruiz', 'M. Ortega Ruiz')).toEqual(['M. Ortega Ruiz']);
    expect(trim('with J. Karim Haddad', 'J. Karim Haddad')).toEqual(['J. Karim Haddad']);
    expect(trim('Chiedi a Di Stefano', 'Di Stefano')).toEqual(['Di Stefano']);
    expect(trim('Don Cheadle again', 'Don Cheadle')).toEqual(['Don Cheadle']);
    expect(trim('habla con don José Pérez', 'don José Pérez')).toEqual(['José Pérez']);
    expect(trim('the Patient said', 'Patient')).toEqual(['Patient']);
    expect(trim('Kunde Müller GmbH', 'Kunde Müller GmbH', 'ORGANIZATION')).toEqual(['Kunde Müller GmbH']);
    expect(trim('Name Anna', 'Name Anna')).toEqual(['Anna']);
  });
});

describe('splitAtBreaks', () => {
  it('cuts a CSV row, a name before a dash and a field label, a header list at its semicolons, and an Italian name before "di" and a firm', () => {
    const row = 'nombre,apellido\nRaquel,Serrano,Pardo,611223344';
    expect(values(row, splitAtBreaks(row, [spanOf(row, 'Raquel,Serrano,Pardo')]))).toEqual([
      'Raquel',
      'Serrano',
      'Pardo',
    ]);
    const ticket = 'Ticket 88 - Cliente: Carmen Díaz - Problema: no llegan';
    expect(values(ticket, splitAtBreaks(ticket, [spanOf(ticket, 'Carmen Díaz - Problema')]))).toEqual([
      'Carmen Díaz',
    ]);
    const header = 'To:\tKean, Steven J.; Shapiro, Richard\nSubject: PUC';
    expect(values(header, splitAtBreaks(header, [spanOf(header, 'Steven J.; Shapiro, Richard')]))).toEqual([
      'Steven J.',
      'Shapiro, Richard',
    ]);
    const firm = 'Appunti: Giacomo di Officine Brenta vuole';
    expect(values(firm, splitAtBreaks(firm, [spanOf(firm, 'Giacomo di Officine Brenta')]))).toEqual([
      'Giacomo',
      'Officine Brenta',
    ]);
    // Kept whole: "Surname, First", the particle "Di", a dash before a capital that is no label.
    for (const name of ['Rossi, Mario', 'Francesca Di Stefano', 'Jean - Luc', 'maria di francesco']) {
      const text = `Ciao ${name} ok`;
      expect(values(text, splitAtBreaks(text, [spanOf(text, name)]))).toEqual([name]);
    }
  });

  it('cuts a person span at line breaks into one span per line, trimmed, each with the score', () => {
    const text = 'Grüße aus Graz\r\n  Theresa Pichler-Strobl\n\nPS';
    const span = { ...spanOf(text, 'Graz\r\n  Theresa Pichler-Strobl'), score: 0.7 };
    const pieces = splitAtBreaks(text, [span]);
    expect(values(text, pieces)).toEqual(['Graz', 'Theresa Pichler-Strobl']);
    expect(pieces.every((p) => p.score === 0.7 && p.entity_type === 'PERSON')).toBe(true);
  });

  it('cuts a person span at a spaced dash and at the end of a sentence', () => {
    const split = (text: string, value: string) => values(text, splitAtBreaks(text, [spanOf(text, value)]));
    expect(split('Steve - the PUC pushed the hearing', 'Steve - the PUC')).toEqual(['Steve', 'the PUC']);
    expect(split('yourself, John. Even Patterson says', 'John. Even Patterson')).toEqual([
      'John',
      'Even Patterson',
    ]);
    expect(split('Thanks Anna! Marco will call', 'Anna! Marco')).toEqual(['Anna', 'Marco']);
  });

  it('keeps initials, abbreviations before names and hyphenated names whole', () => {
    const whole = (text: string, value: string) => values(text, splitAtBreaks(text, [spanOf(text, value)]));
    expect(whole('I spoke with Carol St. Clair today', 'Carol St. Clair')).toEqual(['Carol St. Clair']);
    expect(whole('Kind regards, J. R. Hartley', 'J. R. Hartley')).toEqual(['J. R. Hartley']);
    expect(whole('see Prof. Dasgupta', 'Prof. Dasgupta')).toEqual(['Prof. Dasgupta']);
    expect(whole('Anna-Lena Meyer-Ort', 'Anna-Lena Meyer-Ort')).toEqual(['Anna-Lena Meyer-Ort']);
    expect(whole('Carl v. Ossietzky', 'Carl v. Ossietzky')).toEqual(['Carl v. Ossietzky']);
    expect(whole('Jean - Luc Picard said', 'Jean - Luc Picard')).toEqual(['Jean - Luc Picard']);
  });

  it('leaves spans on one line and other types alone', () => {
    const text = 'Anna Berg\nMain Street\nSpringfield';
    const person = spanOf(text, 'Anna Berg');
    const place = spanOf(text, 'Main Street\nSpringfield', 'LOCATION');
    expect(splitAtBreaks(text, [person, place])).toEqual([person, place]);
    expect(splitAtBreaks('', [])).toEqual([]);
  });
});

describe('addTableColumnNames', () => {
  const roster = [
    '| Name | Role | City |',
    '|---|---|---|',
    '| Kwame Asante-Boateng | PM | Accra |',
    '| Szabó Réka | QA | Budapest |',
    '| Ólafur Sigurðsson | SRE | remote |',
    '| Lena Vogt | Dev | Köln |',
  ].join('\n');
  const people = (text: string, names: string[]) => names.map((name) => spanOf(text, name, 'PERSON', 0.8));

  it('adds the names the model missed in a column it mostly read as people', () => {
    const found = people(roster, ['Kwame Asante-Boateng', 'Lena Vogt']);
    const result = addTableColumnNames(roster, found);
    expect(values(roster, result)).toEqual([
      'Kwame Asante-Boateng',
      'Szabó Réka',
      'Ólafur Sigurðsson',
      'Lena Vogt',
    ]);
    expect(result.every((s) => s.entity_type === 'PERSON' && s.score === 0.8)).toBe(true);
  });

  it('lets a less sure span in such a cell give way, but keeps a surer one', () => {
    const doubted = spanOf(roster, 'Szabó', 'LOCATION', 0.4);
    const sure = spanOf(roster, 'Ólafur Sigurðsson', 'LOCATION', 0.95);
    const found = [...people(roster, ['Kwame Asante-Boateng', 'Lena Vogt']), doubted, sure].sort(
      (a, b) => a.start - b.start,
    );
    const result = addTableColumnNames(roster, found);
    expect(result.map((s) => `${s.entity_type}:${roster.slice(s.start, s.end)}`)).toEqual([
      'PERSON:Kwame Asante-Boateng',
      'PERSON:Szabó Réka',
      'LOCATION:Ólafur Sigurðsson',
      'PERSON:Lena Vogt',
    ]);
  });

  it('needs two people making at least half of the column, and leaves the header, numbers and other columns alone', () => {
    const one = people(roster, ['Lena Vogt']);
    expect(addTableColumnNames(roster, one)).toEqual(one);
    const table = '| Owner | Item |\n|---|---|\n| Anna Berg | Desk 4 |\n| Paul Roth | Chair |\n| 42 | Lamp |';
    const found = people(table, ['Anna Berg', 'Paul Roth']);
    expect(values(table, addTableColumnNames(table, found))).toEqual(['Anna Berg', 'Paul Roth']);
    const mixed = '| Anna Berg |\n| Paul Roth |\n| Desk |\n| Chair |\n| Lamp |';
    const few = people(mixed, ['Anna Berg', 'Paul Roth']);
    expect(addTableColumnNames(mixed, few)).toEqual(few);
  });

  it('adds nothing to the first row of a table without a separator line: it may be the header', () => {
    const text = '| Name | Role |\n| Anna Berg | PM |\n| Paul Roth | Dev |\n| Carla Neri | QA |';
    const found = people(text, ['Anna Berg', 'Paul Roth']);
    expect(values(text, addTableColumnNames(text, found))).toEqual(['Anna Berg', 'Paul Roth', 'Carla Neri']);
  });

  it('treats tables apart and ignores text that is not a table', () => {
    const text = '| Anna Berg | x |\n| Paul Roth | y |\n\n| Carla Neri | z |\nA | B | C';
    const found = people(text, ['Anna Berg', 'Paul Roth']);
    expect(values(text, addTableColumnNames(text, found))).toEqual(['Anna Berg', 'Paul Roth']);
    expect(addTableColumnNames('', [])).toEqual([]);
    expect(addTableColumnNames('no table', found)).toEqual(found);
  });
});

describe('addCuedNames', () => {
  const firstNames = new Set(['paco', 'jonas', 'montse', 'bella']);
  const isFirstName = (word: string) => firstNames.has(word.toLowerCase());
  const cued = (text: string, spans: Span[] = []) => values(text, addCuedNames(text, spans, isFirstName));

  it('continues a name written in capitals only over known names', () => {
    const known = new Set(['pina', 'carmen', 'lópez', 'mario', 'rossi']);
    const inCaps = (text: string) =>
      values(
        text,
        addCuedNames(
          text,
          [],
          (w) => known.has(w.toLowerCase()),
          (w) => known.has(w.toLowerCase()),
        ),
      );
    expect(inCaps('CIAO NICOLA SONO ZIA PINA HO PERSO IL TELEFONO')).toEqual(['PINA']);
    expect(inCaps('HOLA SOY CARMEN LÓPEZ Y NECESITO AYUDA')).toEqual(['CARMEN LÓPEZ']);
    expect(inCaps('Ciao, sono Mario Bianchi e volevo')).toEqual(['Mario Bianchi']);
  });

  it('reads the family named after "Familie", "famiglia", "familia", "famille"', () => {
    expect(cued('Bitte an Familie Özdemir weiterleiten')).toEqual(['Özdemir']);
    expect(cued('la famiglia Rossi arriva domani')).toEqual(['Rossi']);
    expect(cued('la familia numerosa')).toEqual([]);
  });

  it('reads a known first name greeted alone before a comma or "!" as a name, not a word of endearment', () => {
    expect(cued('buenas montse, te paso lo de fer mañana')).toEqual(['montse']);
    expect(cued('Ciao Paco! Come va?')).toEqual(['Paco']);
    expect(cued('ciao bella, come va?')).toEqual([]);
    expect(cued('hola amigo, te paso lo de montse')).toEqual([]);
    expect(cued('Te paso lo de montse, hola')).toEqual([]);
  });

  it('reads the words after a naming cue as a name, in five languages', () => {
    expect(cued('el dueño se llama Paco. El timbre no funciona')).toEqual(['Paco']);
    expect(cued('Hi, My name is Ada Lovelace and I need help')).toEqual(['Ada Lovelace']);
    expect(cued('Ich heiße Lukas Weber.')).toEqual(['Lukas Weber']);
    expect(cued("Bonjour, je m'appelle Élodie.")).toEqual(['Élodie']);
    expect(cued('Ciao, mi chiamo Tore, e tu?')).toEqual(['Tore']);
    expect(cued('él se llama Paco y ella se llama Lola')).toEqual(['Paco', 'Lola']);
    expect(cued('vorrei un tavolo a nome Greco per 4 persone')).toEqual(['Greco']);
    expect(cued('una habitación a nombre de Ruiz Soler, por favor')).toEqual(['Ruiz Soler']);
    expect(cued('a table booked under Weber at eight')).toEqual(['Weber']);
    expect(cued("a nome dell'azienda")).toEqual([]);
    expect(cued('Réservation au nom de M. Lefort, samedi')).toEqual(['Lefort']);
    expect(cued('un tavolo a nome del Sig. Rossi')).toEqual(['Rossi']);
    expect(cued('my name is Don')).toEqual(['Don']);
  });

  it('reads a named word as a name over a place the model was fairly sure of, not over a firm', () => {
    const booking = 'un tavolo per 6 a nome Colombo per sabato';
    expect(cued(booking, [spanOf(booking, 'Colombo', 'LOCATION', 0.89)])).toEqual(['Colombo']);
    expect(
      addCuedNames(booking, [spanOf(booking, 'Colombo', 'LOCATION', 0.89)], isFirstName)[0]?.entity_type,
    ).toBe('PERSON');
    const firm = 'la fattura va a nome della Ferrari SpA';
    expect(addCuedNames(firm, [spanOf(firm, 'Ferrari SpA', 'ORGANIZATION', 0.91)], isFirstName)).toEqual([
      spanOf(firm, 'Ferrari SpA', 'ORGANIZATION', 0.91),
    ]);
  });

  it('takes a lower-case first word only when it is a known first name', () => {
    expect(cued('hola, se llama paco')).toEqual(['paco']);
    expect(cued('my name is on the list')).toEqual([]);
    expect(cued('please call me Back tomorrow')).toEqual([]);
  });

  it('after a lower-case first name, takes one lower-case word that ends the clause', () => {
    expect(cued('my name is jonas weber')).toEqual(['jonas weber']);
    expect(cued('mi chiamo jonas weber, e tu?')).toEqual(['jonas weber']);
    expect(cued('my name is jonas weber and i need help')).toEqual(['jonas weber']);
    expect(cued('my name is jonas and i need help')).toEqual(['jonas']);
    expect(cued('my name is jonas i need help')).toEqual(['jonas']);
  });

  it('reads a known first name introduced after a greeting that opens a line as a name', () => {
    expect(cued('ciao, sono jonas weber e volevo chiedere')).toEqual(['jonas weber']);
    expect(cued('Hola soy Paco. Tengo una duda')).toEqual(['Paco']);
    expect(cued("hey it's jonas from accounting")).toEqual(['jonas']);
    expect(cued('Thanks!\nHi, this is Jonas Weber from IT')).toEqual(['Jonas Weber']);
    expect(cued('ciao sono stanca, mi aiuti?')).toEqual([]);
    expect(cued("Hi, I'm Italian and I live here")).toEqual([]);
    expect(cued('I said hi, sono Paco')).toEqual([]);
    expect(cued('sono Paco')).toEqual([]);
  });

  it('reads a capitalised word after a kinship word as a name', () => {
    expect(cued('she flew in and Aunt Funmi made jollof')).toEqual(['Funmi']);
    expect(cued('Ho chiamato zio Beppe ieri')).toEqual(['Beppe']);
    expect(cued('my uncle said no')).toEqual([]);
  });

  it('reads a capitalised known first name after an English request about someone as a name', () => {
    expect(cued('go see Paco at Bay Ridge Auto')).toEqual(['Paco']);
    expect(cued('ask for Jonas when you book')).toEqual(['Jonas']);
    expect(cued('ask for Details at the desk')).toEqual([]);
    expect(cued('talk to paco about it')).toEqual([]);
  });

  it('gives way to a surer span and replaces a doubted one', () => {
    const text = 'el dueño se llama Paco.';
    const doubted = spanOf(text, 'Paco', 'PERSON', 0.49);
    const [replaced] = addCuedNames(text, [doubted], isFirstName);
    expect(replaced).toMatchObject({
      entity_type: 'PERSON',
      score: 0.95,
      start: doubted.start,
      end: doubted.end,
    });
    const sure = spanOf(text, 'Paco', 'LOCATION', 0.97);
    expect(addCuedNames(text, [sure], isFirstName)).toEqual([sure]);
    const greeted = 'Ciao Paco! Come va?';
    expect(
      addCuedNames(greeted, [spanOf(greeted, 'Paco', 'LOCATION', 0.9)], isFirstName)[0]?.entity_type,
    ).toBe('LOCATION');
  });
});

describe('withoutDatedMonths', () => {
  const calendar = new Set(['mayo', 'mai', 'may', 'april']);
  const kept = (text: string, value: string, type = 'LOCATION') =>
    values(
      text,
      withoutDatedMonths(text, [spanOf(text, value, type)], (w) => calendar.has(w.toLowerCase())),
    );

  it('drops a month read as a place or person after a day number or a date preposition', () => {
    expect(kept('Paga la factura de Mayo antes del día 5.', 'Mayo')).toEqual([]);
    expect(kept('Nos vemos el 5 de Mayo en Madrid.', 'Mayo')).toEqual([]);
    expect(kept('Lieferung im Mai, bitte.', 'Mai', 'PERSON')).toEqual([]);
    expect(kept('Rechnung vom 3. Mai', 'Mai', 'PERSON')).toEqual([]);
    expect(kept('closed since May', 'May', 'PERSON')).toEqual([]);
  });

  it('keeps months elsewhere, names that are not calendar words, and other types', () => {
    expect(kept('Theresa May resigned', 'May', 'PERSON')).toEqual(['May']);
    expect(kept('We drove through County Mayo', 'Mayo')).toEqual(['Mayo']);
    expect(kept('un regalo de Marta', 'Marta', 'PERSON')).toEqual(['Marta']);
    expect(kept('la factura de Mayo Ltd', 'Mayo Ltd', 'ORGANIZATION')).toEqual(['Mayo Ltd']);
    expect(kept('mail from May Chen', 'May Chen', 'PERSON')).toEqual(['May Chen']);
  });
});

describe('withoutImperativeVerbs', () => {
  const kept = (text: string, word: string, from = 0) =>
    values(text, withoutImperativeVerbs(text, [spanOf(text, word, 'PERSON', 0.9, from)]));

  it('drops a verb that is a given name at the start of a request, before its object', () => {
    expect(kept('Grant access to the repo for the new hire.', 'Grant')).toEqual([]);
    expect(kept('| Legal | Friday |\n| Grant access to Staging | IT |', 'Grant')).toEqual([]);
    expect(kept('Thanks. Please Grant admin rights to the team.', 'Grant')).toEqual([]);
    expect(kept('Pat yourself on the back', 'Pat')).toEqual([]);
    expect(kept('Will you review this?', 'Will')).toEqual([]);
    expect(kept('Jack up the car first.', 'Jack')).toEqual([]);
    expect(kept('Bob your head to the beat.', 'Bob')).toEqual([]);
    expect(kept('I will Grant you that the first version was slow.', 'Grant')).toEqual([]);
    expect(kept('We can Bill you quarterly.', 'Bill')).toEqual([]);
  });

  it('keeps the name as a subject, in a vocative, inside a sentence, in capitals or for other words', () => {
    expect(kept('Grant said yes.', 'Grant')).toEqual(['Grant']);
    expect(kept('Will, can you review this?', 'Will')).toEqual(['Will']);
    expect(kept('Mark is out today.', 'Mark')).toEqual(['Mark']);
    expect(kept('I asked Grant the question twice.', 'Grant')).toEqual(['Grant']);
    expect(kept('I sent it to Grant this morning.', 'Grant')).toEqual(['Grant']);
    expect(kept('We will meet Harry the day after.', 'Harry')).toEqual(['Harry']);
    expect(kept('GRANT the access', 'GRANT')).toEqual(['GRANT']);
    expect(kept('Anna the accountant called.', 'Anna')).toEqual(['Anna']);
    const place = spanOf('Chase the vendor', 'Chase', 'ORGANIZATION');
    expect(withoutImperativeVerbs('Chase the vendor', [place])).toEqual([place]);
  });
});

describe('trimNameEdges', () => {
  const knownNames = new Set(['rossi', 'scott', 'cole', 'reiche', 'terzo']);
  const isPersonName = (word: string) => knownNames.has(word.toLowerCase());
  const trimmed = (text: string, value: string, type = 'PERSON') =>
    values(text, trimNameEdges(text, [spanOf(text, value, type)], isPersonName));

  it('cuts a list bullet, dashes and punctuation off a name, keeping a handle sign and a final initial', () => {
    expect(trimmed('Attendees:\n- Marco Rossi\n', '- Marco Rossi')).toEqual(['Marco Rossi']);
    expect(trimmed('• Hugo Blanc: ok', '• Hugo Blanc:')).toEqual(['Hugo Blanc']);
    expect(trimmed('thanks (Luca Bianchi) again', '(Luca Bianchi)')).toEqual(['Luca Bianchi']);
    expect(trimmed('ping @Giulia now', '@Giulia')).toEqual(['@Giulia']);
    expect(trimmed('from Anna S. today', 'Anna S.')).toEqual(['Anna S.']);
    expect(
      trimmed('Meeting with Alejandro García-Márquez Jr. at 3pm', 'Alejandro García-Márquez Jr'),
    ).toEqual(['Alejandro García-Márquez Jr.']);
    expect(trimmed('RT @ kassmarie_ mami', 'kassmarie_')).toEqual(['kassmarie_']);
  });

  it('drops a span that is nothing but marks', () => {
    expect(trimmed('a -- b', '--')).toEqual([]);
  });

  it('cuts lower-case words off either end of a capitalised name', () => {
    expect(trimmed('Die AU von Dr. Hahn folgt ich nach', 'Hahn folgt ich')).toEqual(['Hahn']);
    expect(trimmed('al bar, chiedere di Tore.', 'chiedere di Tore')).toEqual(['Tore']);
    expect(trimmed('Grazie Maria Rossi per tutto', 'Maria Rossi per')).toEqual(['Maria Rossi']);
  });

  it('takes the rest of an Italian surname with an elided particle into the name', () => {
    const text = "Pietro Dall'Ara e Giulia Dell'Acqua sono in ferie; Marco D’Amico no.";
    expect(trimmed(text, 'Pietro Dall')).toEqual(["Pietro Dall'Ara"]);
    expect(trimmed(text, 'Giulia')).toEqual(["Giulia Dell'Acqua"]);
    expect(trimmed(text, 'Marco')).toEqual(['Marco D’Amico']);
    expect(trimmed("ho visto Marco Dall'ufficio", 'Marco')).toEqual(['Marco']);
    expect(trimmed('Gianni Dalla Via e Rita hanno firmato', 'Gianni Dalla')).toEqual(['Gianni Dalla Via']);
    expect(trimmed('Gianni Dalla e Rita', 'Gianni Dalla')).toEqual(['Gianni Dalla']);
    const next = "Giulia Dell'Acqua";
    expect(
      values(
        next,
        trimNameEdges(
          next,
          [spanOf(next, 'Giulia'), spanOf(next, "Dell'Acqua", 'ORGANIZATION')],
          () => false,
        ),
      ),
    ).toEqual(['Giulia', "Dell'Acqua"]);
  });

  it('keeps lower-case known names in any of our languages but German', () => {
    const text = 'Die AU von Dr. Aydın reiche ich nach, sobald ich sie habe.';
    expect(trimmed(text, 'Aydın reiche')).toEqual(['Aydın']);
    expect(trimmed('Travis scott', 'Travis scott')).toEqual(['Travis scott']);
    const italian = 'ciao, sono Marco rossi e ti scrivo dopo la riunione';
    expect(trimmed(italian, 'Marco rossi')).toEqual(['Marco rossi']);
  });

  it('keeps a lower-case known name only right after the name, not past a word that is not one', () => {
    const text = 'La signora Fumagalli del terzo piano protesta';
    expect(trimmed(text, 'Fumagalli del terzo')).toEqual(['Fumagalli']);
    expect(trimmed('Proof that Travis scott cole sold', 'Travis scott cole')).toEqual(['Travis scott cole']);
  });

  it('keeps particles a name starts with, particles inside it and lower-case known names', () => {
    expect(trimmed('la señora de Miguel se opone', 'de Miguel')).toEqual(['de Miguel']);
    expect(trimmed('con Ludwig van Beethoven', 'Ludwig van Beethoven')).toEqual(['Ludwig van Beethoven']);
    expect(trimmed('Proof that Travis scott sold', 'Travis scott')).toEqual(['Travis scott']);
    expect(trimmed('J. cole is a legend', 'J. cole')).toEqual(['J. cole']);
    expect(trimmed('Paolo d’Alessandro e Ahmed al-Rashid', 'Paolo d’Alessandro')).toEqual([
      'Paolo d’Alessandro',
    ]);
    expect(trimmed('Ahmed al-Rashid', 'Ahmed al-Rashid')).toEqual(['Ahmed al-Rashid']);
    expect(trimmed('Tom Smith jr. called', 'Tom Smith jr.')).toEqual(['Tom Smith jr.']);
  });

  it('leaves names in lower case, user names, scripts without case and other types alone', () => {
    expect(trimmed('call w/ thanh huong nguyen re renewal', 'thanh huong nguyen')).toEqual([
      'thanh huong nguyen',
    ]);
    expect(trimmed('RT @ iBite_YourMom : on this', 'iBite_YourMom')).toEqual(['iBite_YourMom']);
    expect(trimmed('王小明 said hi', '王小明')).toEqual(['王小明']);
    expect(trimmed('near Bad Homburg vor der Höhe ok', 'Homburg vor', 'LOCATION')).toEqual(['Homburg vor']);
  });

  it('takes the dot after a final initial, a capitalised particle before a surname, and leaves a particle after a kinship word', () => {
    expect(trimmed('mezz’ora. Ornella T."', 'Ornella T')).toEqual(['Ornella T.']);
    expect(trimmed('rendez-vous avec Mme Da Silva hier', 'Silva')).toEqual(['Da Silva']);
    expect(trimmed('Bitte sag Frau von Hohenberg Bescheid', 'Hohenberg')).toEqual(['von Hohenberg']);
    expect(trimmed('mit Herrn van der Berg gesprochen', 'Berg')).toEqual(['van der Berg']);
    expect(trimmed('la casa von Hohenberg', 'Hohenberg')).toEqual(['Hohenberg']);
    expect(trimmed('Gentile Sig. De Luca, le scrivo', 'Luca')).toEqual(['De Luca']);
    expect(trimmed('ho parlato con Le Goff ieri', 'Goff')).toEqual(['Le Goff']);
    expect(trimmed('Ho saputo. Da Marco poi', 'Marco')).toEqual(['Marco']);
    expect(trimmed('Un saludo, Begoña (mamá de Lucía)', 'de Lucía')).toEqual(['Lucía']);
    expect(trimmed('Un saludo (mamá de Lucía)', 'mamá de Lucía')).toEqual(['Lucía']);
    expect(trimmed('la señora de Miguel se opone', 'de Miguel')).toEqual(['de Miguel']);
  });

  it('takes an initial after a name into it, unless it starts another word or span', () => {
    expect(trimmed('Presenti: Rossi M., Bianchi G.', 'Rossi')).toEqual(['Rossi M.']);
    expect(trimmed('grazie a Mario R. per il supporto', 'Mario')).toEqual(['Mario R.']);
    expect(trimmed('from Anna S. today', 'Anna')).toEqual(['Anna S.']);
    expect(trimmed('Rossi A.B. e Verdi', 'Rossi')).toEqual(['Rossi']);
    expect(trimmed('Rossi A1. e Verdi', 'Rossi')).toEqual(['Rossi']);
    expect(trimmed('Ask Maria. A new day', 'Maria')).toEqual(['Maria']);
    const text = 'Rossi M. Bianchi';
    const both = [spanOf(text, 'Rossi'), spanOf(text, 'M. Bianchi')];
    expect(values(text, trimNameEdges(text, both, isPersonName))).toEqual(['Rossi', 'M. Bianchi']);
  });

  it('takes an abbreviated María into the name', () => {
    expect(trimmed('Saludos, Mª José', 'José')).toEqual(['Mª José']);
    expect(trimmed('Atte. D. Fco. Javier Ruiz', 'Javier Ruiz')).toEqual(['Fco. Javier Ruiz']);
    expect(trimmed('Presenti: G. Rossi, M.R. Bianchi', 'R. Bianchi')).toEqual(['M.R. Bianchi']);
    expect(trimmed('Presenti: DOM.R. Bianchi', 'R. Bianchi')).toEqual(['R. Bianchi']);
    expect(trimmed('con M.ª Carmen Ruiz', 'Carmen Ruiz')).toEqual(['M.ª Carmen Ruiz']);
    const text = 'Mª José';
    const both = [spanOf(text, 'Mª'), spanOf(text, 'José')];
    expect(values(text, trimNameEdges(text, both, isPersonName))).toEqual(['Mª', 'José']);
  });

  it('cuts the words chat puts before a lower-case name off its front, never the whole span', () => {
    expect(trimmed('hola soy carlos ruiz y tengo', 'soy carlos ruiz')).toEqual(['carlos ruiz']);
    expect(trimmed('call w/ thanh huong nguyen re renewal', 'w/ thanh huong nguyen')).toEqual([
      'thanh huong nguyen',
    ]);
    expect(trimmed('ciao sono giulia rossi', 'ciao sono giulia rossi')).toEqual(['giulia rossi']);
    expect(trimmed('the word con alone', 'con')).toEqual(['con']);
    expect(trimmed('ask dear john', 'dear john')).toEqual(['john']);
    // Only at the front, and not in a capitalised name, where other rules apply.
    expect(trimmed('anna con luca', 'anna con luca')).toEqual(['anna con luca']);
    expect(trimmed('Ciao Maria', 'Ciao Maria')).toEqual(['Ciao Maria']);
  });
});

describe('addFieldNames', () => {
  const knownNames = new Set(['xoana', 'haddou']);
  const isPersonName = (word: string) => knownNames.has(word.toLowerCase());
  const fielded = (text: string, spans: Span[] = []) =>
    values(text, addFieldNames(text, spans, isPersonName));

  it('reads the value of a person-name field as a name, in JSON, YAML, forms and query strings', () => {
    expect(fielded('{"nome": "Bonaria", "cognome": "Cadoni", "data_nascita": "1952-08-30"}')).toEqual([
      'Cadoni',
    ]);
    expect(fielded("{'first_name': 'Ewa', 'last_name': 'Kowalczyk'}")).toEqual(['Ewa', 'Kowalczyk']);
    expect(fielded('given_name: Xoana\nsurname: Castiñeira\n')).toEqual(['Xoana', 'Castiñeira']);
    expect(fielded('?last_name=Haddou&first_name=Yasmina&id=7')).toEqual(['Haddou', 'Yasmina']);
    expect(fielded('Customer last name: Smith (verified)')).toEqual(['Smith']);
    expect(fielded('Nom de famille : Haddad')).toEqual(['Haddad']);
    expect(fielded('Apellidos: García del Río. Teléfono: 600 123 456')).toEqual(['García del Río']);
    expect(fielded('{"Vorname": "Ömer", "customerName": "Brais Outeiro"}')).toEqual([
      'Ömer',
      'Brais Outeiro',
    ]);
  });

  it('leaves generic name keys, placeholders, sentences and lower-case text alone', () => {
    expect(fielded('{"name": "Project Apollo", "nom": "Lyon", "nombre": "Rocío"}')).toEqual([]);
    expect(fielded('{"last_name": null, "first_name": "{{first_name}}", "surname": "N/A"}')).toEqual([]);
    expect(fielded('{"surname": "unknown", "full_name": "Order 55123"}')).toEqual([]);
    expect(fielded('surname: see above\nlast name = tbd')).toEqual([]);
    expect(fielded('surname: xoana')).toEqual(['xoana']);
  });

  it('gives way to a surer span and replaces a doubted one', () => {
    const text = 'given_name: Xoana';
    const doubted = spanOf(text, 'Xoana', 'LOCATION', 0.47);
    expect(addFieldNames(text, [doubted], isPersonName)).toMatchObject([
      { entity_type: 'PERSON', score: 0.8, start: doubted.start, end: doubted.end },
    ]);
    const sure = spanOf(text, 'Xoana', 'PERSON', 0.99);
    expect(addFieldNames(text, [sure], isPersonName)).toEqual([sure]);
  });
});

describe('placesAfterTitlesAsPeople', () => {
  const titles = new Set(['dr', 'frau', 'mme', 'm', 'me', 'señora', 'sig.ra']);
  const typed = (text: string, value: string, type = 'LOCATION') =>
    placesAfterTitlesAsPeople(text, [spanOf(text, value, type, 0.7)], (word) => titles.has(word)).map((s) => [
      text.slice(s.start, s.end),
      s.entity_type,
      s.score,
    ]);

  it('reads a place right after a title or a word for a doctor as a person, keeping its score', () => {
    expect(typed('con la doctora Xoana Castiñeira el miércoles', 'Castiñeira')).toEqual([
      ['Xoana Castiñeira', 'PERSON', 0.7],
    ]);
    expect(typed('con la doctora Castiñeira', 'Castiñeira')).toEqual([['Castiñeira', 'PERSON', 0.7]]);
    expect(typed('Termin bei Frau Lindau um 9', 'Lindau')).toEqual([['Lindau', 'PERSON', 0.7]]);
    expect(typed('Rendez-vous avec Mme Valence', 'Valence')).toEqual([['Valence', 'PERSON', 0.7]]);
    expect(typed('Chiama la Sig.ra Ferrara', 'Ferrara')).toEqual([['Ferrara', 'PERSON', 0.7]]);
    expect(typed('vu par M. Nancy hier', 'Nancy')).toEqual([['Nancy', 'PERSON', 0.7]]);
    expect(typed('Dr.Florence called', 'Florence')).toEqual([['Florence', 'PERSON', 0.7]]);
  });

  it('reads a place right after a kinship word and "of" as a person', () => {
    expect(typed('je suis la maman de Chloé, elle sera absente', 'Chloé')).toEqual([
      ['Chloé', 'PERSON', 0.7],
    ]);
    expect(typed('soy la mamá de Martina', 'Martina')).toEqual([['Martina', 'PERSON', 0.7]]);
    expect(typed('die Tochter von Lena kommt', 'Lena')).toEqual([['Lena', 'PERSON', 0.7]]);
    expect(typed('the mother of Ava called', 'Ava')).toEqual([['Ava', 'PERSON', 0.7]]);
    expect(typed('the heart of Paris', 'Paris')).toEqual([['Paris', 'LOCATION', 0.7]]);
    expect(typed('ma sœur de Lyon', 'Lyon', 'ORGANIZATION')).toEqual([['Lyon', 'ORGANIZATION', 0.7]]);
  });

  it('takes in a given name read as a person, and stops at one read as something else', () => {
    const text = 'con la doctora Xoana Castiñeira el miércoles';
    const given = spanOf(text, 'Xoana', 'PERSON', 0.6);
    const place = spanOf(text, 'Castiñeira', 'LOCATION', 0.7);
    const noTitle = () => false;
    expect(values(text, placesAfterTitlesAsPeople(text, [given, place], noTitle))).toEqual([
      'Xoana Castiñeira',
    ]);
    const org = { ...given, entity_type: 'ORGANIZATION' };
    expect(
      placesAfterTitlesAsPeople(text, [org, place], noTitle).map((s) => [
        text.slice(s.start, s.end),
        s.entity_type,
      ]),
    ).toEqual([
      ['Xoana', 'ORGANIZATION'],
      ['Castiñeira', 'PERSON'],
    ]);
  });

  it('leaves places after other words, a bare letter, and other types alone', () => {
    expect(typed('moving to Valence next week', 'Valence')).toEqual([['Valence', 'LOCATION', 0.7]]);
    expect(typed('Zone M Nancy', 'Nancy')).toEqual([['Nancy', 'LOCATION', 0.7]]);
    expect(typed('Adr Lindau', 'Lindau')).toEqual([['Lindau', 'LOCATION', 0.7]]);
    expect(typed('Frau Weber aus Lindau', 'Lindau')).toEqual([['Lindau', 'LOCATION', 0.7]]);
    expect(typed('COME SEE ME SCARBOROUGH', 'SCARBOROUGH')).toEqual([['SCARBOROUGH', 'LOCATION', 0.7]]);
    expect(typed('plaidé par Me Valence', 'Valence')).toEqual([['Valence', 'PERSON', 0.7]]);
    expect(typed('Frau Müller GmbH', 'Müller GmbH', 'ORGANIZATION')).toEqual([
      ['Müller GmbH', 'ORGANIZATION', 0.7],
    ]);
  });
});

describe('firstNamePlacesAsPeople', () => {
  const firstNames = new Set(['nuria', 'lorenzo', 'thierno', 'teo', 'siria', 'asia', 'america', 'chelsea']);
  const places = new Set(['teo']);
  const typed = (text: string, value: string, type = 'LOCATION') =>
    firstNamePlacesAsPeople(
      text,
      [spanOf(text, value, type, 0.6)],
      (word) => firstNames.has(word.toLowerCase()),
      (word) => places.has(word.toLowerCase()) || word === 'America',
    ).map((s) => [text.slice(s.start, s.end), s.entity_type, s.score]);

  it('reads a known first name the model placed after a preposition of people and places as a person', () => {
    expect(typed('hay que pagar 12 € a Nuria antes del viernes', 'Nuria')).toEqual([
      ['Nuria', 'PERSON', 0.6],
    ]);
    expect(typed('Ci vediamo da Lorenzo stasera', 'Lorenzo')).toEqual([['Lorenzo', 'PERSON', 0.6]]);
    expect(typed('je le laisse à Thierno à la sécurité', 'Thierno')).toEqual([['Thierno', 'PERSON', 0.6]]);
  });

  it('leaves known places, countries and continents in any of our languages', () => {
    expect(typed('poi passo da Teo', 'Teo')).toEqual([['Teo', 'LOCATION', 0.6]]);
    expect(typed('Viajamos a Siria', 'Siria')).toEqual([['Siria', 'LOCATION', 0.6]]);
    expect(typed('Wir ziehen mit Asia', 'Asia')).toEqual([['Asia', 'LOCATION', 0.6]]);
    expect(typed('volamos a America', 'America')).toEqual([['America', 'LOCATION', 0.6]]);
  });

  it('leaves places after English or no prepositions, longer spans, lower case and other types', () => {
    expect(typed('now live in Chelsea', 'Chelsea')).toEqual([['Chelsea', 'LOCATION', 0.6]]);
    expect(typed('Nuria', 'Nuria')).toEqual([['Nuria', 'LOCATION', 0.6]]);
    expect(typed('Gracias a Nuria Alta', 'Nuria Alta')).toEqual([['Nuria Alta', 'LOCATION', 0.6]]);
    expect(typed('grazie a nuria', 'nuria')).toEqual([['nuria', 'LOCATION', 0.6]]);
    expect(typed('Gracias a Nuria', 'Nuria', 'ORGANIZATION')).toEqual([['Nuria', 'ORGANIZATION', 0.6]]);
  });
});

describe('withoutNamedThings', () => {
  const kept = (text: string, value: string, type = 'PERSON') =>
    values(text, withoutNamedThings(text, [spanOf(text, value, type)]));

  it('drops a person named by a project word, and a person or place the model started with a room word', () => {
    expect(kept('Summarize the Q3 roadmap for Project Phoenix', 'Phoenix')).toEqual([]);
    expect(kept('Il progetto Aurora parte lunedì', 'Aurora')).toEqual([]);
    expect(kept('Operation Overlord notes', 'Overlord')).toEqual([]);
    expect(kept('Le comité se réunit en salle Jupiter', 'salle Jupiter', 'LOCATION')).toEqual([]);
    expect(kept('Booked Room Aurora for 10:00', 'Room Aurora', 'LOCATION')).toEqual([]);
  });

  it('drops a product or colour named like a person in a catalogue', () => {
    expect(kept('la fiche de la Bague Iris Torsadée, taille 54', 'Iris Torsadée')).toEqual([]);
    expect(kept('pieds en Acier Noir, coloris Gris Orage.', 'Gris Orage')).toEqual([]);
    expect(kept("la scheda dell'Anello Viola Intrecciato", "dell'Anello Viola Intrecciato")).toEqual([]);
    expect(kept('Please ring Anna tomorrow', 'Anna')).toEqual(['Anna']);
    expect(kept('La lampe de Claire est cassée', 'Claire')).toEqual(['Claire']);
  });

  it('drops a person right after a room word, in any case', () => {
    expect(kept('Der Besprechungsraum Sonnenblick ist gesperrt', 'Sonnenblick')).toEqual([]);
    expect(kept('reservad la Sala Jardín en su lugar', 'Jardín')).toEqual([]);
    expect(kept('Meeting room Ada Lovelace is booked', 'Ada Lovelace')).toEqual([]);
    expect(kept('Giuseppe Sala ha detto', 'Giuseppe Sala')).toEqual(['Giuseppe Sala']);
  });

  it('keeps a place after a room word, a person after other words, and companies', () => {
    expect(kept('Stellen im Raum Berlin', 'Berlin', 'LOCATION')).toEqual(['Berlin']);
    expect(kept('the project lead Anna Berg', 'Anna Berg')).toEqual(['Anna Berg']);
    expect(kept('Projektleiter Jonas Weber', 'Jonas Weber')).toEqual(['Jonas Weber']);
    expect(kept('Project Phoenix Ltd', 'Phoenix Ltd', 'ORGANIZATION')).toEqual(['Phoenix Ltd']);
    expect(kept('Abito a Sala Consilina', 'Sala Consilina', 'LOCATION')).toEqual(['Sala Consilina']);
  });
});

describe('addLineStartNames', () => {
  const firstNames = new Set(['mei', 'tana', 'debra', 'may', 'klein', 'jürgen', 'marta']);
  const isFirstName = (word: string) => firstNames.has(word.toLowerCase());
  const isCalendarWord = (word: string) => ['may', 'june'].includes(word.toLowerCase());
  const named = (text: string, spans: Span[] = []) =>
    values(text, addLineStartNames(text, spans, isFirstName, isCalendarWord));

  it('reads the writer named alone on the line after a sign-off', () => {
    expect(named('Danke!\nMfG\nJürgen')).toEqual(['Jürgen']);
    expect(named('Ti aspetto.\nCordiali saluti,\nMarta Fois\nUfficio acquisti')).toEqual(['Marta Fois']);
    expect(named('MfG\nBuchhaltung')).toEqual([]);
    expect(named('MfG\nJürgen hat das gesagt')).toEqual([]);
  });

  it('reads a known first name opening a line before a dash as the person addressed', () => {
    expect(named('Subject: Re: carpool\n\nMei - I can drive Tuesdays')).toEqual(['Mei']);
    expect(named('Tana --\n\nAttached is the revised draft')).toEqual(['Tana']);
    expect(named('  Debra — El Paso called again')).toEqual(['Debra']);
  });

  it('leaves other words, months, commas and dashes inside a line alone', () => {
    expect(named('Agenda - Monday sync')).toEqual([]);
    expect(named('May - June: holidays')).toEqual([]);
    expect(named('Klein, aber fein')).toEqual([]);
    expect(named('ask Mei - she knows')).toEqual([]);
    expect(named('Mei-Ling is here')).toEqual([]);
  });

  it('replaces a doubted place and gives way to a surer span', () => {
    const text = 'Debra - El Paso called again';
    expect(
      addLineStartNames(text, [spanOf(text, 'Debra', 'LOCATION', 0.6)], isFirstName, isCalendarWord),
    ).toMatchObject([{ entity_type: 'PERSON', score: 0.8, start: 0, end: 5 }]);
    const sure = spanOf(text, 'Debra', 'LOCATION', 0.95);
    expect(addLineStartNames(text, [sure], isFirstName, isCalendarWord)).toEqual([sure]);
  });
});

describe('addNotesAddressNames', () => {
  it('reads the name of a Lotus Notes address as a person, replacing a doubted company', () => {
    const text = 'cc: Greg Whalley/HOU/ECT@ECT, Mike Maggi/Corp/Enron@ENRON\nSubject: gas';
    const company = spanOf(text, 'Mike Maggi', 'ORGANIZATION', 0.7);
    const found = addNotesAddressNames(text, [company]);
    expect(values(text, found)).toEqual(['Greg Whalley', 'Mike Maggi']);
    expect(found.every((s) => s.entity_type === 'PERSON')).toBe(true);
  });

  it('leaves paths, single words, e-mail addresses and surer spans alone', () => {
    expect(addNotesAddressNames('see Docs/HR/Policies@Intranet and a/b@c', [])).toEqual([]);
    expect(addNotesAddressNames('mail anna.berg@example.com or Anna Berg/anna@x', [])).toEqual([]);
    const text = 'Sara Shackleton/HOU/ECT@ECT';
    const sure = spanOf(text, 'Sara Shackleton', 'PERSON', 0.99);
    expect(addNotesAddressNames(text, [sure])).toEqual([sure]);
  });
});

describe('addDisplayNames', () => {
  const known = new Set(['anna']);
  const isPersonName = (word: string) => known.has(word.toLowerCase());
  const named = (text: string, spans: Span[] = []) =>
    values(text, addDisplayNames(text, spans, isPersonName));

  it('reads the display name before an address as a person when a word is a known name', () => {
    expect(named('Von: Anna Berg <a.berg@firma.de>')).toEqual(['Anna Berg']);
  });

  it('or when the address is made of the name, with umlauts and ß spelled out', () => {
    expect(named('Von: Jürgen Weiß <j.weiss@firma.de>')).toEqual(['Jürgen Weiß']);
    expect(named('From: "Weiß, Jürgen" <juergen.weiss@firma.de>')).toEqual(['Weiß, Jürgen']);
    expect(named('Jürgen Weiß <jweiss@x.de>, Zoë Lind <zoe.lind@x.se>')).toEqual(['Jürgen Weiß', 'Zoë Lind']);
  });

  it('leaves team and company senders, unbracketed addresses and surer spans alone', () => {
    expect(named('Acme Billing <billing@acme.com>')).toEqual([]);
    expect(named('Support Team <help@shop.example>')).toEqual([]);
    expect(named('write to Jürgen Weiß at j.weiss@firma.de')).toEqual([]);
    const text = 'Von: Jürgen Weiß <j.weiss@firma.de>';
    const sure = spanOf(text, 'Jürgen Weiß', 'PERSON', 0.99);
    expect(addDisplayNames(text, [sure], isPersonName)).toEqual([sure]);
  });
});

describe('withoutEponyms', () => {
  const kept = (text: string, value: string) => values(text, withoutEponyms(text, [spanOf(text, value)]));

  it('drops people that name a disease, a law or a tool', () => {
    expect(kept('He has Parkinson’s disease and takes levodopa', 'Parkinson')).toEqual([]);
    expect(kept('My mother was diagnosed with Alzheimer’s last year', 'Alzheimer')).toEqual([]);
    expect(kept('Meine Tochter hat das Down-Syndrom', 'Down')).toEqual([]);
    expect(kept('Mon père a la maladie de Parkinson', 'Parkinson')).toEqual([]);
    expect(kept('Hodgkin lymphoma treatment options', 'Hodgkin')).toEqual([]);
    expect(kept("Newton's laws and the Doppler effect", 'Newton')).toEqual([]);
    expect(kept('Use a Petri dish', 'Petri')).toEqual([]);
  });

  it('drops names inside set phrases of food, things and idioms', () => {
    expect(kept('Eggs Benedict was decent though', 'Benedict')).toEqual([]);
    expect(kept('Had the Granny Smith apple pie', 'Smith')).toEqual([]);
    expect(kept('Lazy Susan in the middle of the table', 'Susan')).toEqual([]);
    expect(kept('La mia torta Margherita si abbassa', 'Margherita')).toEqual([]);
    expect(kept('two granny  smiths please', 'smiths')).toEqual([]);
    expect(kept('Earl Grey, no milk', 'Earl Grey')).toEqual([]);
    expect(kept('Grant applications for the spring round close', 'Grant')).toEqual([]);
    expect(kept('Ray tracing performance on the new GPU', 'Ray')).toEqual([]);
    expect(kept('Carol singers came to the door', 'Carol')).toEqual([]);
    expect(kept('Penny for your thoughts: is it worth it?', 'Penny')).toEqual([]);
  });

  it('drops the saints that name a day, and keeps people called after them', () => {
    expect(kept("Valentine's Day dinner was a disaster", 'Valentine')).toEqual([]);
    expect(kept('plans for St. Patrick’s Day?', 'St. Patrick')).toEqual([]);
    expect(kept('Un dîner pour la Saint-Valentin', 'Saint-Valentin')).toEqual([]);
    expect(kept('idee regalo per San Valentino', 'San Valentino')).toEqual([]);
    expect(kept("Valentine's birthday is on Friday", 'Valentine')).toEqual(['Valentine']);
    expect(kept('Valentine Dupont a appelé', 'Valentine Dupont')).toEqual(['Valentine Dupont']);
  });

  it('keeps a person whose name only touches such a phrase', () => {
    expect(kept('Susan Smith and Granny Smith apples', 'Susan Smith')).toEqual(['Susan Smith']);
    expect(kept('Margherita Rossi ordered a pizza', 'Margherita Rossi')).toEqual(['Margherita Rossi']);
    expect(kept('Benedict Cumberbatch ate eggs', 'Benedict Cumberbatch')).toEqual(['Benedict Cumberbatch']);
    expect(kept('Grant applied for the job', 'Grant')).toEqual(['Grant']);
    expect(kept('Ask Carol, singers need her', 'Carol')).toEqual(['Carol']);
  });

  it('keeps the people themselves', () => {
    expect(kept('Please call Dr. Parkinson’s office', 'Parkinson')).toEqual(['Parkinson']);
    expect(kept('James Parkinson described it in 1817', 'James Parkinson')).toEqual(['James Parkinson']);
    expect(kept("I'm staying at Anna's tonight", 'Anna')).toEqual(['Anna']);
    expect(kept('Newton said so', 'Newton')).toEqual(['Newton']);
    expect(kept('Laura Effect and Tom', 'Laura')).toEqual(['Laura']);
  });
});

describe('withoutLabelHeaders', () => {
  it('drops people, places and companies in a header row of field labels', () => {
    const text = 'Team:\n| Name | Rolle | Standort |\n|---|---|---|\n| Kübra Aydın | Entwicklerin | Köln |';
    const spans = [
      spanOf(text, 'Rolle'),
      spanOf(text, 'Standort', 'LOCATION'),
      spanOf(text, 'Kübra Aydın'),
      spanOf(text, 'Köln', 'LOCATION'),
    ];
    expect(values(text, withoutLabelHeaders(text, spans))).toEqual(['Kübra Aydın', 'Köln']);
  });

  it('keeps names heading the columns of a plan, header rows of texts without a separator, and patterns', () => {
    const plan = '| | Anna | Marco |\n|---|---|---|\n| Mo | früh | spät |';
    const names = [spanOf(plan, 'Anna'), spanOf(plan, 'Marco')];
    expect(withoutLabelHeaders(plan, names)).toEqual(names);
    const loose = '| Name | Rolle |\n| Anna | Dev |';
    expect(withoutLabelHeaders(loose, [spanOf(loose, 'Rolle')])).toHaveLength(1);
    const text = '| Name | a@b.de |\n|---|---|';
    const email = { ...spanOf(text, 'a@b.de', 'EMAIL_ADDRESS'), source: 'pattern' as const };
    expect(withoutLabelHeaders(text, [email])).toEqual([email]);
  });
});
