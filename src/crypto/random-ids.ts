import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LOWER_ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';

/** n characters drawn uniformly from the alphabet with a CSPRNG (randomInt rejects modulo bias). */
function randomString(alphabet: string, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const randomBase62 = (n: number) => randomString(BASE62, n);
export const randomLowerAlnum = (n: number) => randomString(LOWER_ALNUM, n);

/** Identifiers of our own records: a readable prefix plus 20 base62 characters (~119 bits). */
export const newId = (prefix: string) => `${prefix}_${randomBase62(20)}`;
