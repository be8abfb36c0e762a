/**
 * Development set for street addresses of countries outside our five languages, as they turn up in
 * English prompts: a customer in Rotterdam, a supplier in Kraków, a hotel in Lisbon. Street, town and
 * postcode parts come from @faker-js/faker's locales; the order, separators, house-number and flat
 * conventions are each country's own postal format (faker's `streetAddress` is not, for several of
 * them: "84795 Rua Pereira", "Brodná 479 Suite 502"). Plus clean texts with the shapes that look like
 * such addresses. Tuning data only: never reported as a result, never trained on.
 */
import { allFakers, type Faker } from '@faker-js/faker';
import type { EvalExample } from './example.js';
import { ADDRESS_FRAMES_EN, cleanExamples, writtenAddresses, type Written } from './address-dev.js';
import type { Random } from '../ner/synthetic/random.js';

export const ADDRESS_WORLD_DEV_SEED = 20261125;
const PER_COUNTRY = 40;

interface Parts {
  /** The street line: name, house number and any flat, in the country's order. */
  street: string;
  /** The lines after the street (town, postcode, region), in the country's order. */
  tail: string[];
  /** A postcode written before the street ("〒150-0002 東京都…"), where the country puts it there. */
  head?: string;
}

interface CountryForm {
  /** The faker locale the names come from; also the example's `lang`, so results print per country. */
  locale: keyof typeof allFakers;
  parts(f: Faker, r: Random): Parts;
}

const houseNumber = (r: Random) => String(1 + (r.chance(0.8) ? r.int(120) : r.int(2000)));
const letter = (r: Random, letters = 'ABCDEF') => letters[r.int(letters.length)]!;
const digits = (r: Random, n: number) => Array.from({ length: n }, () => String(r.int(10))).join('');
const maybe = (r: Random, p: number, text: string) => (r.chance(p) ? text : '');

const COUNTRIES: CountryForm[] = [
  {
    // "Visserdijk 220-3, 1462 GY Mullegen"
    locale: 'nl',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, letter(r, 'abc'))}${maybe(r, 0.2, '-' + String(1 + r.int(4)))}`,
      tail: [
        `${digits(r, 4).replace(/^0/, '1')} ${letter(r, 'BCDEGHJKLMNPRSTVWXZ')}${letter(r, 'ABCEGHJKLMNPRSTVWXZ')} ${f.location.city()}`,
      ],
    }),
  },
  {
    // "Gielenplein 257 bus 3, 2399 Weeldezele"
    locale: 'nl_BE',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, ' bus ' + String(1 + r.int(20)))}`,
      tail: [`${1000 + r.int(9000)} ${f.location.city()}`],
    }),
  },
  {
    // "Praceta Nuno Fraga, 34, 3.º Esq., 6265-052 Loulé"
    locale: 'pt_PT',
    parts: (f, r) => ({
      street: `${f.location.street()}${r.chance(0.6) ? ',' : ''} ${houseNumber(r)}${maybe(r, 0.3, `, ${1 + r.int(8)}.º ${r.pick(['Esq.', 'Dto.', 'Frente', 'A', 'B'])}`)}`,
      tail: [`${1000 + r.int(9000)}-${digits(r, 3)} ${f.location.city()}`],
    }),
  },
  {
    // "Alameda Fabrício, 499, apto 40\nLeonardo de Nossa Senhora - SP\n65324-422"
    locale: 'pt_BR',
    parts: (f, r) => ({
      street: `${f.location.street()}, ${houseNumber(r)}${maybe(r, 0.3, `, ${r.pick(['apto', 'Apto.', 'sala', 'casa'])} ${1 + r.int(300)}`)}`,
      tail: [
        `${f.location.city()} - ${f.location.state({ abbreviated: true })}`,
        `${digits(r, 5)}-${digits(r, 3)}`,
      ],
    }),
  },
  {
    // "Hannas Väg 4, lgh 1204, 239 96 Kötorp"
    locale: 'sv',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, letter(r, 'AB'))}${maybe(r, 0.2, `, lgh ${1001 + r.int(300)}`)}`,
      tail: [`${1 + r.int(9)}${digits(r, 2)} ${digits(r, 2)} ${f.location.city()}`],
    }),
  },
  {
    // "Henriks Vei 91B, 6265 Fetodden"
    locale: 'nb_NO',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, letter(r, 'AB'))}`,
      tail: [`${digits(r, 4)} ${f.location.city()}`],
    }),
  },
  {
    // "Vestergade 40B, 6. th., 3244 Havdrup"
    locale: 'da',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, letter(r, 'AB'))}${maybe(r, 0.4, `, ${r.pick(['st.', '1.', '2.', '3.', '4.'])} ${r.pick(['th.', 'tv.', 'mf.'])}`)}`,
      tail: [`${1000 + r.int(9000)} ${f.location.city()}`],
    }),
  },
  {
    // "Leppänenkuja 36 A 2, 57323 Valkeakoski"
    locale: 'fi',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.4, ` ${letter(r, 'ABC')} ${1 + r.int(40)}`)}`,
      tail: [`${digits(r, 5)} ${f.location.city()}`],
    }),
  },
  {
    // "ul. Krawiec 74/257, 32-399 Radzymin"
    locale: 'pl',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.5, r.chance(0.5) ? `/${1 + r.int(80)}` : ` m. ${1 + r.int(80)}`)}`,
      tail: [`${digits(r, 2)}-${digits(r, 3)} ${f.location.city()}`],
    }),
  },
  {
    // "Olštýnská 358/12, 460 01 Osečná"
    locale: 'cs_CZ',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.3, `/${1 + r.int(40)}`)}`,
      tail: [`${1 + r.int(7)}${digits(r, 2)} ${digits(r, 2)} ${f.location.city()}`],
    }),
  },
  {
    // "Bajkalská 34, 831 04 Bratislava"
    locale: 'sk',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.3, `/${1 + r.int(40)}`)}`,
      tail: [`${digits(r, 3)} ${digits(r, 2)} ${f.location.city()}`],
    }),
  },
  {
    // Town and postcode first: "2650 Mórahalom, László út 22. 1. em. 5."
    locale: 'hu',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}.${maybe(r, 0.3, ` ${1 + r.int(8)}. em. ${1 + r.int(20)}.`)}`,
      tail: [`${1000 + r.int(9000)} ${f.location.city()}`],
    }),
  },
  {
    // "Bulevardul Acvila nr. 62, bl. 4, ap. 36, 415732 Bocșa"
    locale: 'ro',
    parts: (f, r) => ({
      street: `${f.location.street()} nr. ${houseNumber(r)}${maybe(r, 0.4, `, bl. ${1 + r.int(90)}, ap. ${1 + r.int(120)}`)}`,
      tail: [`${digits(r, 6)} ${f.location.city()}`],
    }),
  },
  {
    // "Sarajevska 15, 21000 Split"
    locale: 'hr',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}`,
      tail: [`${digits(r, 5)} ${f.location.city()}`],
    }),
  },
  {
    locale: 'sr_RS_latin',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}`,
      tail: [`${digits(r, 5)} ${f.location.city()}`],
    }),
  },
  {
    // "Jadranska cesta 60b, 6415 Šempeter pri Gorici"
    locale: 'sl_SI',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.2, letter(r, 'abc'))}`,
      tail: [`${1000 + r.int(9000)} ${f.location.city()}`],
    }),
  },
  {
    // "Ūbeles dambis 165-34, Ikšķile, LV-2485"
    locale: 'lv',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}${maybe(r, 0.4, ` - ${1 + r.int(80)}`)}`,
      tail: [`${f.location.city()}, LV-${1000 + r.int(5000)}`],
    }),
  },
  {
    // "Jln. Salimah No. 7, Rumbia 34029"
    locale: 'id_ID',
    parts: (f, r) => ({
      street: `${f.location.street()} ${r.pick(['No.', 'No', 'no.', 'No:'])} ${houseNumber(r)}`,
      tail: [`${f.location.city()} ${digits(r, 5)}`],
    }),
  },
  {
    // "Gül Sokak No: 35/B, 04046 Kadıköy/Elazığ"
    locale: 'tr',
    parts: (f, r) => ({
      street: `${f.location.street()} ${r.pick(['No:', 'No: ', 'No.'])}${houseNumber(r)}${maybe(r, 0.3, `/${letter(r, 'ABC')}`)}${maybe(r, 0.3, ` D:${1 + r.int(20)}`)}`,
      tail: [`${digits(r, 5)} ${f.location.city()}`],
    }),
  },
  {
    // "12, Kaur Turnpike, Nanded 431605"
    locale: 'en_IN',
    parts: (f, r) => ({
      street: `${houseNumber(r)}, ${f.location.street()}`,
      tail: [`${f.location.city()} ${1 + r.int(8)}${digits(r, 5)}`],
    }),
  },
  {
    // "14 Turner Street, Darrenbury, Co. Cork, T12 X285"
    locale: 'en_IE',
    parts: (f, r) => ({
      street: `${houseNumber(r)} ${f.location.street()}`,
      tail: [
        `${f.location.city()}${maybe(r, 0.5, `, Co. ${r.pick(['Cork', 'Dublin', 'Galway', 'Kerry', 'Mayo'])}`)}`,
        `${letter(r, 'ACDEFHKNPRTVWXY')}${digits(r, 2)} ${letter(r, 'ACDEFHKNPRTVWXY')}${digits(r, 3)}`,
      ],
    }),
  },
  {
    // "22 Chester Mills, Pietermaritzburg, 3201"
    locale: 'en_ZA',
    parts: (f, r) => ({
      street: `${houseNumber(r)} ${f.location.street()}`,
      tail: [`${f.location.city()}, ${digits(r, 4)}`],
    }),
  },
  {
    // "1234, rue Leclerc, Montréal (Québec) H2X 1Y4"
    locale: 'fr_CA',
    parts: (f, r) => ({
      street: `${houseNumber(r)}, ${r.pick(['rue', 'avenue', 'boulevard', 'chemin'])} ${f.person.lastName()}`,
      tail: [
        `${f.location.city()} (Québec) ${letter(r, 'GHJ')}${r.int(10)}${letter(r, 'ABCEGHJ')} ${r.int(10)}${letter(r, 'ABCEGHJ')}${r.int(10)}`,
      ],
    }),
  },
  // Native scripts.
  {
    // "ул. Морская, д. 12, кв. 5, г. Калач, 397600" or the Russian order, postcode and town first.
    locale: 'ru',
    parts: (f, r) => ({
      street: `${f.location.street()}, ${r.pick(['д. ', 'дом ', ''])}${houseNumber(r)}${maybe(r, 0.4, `, кв. ${1 + r.int(200)}`)}`,
      tail: [`г. ${f.location.city()}`, digits(r, 6)],
    }),
  },
  {
    // "вул. Хрещатик, 22, кв. 5, м. Київ, 01001"
    locale: 'uk',
    parts: (f, r) => ({
      street: `${f.location.street()}, ${maybe(r, 0.3, 'буд. ')}${houseNumber(r)}${maybe(r, 0.4, `, кв. ${1 + r.int(200)}`)}`,
      tail: [`м. ${f.location.city()}`, digits(r, 5)],
    }),
  },
  {
    // "Ερμού 15, 105 63 Αθήνα"; faker's street names carry their "Λεωφ." or "Παρ." where they have one
    locale: 'el',
    parts: (f, r) => ({
      street: `${f.location.street()} ${houseNumber(r)}`,
      tail: [`${1 + r.int(8)}${digits(r, 2)} ${digits(r, 2)} ${f.location.city()}`],
    }),
  },
  {
    // "〒650-5242 埼玉県望月町7丁目5番3号 山田ビル302号室": postcode, prefecture, town, block, building.
    locale: 'ja',
    parts: (f, r) => ({
      street: `${f.location.state()}${f.location.city()}${r.chance(0.5) ? f.location.street() : `${1 + r.int(9)}-${1 + r.int(30)}-${1 + r.int(20)}`}${maybe(r, 0.3, ` ${f.person.lastName()}ビル${1 + r.int(9)}0${1 + r.int(9)}号室`)}`,
      tail: [],
      head: `〒${digits(r, 3)}-${digits(r, 4)}`,
    }),
  },
  {
    // "대구광역시 밀양구 창3길 15, 101동 502호", postcode after
    locale: 'ko',
    parts: (f, r) => ({
      street: `${f.location.state()} ${f.location.city()} ${f.location.street()} ${houseNumber(r)}${maybe(r, 0.3, `, ${1 + r.int(20)}0${1 + r.int(9)}동 ${1 + r.int(20)}0${1 + r.int(9)}호`)}`,
      tail: [digits(r, 5)],
    }),
  },
  {
    // "辽宁省诸原市崔桥路12号3栋201室", postcode before
    locale: 'zh_CN',
    parts: (f, r) => ({
      street: `${f.location.state()}${f.location.city()}${f.location.street()}${r.pick(['路', '大街', '大道', '街'])}${houseNumber(r)}号${maybe(r, 0.3, `${1 + r.int(20)}栋${1 + r.int(30)}0${1 + r.int(9)}室`)}`,
      tail: [],
      head: digits(r, 6),
    }),
  },
  {
    // "臺北市信義區薛東路5段12號3樓"
    locale: 'zh_TW',
    parts: (f, r) => ({
      street: `${f.location.city()}${f.location.street()}${maybe(r, 0.3, `${1 + r.int(5)}段`)}${houseNumber(r)}號${maybe(r, 0.3, `${1 + r.int(20)}樓`)}`,
      tail: [],
      head: digits(r, 3),
    }),
  },
  {
    // "123 ถนนเดโช แขวงคลองเตย เขตพิษณุโลก กรุงเทพฯ 10110"
    locale: 'th',
    parts: (f, r) => ({
      street: `${houseNumber(r)}${maybe(r, 0.3, `/${1 + r.int(40)}`)} ถนน${f.location.street()}`,
      tail: [
        `${r.pick(['แขวง', 'ตำบล'])}${f.location.city()} ${r.pick(['เขต', 'อำเภอ'])}${f.location.street()} ${f.location.state()} ${digits(r, 5)}`,
      ],
    }),
  },
  {
    // "רחוב הנביא אלישע 12, רבבה"
    locale: 'he',
    parts: (f, r) => ({ street: `${f.location.street()} ${houseNumber(r)}`, tail: [f.location.city()] }),
  },
  {
    // "شارع عنود 12، البيضاء"
    locale: 'ar',
    parts: (f, r) => ({ street: `${f.location.street()} ${houseNumber(r)}`, tail: [f.location.city()] }),
  },
];

// Numbers beside words of those languages' street shapes, in English prompts, that are not addresses.
const CLEAN = [
  'The Watergate 2 documentary aired in 1994.',
  'We bought 3 Arcade 1Up cabinets for the break room.',
  'Colgate 2 for 1 offer ends on Friday.',
  'Flight SK 1234 Oslo to Bergen was delayed by 40 minutes.',
  'The Nokia 3310, 2000 edition, still works.',
  'Our Ikea Billy 3 shelf order arrived, 12 boxes in total.',
  'Skoda Octavia 2019, 45000 km, one owner.',
  'Euro 2024 Final, 65000 fans in Berlin.',
  'Gate 12, 1200 passengers boarded in Amsterdam.',
  'Python 3, 2048 MB of RAM and a Linux box are enough.',
  'The Gothenburg office hired 12 engineers and 3 designers.',
  'Meet the Rotterdam team at 10 on Monday.',
  'Tallinn 2, Riga 1 was the final score.',
  'Marriott Bonvoy 50000 points expire in March.',
  'Room 204, 2 beds, breakfast included.',
  'Sauna 3 is closed for cleaning until 14:00.',
  'Lisbon Web Summit 2023 had 70000 attendees.',
  'Unit tests: 120 passed, 3 failed, 2 skipped.',
  'Aalto 2024 conference, Track 3, Room 101.',
  'The Budapest 2017 championships, 180 countries.',
  'Warsaw Uprising 1944 museum tour, 2 hours.',
  'Turkish Airlines TK 1980, 250 passengers.',
  'Bali Hotel 5, 4 nights, 2 adults.',
  'Jakarta Fair 2022 drew 6 million visitors.',
  'Mumbai Indians 180 for 4 in 20 overs.',
  'Dublin Marathon 2023, 22000 runners finished.',
  'Pretoria High 3, Durban 1 at half time.',
  'Tesla Model 3, 2021, 40000 miles.',
  'The Copenhagen Suborbitals team launched Nexø 2 in 2018.',
  'Helsinki 2, Turku 0 after extra time.',
  'Prague Spring 1968 is covered in Chapter 12.',
  'Bratislava Open 2019, 32 players.',
  'Volvo XC90, 2022 model, 3 rows of seats.',
  'The Ajax 4, PSV 1 match report is in the newsletter.',
  'Order Nr. 4471 ships on Monday, 2 boxes.',
  'Invoice No. 2023-118 covers 12 hours of work.',
  'Call Karin 3 times before noon, then Lars 2 times.',
  'Petrova 5 and Ivanova 7 finished the race in that order.',
  'Gang 3 of the build pipeline failed again.',
  'Please put 5 copies on my desk and 2 in the archive.',
  'The Rijksmuseum has 8000 objects on display.',
  'Stockholm 2012 was the best conference we went to.',
  'Copenhagen Fintech 2021 had 3 tracks.',
  'Our Oslo team shipped 14 features in Q3.',
  'Espoo 2, Vantaa 3 in the regional league.',
  'The Kraków 2023 summit had 400 delegates.',
  'Budapest Airport Terminal 2, Gate 14.',
  'Porto 2, Benfica 2 after 90 minutes.',
  'The São Paulo office has 120 staff and 3 floors.',
  'Jakarta Post, 12 March, page 4.',
  'Istanbul 2023 marathon, 40000 runners.',
  'Route 5 from Bengaluru to Mysuru takes 3 hours.',
  'Cork City 1, Shamrock Rovers 0.',
  'Cape Town Cycle Tour 2024, 35000 riders.',
  'Montréal Canadiens 4, Toronto 3.',
  'Lisbon 1755 earthquake lecture, Room 3.',
  'Warsaw 2, Gdańsk 1 after extra time.',
];

function written(parts: Parts, how: Written, locale: string): string {
  if (how === 'street') return parts.street;
  if (parts.head !== undefined) return `${parts.head} ${parts.street}`;
  // Hungarian and Russian addresses often put the postcode and town first in running text.
  if ((locale === 'hu' || locale === 'ru') && how === 'one-line')
    return `${[...parts.tail].reverse().join(', ')}, ${parts.street}`;
  const separator = locale === 'ar' ? '، ' : ', ';
  return how === 'one-line'
    ? [parts.street, ...parts.tail].join(separator)
    : [parts.street, ...parts.tail].join('\n');
}

export function addressWorldDevExamples(): { examples: EvalExample[]; clean: EvalExample[] } {
  const examples = writtenAddresses({
    idPrefix: 'address-world-dev',
    seed: ADDRESS_WORLD_DEV_SEED,
    perForm: PER_COUNTRY,
    forms: COUNTRIES,
    lang: (country) => country.locale,
    frames: () => ADDRESS_FRAMES_EN,
    address: (f, r, country, how) => written(country.parts(f, r), how, country.locale),
  });
  return { examples, clean: cleanExamples('address-world-dev-clean', CLEAN) };
}
