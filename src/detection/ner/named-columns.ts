import { partitionPoint } from '../partition-point.js';
import { LABEL_OF, type Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';
import { isNameKey, nameIn, normalizedKey } from './name-fields.js';
import { PERSON_ROLE_WORDS } from './person-role-words.js';
import { tablesOf, type Cell } from './table-column-names.js';
import { textLines } from './text-lines.js';

/**
 * Rows of data under a header say what each value is: in an SQL insert ("INSERT INTO pacientes
 * (nombre, apellidos, ciudad) VALUES ('Íñigo', 'Etxeberria', 'Bilbao')"), in delimited text with a
 * header line ("Name, Role, Phone" then "Bill Turner, Driver, 07700 900456") and in a markdown table
 * with a header row, a value in a column whose heading names a person's name is a person, whatever
 * the model read ("Etxeberria" as a place, "Bill Turner" as nothing). Under a role heading
 * ("Referente", "Contact") or a "name" that may be a thing's, the value must also hold a known name
 * or a person the model found: "Ufficio Acquisti" is a responsible team. "name", "nome", "nombre" and
 * "nom" count only beside a surname, contact or role column ("INSERT INTO products (name, price)").
 * A person span that is all of a value in a town or country column is a place ("München" under
 * "standort").
 */

const AMBIGUOUS_NAME_KEYS: ReadonlySet<string> = new Set(['name', 'nome', 'nombre', 'nom']);
/** Headings that say the row is about a person, which make "name" a person's name. */
const PERSON_ATTRIBUTE_KEYS: ReadonlySet<string> = new Set([
  ...['email', 'mail', 'phone', 'telephone', 'tel', 'mobile', 'telefon', 'telefono', 'telefone'],
  ...['role', 'rolle', 'ruolo', 'rol', 'cargo', 'poste', 'position', 'jobtitle', 'title'],
  ...['department', 'abteilung', 'reparto', 'departamento', 'birthday', 'dob', 'dateofbirth'],
  ...['geburtsdatum', 'fechadenacimiento', 'datadinascita', 'datedenaissance', 'age', 'alter', 'eta', 'edad'],
]);
const PLACE_KEYS: ReadonlySet<string> = new Set([
  ...['city', 'town', 'country', 'stadt', 'ort', 'wohnort', 'standort', 'land', 'ville', 'pays'],
  ...['ciudad', 'localidad', 'pais', 'citta', 'localita', 'comune', 'paese', 'provincia'],
]);
/** "name": the heading names a person's name; "role": a person's role or a name that may be a thing's. */
type ColumnKind = 'name' | 'role' | 'place' | undefined;

function columnKinds(headings: readonly string[]): ColumnKind[] {
  const keys = headings.map(normalizedKey);
  const nameColumn = keys.some((key) => isNameKey(key) && !AMBIGUOUS_NAME_KEYS.has(key));
  const aboutPeople = keys.some((key) => PERSON_ATTRIBUTE_KEYS.has(key) || PERSON_ROLE_WORDS.has(key));
  return keys.map((key) => {
    if (PLACE_KEYS.has(key)) return 'place';
    // Beside "apellidos", "nombre" is the given name; beside "email" only, "name" may be a firm's.
    if (AMBIGUOUS_NAME_KEYS.has(key)) return nameColumn ? 'name' : aboutPeople ? 'role' : undefined;
    if (isNameKey(key)) return 'name';
    return PERSON_ROLE_WORDS.has(key) ? 'role' : undefined;
  });
}

interface Records {
  headings: string[];
  rows: Cell[][];
}

const INSERT =
  /\bINSERT[ \t]+INTO[ \t]+[\p{L}\p{N}_."`[\]]+[ \t]*\(([^()\n]{1,400})\)[ \t\r\n]*VALUES[ \t\r\n]*/giu;

/** The value tuples of an insert, from `at` (just past VALUES): quoted strings as cells, other values empty. */
function insertRows(text: string, at: number): Cell[][] {
  const rows: Cell[][] = [];
  let i = at;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  for (;;) {
    skipSpace();
    if (text[i] !== '(') break;
    i++;
    const row: Cell[] = [];
    for (;;) {
      skipSpace();
      if (text[i] === "'") {
        const start = ++i;
        while (i < text.length && !(text[i] === "'" && text[i + 1] !== "'")) i += text[i] === "'" ? 2 : 1;
        row.push({ start, end: i });
        i++;
      } else {
        const start = i;
        while (i < text.length && !/[,)\n]/.test(text[i]!)) i++;
        row.push({ start, end: start });
      }
      skipSpace();
      if (text[i] === ',') i++;
      else break;
    }
    if (text[i] !== ')') break;
    i++;
    rows.push(row);
    skipSpace();
    if (text[i] !== ',') break;
    i++;
  }
  return rows;
}

function sqlRecords(text: string): Records[] {
  if (!/insert/i.test(text)) return [];
  const records: Records[] = [];
  INSERT.lastIndex = 0;
  for (let match = INSERT.exec(text); match; match = INSERT.exec(text)) {
    const headings = match[1]!.split(',').map((h) => h.trim().replace(/^["`[]|["`\]]$/g, ''));
    records.push({ headings, rows: insertRows(text, match.index + match[0].length) });
    INSERT.lastIndex = Math.max(INSERT.lastIndex, match.index + match[0].length);
  }
  return records;
}

const HEADING = /^[\p{L}][\p{L}\p{M} _.-]{0,39}$/u;
const DELIMITERS = [',', ';', '\t'] as const;

function cellsOfLine(line: string, lineStart: number, delimiter: string): Cell[] {
  const cells: Cell[] = [];
  let from = 0;
  for (;;) {
    const at = line.indexOf(delimiter, from);
    const raw = line.slice(from, at < 0 ? line.length : at);
    const lead = raw.length - raw.trimStart().length;
    let start = lineStart + from + lead;
    let end = start + raw.trim().length;
    if (
      end - start >= 2 &&
      `"'`.includes(line[start - lineStart]!) &&
      line[end - 1 - lineStart] === line[start - lineStart]
    ) {
      start++;
      end--;
    }
    cells.push({ start, end });
    if (at < 0) return cells;
    from = at + delimiter.length;
  }
}

/** A header line of two or more headings with one delimiter, and the lines under it with as many cells. */
function delimitedRecords(text: string): Records[] {
  const records: Records[] = [];
  const lines = textLines(text);
  for (let i = 0; i < lines.length - 1; i++) {
    const header = lines[i]!;
    const delimiter = DELIMITERS.find((d) => header.text.includes(d));
    if (!delimiter) continue;
    const headings = cellsOfLine(header.text, header.start, delimiter).map((c) => text.slice(c.start, c.end));
    if (headings.length < 2 || !headings.every((h) => HEADING.test(h))) continue;
    const rows: Cell[][] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const cells = cellsOfLine(lines[j]!.text, lines[j]!.start, delimiter);
      if (cells.length !== headings.length) break;
      rows.push(cells);
    }
    if (rows.length) records.push({ headings, rows });
    i = j - 1;
  }
  return records;
}

/** Markdown tables with a header row over a separator line. */
function markdownRecords(text: string): Records[] {
  if (!text.includes('|')) return [];
  return tablesOf(text)
    .filter((table) => table.header.length > 0)
    .map((table) => ({ headings: table.header.map((c) => text.slice(c.start, c.end)), rows: table.rows }));
}

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addColumnNames(
  text: string,
  spans: readonly Span[],
  isPersonName: (word: string) => boolean,
): Span[] {
  const names: Span[] = [];
  const places = new Set<string>();
  for (const { headings, rows } of [
    ...sqlRecords(text),
    ...delimitedRecords(text),
    ...markdownRecords(text),
  ]) {
    const kinds = columnKinds(headings);
    if (!kinds.some(Boolean)) continue;
    for (const row of rows)
      row.forEach((cell, column) => {
        if (cell.end <= cell.start) return;
        if (kinds[column] === 'place') places.add(`${cell.start}:${cell.end}`);
        const kind = kinds[column];
        if (kind !== 'name' && kind !== 'role') return;
        const value = text.slice(cell.start, cell.end);
        if (!nameIn(value, true, isPersonName)) return;
        // A responsible party or a "name" may be a team or a thing ("Ufficio Acquisti"): there the
        // value must hold a known name or hold a person the model found.
        if (kind === 'role' && !value.split(/\s+/).some(isPersonName) && !personInside(spans, cell)) return;
        names.push(ruleName(cell.start, cell.end, COLUMN_NAME_SCORE));
      });
  }
  const retyped = places.size
    ? spans.map((span) =>
        span.entity_type === 'PERSON' && places.has(`${span.start}:${span.end}`)
          ? { ...span, entity_type: 'LOCATION', label: LABEL_OF.LOCATION }
          : span,
      )
    : spans;
  return withAddedNames(retyped, names);
}

function personInside(spans: readonly Span[], cell: Cell): boolean {
  for (let i = partitionPoint(spans, (s) => s.start < cell.start); i < spans.length; i++) {
    const span = spans[i]!;
    if (span.start >= cell.end) return false;
    if (span.entity_type === 'PERSON' && span.end <= cell.end) return true;
  }
  return false;
}

/** Above the model's usual doubt about a value it misread, below its certainty of its own names. */
const COLUMN_NAME_SCORE = 0.9;
