/** ISO 8601 with an explicit numeric offset (`+00:00`), as SPEC 2.3 asks for `expires_at`. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}

export const isoOrNull = (date: Date | null) => (date ? isoWithOffset(date) : null);
