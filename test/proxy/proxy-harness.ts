import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeProvider, type FakeProvider } from '../fake-provider/index.js';
import { startTestApp, testConfig, type TestApp } from '../helpers/test-app.js';
import { adminPost, createTenant } from '../helpers/fixtures.js';
import { DEFAULT_DETECTION_SETTINGS } from '../../src/detection/types.js';

export const OPENAI_KEY = 'sk-proj-test-OPENAI-0123456789abcdef';
export const ANTHROPIC_KEY = 'sk-ant-api03-test-ANTHROPIC-0123456789';

/** Personal data the detectors surely find, and that must never reach the provider. */
export const PII = {
  email: 'maria.rossi@example.com',
  phone: '+44 20 7946 0958',
  iban: 'DE89 3704 0044 0532 0130 00',
  card: '4111 1111 1111 1111',
};
export const PII_PROMPT = `Please write to ${PII.email} or call ${PII.phone}; refund to ${PII.iban}, card ${PII.card}.`;

export interface ProxyHarness {
  t: TestApp;
  fake: FakeProvider;
  url: string;
  tenant: string;
  openai: (headers?: Record<string, string>) => OpenAI;
  anthropic: (headers?: Record<string, string>) => Anthropic;
  /** Every request the provider received, as text: the leak check reads this. */
  upstreamText(): string;
  close(): Promise<void>;
}

export interface ProxyHarnessOptions {
  detection?: boolean;
  /** More configuration (e.g. other SERVICE_UPSTREAM_<PROVIDER>), given the fake provider's address. */
  env?: (fakeUrl: string) => Record<string, string>;
}

/** The real app on a loopback port, upstreams pointed at the fake provider, keys registered. */
export async function startProxyHarness(options: ProxyHarnessOptions = {}): Promise<ProxyHarness> {
  const fake = await startFakeProvider();
  const config = testConfig({
    SERVICE_UPSTREAM_OPENAI: `${fake.url}/v1`,
    SERVICE_UPSTREAM_ANTHROPIC: fake.url,
    SERVICE_UPSTREAM_TIMEOUT_MS: '3000',
    ...options.env?.(fake.url),
  });
  const t = await startTestApp({ config, detection: options.detection ?? true });
  if (t.services.detection) await t.services.detection.warmUp(DEFAULT_DETECTION_SETTINGS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const tenant = await createTenant(t.app, 'Proxy');
  await adminPost(t.app, `/tenants/${tenant}/provider-keys`, { provider: 'openai', key: OPENAI_KEY });
  await adminPost(t.app, `/tenants/${tenant}/provider-keys`, { provider: 'anthropic', key: ANTHROPIC_KEY });
  return {
    t,
    fake,
    url,
    tenant,
    openai: (headers = {}) =>
      new OpenAI({ apiKey: OPENAI_KEY, baseURL: url, maxRetries: 0, defaultHeaders: headers }),
    anthropic: (headers = {}) =>
      new Anthropic({ apiKey: ANTHROPIC_KEY, baseURL: url, maxRetries: 0, defaultHeaders: headers }),
    upstreamText: () => fake.requests.map((r) => JSON.stringify(r.headers) + r.rawBody).join('\n'),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** Asserts none of the values, nor their digits-only forms, reached the provider. */
export function expectNoLeak(text: string, values: string[] = Object.values(PII)) {
  for (const value of values) {
    if (text.includes(value)) throw new Error(`leaked to the provider: ${value.slice(0, 3)}…`);
    // The same digits with any separators (spaces, dashes, dots) between them.
    const digits = value.replace(/\D/g, '');
    if (digits.length >= 8 && new RegExp(digits.split('').join('[^0-9A-Za-z]{0,3}')).test(text)) {
      throw new Error(`leaked digits to the provider: ${digits.slice(0, 3)}…`);
    }
  }
}
