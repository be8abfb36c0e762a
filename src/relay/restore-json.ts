import { restoreText, type TokenLookup } from './restore-text.js';
import type { RestoreSlot } from '../proxy/restore-walkers.js';

/** Restores token text in each slot (JSON-escaped where the slot is raw JSON text); returns how many were restored. */
export function restoreSlots(slots: readonly RestoreSlot[], lookup: TokenLookup): number {
  let restored = 0;
  for (const slot of slots) {
    const result = restoreText(slot.text, lookup, { jsonEscape: slot.jsonEscaped });
    if (result.restored) {
      slot.replace(result.text);
      restored += result.restored;
    }
  }
  return restored;
}
