import { describe, expect, it } from 'vitest';
import { addColumnNames } from '../../../src/detection/ner/named-columns.js';
import type { Span } from '../../../src/detection/types.js';
import { spanOf } from '../../helpers/span-of.js';

const known = new Set(['bill', 'jürgen', 'amy', 'dolores']);
const isPersonName = (word: string) => known.has(word.toLowerCase());

const found = (text: string, spans: Span[] = []) =>
  addColumnNames(text, spans, isPersonName).map((s) => [text.slice(s.start, s.end), s.entity_type]);

describe('addColumnNames', () => {
  it("reads the values of an SQL insert's name columns as people and its town column's people as places", () => {
    const text =
      "INSERT INTO pacientes (nombre, apellidos, ciudad) VALUES ('Dolores', 'Sánchez Moreno', 'Córdoba'), ('Íñigo', 'Etxe''berria', 'Bilbao');";
    expect(
      found(text, [spanOf(text, 'Córdoba', 'PERSON', 0.7), spanOf(text, "Etxe''berria", 'LOCATION', 0.7)]),
    ).toEqual([
      ['Dolores', 'PERSON'],
      ['Sánchez Moreno', 'PERSON'],
      ['Córdoba', 'LOCATION'],
      ['Íñigo', 'PERSON'],
      ["Etxe''berria", 'PERSON'],
    ]);
  });

  it('reads delimited text under a header line, and markdown tables under a header row', () => {
    const csv =
      'Name, Role, Phone\nBill Turner, Driver, 07700 900456\nAmy Cho, Dispatcher, 07700 900789\nThanks!';
    expect(found(csv)).toEqual([
      ['Bill Turner', 'PERSON'],
      ['Amy Cho', 'PERSON'],
    ]);
    const semicolons = 'nome;cognome;email\nFederica;Russo;f.russo@example.it';
    expect(found(semicolons)).toEqual([
      ['Federica', 'PERSON'],
      ['Russo', 'PERSON'],
    ]);
    const table = '| Vorname | Nachname | Stadt |\n|---|---|---|\n| Jürgen | Weiß | München |';
    expect(found(table, [spanOf(table, 'München', 'PERSON', 0.9)])).toEqual([
      ['Jürgen', 'PERSON'],
      ['Weiß', 'PERSON'],
      ['München', 'LOCATION'],
    ]);
  });

  it('asks more of a role or a bare "name" column, and nothing of other columns', () => {
    const teams =
      '| Attività | Referente | Scadenza |\n|---|---|---|\n| Listino | Ufficio Acquisti | venerdì |';
    expect(found(teams)).toEqual([]);
    const products = "INSERT INTO products (name, price) VALUES ('Lampada Sabbia', 89);";
    expect(found(products)).toEqual([]);
    const contacts = "INSERT INTO fornitori (nome, referente) VALUES ('Tipografia Grande', 'Bill Grande');";
    expect(found(contacts)).toEqual([['Bill Grande', 'PERSON']]);
  });

  it('leaves values that are no name, rows of another width and lines without a header', () => {
    const text = 'Name, Role\nN/A, Driver\n12345, Admin\nBill Turner, Driver, extra\nno header, here';
    expect(found(text)).toEqual([]);
  });

  it("keeps the model's surer span and reads a large export in linear time", () => {
    const text = 'Name, Email\n' + 'Bill Turner, bill@example.com\n'.repeat(20_000);
    const started = performance.now();
    const spans = addColumnNames(text, [spanOf(text, 'Bill Turner', 'PERSON', 0.99)], isPersonName);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(spans).toHaveLength(20_000);
    expect(spans[0]!.score).toBe(0.99);
  });
});
