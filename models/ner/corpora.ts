/**
 * Readers for the labelled corpora in ../shared/data/ner (beside the repository). Every sentence becomes a text (tokens
 * joined by single spaces) with character spans, so training and evaluation both go through our own
 * tokenizer instead of the corpus tokenization.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type EntityKind = 'PERSON' | 'LOCATION' | 'ORGANIZATION';

export interface CharSpan {
  start: number;
  end: number;
  type: EntityKind;
}

export interface LabelledText {
  text: string;
  spans: CharSpan[];
  /** Gold entities of types we do not tag (WNUT group, product, ...): evaluation neither rewards nor punishes them. */
  ignored?: { start: number; end: number }[];
}

/** The corpora live in the shared folder beside the repository (`../shared/data/ner`), or $NER_DATA_DIR. */
export const NER_DATA_DIR =
  process.env.NER_DATA_DIR ?? fileURLToPath(new URL('../../../shared/data/ner', import.meta.url));

const TAG_TYPES: Record<string, EntityKind> = {
  per: 'PERSON',
  person: 'PERSON',
  loc: 'LOCATION',
  location: 'LOCATION',
  org: 'ORGANIZATION',
  corporation: 'ORGANIZATION',
};

interface TaggedToken {
  token: string;
  tag: string;
}

/** Accepts IOB1 and IOB2: an I- tag whose type differs from the previous token's starts a new entity. */
export function taggedToText(tokens: readonly TaggedToken[]): LabelledText {
  let text = '';
  const spans: CharSpan[] = [];
  const ignored: { start: number; end: number }[] = [];
  let open: { start: number; end: number } | undefined;
  let openTag = '';
  for (const { token, tag } of tokens) {
    if (text !== '') text += ' ';
    const start = text.length;
    text += token;
    const [prefix, rawType] = tag.includes('-')
      ? [tag.slice(0, tag.indexOf('-')), tag.slice(tag.indexOf('-') + 1)]
      : ['O', ''];
    const type = TAG_TYPES[rawType.toLowerCase()];
    const continues = open !== undefined && prefix.toUpperCase() === 'I' && openTag === rawType.toLowerCase();
    if (continues && open) {
      open.end = text.length;
      continue;
    }
    open = undefined;
    openTag = '';
    if (rawType !== '' && (prefix.toUpperCase() === 'B' || prefix.toUpperCase() === 'I')) {
      openTag = rawType.toLowerCase();
      if (type !== undefined) {
        const span: CharSpan = { start, end: text.length, type };
        open = span;
        spans.push(span);
      } else {
        open = { start, end: text.length };
        ignored.push(open);
      }
    }
  }
  return { text, spans, ignored };
}

/** CoNLL-style: one token per line, token and tag in the given columns, blank lines between sentences. */
function readColumns(
  path: string,
  tokenColumn: number,
  tagColumn: number,
  separator: RegExp,
): LabelledText[] {
  const sentences: LabelledText[] = [];
  let current: TaggedToken[] = [];
  const flush = () => {
    if (current.length > 0) sentences.push(taggedToText(current));
    current = [];
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    if (line.trim() === '') {
      flush();
      continue;
    }
    const columns = line.split(separator);
    const token = (columns[tokenColumn] ?? '').trim();
    if (token === '') continue;
    current.push({ token, tag: (columns[tagColumn] ?? 'O').trim() || 'O' });
  }
  flush();
  return sentences;
}

export function readBtc(split: 'train' | 'dev' | 'test'): LabelledText[] {
  return readColumns(join(NER_DATA_DIR, 'btc', `btc.${split}`), 0, 1, /\t/);
}

export function readWnut(
  file: 'wnut17train.conll' | 'emerging.dev.conll' | 'emerging.test.annotated',
): LabelledText[] {
  return readColumns(join(NER_DATA_DIR, 'wnut17', file), 0, 1, /\t/);
}

/** UNER English-EWT dev: evaluation only, never training. */
export function readUnerEwtDev(): LabelledText[] {
  return readColumns(join(NER_DATA_DIR, 'uner-ewt', 'en_ewt-ud-dev.iob2'), 1, 2, /\t/);
}

export const EUROPEANA_FILES = [
  'enp_DE.lft.bio',
  'enp_DE.onb.bio',
  'enp_DE.sbb.bio',
  'enp_FR.bnf.bio',
] as const;

/** Europeana newspapers have no sentence breaks: cut after sentence-final punctuation, at most maxTokens. */
export function readEuropeana(file: (typeof EUROPEANA_FILES)[number], maxTokens = 40): LabelledText[] {
  const sentences: LabelledText[] = [];
  let current: TaggedToken[] = [];
  for (const line of readFileSync(join(NER_DATA_DIR, 'europeana', file), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const cut = line.lastIndexOf(' ');
    const token = line.slice(0, cut).trim();
    if (cut <= 0 || token === '') continue;
    current.push({ token, tag: line.slice(cut + 1).trim() });
    const last = current[current.length - 1]!;
    if ((['.', '!', '?'].includes(token) && last.tag === 'O') || current.length >= maxTokens) {
      sentences.push(taggedToText(current));
      current = [];
    }
  }
  if (current.length > 0) sentences.push(taggedToText(current));
  return sentences;
}
