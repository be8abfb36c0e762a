/**
 * Token text: `[LABEL: id]`, id = 8 characters of [a-z0-9] (DESIGN 2).
 * Recognition is tolerant (case-insensitive, up to two spaces around the colon), so a model that
 * re-spaces or re-cases a token still gets it restored.
 */
export const TOKEN_ID_LENGTH = 8;

/** Longest token text the tolerant pattern accepts: 1 + 32 + 2 + 1 + 2 + 8 + 1 = 47, so 48 is a safe hold-back. */
export const MAX_TOKEN_TEXT_LENGTH = 48;

const TOKEN_SOURCE = String.raw`\[([A-Za-z][A-Za-z0-9_]{0,31})\s{0,2}:\s{0,2}([A-Za-z0-9]{8})\]`;

/** A fresh global regex over token text; group 1 is the label, group 2 the id. */
export function tokenTextRegex(): RegExp {
  return new RegExp(TOKEN_SOURCE, 'g');
}

export function formatTokenText(label: string, id: string): string {
  return `[${label}: ${id}]`;
}

export interface FoundToken {
  start: number;
  end: number;
  label: string;
  /** Lower-cased id: ids are minted lower-case and matched case-insensitively. */
  id: string;
}

export function findTokenTexts(text: string): FoundToken[] {
  const found: FoundToken[] = [];
  for (const m of text.matchAll(tokenTextRegex())) {
    found.push({ start: m.index, end: m.index + m[0].length, label: m[1]!, id: m[2]!.toLowerCase() });
  }
  return found;
}
