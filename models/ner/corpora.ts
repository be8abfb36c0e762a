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

/** An entity of a tagged sentence: its corpus label (without B-/I-) and its character span. */
export interface TaggedEntity {
  label: string;
  start: number;
  end: number;
}

/**
 * Tokens joined by single spaces, with the IOB entities as character spans. Accepts IOB1 and IOB2: an
 * I- tag that does not continue an entity of the same label starts a new one (conlleval's rule). Tags
 * that are neither B-x nor I-x count as O. Shared by the training data and the evaluation harness.
 */
export function joinTagged(
  tokens: readonly string[],
  tags: readonly string[],
): { text: string; entities: TaggedEntity[] } {
  let text = '';
  const entities: TaggedEntity[] = [];
  let open: TaggedEntity | undefined;
  tokens.forEach((token, i) => {
    if (i > 0) text += ' ';
    const start = text.length;
    text += token;
    const match = /^([BI])-(.+)$/i.exec(tags[i] ?? 'O');
    if (!match) {
      open = undefined;
      return;
    }
    const [, prefix = '', label = ''] = match;
    // Labels compare case-insensitively: Europeana SBB continues `B-PER` with `I-per`.
    if (open && prefix.toUpperCase() === 'I' && open.label.toLowerCase() === label.toLowerCase()) {
      open.end = text.length;
      return;
    }
    open = { label, start, end: text.length };
    entities.push(open);
  });
  return { text, entities };
}

export function taggedToText(tokens: readonly TaggedToken[]): LabelledText {
  const { text, entities } = joinTagged(
    tokens.map((t) => t.token),
    tokens.map((t) => t.tag),
  );
  const spans: CharSpan[] = [];
  const ignored: { start: number; end: number }[] = [];
  for (const { label, start, end } of entities) {
    const type = TAG_TYPES[label.toLowerCase()];
    if (type) spans.push({ start, end, type });
    else ignored.push({ start, end });
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
