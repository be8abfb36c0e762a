import { describe, expect, it } from 'vitest';
import { restoreText, type TokenLookup } from '../../src/relay/restore-text.js';

const values: Record<string, string> = { k3j9x2m4: 'Alice Smith', q1w2e3r4: 'alice@example.com' };
const lookup: TokenLookup = (id) => values[id];

describe('restoreText', () => {
  it('replaces known token text and counts it', () => {
    expect(restoreText('Hi [NAME: k3j9x2m4], mail [EMAIL: q1w2e3r4].', lookup)).toEqual({
      text: 'Hi Alice Smith, mail alice@example.com.',
      restored: 2,
    });
  });

  it('matches tolerant spellings with case-insensitive ids', () => {
    expect(restoreText('[name:k3j9x2m4] [NAME  :  K3J9X2M4] [Person_2 : K3j9X2m4]', lookup).text).toBe(
      'Alice Smith Alice Smith Alice Smith',
    );
  });

  it('passes the lower-cased id to the lookup', () => {
    const seen: string[] = [];
    restoreText('[NAME: ABCD1234]', (id) => {
      seen.push(id);
      return undefined;
    });
    expect(seen).toEqual(['abcd1234']);
  });

  it('leaves unknown token text byte-for-byte', () => {
    const text = 'Keep [Name :  ZZZZZZZZ] and [x:00000000] as they are';
    expect(restoreText(text, lookup)).toEqual({ text, restored: 0 });
  });

  it('leaves near-misses alone: three spaces, 7 or 9 id characters, 33-character label', () => {
    const text = [
      '[NAME   : k3j9x2m4]',
      '[NAME: k3j9x2m]',
      '[NAME: k3j9x2m4a]',
      `[${'L'.repeat(33)}: k3j9x2m4]`,
      '[1NAME: k3j9x2m4]',
    ].join(' ');
    expect(restoreText(text, lookup)).toEqual({ text, restored: 0 });
  });

  it('accepts a 32-character label', () => {
    expect(restoreText(`[${'L'.repeat(32)}: k3j9x2m4]`, lookup).text).toBe('Alice Smith');
  });

  it('restores adjacent tokens and leaves ordinary brackets', () => {
    expect(
      restoreText('[A: k3j9x2m4][B: q1w2e3r4] arr[i] [1] [see above] [1,2,3] [a](http://x)', lookup).text,
    ).toBe('Alice Smithalice@example.com arr[i] [1] [see above] [1,2,3] [a](http://x)');
  });

  it('inserts values literally, with no replacement-pattern expansion', () => {
    const text = restoreText('[NAME: k3j9x2m4]', () => "$& $1 $' $$").text;
    expect(text).toBe("$& $1 $' $$");
  });

  it('JSON-escapes values inside a JSON string', () => {
    const value = 'Zoë "Z" \\ \n\t😀';
    const args = '{"name":"[NAME: k3j9x2m4]","note":"hi [NAME: k3j9x2m4]!"}';
    const restored = restoreText(args, () => value, { jsonEscape: true });
    expect(restored.restored).toBe(2);
    expect(JSON.parse(restored.text)).toEqual({ name: value, note: `hi ${value}!` });
  });
});
