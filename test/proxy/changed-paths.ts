/** Paths (like `messages[2].content[0].text`) where two JSON values differ, in document order. */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const paths: string[] = [];
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) paths.push(...changedPaths(before[i], after[i], `${path}[${i}]`));
    return paths;
  }
  if (isObject(before) && isObject(after)) {
    const paths: string[] = [];
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      paths.push(...changedPaths(before[key], after[key], path === '' ? key : `${path}.${key}`));
    }
    return paths;
  }
  return [path];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces every slot's text with its upper-case form, the way a sanitizer would rewrite it. */
export function upperCaseAll(slots: { readonly text: string; replace(next: string): void }[]): void {
  for (const slot of slots) slot.replace(slot.text.toUpperCase());
}
