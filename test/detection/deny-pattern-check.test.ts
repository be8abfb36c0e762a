import { describe, expect, it } from 'vitest';
import { checkDenyPattern, compileDenyPattern, MAX_REPEAT } from '../../src/detection/deny-pattern-check.js';
import type { DenyPattern } from '../../src/detection/types.js';

const deny = (pattern: string, overrides: Partial<DenyPattern> = {}): DenyPattern => ({
  label: 'EMPLOYEE_ID',
  pattern,
  score: 0.8,
  ...overrides,
});
const verdict = (pattern: string) => checkDenyPattern(deny(pattern));

describe('checkDenyPattern', () => {
  it.each([
    String.raw`EMP-\d{6}`,
    String.raw`(?<!\d)\d{6}(?!\d)`,
    String.raw`\bACME-[A-Z0-9]{8}\b`,
    String.raw`Project\s+Falcon`,
    String.raw`(?:\d\d\d-)?\d{4}`,
    String.raw`[A-Z]{3}-\d+`,
    String.raw`(?:foo|bar)+baz`,
    String.raw`(?<code>X)\d{3}`,
    String.raw`\d+\s\d+`,
    String.raw`.*secret.*`,
    // Nested quantifiers that are bounded, with few ways to match.
    String.raw`(\d{3}-)?\d{4}`,
    String.raw`PRJ-(?:[A-Z]{3}-)?\d{4}`,
    String.raw`(?:\d{1,3}\.){3}\d{1,3}`,
    String.raw`(?:[A-Z]{2}\d{2} ?){3}`,
    String.raw`[A-Z]{2}(?:-\d{2}){1,10}`,
    // Adjacent repeated parts where one side repeats only a few times.
    String.raw`\d{1,3}\d+`,
    String.raw`[A-Z]+\w{2,3}`,
  ])('accepts %s', (pattern) => {
    expect(verdict(pattern)).toEqual({ ok: true });
  });

  it.each([
    ['(a|a)*$', 'empty string'],
    ['(a|a)+$', 'alternatives'],
    ['(a|ab)+c', 'alternatives'],
    [String.raw`(?:a|[a-c])+`, 'alternatives'],
    [String.raw`(\w+\s?)+$`, 'nests quantifiers'],
    ['(a+)+$', 'nests quantifiers'],
    [String.raw`[A-Z]{2}(?:-\d{2})+`, 'nests quantifiers'],
    [String.raw`(?:\d{1,3}\.){3,}`, 'nests quantifiers'],
    [String.raw`(?:\d{1,3}){1,10}x`, 'nests quantifiers'],
    [String.raw`(?:(?:\w{0,10}){0,10}){0,10}x`, 'nests quantifiers'],
    // Each nest alone has 3 ways to match; together 3^4 = 81.
    [String.raw`(?:\d{1,2}-)?(?:\d{1,2}-)?(?:\d{1,2}-)?(?:\d{1,2}-)?x`, 'nests quantifiers'],
    ['(?:a{2})?'.repeat(26) + 'x', 'too many quantifiers'],
    [String.raw`\w+\s*\w+`, 'consecutive repeated parts'],
    [String.raw`\d+\d*`, 'consecutive repeated parts'],
    [String.raw`\d{1,20}\d{1,20}`, 'consecutive repeated parts'],
    [String.raw`(?:x|a+)a+`, 'consecutive repeated parts'],
    ['a*', 'empty string'],
    [String.raw`\b`, 'empty string'],
    ['(?=x)', 'empty string'],
    ['foo|', 'empty string'],
    ['^$', 'empty string'],
    [String.raw`(a)\1`, 'backreferences'],
    [String.raw`\k<n>(?<n>a)`, 'backreferences'],
    ['[', 'not a valid regular expression'],
    ['(?<=a', 'not a valid regular expression'],
    ['', 'must not be empty'],
    ['x'.repeat(501), 'at most 500 characters'],
  ])('refuses %s', (pattern, reason) => {
    const result = verdict(pattern);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason).toContain(reason);
  });

  it('checks the label and the score', () => {
    for (const label of ['', '1ABC', 'has space', 'x'.repeat(33), 'bad-dash']) {
      expect(checkDenyPattern(deny('abc', { label })).ok, label).toBe(false);
    }
    expect(checkDenyPattern(deny('abc', { label: 'A' })).ok).toBe(true);
    expect(checkDenyPattern(deny('abc', { label: `A${'b'.repeat(31)}` })).ok).toBe(true);
    for (const score of [-0.1, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkDenyPattern(deny('abc', { score })).ok, String(score)).toBe(false);
    }
    expect(checkDenyPattern(deny('abc', { score: 0 })).ok).toBe(true);
    expect(checkDenyPattern(deny('abc', { score: 1 })).ok).toBe(true);
  });

  it('never puts the pattern into the reason', () => {
    const result = verdict('(secret-value+)+$');
    expect(result.ok === false && result.reason).not.toContain('secret-value');
  });
});

describe('compileDenyPattern', () => {
  it('compiles a global, case-sensitive regex with unbounded quantifiers capped', () => {
    const regex = compileDenyPattern(deny(String.raw`ID-\d+x*`))!;
    expect(regex.flags).toBe('g');
    expect(regex.source).toBe(String.raw`ID-\d{1,${MAX_REPEAT}}x{0,${MAX_REPEAT}}`);
    expect(compileDenyPattern(deny(String.raw`a{150,}`))!.source).toBe('a{150,150}');
    expect(compileDenyPattern(deny(String.raw`a+?b`))!.source).toBe(`a{1,${MAX_REPEAT}}?b`);
    expect('id-123'.match(compileDenyPattern(deny(String.raw`ID-\d+`))!)).toBeNull();
  });

  it('returns a fresh regex each time and null for refused patterns', () => {
    const a = compileDenyPattern(deny('abc'))!;
    a.lastIndex = 2;
    expect(compileDenyPattern(deny('abc'))!.lastIndex).toBe(0);
    expect(compileDenyPattern(deny('(a+)+$'))).toBeNull();
  });

  it('an accepted nest matches what it says and stays fast on text built to make it backtrack', () => {
    const phone = compileDenyPattern(deny(String.raw`(\d{3}-)?\d{4}`))!;
    expect('call 555-0147 or 0148'.match(phone)).toEqual(['555-0147', '0148']);
    const started = performance.now();
    const dotted = compileDenyPattern(deny(String.raw`(?:\d{1,3}\.){3}\d{1,3}x`))!;
    expect('123.'.repeat(50_000).match(dotted)).toBeNull();
    const split = compileDenyPattern(deny(String.raw`\d{1,3}\d+x`))!;
    expect('7'.repeat(200_000).match(split)).toBeNull();
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('keeps quantifier-like text inside classes and escapes untouched', () => {
    expect(compileDenyPattern(deny(String.raw`[+*]\+x`))!.source).toBe(String.raw`[+*]\+x`);
    expect(compileDenyPattern(deny(String.raw`a\{2,\}`))!.source).toBe(String.raw`a\{2,\}`);
  });
});
