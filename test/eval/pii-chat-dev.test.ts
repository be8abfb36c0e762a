/**
 * Checks the hand-written development sets models/eval/pii-chat-dev/, pii-chat-blind-dev/,
 * pii-chat-blind2-dev/ (labelling rules: test/data/pii-chat/README.md) and web-blind-dev/ (English
 * only; its own README).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { PII_CHAT_LANGUAGES, parsePiiChatJsonl, type PiiChatLine } from '../../models/eval/corpora.js';
import {
  PII_CHAT_BLIND_DEV_DIR,
  PII_CHAT_BLIND2_DEV_DIR,
  PII_CHAT_DEV_DIR,
  PII_CHAT_DIR,
  PII_CHAT_BLIND3_DEV_DIR,
  WEB_BLIND_DEV_DIR,
} from '../../models/eval/sets.js';
import { BUILTIN_ENTITY_TYPES } from '../../src/detection/types.js';
import { ibanChecksumIsValid, luhnIsValid, phoneIsValid, ssnIsPossible } from '../helpers/value-checks.js';

const read = (dir: string, file: string): PiiChatLine[] =>
  parsePiiChatJsonl(readFileSync(join(dir, file), 'utf8'), join(dir, file));

const evaluationTexts = new Set(
  [...PII_CHAT_LANGUAGES.map((lang) => `${lang}.jsonl`), 'clean.jsonl'].flatMap((file) =>
    read(PII_CHAT_DIR, file).map((line) => line.text),
  ),
);

const SETS = [
  { name: 'pii-chat-dev', dir: PII_CHAT_DEV_DIR, minLabelled: 30, minNames: 30, minClean: 15 },
  { name: 'pii-chat-blind-dev', dir: PII_CHAT_BLIND_DEV_DIR, minLabelled: 20, minNames: 20, minClean: 30 },
  { name: 'pii-chat-blind2-dev', dir: PII_CHAT_BLIND2_DEV_DIR, minLabelled: 24, minNames: 30, minClean: 36 },
  { name: 'pii-chat-blind3-dev', dir: PII_CHAT_BLIND3_DEV_DIR, minLabelled: 20, minNames: 35, minClean: 16 },
  {
    name: 'web-blind-dev',
    dir: WEB_BLIND_DEV_DIR,
    minLabelled: 150,
    minNames: 250,
    minClean: 90,
    languages: ['en'],
  },
];

describe.each(SETS)('$name data set', ({ dir, minLabelled, minNames, minClean, languages }) => {
  const labelled = (languages ?? PII_CHAT_LANGUAGES).map(
    (lang) => [lang, read(dir, `${lang}.jsonl`)] as const,
  );
  const clean = read(dir, 'clean.jsonl');
  const allLines = [...labelled.flatMap(([, lines]) => lines), ...clean];
  const values = (type: string) =>
    labelled.flatMap(([, lines]) =>
      lines.flatMap((line) =>
        line.entities
          .filter((e) => e.type === type)
          .map((e) => ({ id: line.id, value: line.text.slice(e.start, e.end) })),
      ),
    );

  it('has labelled texts with names in every language, and clean texts in every language', () => {
    for (const [lang, lines] of labelled) {
      expect(lines.length, lang).toBeGreaterThanOrEqual(minLabelled);
      for (const line of lines) expect(line.lang).toBe(lang);
      const names = lines.flatMap((line) => line.entities.filter((e) => e.type === 'PERSON'));
      expect(names.length, lang).toBeGreaterThanOrEqual(minNames);
      expect(clean.filter((line) => line.lang === lang).length, lang).toBeGreaterThanOrEqual(minClean);
    }
    for (const line of clean) expect(line.entities, line.id).toEqual([]);
  });

  it('uses unique ids and texts, and shares no text with the evaluation set', () => {
    expect(new Set(allLines.map((line) => line.id)).size).toBe(allLines.length);
    expect(new Set(allLines.map((line) => line.text)).size).toBe(allLines.length);
    for (const line of allLines) expect(evaluationTexts.has(line.text), line.id).toBe(false);
  });

  it('keeps spans in range, in order, not overlapping, trimmed, of known types, in NFC text', () => {
    const known = new Set<string>(BUILTIN_ENTITY_TYPES);
    for (const line of allLines) {
      expect(line.text.normalize('NFC'), line.id).toBe(line.text);
      let previousEnd = 0;
      for (const entity of line.entities) {
        expect(known.has(entity.type), `${line.id} type`).toBe(true);
        expect(entity.start, `${line.id} order`).toBeGreaterThanOrEqual(previousEnd);
        expect(entity.end, `${line.id} range`).toBeLessThanOrEqual(line.text.length);
        const value = line.text.slice(entity.start, entity.end);
        expect(value.length, `${line.id} empty span`).toBeGreaterThan(0);
        expect(value.trim(), line.id).toBe(value);
        previousEnd = entity.end;
      }
    }
  });

  it('has structured values that are valid where there are any', () => {
    for (const { id, value } of values('IBAN_CODE')) expect(ibanChecksumIsValid(value), id).toBe(true);
    for (const { id, value } of values('CREDIT_CARD')) expect(luhnIsValid(value), id).toBe(true);
    for (const { id, value } of values('US_SSN')) expect(ssnIsPossible(value), id).toBe(true);
    for (const { id, value } of values('PHONE_NUMBER')) expect(phoneIsValid(value), id).toBe(true);
    for (const { id, value } of values('IP_ADDRESS')) expect(ipaddr.isValid(value), id).toBe(true);
  });
});
