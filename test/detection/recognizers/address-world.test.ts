import { describe, expect, it } from 'vitest';
import { findAddressSpans } from '../../../src/detection/recognizers/address.js';
import { longText, reported, valuesOf } from './helpers.js';

const addresses = (text: string) => valuesOf(text, reported(findAddressSpans(text)));

describe('findAddressSpans, countries beyond our five languages', () => {
  it.each([
    ['nl', 'Please ship it to Keizersgracht 123, 1015 CJ Amsterdam.', 'Keizersgracht 123, 1015 CJ Amsterdam'],
    ['nl', 'Office: van Baerlestraat 31-2\n1071 AN Amsterdam', 'van Baerlestraat 31-2\n1071 AN Amsterdam'],
    ['sv', 'I live at Drottninggatan 71, 111 36 Stockholm.', 'Drottninggatan 71, 111 36 Stockholm'],
    ['sv', 'Kungsgatan 12, lgh 1102, 411 19 Göteborg', 'Kungsgatan 12, lgh 1102, 411 19 Göteborg'],
    ['no', 'Send it to Karl Johans Gate 22, 0159 Oslo', 'Karl Johans Gate 22, 0159 Oslo'],
    ['no', 'Address: Kirkeveien 5B', 'Kirkeveien 5B'],
    ['da', 'Vesterbrogade 3, 2. th., 1620 København V', 'Vesterbrogade 3, 2. th., 1620 København V'],
    ['fi', 'Mannerheimintie 5 A 2, 00100 Helsinki', 'Mannerheimintie 5 A 2, 00100 Helsinki'],
    ['pl', 'Adres: ul. Marszałkowska 10/12, 00-590 Warszawa', 'ul. Marszałkowska 10/12, 00-590 Warszawa'],
    ['cs', 'Ship to Nerudova 12/4, 118 00 Praha.', 'Nerudova 12/4, 118 00 Praha'],
    ['cs', 'Václavské náměstí 12, 110 00 Praha', 'Václavské náměstí 12, 110 00 Praha'],
    ['sk', 'Obchodná 5, 811 06 Bratislava', 'Obchodná 5, 811 06 Bratislava'],
    ['hu', 'Our office: Andrássy út 22., 1061 Budapest', 'Andrássy út 22., 1061 Budapest'],
    ['hu', 'Szállítás: 1061 Budapest, Andrássy út 22.', '1061 Budapest, Andrássy út 22.'],
    [
      'ro',
      'Calea Victoriei 12, bl. 4, ap. 36, 010063 București',
      'Calea Victoriei 12, bl. 4, ap. 36, 010063 București',
    ],
    ['ro', 'Strada Lipscani nr. 5', 'Strada Lipscani nr. 5'],
    ['hr', 'Trg bana Jelačića 1, 10000 Zagreb', 'Trg bana Jelačića 1, 10000 Zagreb'],
    ['sl', 'Slovenska cesta 9, 1000 Ljubljana', 'Slovenska cesta 9, 1000 Ljubljana'],
    ['lv', 'Brīvības iela 21 - 5, Rīga, LV-1010', 'Brīvības iela 21 - 5, Rīga, LV-1010'],
    [
      'pt',
      'Morada: Avenida da Liberdade, 200, 1250-147 Lisboa',
      'Avenida da Liberdade, 200, 1250-147 Lisboa',
    ],
    [
      'pt-BR',
      'Rua Oscar Freire, 379, apto 12\nSão Paulo - SP\n01426-001',
      'Rua Oscar Freire, 379, apto 12\nSão Paulo - SP\n01426-001',
    ],
    [
      'id',
      'Kantor: Jl. Jenderal Sudirman No. 5, Jakarta 10220',
      'Jl. Jenderal Sudirman No. 5, Jakarta 10220',
    ],
    ['tr', 'Atatürk Caddesi No: 12, 34000 İstanbul', 'Atatürk Caddesi No: 12, 34000 İstanbul'],
    ['en-IN', 'Deliver to 12, MG Road, Bengaluru 560001', '12, MG Road, Bengaluru 560001'],
    ['en-IE', '5 Patrick Street, Cork, T12 X285', '5 Patrick Street, Cork, T12 X285'],
    ['en-ZA', '22 Long Street, Cape Town, 8001', '22 Long Street, Cape Town, 8001'],
    [
      'fr-CA',
      '1234, rue Sainte-Catherine Ouest, Montréal (Québec) H3G 1P1',
      '1234, rue Sainte-Catherine Ouest, Montréal (Québec) H3G 1P1',
    ],
    ['jp', 'Ship to 1-2-3 Shibuya, Shibuya-ku, Tokyo 150-0002', '1-2-3 Shibuya, Shibuya-ku, Tokyo 150-0002'],
    [
      'cn',
      'Our office is at No. 1 Jianguomenwai Avenue, Chaoyang District, Beijing 100004.',
      'No. 1 Jianguomenwai Avenue, Chaoyang District, Beijing 100004',
    ],
    ['nz', 'PO Box 4432, Wellington 6140, New Zealand', 'PO Box 4432, Wellington 6140, New Zealand'],
    ['ru', 'ul. Tverskaya, d. 7, kv. 12, Moscow, 125009', 'ul. Tverskaya, d. 7, kv. 12, Moscow, 125009'],
    [
      'mx',
      'Av. Insurgentes Sur 1602, Col. Crédito Constructor, 03940 Ciudad de México',
      'Av. Insurgentes Sur 1602, Col. Crédito Constructor, 03940 Ciudad de México',
    ],
    [
      'en-GB',
      'He lives at 4 Privet Drive, Little Whinging, Surrey.',
      '4 Privet Drive, Little Whinging, Surrey',
    ],
    ['kr', 'Office: 152 Teheran-ro, Gangnam-gu, Seoul 06236', '152 Teheran-ro, Gangnam-gu, Seoul 06236'],
    ['co', 'Carrera 7 # 71-21, Bogotá, Colombia', 'Carrera 7 # 71-21, Bogotá, Colombia'],
    ['my', 'No. 12, Jalan Ampang, 50450 Kuala Lumpur', 'No. 12, Jalan Ampang, 50450 Kuala Lumpur'],
    ['vn', '123 Nguyễn Huệ, Quận 1, Thành phố Hồ Chí Minh', '123 Nguyễn Huệ, Quận 1, Thành phố Hồ Chí Minh'],
    ['lt', 'Gedimino pr. 9, LT-01103 Vilnius', 'Gedimino pr. 9, LT-01103 Vilnius'],
    ['ee', 'Narva mnt 5, 10117 Tallinn', 'Narva mnt 5, 10117 Tallinn'],
    ['is', 'Laugavegur 12, 101 Reykjavík', 'Laugavegur 12, 101 Reykjavík'],
    [
      'ph',
      '123 Rizal St., Brgy. San Antonio, Makati City 1200',
      '123 Rizal St., Brgy. San Antonio, Makati City 1200',
    ],
    ['ar', 'Av. Corrientes 1234, C1043 CABA', 'Av. Corrientes 1234, C1043 CABA'],
    [
      'br',
      'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001',
      'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001',
    ],
  ])('finds a %s address in %j', (_country, text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('leaves years, scores, everyday words and citations alone', () => {
    for (const text of [
      'Live in Stockholm 2012: the whole concert.',
      'Then put 5 eggs in the bowl.',
      'Denmark 2, Sweden 1.',
      'Smith et al. Nature 5, 2019.',
      'The Watergate 2 documentary aired yesterday.',
      'Gate 12, 1200 passengers boarded in Amsterdam.',
      'Rotterdam 1, Ajax 3, PSV 2',
      'Nora Petrova 5 years old.',
      'Gang 3 members were arrested.',
      'Jalan 5 km to the beach.',
      'The score was 2-1 Arsenal, then 3-0 Chelsea.',
      'Room 3-12 Osaka is booked.',
      'Issue #12-3 Login Page was closed.',
      'Jimmy P. 5 points, Q. 3 rebounds.',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
  });

  it('takes street words that are everyday words only with a postcode or an address word', () => {
    expect(addresses('Hyde park 5 times a week.')).toEqual([]);
    expect(addresses('Kolos sor 5, 1061 Budapest')).toEqual(['Kolos sor 5, 1061 Budapest']);
    expect(addresses('Tivoli Park 5')).toEqual([]);
    expect(addresses('My address is Tivolipark 5')).toEqual(['Tivolipark 5']);
  });

  it('ends a street at its number when a sentence ends there, except a Hungarian house number', () => {
    expect(addresses('We moved to Gül Sokak 35.')).toEqual(['Gül Sokak 35']);
    expect(addresses('We moved to Kossuth Lajos utca 12.')).toEqual(['Kossuth Lajos utca 12.']);
  });

  it('scans 200,000 characters with these forms planted', () => {
    expect(addresses(longText('Drottninggatan 71, 111 36 Stockholm'))).toEqual(
      Array(3).fill('Drottninggatan 71, 111 36 Stockholm'),
    );
    for (const unit of [
      'Abcgatan ',
      'Abc utca 1',
      'Rua Abc Def Ghi ',
      'ul. Abc Def Ghi Jkl Mno Pqr ',
      'Abcská 1 ',
      '12 34 ',
    ]) {
      expect(addresses(unit.repeat(Math.ceil(200_000 / unit.length))).length, unit).toBeLessThan(5);
    }
  });
});

describe('findAddressSpans, scripts without capital letters', () => {
  it.each([
    [
      'ru',
      'Адрес: ул. Тверская, д. 7, кв. 12, г. Москва, 125009',
      'ул. Тверская, д. 7, кв. 12, г. Москва, 125009',
    ],
    ['ru', '101000, г. Москва, Мясницкая улица, д. 5', '101000, г. Москва, Мясницкая улица, д. 5'],
    ['uk', 'вул. Хрещатик, 22, м. Київ, 01001', 'вул. Хрещатик, 22, м. Київ, 01001'],
    ['el', 'Λεωφ. Κηφισίας 12, 115 26 Αθήνα', 'Λεωφ. Κηφισίας 12, 115 26 Αθήνα'],
    ['ja', '住所：〒150-0002 東京都渋谷区渋谷1丁目2番3号', '〒150-0002 東京都渋谷区渋谷1丁目2番3号'],
    ['ja', 'Ship to 大阪府大阪市北区梅田3-1-1 please', '大阪府大阪市北区梅田3-1-1'],
    ['zh', '地址：北京市朝阳区建国门外大街1号', '北京市朝阳区建国门外大街1号'],
    ['zh-TW', 'Office: 臺北市信義區信義路五段7號', '臺北市信義區信義路五段7號'],
    ['ko', '주소: 서울특별시 강남구 테헤란로 152, 06236', '서울특별시 강남구 테헤란로 152, 06236'],
    [
      'th',
      '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110',
      '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110',
    ],
    ['he', 'רחוב הרצל 12, תל אביב', 'רחוב הרצל 12, תל אביב'],
    ['ar', 'شارع الملك فهد 12، الرياض', 'شارع الملك فهد 12، الرياض'],
  ])('finds a %s address in %j', (_country, text, want) => {
    expect(addresses(text)).toEqual([want]);
  });

  it('leaves phrases of those languages with a number alone', () => {
    for (const text of [
      '我知道3号会议室在哪里',
      'この市場で1-2個買った',
      '서울로 5명이 갔다',
      'נסענו דרך האינטרנט 24 שעות',
      'عن طريق الإنترنت 24 ساعة',
      'Встреча в 10 часов, 2 переговорные.',
    ]) {
      expect(addresses(text), text).toEqual([]);
    }
  });

  it('scans 200,000 characters of those scripts', () => {
    for (const unit of [
      '東京都渋谷区',
      '北京市朝阳区路',
      '서울특별시 강남구 ',
      'ถนนสุขุมวิท ',
      'רחוב הרצל ',
      'شارع الملك ',
    ]) {
      expect(addresses(unit.repeat(Math.ceil(200_000 / unit.length))), unit).toEqual([]);
    }
    expect(addresses(longText('北京市朝阳区建国门外大街1号'))).toEqual(
      Array(3).fill('北京市朝阳区建国门外大街1号'),
    );
  });
});
