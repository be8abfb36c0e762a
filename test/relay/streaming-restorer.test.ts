import { describe, expect, it } from 'vitest';
import { StreamingRestorer, scanTokenAt } from '../../src/relay/streaming-restorer.js';
import type { TokenLookup } from '../../src/relay/restore-text.js';

const values: Record<string, string> = {
  k3j9x2m4: 'Alice',
  q1w2e3r4: 'alice@example.com',
  aaaaaaaa: 'A-value',
  bbbbbbbb: 'B-value',
};
const lookup: TokenLookup = (id) => values[id];

/** Each push's output, then the flush output last. */
function run(deltas: string[], options: { jsonEscape?: boolean } = {}) {
  const restorer = new StreamingRestorer(lookup, options);
  const outputs = deltas.map((d) => restorer.push(d));
  outputs.push(restorer.flush());
  return { outputs, restorer };
}

describe('scanTokenAt', () => {
  it('finds a whole token and where it ends', () => {
    expect(scanTokenAt('x [NAME: k3j9x2m4] y', 2)).toEqual({ kind: 'token', end: 18 });
  });

  it('reports a proper prefix cut off by the end of the text', () => {
    for (const text of [
      '[',
      '[N',
      '[NAME',
      '[NAME ',
      '[NAME  ',
      '[NAME:',
      '[NAME: ',
      '[NAME:  ',
      '[NAME: k3j9',
      '[NAME: k3j9x2m4',
    ]) {
      expect(scanTokenAt(text, 0), text).toEqual({ kind: 'prefix' });
    }
    expect(scanTokenAt(`[${'L'.repeat(32)}`, 0)).toEqual({ kind: 'prefix' });
  });

  it('rejects text that can no longer become a token', () => {
    for (const text of [
      '[1',
      '[ N',
      '[NAME   ',
      '[NAME x',
      '[NAME:   ',
      '[NAME: k3j9x2m]',
      '[NAME: k3j9x2m4a',
      `[${'L'.repeat(33)}`,
      '[a-b',
    ]) {
      expect(scanTokenAt(text, 0), text).toEqual({ kind: 'none' });
    }
  });
});

describe('StreamingRestorer', () => {
  it('emits text without brackets at once and holds nothing', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('Hello there, ')).toBe('Hello there, ');
    expect(r.held).toBe(0);
  });

  it('restores a token split across chunks, holding only from its bracket', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('Hello [NA')).toBe('Hello ');
    expect(r.held).toBe(3);
    expect(r.push('ME: k3j9')).toBe('');
    expect(r.held).toBe(11);
    expect(r.push('x2m4] bye')).toBe('Alice bye');
    expect(r.held).toBe(0);
    expect(r.restored).toBe(1);
  });

  it('restores a whole token pushed at once without holding it', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('[EMAIL: q1w2e3r4]')).toBe('alice@example.com');
    expect(r.held).toBe(0);
  });

  it('releases brackets of ordinary prose as soon as they cannot be a token', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('see [')).toBe('see ');
    expect(r.push('1')).toBe('[1');
    expect(r.push('] and arr[')).toBe('] and arr');
    expect(r.push('i] ')).toBe('[i] ');
    expect(r.push('[see')).toBe('');
    expect(r.push(' above]')).toBe('[see above]');
    expect(r.held).toBe(0);
  });

  it('passes markdown links and JSON arrays through unchanged', () => {
    const text = 'Read [the docs](https://example.com/a[0]) and send {"ids":[1,2,3],"tags":["a","b"]}';
    const { outputs } = run([...text]);
    expect(outputs.join('')).toBe(text);
  });

  it('restores tolerant spellings', () => {
    const { outputs, restorer } = run(['[name:k3j9x2m4] [NAME  :  K3J9X2M4]']);
    expect(outputs.join('')).toBe('Alice Alice');
    expect(restorer.restored).toBe(2);
  });

  it('restores adjacent tokens fed one character at a time', () => {
    const { outputs } = run([...'[A: aaaaaaaa][B: bbbbbbbb]!']);
    expect(outputs.join('')).toBe('A-valueB-value!');
    expect(outputs.filter((o) => o !== '')).toEqual(['A-value', 'B-value', '!']);
  });

  it('accepts a 32-character label and releases a 33-character one at its 33rd character', () => {
    expect(run([`[${'L'.repeat(32)}: k3j9x2m4]`]).outputs.join('')).toBe('Alice');
    const r = new StreamingRestorer(lookup);
    expect(r.push(`[${'L'.repeat(32)}`)).toBe('');
    expect(r.held).toBe(33);
    expect(r.push('L')).toBe(`[${'L'.repeat(33)}`);
  });

  it('emits a token with an unknown id as its original text', () => {
    const token = '[Name :  ZZZZZZZZ]';
    const { outputs, restorer } = run([...token]);
    expect(outputs.join('')).toBe(token);
    expect(restorer.restored).toBe(0);
  });

  it('starts a new candidate at a bracket inside held text', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('[NAME ')).toBe('');
    expect(r.push('[EMAIL: q1w2')).toBe('[NAME ');
    expect(r.held).toBe(12);
    expect(r.push('e3r4]')).toBe('alice@example.com');
  });

  it('never splits a surrogate pair', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('ok \uD83D')).toBe('ok ');
    expect(r.held).toBe(1);
    expect(r.push('\uDE00 done')).toBe('😀 done');
    expect(r.held).toBe(0);
  });

  it('flushes held text unchanged and can be used again', () => {
    const r = new StreamingRestorer(lookup);
    expect(r.push('end [NAME: k3j')).toBe('end ');
    expect(r.flush()).toBe('[NAME: k3j');
    expect(r.held).toBe(0);
    expect(r.push('[NAME: k3j9x2m4]')).toBe('Alice');
    expect(r.flush()).toBe('');
  });

  it('JSON-escapes restored values in streamed tool arguments', () => {
    const value = 'Zoë "Z" \\ \n😀';
    const r = new StreamingRestorer(() => value, { jsonEscape: true });
    const args = '{"name":"[NAME: k3j9x2m4]","ids":[1,2]}';
    const out = [...args].map((c) => r.push(c)).join('') + r.flush();
    expect(JSON.parse(out)).toEqual({ name: value, ids: [1, 2] });
  });

  it('handles a long stream in linear time', () => {
    const unit = 'Hi [NAME: k3j9x2m4], see [1] arr[i] [see above] [EMAIL: q1w2 no. 😀 ';
    const text = unit.repeat(20_000);
    const r = new StreamingRestorer(lookup);
    const started = performance.now();
    let out = '';
    for (let i = 0; i < text.length; i += 7) out += r.push(text.slice(i, i + 7));
    out += r.flush();
    const elapsed = performance.now() - started;
    expect(r.restored).toBe(20_000);
    expect(out.length).toBe(text.length - 20_000 * ('[NAME: k3j9x2m4]'.length - 'Alice'.length));
    // ~1.4 M characters; quadratic re-scanning would take minutes, linear takes well under a second.
    expect(elapsed).toBeLessThan(5_000);
  });
});
