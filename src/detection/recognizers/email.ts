import type { Span } from '../types.js';
import { patternSpan } from './pattern-span.js';

/**
 * Email addresses. Instead of one big regex (which backtracks quadratically over long runs of
 * letters without an `@`), every `@` is an anchor and the parts are scanned outwards from it,
 * so the work is linear in the text. Local parts may hold Unicode letters (RFC 6531); domains
 * may be IDNs.
 */

const SCORE = 0.95;
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
const MAX_LABEL = 63;

const ASCII_LOCAL = /[A-Za-z0-9._%+-]/;
const UNICODE_ALNUM = /[\p{L}\p{M}\p{N}]/u;
// Unicode local parts are taken in Latin script only: scripts written without spaces (CJK)
// would otherwise pull the preceding sentence into the address.
const LATIN_ALNUM = /[\p{Script=Latin}\p{M}\p{N}]/u;
const ASCII_LABEL = /[A-Za-z0-9-]/;
const LETTERS = /^(?:\p{L}[\p{L}\p{M}]*|xn--[a-z0-9-]+)$/iu;
const URL_USERINFO_BEFORE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@]*$/;

// Names ending like this are files ("icon@2x.png", "logo@3x.webp"), not mail domains.
// Only extensions that are not also top-level domains are listed.
// prettier-ignore
const FILE_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'tif', 'tiff', 'heic', 'avif', 'pdf',
  'txt', 'csv', 'json', 'yaml', 'yml', 'xml', 'html', 'htm', 'css', 'scss', 'js', 'mjs', 'cjs',
  'ts', 'tsx', 'jsx', 'java', 'kt', 'rb', 'php', 'exe', 'dll', 'gz', 'tgz', 'lock', 'log', 'wasm',
]);

function isLocalChar(ch: string): boolean {
  return ASCII_LOCAL.test(ch) || (ch.charCodeAt(0) > 0x7f && LATIN_ALNUM.test(ch));
}

function isLabelChar(ch: string): boolean {
  return ASCII_LABEL.test(ch) || (ch.charCodeAt(0) > 0x7f && UNICODE_ALNUM.test(ch));
}

/** Start of the local part ending right before `at`, or -1 when there is no valid one. */
function localStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && at - i <= MAX_LOCAL && isLocalChar(text[i - 1]!)) i--;
  if (at - i > MAX_LOCAL) return -1;
  // Leading dots and hyphens are punctuation around the address, not part of it.
  while (i < at && (text[i] === '.' || text[i] === '-')) i++;
  const local = text.slice(i, at);
  if (local.length === 0 || local.endsWith('.') || local.includes('..')) return -1;
  return i;
}

/** End of the domain starting right after `at`, or -1 when there is no valid one. */
function domainEnd(text: string, at: number): number {
  let i = at + 1;
  let lastLabelStart = i;
  let labels = 0;
  let end = -1;
  while (i < text.length && i - at <= MAX_DOMAIN) {
    const labelStart = i;
    while (i < text.length && i - labelStart <= MAX_LABEL && isLabelChar(text[i]!)) i++;
    const label = text.slice(labelStart, i);
    if (label.length === 0 || label.length > MAX_LABEL || label.startsWith('-') || label.endsWith('-')) break;
    labels++;
    lastLabelStart = labelStart;
    end = i;
    // Continue only when a dot is followed by another label character (a final dot ends a sentence).
    if (text[i] === '.' && i + 1 < text.length && isLabelChar(text[i + 1]!)) {
      i++;
      continue;
    }
    break;
  }
  if (labels < 2 || end - at - 1 > MAX_DOMAIN) return -1;
  const tld = text.slice(lastLabelStart, end);
  if (tld.length < 2 || !LETTERS.test(tld) || FILE_EXTENSIONS.has(tld.toLowerCase())) return -1;
  // "user@example.com1" or "a@b.cd_e": the address runs into other word characters.
  if (end < text.length && /[\w@]/.test(text[end]!)) return -1;
  return end;
}

export function findEmailSpans(text: string): Span[] {
  const spans: Span[] = [];
  let at = text.indexOf('@');
  while (at !== -1) {
    const start = localStart(text, at);
    const end = start === -1 ? -1 : domainEnd(text, at);
    const before = start > 0 ? text[start - 1]! : '';
    // "postgres://user:secret@host" holds a credential (the secret recognizer's), not an address;
    // "x@y@z" is not an address either.
    const ok =
      end !== -1 &&
      before !== '@' &&
      // "git@github.com:org/repo.git" is an SSH remote.
      !(text.slice(start, at) === 'git' && text[end] === ':') &&
      !(before === ':' && URL_USERINFO_BEFORE.test(text.slice(Math.max(0, start - 200), start)));
    if (ok) {
      spans.push(patternSpan('EMAIL_ADDRESS', start, end, SCORE));
      at = text.indexOf('@', end);
    } else {
      at = text.indexOf('@', at + 1);
    }
  }
  return spans;
}
