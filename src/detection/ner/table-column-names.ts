import type { Span } from '../types.js';
import { partitionPoint } from '../partition-point.js';
import { ruleName, withAddedNames } from './added-names.js';

/**
 * A column of a markdown table that the model mostly read as people holds people in its other cells
 * too: a roster "| Kwame Asante | PM | Accra |" whose next row "| Szabó Réka | QA | Budapest |" the
 * model missed. When at least two cells of a column, and at least half of its non-empty cells
 * (header row left out), are exactly a PERSON span, every other cell of that column that looks like
 * a name (one to four words, the first capitalised, no digits) becomes a PERSON span with the lowest
 * score of the column's people, unless the model was surer of its own span there.
 */

/** A line of a markdown table: starts and ends with a pipe. */
const TABLE_LINE = /^[ \t]*\|[^\r\n]*\|[ \t]*$/gm;
/** The line under a header: pipes, dashes, colons and spaces only. */
const SEPARATOR_LINE = /^[\s|:-]+$/;
const NAME_CELL = /^\p{Lu}[\p{L}\p{M}'’.-]*(?: [\p{L}\p{M}'’.-]+){0,3}$/u;
const MIN_PEOPLE = 2;
const MIN_PEOPLE_SHARE = 0.5;
/** Only people the model is fairly sure of (the tenants' default threshold) make a column. */
const MIN_VOTER_SCORE = 0.5;

export interface Cell {
  start: number;
  end: number;
}

export interface Table {
  /** Cells of each row, the header above a separator line left out. */
  rows: Cell[][];
  /** The cells of the row above the separator line, if there is one. */
  header: Cell[];
  /** No separator line: the first row may be a header ("| Name | Role |"), so it gains no name. */
  firstMayBeHeader: boolean;
}

/** The markdown tables of a text, in text order. */
export function tablesOf(text: string): Table[] {
  const tables: Table[] = [];
  let rows: Cell[][] = [];
  let header: Cell[] = [];
  let lastLineEnd = -1;
  let sawSeparator = false;
  const close = () => {
    if (rows.length || header.length) tables.push({ rows, header, firstMayBeHeader: !sawSeparator });
    rows = [];
    header = [];
    sawSeparator = false;
  };
  for (const line of text.matchAll(TABLE_LINE)) {
    const start = line.index;
    // A table is a run of table lines, one right after the other.
    if (lastLineEnd < 0 || !/^\r?\n$/.test(text.slice(lastLineEnd, start))) close();
    lastLineEnd = start + line[0].length;
    if (SEPARATOR_LINE.test(line[0])) {
      // The row above a separator (the table's first) is its header.
      if (!sawSeparator && rows.length === 1) {
        header = rows[0]!;
        rows = [];
      }
      sawSeparator = true;
      continue;
    }
    rows.push(cellsOf(line[0], start));
  }
  close();
  return tables;
}

function cellsOf(line: string, lineStart: number): Cell[] {
  const cells: Cell[] = [];
  const last = line.lastIndexOf('|');
  let from = line.indexOf('|') + 1;
  for (let pipe = line.indexOf('|', from); pipe >= 0 && pipe <= last; pipe = line.indexOf('|', from)) {
    const raw = line.slice(from, pipe);
    const value = raw.trim();
    const start = lineStart + from + (raw.length - raw.trimStart().length);
    cells.push({ start, end: start + value.length });
    from = pipe + 1;
  }
  return cells;
}

/**
 * `spans`: the model's spans of one text, sorted by start, not overlapping, before the score
 * threshold. Returns them with the names found in people's columns added; a span the model was less
 * sure of in such a cell gives way.
 */
export function addTableColumnNames(text: string, spans: readonly Span[]): Span[] {
  if (!text.includes('|') || !spans.some((s) => s.entity_type === 'PERSON')) return [...spans];
  const personAt = new Map(
    spans.filter((s) => s.entity_type === 'PERSON' && s.score >= MIN_VOTER_SCORE).map((s) => [s.start, s]),
  );
  const personIn = (cell: Cell) => {
    const span = personAt.get(cell.start);
    return span?.end === cell.end ? span : undefined;
  };
  const names: Span[] = [];
  for (const { rows, firstMayBeHeader } of tablesOf(text)) {
    const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
    for (let column = 0; column < width; column++) {
      const cells = rows.map((row) => row[column]).filter((c): c is Cell => !!c && c.end > c.start);
      const people = cells.map(personIn).filter((s): s is Span => s !== undefined);
      if (people.length < MIN_PEOPLE || people.length < MIN_PEOPLE_SHARE * cells.length) continue;
      const score = people.reduce((least, s) => Math.min(least, s.score), 1);
      for (const cell of cells) {
        if (firstMayBeHeader && rows[0]![column] === cell) continue;
        const value = text.slice(cell.start, cell.end);
        if (personIn(cell) || !NAME_CELL.test(value) || /\d/.test(value)) continue;
        names.push(ruleName(cell.start, cell.end, score));
      }
    }
  }
  return withAddedNames(spans, names);
}

/** Column headings that say a table's header row is made of field labels. */
const LABEL_HEADINGS: ReadonlySet<string> = new Set([
  ...['name', 'first name', 'last name', 'surname', 'full name', 'role', 'title', 'position'],
  ...['city', 'location', 'country', 'address', 'email', 'e-mail', 'phone', 'date', 'team'],
  ...['department', 'company', 'status', 'notes', 'comment', 'id'],
  ...['vorname', 'nachname', 'rolle', 'funktion', 'stadt', 'ort', 'standort', 'land', 'adresse'],
  ...['telefon', 'datum', 'abteilung', 'firma', 'notizen', 'kommentar'],
  ...['nom', 'prénom', 'rôle', 'poste', 'ville', 'pays', 'téléphone', 'entreprise', 'service'],
  ...['nombre', 'apellido', 'apellidos', 'rol', 'cargo', 'ciudad', 'país', 'dirección', 'teléfono'],
  ...['fecha', 'empresa', 'departamento', 'nome', 'cognome', 'ruolo', 'città', 'paese', 'indirizzo'],
  ...['telefono', 'data', 'azienda', 'reparto', 'note'],
]);

/**
 * The header row of a markdown table whose headings are field labels ("| Name | Rolle | Standort |")
 * names no one: the model read "Rolle" and "Standort" there as people. Person, place and company spans
 * inside such a header row are dropped. A header without a label heading ("| | Anna | Marco |", a
 * shift plan with people as columns) is left alone.
 */
export function withoutLabelHeaders(text: string, spans: readonly Span[]): Span[] {
  if (!text.includes('|')) return [...spans];
  const labelCells = tablesOf(text)
    .map((table) => table.header)
    .filter((header) =>
      header.some((cell) => LABEL_HEADINGS.has(text.slice(cell.start, cell.end).toLowerCase())),
    )
    .flat();
  if (!labelCells.length) return [...spans];
  return spans.filter((span) => {
    if (span.source !== 'ner') return true;
    // Cells are in text order and do not overlap: the only one that can hold the span is the last
    // one starting at or before it.
    const cell = labelCells[partitionPoint(labelCells, (c) => c.start <= span.start) - 1];
    return !(cell && span.end <= cell.end);
  });
}
