import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_REGIONS, findPhoneSpans } from '../../../src/detection/recognizers/phone.js';
import { longText, reported, valuesOf } from './helpers.js';

const phones = (text: string, phoneRegions?: string[]) =>
  valuesOf(text, reported(findPhoneSpans(text, phoneRegions ? { phoneRegions } : {})));

describe('findPhoneSpans', () => {
  it('defaults to the regions of DESIGN 2', () => {
    expect(DEFAULT_PHONE_REGIONS).toEqual(['US', 'GB', 'FR', 'DE', 'ES', 'IT']);
  });

  it.each([
    ['en-US', 'Call me at (415) 555-0123 tomorrow.', '(415) 555-0123'],
    ['en-US', 'Office: +1 212 555 0147', '+1 212 555 0147'],
    ['en-US', 'toll free 1-800-555-0199', '1-800-555-0199'],
    ['en-US', 'or 212.555.0147', '212.555.0147'],
    ['en-GB', 'Ring 020 7946 0958 after six', '020 7946 0958'],
    ['en-GB', 'Mobile +44 7911 123456', '+44 7911 123456'],
    ['en-GB', 'Switchboard +44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['de', 'Ruf mich an: 030 1234567', '030 1234567'],
    ['de', 'Handy 0171 1234567', '0171 1234567'],
    ['de', 'Tel.: +49 (0)89 123456', '+49 (0)89 123456'],
    ['de', 'Fax 089/1234567', '089/1234567'],
    ['de', 'Nummer 0049 30 12345678', '0049 30 12345678'],
    ['fr', 'Appelez le 06 12 34 56 78', '06 12 34 56 78'],
    ['fr', 'Tél. : +33 1 23 45 67 89', '+33 1 23 45 67 89'],
    ['fr', 'portable 06.12.34.56.78', '06.12.34.56.78'],
    ['es', 'Mi móvil es 612 345 678', '612 345 678'],
    ['es', 'Teléfono +34 91 123 45 67', '+34 91 123 45 67'],
    ['it', 'Chiamami al 333 123 4567', '333 123 4567'],
    ['it', 'Ufficio +39 06 1234 5678', '+39 06 1234 5678'],
  ])('finds a %s number in %j', (_lang, text, want) => {
    expect(phones(text)).toEqual([want]);
  });

  it('labels spans PHONE and raises the score with a context word', () => {
    const [plain] = findPhoneSpans('030 1234567');
    const [withContext] = findPhoneSpans('Telefon: 030 1234567');
    expect(plain).toMatchObject({
      entity_type: 'PHONE_NUMBER',
      label: 'PHONE',
      source: 'pattern',
      start: 0,
      end: 11,
    });
    expect(withContext!.score).toBeGreaterThan(plain!.score);
  });

  it('needs a context word for a bare block of digits', () => {
    expect(phones('4155552671')).toEqual([]);
    expect(phones('call 4155552671')).toEqual(['4155552671']);
    expect(phones('llámame al 612345678')).toEqual(['612345678']);
  });

  it('accepts strongly formatted numbers that libphonenumber does not know (fictional ranges)', () => {
    expect(phones('(555) 123-4567')).toEqual(['(555) 123-4567']);
    expect(phones('+1 555 123 4567')).toEqual(['+1 555 123 4567']);
    expect(phones('07700 900123')).toEqual(['07700 900123']);
  });

  it('does not report order numbers, dates, prices, versions, times and other numbers', () => {
    for (const text of [
      'Order 4155552671 shipped',
      'Order #12345678',
      'Die Bestellnummer lautet 0301234567.',
      'Numéro de commande 06 12 34 56 78',
      'Invoice 2024-03-12, total $1,299.00',
      'on 12.03.2024 at 10:30',
      'version 10.0.19041.1234',
      'The population is 1.234.567',
      'Price: 612 345 678 €',
      'pi is 3.14159265',
      'years 2019-2023',
      'ISBN 978-3-16-148410-0',
      'SSN 123-45-6789',
      'card 4111 1111 1111 1111',
      'IBAN DE89 3704 0044 0532 0130 00',
      'Ticket number 2024-000123 is closed',
      'Meeting ID 845 2361 7789',
      'The EAN code 4006381333931 and UPC 036000291452.',
      'Room 1204, floor 3, 12 people',
      'Temperatures 21.5, 22.1, 23.4',
    ]) {
      expect(phones(text), text).toEqual([]);
    }
  });

  it('leaves brackets around the whole number out of it', () => {
    expect(phones('Jane (030 1234567) called')).toEqual(['030 1234567']);
    expect(phones('call Bob ((212) 555-0147) today')).toEqual(['(212) 555-0147']);
    expect(phones('Marie (06 12 34 56 78)')).toEqual(['06 12 34 56 78']);
    expect(phones('[+44 20 7946 0958]')).toEqual(['+44 20 7946 0958']);
  });

  it('leaves an extension out and reads a single dot after a trunk 0 as a separator', () => {
    expect(phones('Tel. 030 1234567-214')).toEqual(['030 1234567']);
    expect(phones('+49 89 1234567-0 (Zentrale)')).toEqual(['+49 89 1234567']);
    expect(phones('tel. 02.12345678')).toEqual(['02.12345678']);
    expect(phones('value 3.14159265')).toEqual([]);
  });

  it.each([
    ['(555) 555-5555 x123', 'Call (555) 555-5555 x123 today'],
    ['555-555-5555x1234', 'Phone: 555-555-5555x1234'],
    ['555.555.5555x123', 'or 555.555.5555x123.'],
    ['(555)555-5555x12345', 'tel (555)555-5555x12345'],
    ['+1-555-555-5555 ext. 12', 'call +1-555-555-5555 ext. 12'],
    ['001-555-555-5555x1234', 'from abroad 001-555-555-5555x1234'],
    ['212-555-0147, ext. 5', 'Reach me at 212-555-0147, ext. 5 please'],
    ['(555) 555-5555 ext 123', '(555) 555-5555 ext 123'],
    ['555-555-5555 extension 4', 'Office: 555-555-5555 extension 4'],
    ['(555) 555-5555 X123', '(555) 555-5555 X123'],
    ['212-555-0147 #12', 'Desk 212-555-0147 #12'],
    ['+44(0)20 7946 0958 ext. 123', 'London office +44(0)20 7946 0958 ext. 123'],
    ['020 7946 0958 x 12', 'Ring 020 7946 0958 x 12'],
  ])('takes the extension into the span: %s', (want, text) => {
    expect(phones(text)).toEqual([want]);
  });

  it.each([
    ['555.555.5555', 'or 555.555.5555'],
    ['(555)555-5555', 'tel (555)555-5555'],
    ['+1-555-555-5555', 'call +1-555-555-5555'],
    ['001-555-555-5555', 'call 001-555-555-5555'],
    ['+1.212.555.0147', '+1.212.555.0147'],
    ['+44(0)1632960123', 'Tel +44(0)1632960123'],
  ])('finds dotted, dashed and 00/001/+1 prefixed layouts: %s', (want, text) => {
    expect(phones(text)).toEqual([want]);
  });

  it('needs a context word for ten digits that are only shaped like a North American number', () => {
    expect(phones('2345678901')).toEqual([]);
    expect(phones('phone: 2345678901')).toEqual(['2345678901']);
    expect(phones('order number 2345678901')).toEqual([]);
  });

  it('does not read other numbers followed by x or # as an extension', () => {
    for (const text of [
      'Order 555-555-5555x1',
      'The board is 1200 x 800 mm',
      'invoice 2024-03-12 x 5',
      'IP 192.168.1.1 #1',
      'card 4111 1111 1111 1111 x2',
      'Meeting ID 845 2361 7789 #',
      'build 10.0.19041.1234 x64',
    ]) {
      expect(phones(text), text).toEqual([]);
    }
  });

  it('knows context words in five languages', () => {
    for (const text of [
      'ring me on 4155552671',
      'Fon 4155552671',
      'llámanos al 612345678',
      'contattami al 3331234567',
      'rappelez-moi au 0612345678',
    ]) {
      expect(phones(text), text).toHaveLength(1);
    }
  });

  it('splits two numbers written one after the other', () => {
    expect(phones('Tel. 030 1234567 oder 0171 1234567')).toEqual(['030 1234567', '0171 1234567']);
    expect(phones('Ruf an: 0171 1234567, 030 1234567')).toEqual(['0171 1234567', '030 1234567']);
    expect(phones('030 1234567 0171 1234567')).toEqual(['030 1234567', '0171 1234567']);
  });

  it('finds numbers at the start and end of the text and never glued to letters', () => {
    expect(phones('+49 30 12345678')).toEqual(['+49 30 12345678']);
    expect(phones('phone:+33612345678')).toEqual(['+33612345678']);
    expect(phones('030 1234567abc')).toEqual([]);
    expect(phones('ID030 1234567')).toEqual([]);
  });

  it('tries only the configured regions for national numbers', () => {
    expect(phones('Chiamami al 333 123 4567', ['DE'])).toEqual([]);
    expect(phones('Chiamami al 333 123 4567', ['IT'])).toEqual(['333 123 4567']);
    // International numbers do not depend on the regions.
    expect(phones('+39 06 1234 5678', ['DE'])).toEqual(['+39 06 1234 5678']);
    // Unknown region codes are ignored rather than failing.
    expect(phones('030 1234567', ['XX', 'de'])).toEqual(['030 1234567']);
  });

  it('scans 200,000 characters of prose and of digit groups', () => {
    const text = longText('call +44 20 7946 0958');
    expect(phones(text)).toEqual(['+44 20 7946 0958', '+44 20 7946 0958', '+44 20 7946 0958']);
    expect(phones('1 '.repeat(100_000))).toEqual([]);
    expect(phones('12 34 '.repeat(33_000))).toEqual([]);
    expect(phones(longText('call (555) 555-5555 x123'))).toEqual(Array(3).fill('(555) 555-5555 x123'));
    expect(phones('1 ext 1 '.repeat(25_000))).toEqual([]);
    expect(phones('555 x'.repeat(40_000))).toEqual([]);
  });
});
