import { ServiceError } from '../errors.js';
import type { DetectionPool } from '../detection/pool.js';
import { maskedValue } from '../detection/masked-value.js';
import type { DetectionSettings, Span } from '../detection/types.js';
import type { KnownValue } from '../detection/known-values.js';
import { formatTokenText } from '../tokens/token-text.js';
import type { TokenVault, MintContext } from './token-vault.js';

/** An entity as the client API returns it (SPEC 2.2). */
export interface EntityOut {
  entity_type: string;
  label: string;
  token: string | null;
  score: number;
  masked_value: string;
  start: number;
  end: number;
  text_index: number;
}

export interface TokenizedTexts {
  texts: string[];
  entities: EntityOut[];
  /** token id → original value, only values of this call. */
  tokens: Record<string, string>;
  tokensCreated: number;
}

/** Runs detection or fails closed: no pool, a full pool or a failed task all mean 503. */
export async function detectSpans(
  detection: DetectionPool | null,
  texts: readonly string[],
  settings: DetectionSettings,
  known: readonly KnownValue[] = [],
): Promise<Span[][]> {
  if (!detection) throw new ServiceError('tokenization_unavailable', 'detection is not running');
  return detection.detect(texts, settings, known);
}

/** Entities of a detect call: same fields, `token` null, nothing stored. */
export function detectedEntities(texts: readonly string[], spans: readonly Span[][]): EntityOut[] {
  return spans.flatMap((list, textIndex) =>
    list.map((s) => entityOut(texts[textIndex]!, s, textIndex, null)),
  );
}

function entityOut(text: string, span: Span, textIndex: number, token: string | null): EntityOut {
  return {
    entity_type: span.entity_type,
    label: span.label,
    token,
    score: Math.round(span.score * 1000) / 1000,
    masked_value: maskedValue(text.slice(span.start, span.end)),
    start: span.start,
    end: span.end,
    text_index: textIndex,
  };
}

/**
 * Replaces every detected span with its token text; tokens exist in Postgres and in the shared cache
 * before this returns.
 */
export async function tokenizeSpans(
  vault: TokenVault,
  ctx: MintContext,
  texts: readonly string[],
  spans: readonly Span[][],
): Promise<TokenizedTexts> {
  const { cached, ...tokenized } = await tokenizeSpansThenCache(vault, ctx, texts, spans);
  await cached;
  return tokenized;
}

/**
 * As `tokenizeSpans`, but resolves once the tokens are in Postgres, with the shared-cache fill
 * still under way in `cached` (see `TokenVault.mintThenCache`): await it before answering.
 */
export async function tokenizeSpansThenCache(
  vault: TokenVault,
  ctx: MintContext,
  texts: readonly string[],
  spans: readonly Span[][],
): Promise<TokenizedTexts & { cached: Promise<void> }> {
  const flat = spans.flatMap((list, textIndex) => list.map((span) => ({ span, textIndex })));
  const { tokens: minted, cached } = await vault.mintThenCache(
    ctx,
    flat.map(({ span, textIndex }) => ({
      entityType: span.entity_type,
      label: span.label,
      value: texts[textIndex]!.slice(span.start, span.end),
    })),
  );
  const entities: EntityOut[] = [];
  const tokens: Record<string, string> = {};
  const pieces: string[][] = texts.map(() => []);
  const cursor = texts.map(() => 0);
  flat.forEach(({ span, textIndex }, i) => {
    const token = minted[i]!;
    const text = texts[textIndex]!;
    // The first spelling submitted in this call, when one value is written several ways.
    tokens[token.id] ??= text.slice(span.start, span.end);
    entities.push(entityOut(text, span, textIndex, token.id));
    // Spans of a text arrive sorted and non-overlapping (mergeSpans), so one pass rebuilds it.
    pieces[textIndex]!.push(
      text.slice(cursor[textIndex]!, span.start),
      formatTokenText(token.label, token.id),
    );
    cursor[textIndex] = span.end;
  });
  return {
    texts: texts.map((text, i) => pieces[i]!.join('') + text.slice(cursor[i]!)),
    entities,
    tokens,
    tokensCreated: new Set(minted.filter((m) => m.created).map((m) => m.id)).size,
    cached,
  };
}
