import { allMatches } from '../all-matches.js';
import type { Span } from '../types.js';
import { patternSpan } from './pattern-span.js';

/**
 * Secrets in known formats: cloud and SaaS API keys, tokens after "Bearer"/"Basic", JWTs,
 * passwords inside URLs and after "password:", and PEM private key blocks. Where a prefix
 * names the value ("Bearer …", "password: …"), only the value is the span.
 */

interface SecretFormat {
  regex: RegExp;
  score: number;
  /** Capture group holding the secret; the whole match when absent. */
  group?: number;
  /** Extra check on the secret value. */
  accept?: (value: string) => boolean;
  /** Lower-case strings one of which every match contains; the regex only runs when the text has one. */
  hints: string[];
}

const NOT_AFTER_WORD = String.raw`(?<![A-Za-z0-9_\-])`;
const NOT_BEFORE_WORD = String.raw`(?![A-Za-z0-9_\-])`;

function format(
  source: string,
  score: number,
  hints: string[],
  options: Omit<SecretFormat, 'regex' | 'score' | 'hints'> & { flags?: string } = {},
): SecretFormat {
  const { flags = '', ...rest } = options;
  return { regex: new RegExp(source, `gd${flags}`), score, hints, ...rest };
}

function hasLetterAndDigit(value: string): boolean {
  return /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** A password worth hiding: not a placeholder ("********", "<password>") and not an ordinary word. */
function looksLikePassword(value: string): boolean {
  if (/^(.)\1*$/.test(value) || /^[<{[$%]/.test(value)) return false;
  return value.length >= 6 && /[\d\W_]/.test(value);
}

// prettier-ignore
const FORMATS: SecretFormat[] = [
  // AWS access key ids
  format(String.raw`(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}(?![A-Z0-9])`, 0.95, ['akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva', 'apka']),
  // AWS secret access keys, recognisable only by the name they are assigned to
  format(
    String.raw`aws[_\- ]?secret[_\- ]?(?:access[_\- ]?)?key["']?\s{0,3}[:=]\s{0,3}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
    0.9,
    ['aws'],
    { group: 1, flags: 'i' },
  ),
  // GitHub tokens
  format(String.raw`${NOT_AFTER_WORD}gh[pousr]_[A-Za-z0-9]{36,251}${NOT_BEFORE_WORD}`, 0.95, ['gh']),
  format(String.raw`${NOT_AFTER_WORD}github_pat_[A-Za-z0-9_]{22,255}${NOT_BEFORE_WORD}`, 0.95, ['github_pat_']),
  // GitLab, npm, Hugging Face, SendGrid
  format(String.raw`${NOT_AFTER_WORD}glpat-[A-Za-z0-9_\-]{20,64}${NOT_BEFORE_WORD}`, 0.9, ['glpat-']),
  format(String.raw`${NOT_AFTER_WORD}npm_[A-Za-z0-9]{36}${NOT_BEFORE_WORD}`, 0.9, ['npm_']),
  format(String.raw`${NOT_AFTER_WORD}hf_[A-Za-z0-9]{34,40}${NOT_BEFORE_WORD}`, 0.9, ['hf_']),
  format(String.raw`${NOT_AFTER_WORD}SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}${NOT_BEFORE_WORD}`, 0.95, ['sg.']),
  // Slack tokens and webhooks
  format(String.raw`${NOT_AFTER_WORD}xox[baprse]-[A-Za-z0-9\-]{10,250}${NOT_BEFORE_WORD}`, 0.95, ['xox']),
  format(String.raw`https://hooks\.slack\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{20,32}`, 0.9, ['hooks.slack.com']),
  // Stripe secret, restricted and webhook keys
  format(String.raw`${NOT_AFTER_WORD}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}${NOT_BEFORE_WORD}`, 0.95, ['k_live_', 'k_test_']),
  format(String.raw`${NOT_AFTER_WORD}whsec_[A-Za-z0-9]{24,64}${NOT_BEFORE_WORD}`, 0.9, ['whsec_']),
  // OpenAI and Anthropic keys (sk-…, sk-proj-…, sk-ant-…)
  format(String.raw`${NOT_AFTER_WORD}sk-[A-Za-z0-9_\-]{20,250}${NOT_BEFORE_WORD}`, 0.9, ['sk-'], { accept: hasLetterAndDigit }),
  // Google API keys
  format(String.raw`${NOT_AFTER_WORD}AIza[0-9A-Za-z_\-]{35}${NOT_BEFORE_WORD}`, 0.95, ['aiza']),
  // JSON Web Tokens: base64url header and payload of JSON objects ("eyJ" is '{"'), optional signature
  format(
    String.raw`${NOT_AFTER_WORD}eyJ[A-Za-z0-9_\-]{5,2000}\.eyJ[A-Za-z0-9_\-]{5,8000}\.[A-Za-z0-9_\-]{0,2000}${NOT_BEFORE_WORD}`,
    0.9,
    ['eyj'],
  ),
  // HTTP credentials
  format(String.raw`(?<![A-Za-z0-9])bearer\s{1,3}([A-Za-z0-9\-._~+/]{16,4096}=*)(?![A-Za-z0-9\-._~+/=])`, 0.85, ['bearer'], {
    group: 1,
    flags: 'i',
    accept: hasLetterAndDigit,
  }),
  format(String.raw`authorization["']?\s{0,3}[:=]\s{0,3}["']?basic\s{1,3}([A-Za-z0-9+/]{8,4096}={0,2})(?![A-Za-z0-9+/=])`, 0.85, ['basic'], {
    group: 1,
    flags: 'i',
  }),
  // Passwords in URLs: scheme://user:password@host
  format(String.raw`[A-Za-z][A-Za-z0-9+.\-]{0,20}://[^\s:/@]{1,64}:([^\s/@]{1,128})@[A-Za-z0-9]`, 0.9, ['://'], {
    group: 1,
    accept: (v) => !/^\$\{?[A-Za-z_]/.test(v),
  }),
  // Assigned secrets in config or prose: "password: …", "api_key = …", "Passwort: …"
  format(
    String.raw`(?<![A-Za-z0-9])(?:password|passwd|pwd|passwort|kennwort|mot de passe|contraseña|clave|parola d'ordine)["']?(?:\s{1,3}(?:is|ist|est|es|è))?\s{0,3}[:=]\s{0,3}["']?([^\s"']{4,128})`,
    0.8,
    ['passw', 'pwd', 'kennwort', 'mot de passe', 'contraseña', 'clave', 'parola'],
    { group: 1, flags: 'iu', accept: looksLikePassword },
  ),
  format(
    String.raw`(?<![A-Za-z0-9])(?:api[_\-]?key|apikey|secret[_\-]?key|client[_\-]?secret|access[_\-]?token|auth[_\-]?token|private[_\-]?key|account[_\-]?key)["']?\s{0,3}[:=]\s{0,3}["']?([A-Za-z0-9_\-./+=]{16,256})`,
    0.8,
    ['key', 'secret', 'token'],
    { group: 1, flags: 'i', accept: hasLetterAndDigit },
  ),
];

const PEM_BEGIN = /-----BEGIN ([A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END ([A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/g;
// Longest key block looked for between BEGIN and END (an 8192-bit RSA key is about 6.5 kB).
const MAX_PEM_LENGTH = 16_384;

/**
 * Length of the base64 lines at the start of `rest`: whitespace-separated chunks of 16+ base64
 * characters, plus one shorter final chunk when it carries padding or digits. Prose ends it.
 */
function base64BodyLength(rest: string): number {
  let length = 0;
  for (const m of rest.matchAll(/\s*(\S+)/g)) {
    const chunk = m[1]!;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(chunk)) break;
    const long = chunk.length >= 16;
    if (!long && !/[=\d+/]/.test(chunk)) break;
    length = m.index + m[0].length;
    if (!long) break;
  }
  return length;
}

/** PEM private key blocks, BEGIN to END; a block pasted without its END line runs to the end of its base64 body. */
function findPemBlocks(text: string): Span[] {
  const spans: Span[] = [];
  const ends = [...allMatches(PEM_END, text)].map((m) => m.index + m[0].length);
  let e = 0;
  let coveredUntil = 0;
  for (const m of allMatches(PEM_BEGIN, text)) {
    if (m.index < coveredUntil) continue;
    const bodyStart = m.index + m[0].length;
    // Both lists ascend, so one pointer finds the first END after each BEGIN.
    while (e < ends.length && ends[e]! <= bodyStart) e++;
    const end =
      e < ends.length && ends[e]! - bodyStart <= MAX_PEM_LENGTH
        ? ends[e]!
        : bodyStart + base64BodyLength(text.slice(bodyStart, bodyStart + MAX_PEM_LENGTH));
    spans.push(patternSpan('SECRET', m.index, end, 0.95));
    coveredUntil = end;
  }
  return spans;
}

export function findSecretSpans(text: string): Span[] {
  const spans = text.includes('PRIVATE KEY') ? findPemBlocks(text) : [];
  const lower = text.toLowerCase();
  for (const f of FORMATS) {
    if (!f.hints.some((hint) => lower.includes(hint))) continue;
    for (const m of allMatches(f.regex, text)) {
      const range = f.group === undefined ? m.indices![0] : m.indices![f.group];
      if (!range) continue;
      const start = range[0];
      let end = range[1];
      // A value after a name ends before sentence punctuation: "api_key=abc123def456ghi789."
      if (f.group !== undefined) while (end > start && /[.,;:]/.test(text[end - 1]!)) end--;
      const value = text.slice(start, end);
      if (f.accept && !f.accept(value)) continue;
      spans.push(patternSpan('SECRET', start, end, f.score));
    }
  }
  return spans;
}
