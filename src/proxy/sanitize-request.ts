import type { DetectionPool } from '../detection/pool.js';
import type { DetectionSettings } from '../detection/types.js';
import { findTokenTexts } from '../tokens/token-text.js';
import type { TokenLookup } from '../relay/restore-text.js';
import { detectSpans, tokenizeSpans } from '../vault/tokenize-texts.js';
import type { TokenVault } from '../vault/token-vault.js';
import type { ConversationSession } from '../vault/sessions.js';
import { pretextFor } from '../vault/pretext.js';
import { placePretext } from './pretext-placement.js';
import type { ProxyEndpoint } from './dialects.js';

export interface SanitizedRequest {
  /** Detected entities by type (for the request log and the audit). */
  entities: { entity_type: string; label: string; score: number }[];
  /** Restores token text of this request in the answer; null when nothing may be restored. */
  lookup: TokenLookup | null;
}

/**
 * Tokenizes every place personal data can be in the request body (in place), adds the pretext when
 * token text is present, and prepares the restore lookup. Throws (→ 503) when detection or the vault
 * cannot do their job: nothing is forwarded then.
 */
export async function sanitizeRequest(
  deps: { detection: DetectionPool | null; vault: TokenVault },
  endpoint: ProxyEndpoint,
  body: Record<string, unknown>,
  context: {
    tenantId: string;
    settings: DetectionSettings;
    session: ConversationSession;
    credentialId: string;
    tokensOnly: boolean;
  },
): Promise<SanitizedRequest> {
  const collection = endpoint.requestSlots(body);
  const texts = collection.slots.map((s) => s.text);
  const spans = await detectSpans(deps.detection, texts, context.settings);
  const tokenized = await tokenizeSpans(
    deps.vault,
    {
      tenantId: context.tenantId,
      sessionId: context.session.id,
      // The proxy caller has no end user: tokens of an owned session are attributed to its owner.
      createdByEndUser: context.session.ownerEndUserId,
      createdByCredential: context.credentialId,
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
  if (context.tokensOnly || context.session.ownerEndUserId !== null || !present.length)
    return { entities, lookup: null };
  const ids = [...new Set(present.map((t) => t.id))];
  const records = await deps.vault.records(context.tenantId, ids);
  const plaintexts = new Map<string, string>();
  for (const record of records.values()) {
    if (record.sessionId !== context.session.id || record.purged) continue;
    plaintexts.set(record.id, await deps.vault.decrypt(context.tenantId, record));
  }
  return { entities, lookup: (id) => plaintexts.get(id.toLowerCase()) };
}
