import { describe, expect, it } from 'vitest';
import { findEmailSpans } from '../../../src/detection/recognizers/email.js';
import { longText, valuesOf } from './helpers.js';

const emails = (text: string) => valuesOf(text, findEmailSpans(text));

describe('findEmailSpans', () => {
  it('finds common address shapes and labels them EMAIL', () => {
    const text =
      'Write to jane.doe+news@sub.example.co.uk or JOHN_SMITH@EXAMPLE.COM, cc: a-b%c@mail-server.io.';
    expect(emails(text)).toEqual([
      'jane.doe+news@sub.example.co.uk',
      'JOHN_SMITH@EXAMPLE.COM',
      'a-b%c@mail-server.io',
    ]);
    const [span] = findEmailSpans('x john@example.com');
    expect(span).toMatchObject({
      entity_type: 'EMAIL_ADDRESS',
      label: 'EMAIL',
      source: 'pattern',
      start: 2,
      end: 18,
    });
    expect(span!.score).toBeGreaterThanOrEqual(0.9);
  });

  it('handles Unicode local parts and IDN domains', () => {
    expect(emails('Mail: müller.jürgen@beispiel.de')).toEqual(['müller.jürgen@beispiel.de']);
    expect(emails('Correo: maría@correo.es.')).toEqual(['maría@correo.es']);
    expect(emails('contact: info@bücher.de and user@xn--bcher-kva.de')).toEqual([
      'info@bücher.de',
      'user@xn--bcher-kva.de',
    ]);
    // Scripts written without spaces must not pull the sentence into the local part.
    expect(emails('请联系john@example.com')).toEqual(['john@example.com']);
  });

  it('finds addresses at the very start and end, and adjacent ones', () => {
    expect(emails('a@example.org')).toEqual(['a@example.org']);
    expect(emails('a@example.org,b@example.org;c@example.org')).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
    ]);
    expect(emails('<mailto:jane@example.org>')).toEqual(['jane@example.org']);
    expect(emails('"jane@example.org"')).toEqual(['jane@example.org']);
  });

  it('refuses what is not an address', () => {
    for (const text of [
      'x@y',
      'a@b.c',
      'user@localhost',
      'see icon@2x.png and logo@3x.webp',
      'npm i lodash@4.17.21',
      'user@@example.com',
      'foo@bar.com1',
      'name@-example.com',
      'x..y@example.com',
      '@example.com',
      'git clone git@github.com:org/repo.git',
      'postgres://admin:s3cret@db.example.com:5432/app',
    ]) {
      expect(emails(text), text).toEqual([]);
    }
  });

  it('ends the address before a sentence dot and does not run into words', () => {
    expect(emails('Mail me at john@example.com.')).toEqual(['john@example.com']);
    expect(emails('(john@example.com)')).toEqual(['john@example.com']);
    expect(emails('.john@example.com')).toEqual(['john@example.com']);
  });

  it('rejects local parts over 64 characters', () => {
    expect(emails(`${'a'.repeat(65)}@example.com`)).toEqual([]);
    expect(emails(`${'a'.repeat(64)}@example.com`)).toEqual([`${'a'.repeat(64)}@example.com`]);
  });

  it('scans 200,000 characters, including a long run of @ signs', () => {
    const text = longText('reach me: jane@example.org');
    expect(emails(text)).toEqual(['jane@example.org', 'jane@example.org', 'jane@example.org']);
    expect(emails('a@'.repeat(100_000))).toEqual([]);
    expect(emails(`${'a'.repeat(200_000)}@example.org`)).toEqual([]);
  });
});
