import { describe, expect, it } from 'vitest';
import { findSecretSpans } from '../../../src/detection/recognizers/secret.js';
import { longText, valuesOf } from './helpers.js';

const secrets = (text: string) => valuesOf(text, findSecretSpans(text));

const ALNUM = 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6kL9nP2rS5uX8';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const PEM_BODY =
  'MIIEowIBAAKCAQEA7bq3X9fZt2LwQk5nR8sYvJpM4cH6dG1aE0uT3iO9lK2xW5zB\nq8rN4mS7vC1yU6hF3jD0gA9eP2tL5oI8wX4zQ7bK1cM6nV3sR0yT9uE2fG5hJ8==';

describe('findSecretSpans', () => {
  it.each([
    ['AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['GitHub token', `ghp_${ALNUM.slice(0, 36)}`],
    ['GitHub fine-grained token', `github_pat_11ABCDEFG0_${ALNUM}`],
    ['GitLab token', `glpat-${ALNUM.slice(0, 20)}`],
    ['Slack bot token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
    ['Stripe secret key', `sk_live_${ALNUM.slice(0, 24)}`],
    ['Stripe restricted key', `rk_live_${ALNUM.slice(0, 24)}`],
    ['OpenAI project key', `sk-proj-${ALNUM}`],
    ['OpenAI legacy key', `sk-${ALNUM.slice(0, 48)}`],
    ['Anthropic key', `sk-ant-api03-${ALNUM}${ALNUM}-AA`],
    ['Google API key', `AIza${ALNUM.slice(0, 35)}`],
    ['SendGrid key', `SG.${ALNUM.slice(0, 22)}.${ALNUM.slice(0, 43)}`],
    ['npm token', `npm_${ALNUM.slice(0, 36)}`],
    ['Hugging Face token', `hf_${ALNUM.slice(0, 34)}`],
    ['JWT', JWT],
  ])('finds a %s', (_name, secret) => {
    expect(secrets(`use ${secret} for auth`)).toEqual([secret]);
    expect(findSecretSpans(secret)[0]).toMatchObject({
      entity_type: 'SECRET',
      label: 'SECRET',
      source: 'pattern',
      start: 0,
      end: secret.length,
    });
  });

  it('takes only the value after a name or scheme', () => {
    expect(secrets('Authorization: Bearer abc123def456ghi789jkl')).toEqual(['abc123def456ghi789jkl']);
    expect(secrets('Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==')).toEqual(['dXNlcjpwYXNzd29yZDEyMw==']);
    expect(secrets('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toEqual([
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ]);
    expect(secrets('DATABASE_URL=postgres://admin:s3cretPw@db.example.com:5432/app')).toEqual(['s3cretPw']);
    expect(secrets('my password is: Hunter2!')).toEqual(['Hunter2!']);
    expect(secrets('Passwort: Sommer2024')).toEqual(['Sommer2024']);
    expect(secrets('mot de passe = azerty123')).toEqual(['azerty123']);
    expect(secrets('"api_key": "a1b2c3d4e5f6g7h8i9j0"')).toEqual(['a1b2c3d4e5f6g7h8i9j0']);
    expect(secrets('Set api_key=a1b2c3d4e5f6g7h8i9j0.')).toEqual(['a1b2c3d4e5f6g7h8i9j0']);
  });

  it('finds PEM private key blocks, with or without the END line', () => {
    const block = `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`;
    expect(secrets(`key:\n${block}\nthanks`)).toEqual([block]);
    const pkcs8 = `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----`;
    expect(secrets(pkcs8)).toEqual([pkcs8]);
    const truncated = `-----BEGIN OPENSSH PRIVATE KEY-----\n${PEM_BODY}`;
    expect(secrets(`${truncated}\n\nCan you tell me what is wrong?`)).toEqual([truncated]);
  });

  it('leaves placeholders, prose and look-alikes alone', () => {
    for (const text of [
      'Authorization: Bearer <token>',
      'Bearer YOUR_API_KEY_HERE',
      'Bearer tokens expire after 3600 seconds.',
      'password: ********',
      'Password policy: must contain 8 characters.',
      'api_key: process.env.OPENAI_API_KEY',
      'The sk-learn library version 1.3.0',
      'risk-adjusted-return-model-with-more-words',
      'postgres://${DB_USER}:${DB_PASSWORD}@localhost/app',
      'AKIA is the prefix of AWS access key ids.',
      'eyJhbGciOiJIUzI1NiJ9 alone is only a header',
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----',
    ]) {
      expect(secrets(text), text).toEqual([]);
    }
  });

  it('finds secrets next to each other and scans 200,000 characters', () => {
    expect(secrets(`AKIAIOSFODNN7EXAMPLE,AKIAI44QH8DHBEXAMPLE`)).toEqual([
      'AKIAIOSFODNN7EXAMPLE',
      'AKIAI44QH8DHBEXAMPLE',
    ]);
    expect(secrets(longText('key AKIAIOSFODNN7EXAMPLE'))).toEqual(Array(3).fill('AKIAIOSFODNN7EXAMPLE'));
    expect(secrets('a'.repeat(200_000))).toEqual([]);
    expect(secrets('-----BEGIN PRIVATE KEY-----'.repeat(5_000))).toHaveLength(5_000);
  });
});
