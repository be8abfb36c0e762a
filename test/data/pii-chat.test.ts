/** Checks the hand-written evaluation set in test/data/pii-chat/ (see its README for the labelling rules). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { PII_CHAT_LANGUAGES, parsePiiChatJsonl, type PiiChatLine } from '../../models/eval/corpora.js';
import { PII_CHAT_DIR } from '../../models/eval/sets.js';
import { BUILTIN_ENTITY_TYPES } from '../../src/detection/types.js';
import { ibanChecksumIsValid, luhnIsValid, phoneIsValid, ssnIsPossible } from '../helpers/value-checks.js';

function readLines(file: string): PiiChatLine[] {
  const path = join(PII_CHAT_DIR, file);
  return parsePiiChatJsonl(readFileSync(path, 'utf8'), path);
}

const labelled = new Map(PII_CHAT_LANGUAGES.map((lang) => [lang, readLines(`${lang}.jsonl`)]));
const clean = readLines('clean.jsonl');
const allLines = [...[...labelled.values()].flat(), ...clean];

/** Every labelled entity with its value, for the per-type checks. */
const entities = [...labelled.values()].flat().flatMap((line) =>
  line.entities.map((entity) => ({ id: line.id, type: entity.type, value: line.text.slice(entity.start, entity.end) })),
);
const valuesOf = (type: string): { id: string; value: string }[] => entities.filter((e) => e.type === type);

describe('pii-chat data set', () => {
  it('has at least 60 labelled texts per language, each tagged with its file language', () => {
    for (const [lang, lines] of labelled) {
      expect(lines.length, lang).toBeGreaterThanOrEqual(60);
      for (const line of lines) {
        expect(line.lang).toBe(lang);
        expect(line.id.startsWith(`${lang}-`)).toBe(true);
        expect(line.entities.length, line.id).toBeGreaterThan(0);
      }
    }
  });

  it('has at least 100 clean texts, 20 or more per language, with no entities', () => {
    expect(clean.length).toBeGreaterThanOrEqual(100);
    for (const lang of PII_CHAT_LANGUAGES) {
      expect(clean.filter((line) => line.lang === lang).length, lang).toBeGreaterThanOrEqual(20);
    }
    for (const line of clean) expect(line.entities, line.id).toEqual([]);
  });

  it('uses unique ids and no text twice', () => {
    expect(new Set(allLines.map((line) => line.id)).size).toBe(allLines.length);
    expect(new Set(allLines.map((line) => line.text)).size).toBe(allLines.length);
  });

  it('keeps offsets in range, spans in order and not overlapping, types known', () => {
    const known = new Set<string>(BUILTIN_ENTITY_TYPES);
    for (const line of allLines) {
      let previousEnd = 0;
      for (const entity of line.entities) {
        expect(known.has(entity.type), `${line.id} type`).toBe(true);
        expect(entity.start, `${line.id} order`).toBeGreaterThanOrEqual(previousEnd);
        expect(entity.end, `${line.id} range`).toBeLessThanOrEqual(line.text.length);
        expect(entity.start, `${line.id} empty span`).toBeLessThan(entity.end);
        previousEnd = entity.end;
      }
    }
  });

  it('has no span starting or ending in whitespace', () => {
    for (const { id, value } of entities) expect(value.trim(), id).toBe(value);
  });

  it('is in Unicode NFC, so offsets mean the same after normalisation', () => {
    for (const line of allLines) expect(line.text.normalize('NFC'), line.id).toBe(line.text);
  });

  it('has IBANs that pass the mod-97 check', () => {
    expect(valuesOf('IBAN_CODE').length).toBeGreaterThanOrEqual(20);
    for (const { id, value } of valuesOf('IBAN_CODE')) expect(ibanChecksumIsValid(value), id).toBe(true);
  });

  it('has card numbers that pass Luhn', () => {
    expect(valuesOf('CREDIT_CARD').length).toBeGreaterThanOrEqual(15);
    for (const { id, value } of valuesOf('CREDIT_CARD')) expect(luhnIsValid(value), id).toBe(true);
  });

  it('has possible US SSNs', () => {
    expect(valuesOf('US_SSN').length).toBeGreaterThanOrEqual(10);
    for (const { id, value } of valuesOf('US_SSN')) expect(ssnIsPossible(value), id).toBe(true);
  });

  it('has valid phone numbers, IP addresses and e-mail addresses', () => {
    for (const { id, value } of valuesOf('PHONE_NUMBER')) expect(phoneIsValid(value), id).toBe(true);
    for (const { id, value } of valuesOf('IP_ADDRESS')) expect(ipaddr.isValid(value), id).toBe(true);
    for (const { id, value } of valuesOf('EMAIL_ADDRESS')) {
      expect(value, id).toMatch(/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i);
    }
  });

  it('covers every entity type the product detects, with many names per language', () => {
    const types = new Set(entities.map((e) => e.type));
    for (const type of BUILTIN_ENTITY_TYPES) expect(types.has(type), type).toBe(true);
    for (const [lang, lines] of labelled) {
      const names = lines.flatMap((line) => line.entities.filter((e) => e.type === 'PERSON'));
      expect(names.length, lang).toBeGreaterThanOrEqual(50);
    }
  });

  it('has the tricky cases it promises: lower-case, ALL-CAPS, particles, hyphens, entities at both ends', () => {
    const persons = valuesOf('PERSON').map((e) => e.value);
    expect(persons.some((v) => /^[a-zà-ÿ' -]+$/.test(v))).toBe(true);
    expect(persons.some((v) => v.length > 3 && v === v.toUpperCase())).toBe(true);
    expect(persons.some((v) => / (van der|de la|von|zu|du|del|de los) /.test(v))).toBe(true);
    expect(persons.some((v) => /\p{L}-\p{L}/u.test(v))).toBe(true);
    expect(persons.some((v) => /D'A/.test(v))).toBe(true);
    const lines = [...labelled.values()].flat();
    expect(lines.some((line) => line.entities[0]?.start === 0)).toBe(true);
    expect(lines.some((line) => line.entities.at(-1)?.end === line.text.length)).toBe(true);
  });
});
