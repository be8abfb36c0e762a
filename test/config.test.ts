import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, upstreamOverrides } from '../src/config.js';

const secretsFile = () => join(mkdtempSync(join(tmpdir(), 'svc-cfg-')), 'secrets.json');

describe('configuration', () => {
  it('starts with no env outside production, generating secrets once into a private file', () => {
    const file = secretsFile();
    const first = loadConfig({ SERVICE_SECRETS_FILE: file });
    expect(first.secretsGenerated).toBe(true);
    expect(first.SERVICE_MASTER_KEY.length).toBe(32);
    expect(first.SERVICE_ADMIN_TOKEN.length).toBeGreaterThanOrEqual(24);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ SERVICE_SECRETS_FILE: file });
    expect(second.secretsGenerated).toBe(false);
    expect(second.SERVICE_ADMIN_TOKEN).toBe(first.SERVICE_ADMIN_TOKEN);
    expect(second.SERVICE_MASTER_KEY.equals(first.SERVICE_MASTER_KEY)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty(
      'SERVICE_ADMIN_TOKEN',
      first.SERVICE_ADMIN_TOKEN,
    );
  });

  it('uses the documented local defaults', () => {
    const config = loadConfig({ SERVICE_SECRETS_FILE: secretsFile() });
    expect(config.DATABASE_URL).toBe('postgres://postgres@localhost:5432/service');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('requires the secrets in production and names them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SERVICE_SECRETS_FILE: secretsFile() })).toThrow(
      /SERVICE_MASTER_KEY[\s\S]*SERVICE_ADMIN_TOKEN/,
    );
  });

  it('names every bad value without echoing it', () => {
    const secret = 'tooshort-secret-value';
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        REDIS_URL: 'http://x',
        SERVICE_MASTER_KEY: secret,
        SERVICE_ADMIN_TOKEN: 'short',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/REDIS_URL/);
    expect(message).toMatch(/SERVICE_MASTER_KEY: must be 32 bytes/);
    expect(message).toMatch(/SERVICE_ADMIN_TOKEN: must be at least 24 characters/);
    expect(message).not.toContain(secret);
  });

  it('accepts a hex master key', () => {
    const config = loadConfig({ SERVICE_MASTER_KEY: 'ab'.repeat(32), SERVICE_ADMIN_TOKEN: 'x'.repeat(24) });
    expect(config.SERVICE_MASTER_KEY.toString('hex')).toBe('ab'.repeat(32));
  });

  it('reads upstream overrides per provider', () => {
    expect(upstreamOverrides({ SERVICE_UPSTREAM_OPENAI: 'http://127.0.0.1:9/v1/', OTHER: 'x' })).toEqual({
      openai: 'http://127.0.0.1:9/v1',
    });
  });
});
