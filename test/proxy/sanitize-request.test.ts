import { describe, expect, it } from 'vitest';
import { PROXY_ENDPOINTS } from '../../src/proxy/dialects.js';
import { sanitizeRequest } from '../../src/proxy/sanitize-request.js';
import { ServiceError } from '../../src/errors.js';
import { DEFAULT_DETECTION_SETTINGS, type Span } from '../../src/detection/types.js';
import type { DetectionPool } from '../../src/detection/pool.js';
import type { MintContext, TokenVault } from '../../src/vault/token-vault.js';
import type { ConversationSession } from '../../src/vault/sessions.js';

const chat = PROXY_ENDPOINTS.find((e) => e.name === 'chat')!;
type OpenedSession = ConversationSession & { isNew: boolean };
const SESSION: OpenedSession = { id: 'ses_000000000000000000000000', ownerEndUserId: null, isNew: false };

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Detection that answers when told to, and records when it was asked. */
function controlledDetection() {
  const answer = deferred<Span[][]>();
  const calls: string[][] = [];
  const pool = {
    detect: (texts: readonly string[]) => {
      calls.push([...texts]);
      return answer.promise;
    },
  } as unknown as DetectionPool;
  return { pool, answer, calls };
}

// No spans means nothing is minted. The sessions mint was asked to store (new ones go in with the
// tokens, in the same statement) are recorded.
const inserts: unknown[][] = [];
const vault = {
  mintThenCache: async (ctx: MintContext) => {
    if (ctx.unsavedSession) inserts.push([ctx.tenantId, ctx.sessionId, ctx.unsavedSession.ownerEndUserId]);
    return { tokens: [], cached: Promise.resolve() };
  },
} as unknown as TokenVault;

const request = () => ({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello there' }] });

const context = (openSession: () => Promise<OpenedSession>) => ({
  tenantId: 'ten_1',
  settings: DEFAULT_DETECTION_SETTINGS,
  openSession,
  continuedSessionId: null,
  credentialId: 'pk_1',
  tokensOnly: false,
});

describe('sanitizeRequest: detection and the session in parallel', () => {
  it('starts detection before the session is open, and returns the session it opened', async () => {
    const detection = controlledDetection();
    const session = deferred<OpenedSession>();
    const result = sanitizeRequest({ detection: detection.pool, vault }, chat, request(), {
      ...context(() => session.promise),
    });
    await new Promise((r) => setImmediate(r));
    expect(detection.calls).toEqual([['hello there']]);

    session.resolve(SESSION);
    detection.answer.resolve([[]]);
    const sanitized = await result;
    expect(sanitized.session).toEqual({ id: SESSION.id, ownerEndUserId: null });
    expect(sanitized.entities).toEqual([]);
    expect(sanitized.lookup).toBeNull();
  });

  it('a session error wins over a detection error, as when the session came first', async () => {
    const detection = controlledDetection();
    detection.answer.reject(new ServiceError('tokenization_unavailable', 'detection failed'));
    const result = sanitizeRequest({ detection: detection.pool, vault }, chat, request(), {
      ...context(async () => {
        throw new ServiceError('invalid_session_id', 'unknown session id');
      }),
    });
    await expect(result).rejects.toMatchObject({ code: 'invalid_session_id' });
  });

  it('a detection failure while the session is opening surfaces once the session is open', async () => {
    const detection = controlledDetection();
    const session = deferred<OpenedSession>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const result = sanitizeRequest({ detection: detection.pool, vault }, chat, request(), {
        ...context(() => session.promise),
      });
      detection.answer.reject(new ServiceError('tokenization_unavailable', 'detection failed'));
      await new Promise((r) => setTimeout(r, 20));
      session.resolve(SESSION);
      await expect(result).rejects.toMatchObject({ code: 'tokenization_unavailable' });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('without a detection pool: the session still opens first, then 503', async () => {
    let opened = false;
    const result = sanitizeRequest({ detection: null, vault }, chat, request(), {
      ...context(async () => {
        opened = true;
        return SESSION;
      }),
    });
    await expect(result).rejects.toMatchObject({ code: 'tokenization_unavailable' });
    expect(opened).toBe(true);
  });

  it('stores a new session only after detection succeeded', async () => {
    inserts.length = 0;
    const fresh = { id: 'ses_111111111111111111111111', ownerEndUserId: null, isNew: true };
    const failing = controlledDetection();
    failing.answer.reject(new ServiceError('tokenization_unavailable', 'detection failed'));
    await expect(
      sanitizeRequest(
        { detection: failing.pool, vault },
        chat,
        request(),
        context(async () => fresh),
      ),
    ).rejects.toMatchObject({ code: 'tokenization_unavailable' });
    expect(inserts).toEqual([]);

    const working = controlledDetection();
    working.answer.resolve([[]]);
    const sanitized = await sanitizeRequest(
      { detection: working.pool, vault },
      chat,
      request(),
      context(async () => fresh),
    );
    expect(sanitized.session.id).toBe(fresh.id);
    expect(inserts).toEqual([['ten_1', fresh.id, null]]);
  });
});
