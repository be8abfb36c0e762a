import { describe, expect, it } from 'vitest';
import { findAddressSpans } from '../../../src/detection/recognizers/address.js';
import { longText, reported, valuesOf } from './helpers.js';

const addresses = (text: string) => valuesOf(text, reported(findAddressSpans(text)));

describe('findAddressSpans', () => {
  it.each([
    ['en-GB', 'I live at 221B Baker Street, London NW1 6XE.', '221B Baker Street, London NW1 6XE'],
    ['en-GB', 'Flat 3, 12 Baker Street, London', 'Flat 3, 12 Baker Street, London'],
    [
      'en-US',
      'Send it to 1600 Pennsylvania Ave NW, Washington, DC 20500 please',
      '1600 Pennsylvania Ave NW, Washington, DC 20500',
    ],
    ['en-US', 'HQ: 350 Fifth Avenue, New York, NY 10118', '350 Fifth Avenue, New York, NY 10118'],
    [
      'en-US',
      'Ship to 123 Main St, Apt 4B, Springfield, IL 62701',
      '123 Main St, Apt 4B, Springfield, IL 62701',
    ],
    ['en-US', '1 Infinite Loop, Cupertino, CA 95014', '1 Infinite Loop, Cupertino, CA 95014'],
    ['de', 'Meine Adresse: Hauptstraße 12, 10115 Berlin.', 'Hauptstraße 12, 10115 Berlin'],
    ['de', 'Wir wohnen in der Berliner Straße 5a.', 'Berliner Straße 5a'],
    ['de', 'Lieferung an Schillerstr. 5, 3. OG, 80331 München', 'Schillerstr. 5, 3. OG, 80331 München'],
    ['de', 'Büro: Unter den Linden 77, 10117 Berlin', 'Unter den Linden 77, 10117 Berlin'],
    ['de', 'Friedrichstraße 43-45', 'Friedrichstraße 43-45'],
    ['fr', 'Mon adresse est 12 rue de la Paix, 75002 Paris.', '12 rue de la Paix, 75002 Paris'],
    ['fr', "J'habite au 5 bis avenue des Champs-Élysées", '5 bis avenue des Champs-Élysées'],
    ['fr', 'Livraison : 3 place Vendôme, 75001 Paris', '3 place Vendôme, 75001 Paris'],
    ['es', 'Vivo en Calle Mayor 5, 28013 Madrid.', 'Calle Mayor 5, 28013 Madrid'],
    ['es', 'Dirección: Avenida de la Constitución, 12', 'Avenida de la Constitución, 12'],
    ['es', 'Calle Mayor 5, 3º B, 28013 Madrid', 'Calle Mayor 5, 3º B, 28013 Madrid'],
    ['es', 'Oficina en Carrer de Mallorca 401, 08013 Barcelona', 'Carrer de Mallorca 401, 08013 Barcelona'],
    ['it', 'La sede è in Via Roma 10, 00184 Roma.', 'Via Roma 10, 00184 Roma'],
    ['it', 'abito in via Roma 10', 'via Roma 10'],
    [
      'it',
      'Corso Vittorio Emanuele II 12, 20122 Milano (MI)',
      'Corso Vittorio Emanuele II 12, 20122 Milano (MI)',
    ],
    ['it', 'Indirizzo: Piazza del Duomo 1, 50122 Firenze', 'Piazza del Duomo 1, 50122 Firenze'],
  ])('finds a %s address in %j', (_lang, text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('labels spans ADDRESS and raises the score for a postcode and city', () => {
    const [street] = findAddressSpans('Hauptstraße 12');
    const [full] = findAddressSpans('Hauptstraße 12, 10115 Berlin');
    expect(street).toMatchObject({
      entity_type: 'STREET_ADDRESS',
      label: 'ADDRESS',
      source: 'pattern',
      start: 0,
      end: 14,
    });
    expect(full!.score).toBeGreaterThan(street!.score);
  });

  it('takes the whole address across line breaks', () => {
    expect(addresses('221B Baker Street\nLondon NW1 6XE')).toEqual(['221B Baker Street\nLondon NW1 6XE']);
    expect(addresses('10 Downing Street\nLondon\nSW1A 2AA')).toEqual(['10 Downing Street\nLondon\nSW1A 2AA']);
    expect(addresses('Hauptstraße 12\n10115 Berlin')).toEqual(['Hauptstraße 12\n10115 Berlin']);
    // A capitalised word on the next line is not a town.
    expect(addresses('221B Baker Street\nThanks for your help')).toEqual(['221B Baker Street']);
  });

  it('leaves street names without numbers, numbered things and ordinary phrases alone', () => {
    for (const text of [
      'Im Jahr 2020 haben wir 5 Mitarbeiter eingestellt.',
      'We shipped it via DHL 3 times.',
      'In 2020 Oxford Street saw record sales.',
      'Top 3 Park Avenue restaurants ranked by 2 Michelin stars.',
      'Section 4 Main Street Partners LLC was founded in 1999.',
      'We raised 5 Million Dollars Way more than planned',
      'The meeting is in Room 5 on Main Street.',
      'Via Appia is an ancient road.',
      'La rue de la Paix est célèbre.',
      'Die Hauptstraße ist gesperrt.',
      'Calle Mayor is busy on Saturdays.',
      'Nous avons 3 cours par semaine.',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
  });

  it('finds two addresses in one text', () => {
    expect(addresses('From Hauptstraße 12, 10115 Berlin to 12 rue de la Paix, 75002 Paris')).toEqual([
      'Hauptstraße 12, 10115 Berlin',
      '12 rue de la Paix, 75002 Paris',
    ]);
  });

  it('scans 200,000 characters, including long runs of capitalised words', () => {
    expect(addresses(longText('Via Roma 10, 00184 Roma'))).toEqual(Array(3).fill('Via Roma 10, 00184 Roma'));
    expect(addresses('Abc '.repeat(50_000))).toEqual([]);
    expect(addresses('12 Abc '.repeat(28_000))).toEqual([]);
  });
});
