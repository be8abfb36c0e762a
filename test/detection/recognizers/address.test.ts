import { describe, expect, it } from 'vitest';
import { findAddressSpans } from '../../../src/detection/recognizers/address.js';
import { longText, reported, valuesOf } from './helpers.js';

const addresses = (text: string) => valuesOf(text, reported(findAddressSpans(text)));

describe('findAddressSpans', () => {
  it.each([
    ['en-GB', 'I live at 221B Baker Street, London NW1 6XE.', '221B Baker Street, London NW1 6XE'],
    ['en-GB', 'Flat 3, 12 Baker Street, London', 'Flat 3, 12 Baker Street, London'],
    ['en-AU', 'Send it to Unit 3/45 George St, Sydney NSW 2000', 'Unit 3/45 George St, Sydney NSW 2000'],
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
    [
      'es',
      'Envío a calle de Serrano 41, 3.º izquierda, 28001 Madrid.',
      'calle de Serrano 41, 3.º izquierda, 28001 Madrid',
    ],
    [
      'es',
      'Alameda de Urquijo 27, 4.º dcha., 48008 Bilbao',
      'Alameda de Urquijo 27, 4.º dcha., 48008 Bilbao',
    ],
    [
      'es',
      'Adreça: carrer de Verdi 112, 2n 1a, 08012 Barcelona',
      'carrer de Verdi 112, 2n 1a, 08012 Barcelona',
    ],
    [
      'de',
      'Lieferung an Kastanienallee 48, 3. OG rechts, 10435 Berlin',
      'Kastanienallee 48, 3. OG rechts, 10435 Berlin',
    ],
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

  it.each([
    [
      'US, street, flat and town on three lines',
      'Ship to:\n123 Main St\nApt 4\nSpringfield, IL 62704\nThanks',
      '123 Main St\nApt 4\nSpringfield, IL 62704',
    ],
    [
      'US, on one line without commas',
      'Mail it to 9876 Oak Hills Suite 200 Lake Sarah, TX 75001-1234.',
      '9876 Oak Hills Suite 200 Lake Sarah, TX 75001-1234',
    ],
    [
      'US, USPS capitals',
      '123 MAIN ST APT 4\nSPRINGFIELD IL 62704',
      '123 MAIN ST APT 4\nSPRINGFIELD IL 62704',
    ],
    [
      'US, directions and abbreviations',
      'Office: 500 N. Michigan Ave., Chicago, IL 60611',
      '500 N. Michigan Ave., Chicago, IL 60611',
    ],
    ['US, numbered street', 'at 1 W 34th St, New York, NY 10001', '1 W 34th St, New York, NY 10001'],
    [
      'US, numbered road',
      '12345 State Route 9, Columbus, OH 43215',
      '12345 State Route 9, Columbus, OH 43215',
    ],
    [
      'US, state name',
      '700 Congress Avenue, Austin, Texas 78701',
      '700 Congress Avenue, Austin, Texas 78701',
    ],
    ['US, town and state without ZIP', '123 Main St\nSpringfield, IL', '123 Main St\nSpringfield, IL'],
    [
      'US, with the country',
      'I live at 123 Main St, Springfield, IL 62704, USA.',
      '123 Main St, Springfield, IL 62704, USA',
    ],
    [
      'US, street type in lower case with a ZIP',
      'send it to 42 Elm street, Springfield, IL 62704',
      '42 Elm street, Springfield, IL 62704',
    ],
    ['US, PO box', 'PO Box 1234, Austin, TX 78701', 'PO Box 1234, Austin, TX 78701'],
    ['US, PO box alone', 'Write to P.O. Box 12 instead', 'P.O. Box 12'],
    ['US forces, APO', 'PSC 1234, Box 5678\nAPO AE 09123', 'PSC 1234, Box 5678\nAPO AE 09123'],
    ['US forces, FPO', 'USS Nimitz\nFPO AP 96620', 'USS Nimitz\nFPO AP 96620'],
    [
      'UK, flat without house number',
      'Flat 5\nElm Lane\nChelmsford\nCM1 1AA',
      'Flat 5\nElm Lane\nChelmsford\nCM1 1AA',
    ],
    [
      'UK, district, town and postcode',
      '5 Market Street, Soho, London, W1D 3QF',
      '5 Market Street, Soho, London, W1D 3QF',
    ],
    [
      'UK, with the country',
      '10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom',
      '10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom',
    ],
    [
      'UK, street type in lower case with a postcode',
      'Studio 12\nSmith lock\nNorth Jane\nB1 2CD',
      'Studio 12\nSmith lock\nNorth Jane\nB1 2CD',
    ],
    ['Canada', 'Our office is at 123 Main St W, Toronto, ON M5V 2T6.', '123 Main St W, Toronto, ON M5V 2T6'],
    [
      'Australia, level first',
      'Level 3, 100 George St, Sydney NSW 2000',
      'Level 3, 100 George St, Sydney NSW 2000',
    ],
    [
      'Australia, unit/number',
      '5/12 Smith Street, Melbourne VIC 3000',
      '5/12 Smith Street, Melbourne VIC 3000',
    ],
    [
      'a USPS suffix that is also a word, with a ZIP',
      '123 Smith Mountains Apt. 456\nNew Jessica, NV 12345',
      '123 Smith Mountains Apt. 456\nNew Jessica, NV 12345',
    ],
    [
      'Germany, with the country',
      'Hauptstraße 12, 10115 Berlin, Deutschland',
      'Hauptstraße 12, 10115 Berlin, Deutschland',
    ],
  ])('finds an English-language address: %s', (_name, text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it.each([
    ['She moved to Springfield, IL 62704 last year', 'Springfield, IL 62704'],
    ['Billing: Austin, Texas 78701-1234', 'Austin, Texas 78701-1234'],
    ['Toronto, ON M5V 2T6', 'Toronto, ON M5V 2T6'],
    ['St. Louis, MO 63101', 'St. Louis, MO 63101'],
  ])('finds a town, state and postcode on their own in %j', (text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('needs a postcode, a flat or an address word for street types that are everyday words', () => {
    expect(addresses('Meet me at 3 Oak Hills')).toEqual([]);
    expect(addresses('We need 3 Big Hills #1, Springfield')).toEqual([]);
    expect(addresses('I live at 3 Oak Hills')).toEqual(['3 Oak Hills']);
    expect(addresses('3 Oak Hills Apt 2')).toEqual(['3 Oak Hills Apt 2']);
    expect(addresses('3 Oak Hills, Springfield, IL 62704')).toEqual(['3 Oak Hills, Springfield, IL 62704']);
  });

  it.each([
    [
      'Ship it to 482 Willow Creek Road Apt 3B Fairview Oregon by Friday.',
      '482 Willow Creek Road Apt 3B Fairview Oregon',
    ],
    [
      'My address is 77 Kessler Mews Suite 210 Lake Joanna OH and more',
      '77 Kessler Mews Suite 210 Lake Joanna OH',
    ],
    [
      'I live at 15 Orchard Lane Flat 2 Bristol United Kingdom.',
      '15 Orchard Lane Flat 2 Bristol United Kingdom',
    ],
    ['Mail it to 18 Grant Ave Apt 2 Springfield IL', '18 Grant Ave Apt 2 Springfield IL'],
    ['917 Stamm Lodge East Susannamouth SK', '917 Stamm Lodge East Susannamouth SK'],
    ['8 Beech Drive Apt. 666 Hoeger Hill, Clwyd', '8 Beech Drive Apt. 666 Hoeger Hill, Clwyd'],
    ['72 Ridge Road, Little Gerholdton, County Down', '72 Ridge Road, Little Gerholdton, County Down'],
    ['442 Pfeffer Tunnel, North Wilson, USA 86552', '442 Pfeffer Tunnel, North Wilson, USA 86552'],
    [
      "Write to 12 O'Connell Street Upper, Dublin 1, D01 T0X4",
      "12 O'Connell Street Upper, Dublin 1, D01 T0X4",
    ],
    [
      '88145 E Oak Street, Fort Ed, United States of America 86127-2100',
      '88145 E Oak Street, Fort Ed, United States of America 86127-2100',
    ],
    [
      '55 Ridge Harbors Suite 9, New Corastad, Australia 2041',
      '55 Ridge Harbors Suite 9, New Corastad, Australia 2041',
    ],
    [
      'Old place: 903 Dorsey Prairie\nApt. 771\nHillsborough\nUnited States 60615',
      '903 Dorsey Prairie\nApt. 771\nHillsborough\nUnited States 60615',
    ],
    ['283 Tyrique Meadows\nWillwick\nUnited Kingdom', '283 Tyrique Meadows\nWillwick\nUnited Kingdom'],
    [
      '5443 S Water Street\nSuite 899\nAudreycester SC\nUnited States 40058',
      '5443 S Water Street\nSuite 899\nAudreycester SC\nUnited States 40058',
    ],
  ])('finds an address typed loosely (few commas, region or country written out) in %j', (text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('takes the two streets of an intersection named as a place', () => {
    expect(addresses('We met at the corner of Elm Street and Fifth Avenue yesterday.')).toEqual([
      'Elm Street and Fifth Avenue',
    ]);
    expect(addresses('The crash was at the intersection of Main St & 3rd Ave')).toEqual([
      'Main St & 3rd Ave',
    ]);
    expect(addresses('Meet me on the corner of Dorsey Prairie and Kessler Mews at noon')).toEqual([
      'Dorsey Prairie and Kessler Mews',
    ]);
    // Without the words that make it a place, two street names are just that.
    expect(addresses('Elm Street and Fifth Avenue are both closed')).toEqual([]);
    expect(addresses('The corner of the room and the window were dusty.')).toEqual([]);
  });

  it('does not run a street on into capitalised words that no state, county or country ends', () => {
    expect(addresses('Meet at 12 Main Street Tomorrow Morning Please')).toEqual(['12 Main Street']);
    expect(addresses('Send it to 9 Elm Road Thanks Again Canada')).toEqual(['9 Elm Road']);
    // A town and country run on without a comma confirm nothing: headings are written that way.
    expect(addresses('Top 10 Beach Road Trips Across Australia')).toEqual([]);
    expect(addresses('Meet me at 3 Oak Hills Across Australia')).toEqual([]);
    // "U.S.A." is the country, not a town called "U".
    expect(addresses('919 Alena Centers, South Alvaport, U.S.A. 47677-1864')).toEqual([
      '919 Alena Centers, South Alvaport, U.S.A. 47677-1864',
    ]);
  });

  it('leaves numbers in ordinary English sentences alone', () => {
    for (const text of [
      'I have 3 main points',
      'Call 2 drives',
      'I have 3 Main Points, Springfield',
      'Top 5 Ways To Save Money',
      '10 Simple Ways, Explained',
      'version 2.3 Main Street',
      'Release 1.2.3 Oak Drive',
      'Meet at 5 PM Main Street',
      'at 10:30 Market Street',
      'The price is $1,200 Park Avenue style',
      'Order 12345 shipped to the Main Street store',
      'Version 3, CA 94105 build',
      'Sounds Good, OK 20000 units',
      'We ordered 12 Large Pizzas and 3 Green Salads.',
      'Flat 5, Elm Lane',
      'Unit 4 passed, unit 5 failed',
      'The box weighs 5 kg, PO 12345',
      'Monitoring 24/7 and Engineering 101 start in March',
      'Remembering 25 years of service',
      'String 5 is empty, Spring 2 is next',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
  });

  it.each([
    [
      'de-AT, no street word, four-digit postcode',
      'Lieferadresse: Seeblick 102, 4104 Johnsbach',
      'Seeblick 102, 4104 Johnsbach',
    ],
    ['de-CH', 'Bahnhofstrasse 12, 8001 Zürich', 'Bahnhofstrasse 12, 8001 Zürich'],
    ['de, a ring road', 'Kaiserring 5, 50672 Köln', 'Kaiserring 5, 50672 Köln'],
    ['de, a ring road, no town', 'Büro am Ostring 12', 'Ostring 12'],
    [
      'de, hyphenated name',
      'Hermann-Hesse-Str. 16c, 70173 Stuttgart',
      'Hermann-Hesse-Str. 16c, 70173 Stuttgart',
    ],
    [
      'de, room without a comma',
      'Schillerstr. 5 Zimmer 12\n80331 München',
      'Schillerstr. 5 Zimmer 12\n80331 München',
    ],
    [
      'de, town with a region',
      'Alsenstr. 50c\n90826 Menden (Sauerland)',
      'Alsenstr. 50c\n90826 Menden (Sauerland)',
    ],
    ['de, prefix form and an address word', 'Adresse: Am Sandberg 38a', 'Am Sandberg 38a'],
    ['nl', 'Damrak 1, 1012 LG Amsterdam', 'Damrak 1, 1012 LG Amsterdam'],
    ['fr-BE, type first', 'Envoyez-le Rue de la Loi 16, 1040 Bruxelles', 'Rue de la Loi 16, 1040 Bruxelles'],
    ['fr-CH, type first', 'Avenue de la Gare 12, 1003 Lausanne', 'Avenue de la Gare 12, 1003 Lausanne'],
    [
      'fr, flat after the name',
      '12 rue de la Paix Apt. 5, 75002 Paris',
      '12 rue de la Paix Apt. 5, 75002 Paris',
    ],
    [
      'fr, floor',
      '8 boulevard Haussmann, 3e étage, 75009 Paris',
      '8 boulevard Haussmann, 3e étage, 75009 Paris',
    ],
    ['es, no number', 'Plaza Mayor s/n, 28012 Madrid', 'Plaza Mayor s/n, 28012 Madrid'],
    ['es, floor and door', 'Calle Mayor 5 2º Izda., 28013 Madrid', 'Calle Mayor 5 2º Izda., 28013 Madrid'],
    [
      'es-MX',
      'Calzada de Tlalpan 1234, 04000 Ciudad de México',
      'Calzada de Tlalpan 1234, 04000 Ciudad de México',
    ],
    ['it, flat', 'Spedire a Via Roma 10, Appartamento 5', 'Via Roma 10, Appartamento 5'],
    [
      'it, town with a linking word',
      'Rotonda Garibaldi 3, 42121 Reggio nell’Emilia (RE)',
      'Rotonda Garibaldi 3, 42121 Reggio nell’Emilia (RE)',
    ],
    [
      'en-GB, street word of its own',
      'Address: 5 Rosina Wynd, Edinburgh EH1 1AA',
      '5 Rosina Wynd, Edinburgh EH1 1AA',
    ],
    ['en-AU', '21 Matthew Circuit, Canberra ACT 2601', '21 Matthew Circuit, Canberra ACT 2601'],
  ])('finds an address of the wider region: %s', (_case, text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('needs more than a number, a comma and a capitalised word for a street without a street word', () => {
    for (const text of [
      'Windows 10, 20000 Nutzer haben das Update.',
      'Kapitel 3, 2019 Ausgabe.',
      'Version 2, 1999 Edition',
      'Seite 12, 300 Exemplare',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
    // The same shape at the end of a line, with a postcode that is no year, is an address.
    expect(addresses('Seeblick 102, 4104 Johnsbach\nDanke')).toEqual(['Seeblick 102, 4104 Johnsbach']);
  });

  it('takes a street without a house number only beside an address word or before a postal town', () => {
    expect(addresses('I live on Elm Street.')).toEqual(['Elm Street']);
    expect(addresses('Ship it to Maple Avenue, Springfield, IL 62704')).toEqual([
      'Maple Avenue, Springfield, IL 62704',
    ]);
    expect(addresses('Ich wohne in der Bahnhofstraße.')).toEqual(['Bahnhofstraße']);
    expect(addresses("J'habite rue de la Paix.")).toEqual(['rue de la Paix']);
    expect(addresses('Vivo en la Calle Mayor.')).toEqual(['Calle Mayor']);
    for (const text of [
      'The Wall Street Journal reported it first.',
      'Main Street businesses reopened in May.',
      'We played the Abbey Road album twice.',
      'Mein Arbeitsplatz ist am Heimweg.',
      'Die Seidenstraße war ein Handelsweg.',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
  });

  it('takes a street type that is an everyday word when the street is named after someone', () => {
    const names = new Set(['klein', 'chelsea', 'ross', 'dresdner', 'kennedy']);
    const isPersonName = (word: string) => names.has(word.toLowerCase());
    const named = (text: string) => valuesOf(text, reported(findAddressSpans(text, { isPersonName })));
    expect(named('Meet me at 584 Klein Circle tomorrow.')).toEqual(['584 Klein Circle']);
    expect(named('7781 Ross Crescent')).toEqual(['7781 Ross Crescent']);
    expect(addresses('Meet me at 584 Klein Circle tomorrow.')).toEqual([]);
    for (const text of [
      '3 Big Ideas Center',
      '02 Dresdner Bank',
      '2 Kennedy Center tickets',
      'In 2019 Chelsea Plaza opened',
    ]) {
      expect(named(text), text).toEqual([]);
    }
  });

  it('takes an English address typed in lower case beside an address word, a flat or a ZIP code', () => {
    expect(addresses('i live at 42 oak street, springfield')).toEqual(['42 oak street, springfield']);
    expect(addresses('ship to 123 main st apt 4, austin tx 78701')).toEqual([
      '123 main st apt 4, austin tx 78701',
    ]);
    expect(addresses('i live at 221b baker street')).toEqual(['221b baker street']);
    for (const text of [
      'we walked 3 blocks down main street',
      'it is 2 more miles on the road',
      'i have 2 kids and live on elm street',
      'see 12 main street for details',
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
    expect(addresses(longText('123 Main St\nApt 4\nSpringfield, IL 62704'))).toEqual(
      Array(3).fill('123 Main St\nApt 4\nSpringfield, IL 62704'),
    );
    // Near misses that make the street, unit, town and country parts try and back off.
    for (const unit of [
      'Abc, ',
      'Abc Def Ghi, AL 1',
      'Flat 1\n',
      '1 Abc Def Ghi Jkl ',
      'St. St. ',
      'USS Abc Def Ghi\n',
    ]) {
      expect(addresses(unit.repeat(Math.ceil(200_000 / unit.length))), unit).toEqual([]);
    }
    expect(addresses('1 Abc Hills #1 Apt '.repeat(10_000))).toEqual([]);
  });
});
