/** `masked_value` of an entity: the first code point kept, every further code point replaced by `*`. */
export function maskedValue(value: string): string {
  const codePoints = Array.from(value);
  if (codePoints.length === 0) return '';
  return codePoints[0] + '*'.repeat(codePoints.length - 1);
}
