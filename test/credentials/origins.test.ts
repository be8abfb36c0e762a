import { describe, expect, it } from 'vitest';
import { allowedOriginSchema, normaliseOriginEntry, originAllowed } from '../../src/credentials/origins.js';

describe('publishable origin matching (DESIGN 4)', () => {
  const allowed = [
    'https://app.example.com',
    'https://*.shop.io',
    'http://localhost:3000',
    'https://*.ported.dev:8443',
  ];

  it.each([
    ['https://app.example.com', true],
    ['https://a.shop.io', true],
    ['https://a.b.shop.io', true],
    ['http://localhost:3000', true],
    ['https://x.ported.dev:8443', true],
  ])('allows %s', (origin, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected);
  });

  it.each([
    ['bare domain under a wildcard', 'https://shop.io'],
    ['another scheme', 'http://a.shop.io'],
    ['another port', 'https://a.shop.io:8443'],
    ['look-alike domain', 'https://evilshop.io'],
    ['look-alike subdomain', 'https://a.evilshop.io'],
    ['suffix trick', 'https://a.shop.io.evil.io'],
    ['suffix trick on an exact entry', 'https://app.example.com.evil.io'],
    ['exact entry on another port', 'https://app.example.com:444'],
    ['exact entry over http', 'http://app.example.com'],
    ['localhost on another port', 'http://localhost:3001'],
    ['wildcard entry without its port', 'https://x.ported.dev'],
    ['the null origin', 'null'],
    ['an origin with a path', 'https://app.example.com/'],
    ['user info', 'https://user@app.example.com'],
    ['garbage', 'not an origin'],
  ])('refuses %s', (_why, origin) => {
    expect(originAllowed(origin, allowed)).toBe(false);
  });

  it('refuses a missing origin', () => {
    expect(originAllowed(undefined, allowed)).toBe(false);
    expect(originAllowed('', allowed)).toBe(false);
  });

  it('validates entries at save time', () => {
    for (const ok of ['https://a.com', 'https://*.a.com', 'http://localhost:5173', 'https://a.com:8443']) {
      expect(allowedOriginSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'https://*.com',
      'http://*.a.com',
      'a.com',
      'https://a.com/path',
      'https://*',
      'ftp://a.com',
      '*',
    ]) {
      expect(allowedOriginSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('normalises entries', () => {
    expect(normaliseOriginEntry('HTTPS://App.Example.com:443')).toBe('https://app.example.com');
    expect(normaliseOriginEntry('https://*.shop.io')).toBe('https://*.shop.io');
    expect(normaliseOriginEntry('http://localhost:3000')).toBe('http://localhost:3000');
  });
});
