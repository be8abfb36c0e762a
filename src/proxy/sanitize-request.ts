import type { DetectionPool } from '../detection/pool.js';
import type { DetectionSettings } from '../detection/types.js';
import { findTokenTexts } from '../tokens/token-text.js';
import type { TokenLookup } from '../relay/restore-text.js';
import { detectSpans, tokenizeSpansThenCache } from '../vault/tokenize-texts.js';
import type { TokenVault } from '../vault/token-vault.js';
import type { ConversationSession } from '../vault/sessions.js';
import { pretextFor } from '../vault/pretext.js';
import { placePretext } from './pretext-placement.js';
import type { ProxyEndpoint } from './dialects.js';

export interface SanitizedRequest {
  /** The conversation session the tokens belong to. */
  session: ConversationSession;
  /** Detected entities by type (for the request log and the audit). */
  entities: { entity_type: string; label: string; score: number }[];
  /** Restores token text of this request in the answer; null when nothing may be restored. */
  lookup: TokenLookup | null;
  /**
   * The shared-cache fill for the tokens minted here, still under way (they are in Postgres
   * already): the caller overlaps it with the upstream request and awaits it before answering.
   */
  cached: Promise<void>;
}

/**
 * Detection and the session. A new session's lookup overlaps detection; a continued one's known
 * values (read with the session) go into detection, so it waits for them.
 */
async function detectInSession(
  deps: { detection: DetectionPool | null; vault: TokenVault },
  texts: string[],
  context: {
    tenantId: string;
    settings: DetectionSettings;
    openSession: () => Promise<ConversationSession & { isNew: boolean }>;
    continuedSessionId: string | null;
  },
) {
  if (context.continuedSessionId) {
    const [opened, known] = await Promise.all([
      context.openSession(),
      deps.vault.knownValues(context.tenantId, context.continuedSessionId),
    ]);
    return { opened, spans: await detectSpans(deps.detection, texts, context.settings, known) };
  }
  const detecting = detectSpans(deps.detection, texts, context.settings);
  // Awaited below; until then a failure must not count as unhandled.
  detecting.catch(() => {});
  const opened = await context.openSession();
  return { opened, spans: await detecting };
}

/**
 * Tokenizes every place personal data can be in the request body (in place), adds the pretext when
 * token text is present, and prepares the restore lookup. Throws (→ 503) when detection or the vault
 * cannot do their job: nothing is forwarded then. The tokens are in Postgres when this resolves; only
 * their shared-cache fill may still fail, through `cached`.
 *
 * For a new session, `openSession` runs while detection works, since neither needs the other
 * (`npm run bench proxy`: the session insert and the detection task were each a few ms in series).
 * Its errors still come first, as when it ran before detection. A continued session is opened
 * together with its known values, before detection (`detectInSession`).
 */
export async function sanitizeRequest(
  deps: { detection: DetectionPool | null; vault: TokenVault },
  endpoint: ProxyEndpoint,
  body: Record<string, unknown>,
  context: {
    tenantId: string;
    settings: DetectionSettings;
    /** The call's session; `isNew` ones are stored here, after detection succeeded. */
    openSession: () => Promise<ConversationSession & { isNew: boolean }>;
    /** A continued session names itself: its values of earlier turns are found again (`withKnownValues`). */
    continuedSessionId: string | null;
    credentialId: string;
    tokensOnly: boolean;
  },
): Promise<SanitizedRequest> {
  const collection = endpoint.requestSlots(body);
  const texts = collection.slots.map((s) => s.text);
  const { opened, spans } = await detectInSession(deps, texts, context);
  const session: ConversationSession = { id: opened.id, ownerEndUserId: opened.ownerEndUserId };
  // A new session is stored by the same statement as its first tokens.
  const { cached, ...tokenized } = await tokenizeSpansThenCache(
    deps.vault,
    {
      tenantId: context.tenantId,
      sessionId: session.id,
      // The proxy caller has no end user: tokens of an owned session are attributed to its owner.
      createdByEndUser: session.ownerEndUserId,
      createdByCredential: context.credentialId,
      ...(opened.isNew ? { unsavedSession: { ownerEndUserId: null } } : {}),
    },
    texts,
    spans,
  );
  collection.slots.forEach((slot, i) => {
    if (tokenized.texts[i] !== slot.text) slot.replace(tokenized.texts[i]!);
  });
  collection.commit();

  const present = tokenized.texts.flatMap((t) => findTokenTexts(t));
  if (present.length) {
    const labels = [...new Set(present.map((t) => t.label.toUpperCase()))].sort();
    placePretext(endpoint.name, body, pretextFor(labels));
  }

  const entities = tokenized.entities.map((e) => ({
    entity_type: e.entity_type,
    label: e.label,
    score: e.score,
  }));
  // Restore only tokens of this request's session, and only when no end user owns it (DESIGN 6).
  if (context.tokensOnly || session.ownerEndUserId !== null || !present.length)
    return { session, entities, lookup: null, cached };
  // Values minted or reused in this call are known already (in the caller's own spelling); only
  // token text the caller sent in (earlier turns) is looked up.
  const plaintexts = new Map<string, string>(Object.entries(tokenized.tokens));
  const others = [...new Set(present.map((t) => t.id))].filter((id) => !plaintexts.has(id));
  if (others.length) {
    const records = await deps.vault.records(context.tenantId, others);
    for (const record of records.values()) {
      if (record.sessionId !== session.id || record.purged) continue;
      plaintexts.set(record.id, await deps.vault.decrypt(context.tenantId, record));
    }
  }
  return { session, entities, lookup: (id) => plaintexts.get(id.toLowerCase()), cached };
}
