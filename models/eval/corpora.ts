import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { joinTagged } from '../ner/corpora.js';
import type { EntitySpan, EvalExample } from './example.js';

/** How a CoNLL-style token file is laid out. */
export interface ConllFormat {
  tokenColumn: number;
  tagColumn: number;
  /** UNER files carry `# sent_id = ...` lines; in the tweet corpora a leading `#` is a hashtag token. */
  hasCommentLines: boolean;
  /** Corpus label (without B-/I-) → our entity type. Labels not listed become ignored spans. */
  labelMap: Readonly<Record<string, string>>;
}

/**
 * Rebuilds one sentence as its tokens joined by single spaces, with the IOB2 entities as character
 * spans (`joinTagged`, shared with the training data). Unknown tags are an error here.
 */
export function sentenceToExample(
  id: string,
  tokens: readonly string[],
  tags: readonly string[],
  labelMap: Readonly<Record<string, string>>,
): EvalExample {
  tags.forEach((tag, i) => {
    if (tag !== 'O' && !/^[BI]-.+$/.test(tag)) {
      throw new Error(`${id}: token ${i + 1} has an unknown tag "${tag}"`);
    }
  });
  const { text, entities } = joinTagged(tokens, tags);
  const gold: EntitySpan[] = [];
  const ignored: EntitySpan[] = [];
  for (const { label, start, end } of entities) {
    const type = labelMap[label];
    if (type) gold.push({ type, start, end });
    else ignored.push({ type: label, start, end });
  }
  return { id, text, gold, ignored };
}

/** Sentences of a CoNLL-style file (blank lines separate sentences). */
export function parseConll(content: string, format: ConllFormat, idPrefix: string): EvalExample[] {
  const examples: EvalExample[] = [];
  let tokens: string[] = [];
  let tags: string[] = [];
  const flush = (): void => {
    if (tokens.length > 0) {
      examples.push(sentenceToExample(`${idPrefix}-${examples.length + 1}`, tokens, tags, format.labelMap));
    }
    tokens = [];
    tags = [];
  };

  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') {
      flush();
      return;
    }
    if (format.hasCommentLines && line.startsWith('#')) return;
    const columns = line.split('\t');
    const token = columns[format.tokenColumn];
    const tag = columns[format.tagColumn];
    if (token === undefined || tag === undefined) {
      throw new Error(`${idPrefix}: line ${i + 1} has ${columns.length} columns`);
    }
    tokens.push(token);
    tags.push(tag.trim());
  });
  flush();
  return examples;
}

export async function readConll(path: string, format: ConllFormat, idPrefix: string): Promise<EvalExample[]> {
  return parseConll(await readFile(path, 'utf8'), format, idPrefix);
}

const presidioSynthSchema = z.array(
  z.object({
    full_text: z.string(),
    spans: z.array(
      z.object({
        entity_type: z.string(),
        entity_value: z.string(),
        start_position: z.number().int().nonnegative(),
        end_position: z.number().int().nonnegative(),
      }),
    ),
  }),
);

/**
 * presidio-research `synth_dataset_v2.json`. Its offsets are Python code-point indices; the file has
 * no characters outside the BMP, so they equal JavaScript indices, which every span is checked against.
 */
export function parsePresidioSynth(
  content: string,
  labelMap: Readonly<Record<string, string>>,
): EvalExample[] {
  const records = presidioSynthSchema.parse(JSON.parse(content));
  return records.map((record, i) => {
    const id = `presidio-${i + 1}`;
    const gold: EntitySpan[] = [];
    const ignored: EntitySpan[] = [];
    record.spans.forEach((span, j) => {
      if (record.full_text.slice(span.start_position, span.end_position) !== span.entity_value) {
        throw new Error(`${id}: span ${j + 1} offsets do not match its entity_value`);
      }
      const type = labelMap[span.entity_type];
      const target = type ? gold : ignored;
      target.push({ type: type ?? span.entity_type, start: span.start_position, end: span.end_position });
    });
    gold.sort((a, b) => a.start - b.start);
    return { id, text: record.full_text, gold, ignored };
  });
}

export async function readPresidioSynth(
  path: string,
  labelMap: Readonly<Record<string, string>>,
): Promise<EvalExample[]> {
  return parsePresidioSynth(await readFile(path, 'utf8'), labelMap);
}

export const PII_CHAT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;

/** One line of test/data/pii-chat/*.jsonl. */
export const piiChatLineSchema = z.strictObject({
  id: z.string().min(1),
  lang: z.enum(PII_CHAT_LANGUAGES),
  text: z.string().min(1),
  entities: z.array(
    z.strictObject({
      type: z.string().min(1),
      start: z.number().int().nonnegative(),
      end: z.number().int().positive(),
    }),
  ),
});

export type PiiChatLine = z.infer<typeof piiChatLineSchema>;

/** Parses a JSONL file; errors name the file and line, never the text. */
export function parsePiiChatJsonl(content: string, source: string): PiiChatLine[] {
  const lines: PiiChatLine[] = [];
  content.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(`${source}:${i + 1}: not valid JSON`);
    }
    const parsed = piiChatLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${source}:${i + 1}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
    }
    lines.push(parsed.data);
  });
  return lines;
}

function toExample(line: PiiChatLine): EvalExample {
  return { id: line.id, lang: line.lang, text: line.text, gold: line.entities, ignored: [] };
}

/** Our hand-written set: labelled texts per language plus the clean texts. */
export async function readPiiChat(
  dir: string,
  languages: readonly string[] = PII_CHAT_LANGUAGES,
): Promise<{ examples: EvalExample[]; clean: EvalExample[] }> {
  const examples: EvalExample[] = [];
  for (const lang of languages) {
    const file = join(dir, `${lang}.jsonl`);
    examples.push(...parsePiiChatJsonl(await readFile(file, 'utf8'), file).map(toExample));
  }
  const cleanFile = join(dir, 'clean.jsonl');
  const clean = parsePiiChatJsonl(await readFile(cleanFile, 'utf8'), cleanFile).map(toExample);
  return { examples, clean };
}
