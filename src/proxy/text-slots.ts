/**
 * A text slot is one string inside a provider body that detection may rewrite. Walkers collect
 * slots; the caller reads `text`, calls `replace` with the sanitized text, then `commit()` so
 * strings that were parsed (tool-call arguments) are serialised back.
 */
export interface TextSlot {
  readonly text: string;
  replace(next: string): void;
}

export interface SlotCollection {
  slots: TextSlot[];
  commit(): void;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array at `owner[key]`, or an empty one when the field is absent or of another shape. */
export function arrayField(owner: Record<string, unknown>, key: string): unknown[] {
  const value = owner[key];
  return Array.isArray(value) ? value : [];
}

/** A slot for `owner[key]` when it holds a string; the slot reads and writes the field live. */
export function fieldSlot(owner: Record<string, unknown>, key: string): TextSlot | undefined {
  if (typeof owner[key] !== 'string') return undefined;
  return {
    get text() {
      const value = owner[key];
      return typeof value === 'string' ? value : '';
    },
    replace(next: string) {
      owner[key] = next;
    },
  };
}

/** Every string leaf under `owner[key]` (arrays and object values, never object keys), in document order. */
export function stringLeafSlots(owner: Record<string, unknown>, key: string): TextSlot[] {
  const slots: TextSlot[] = [];
  for (const { holder, field } of stringLeaves(owner, key)) {
    slots.push({
      get text() {
        const value = holder[field];
        return typeof value === 'string' ? value : '';
      },
      replace(next: string) {
        holder[field] = next;
      },
    });
  }
  return slots;
}

// Arrays are addressed through their numeric indices like object fields.
type Container = Record<string | number, unknown>;

interface StringLeaf {
  holder: Container;
  field: string | number;
}

/**
 * Iterative so a deeply nested value cannot overflow the stack. A container met twice (only
 * possible in a hand-built object graph) is walked once.
 */
function stringLeaves(owner: Record<string, unknown>, key: string): StringLeaf[] {
  const leaves: StringLeaf[] = [];
  const seen = new WeakSet<object>();
  const pending: StringLeaf[] = [{ holder: owner, field: key }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    const { holder, field } = next;
    const value = holder[field];
    if (typeof value === 'string') {
      leaves.push({ holder, field });
    } else if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          pending.push({ holder: value as unknown as Container, field: i });
        }
      } else {
        const keys = Object.keys(value);
        for (let i = keys.length - 1; i >= 0; i--) {
          pending.push({ holder: value as Container, field: keys[i] as string });
        }
      }
    }
  }
  return leaves;
}

/**
 * Slots for a JSON-encoded string such as tool-call arguments at `owner[key]`. When it parses,
 * each string value (never an object key) is a slot holding the decoded text, and `commit`
 * writes each changed value back as a `JSON.stringify`-escaped literal in place of the old one.
 * Every other byte stays as sent: whitespace, key order, and numbers too large for a double,
 * which a parse-and-stringify round trip would corrupt. When it does not parse, the whole string
 * is one plain-text slot.
 */
export function jsonArgumentSlots(owner: Record<string, unknown>, key: string): SlotCollection {
  const raw = owner[key];
  const plain = fieldSlot(owner, key);
  if (typeof raw !== 'string' || !plain) return { slots: [], commit() {} };
  try {
    JSON.parse(raw);
  } catch {
    return { slots: [plain], commit() {} };
  }

  const values = jsonStringValueSpans(raw).map((span) => ({
    ...span,
    text: JSON.parse(raw.slice(span.start, span.end)) as string,
    changed: false,
  }));
  const slots: TextSlot[] = values.map((value) => ({
    get text() {
      return value.text;
    },
    replace(next: string) {
      if (next === value.text) return;
      value.text = next;
      value.changed = true;
    },
  }));
  return {
    slots,
    commit() {
      if (!values.some((value) => value.changed)) return;
      let out = '';
      let at = 0;
      for (const value of values) {
        out += raw.slice(at, value.start);
        out += value.changed ? JSON.stringify(value.text) : raw.slice(value.start, value.end);
        at = value.end;
      }
      owner[key] = out + raw.slice(at);
    },
  };
}

interface Span {
  start: number;
  end: number;
}

const JSON_WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Positions of the string literals (quotes included) in valid JSON text that are values, not
 * object keys, in document order. Only valid JSON is passed in, so a quote always opens a
 * literal and a string followed by a colon is a key.
 */
function jsonStringValueSpans(json: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < json.length) {
    if (json[i] !== '"') {
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < json.length && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
    const end = i + 1;
    i = end;
    let next = end;
    while (next < json.length && JSON_WHITESPACE.has(json[next] as string)) next++;
    if (json[next] !== ':') spans.push({ start, end });
  }
  return spans;
}

/** Accumulates slots and commit steps while a walker visits a body. */
export class SlotCollector {
  private readonly collected: TextSlot[] = [];
  private readonly commits: (() => void)[] = [];

  field(owner: Record<string, unknown>, key: string): void {
    const slot = fieldSlot(owner, key);
    if (slot) this.collected.push(slot);
  }

  leaves(owner: Record<string, unknown>, key: string): void {
    for (const slot of stringLeafSlots(owner, key)) this.collected.push(slot);
  }

  jsonArguments(owner: Record<string, unknown>, key: string): void {
    const collection = jsonArgumentSlots(owner, key);
    for (const slot of collection.slots) this.collected.push(slot);
    this.commits.push(() => collection.commit());
  }

  result(): SlotCollection {
    const commits = this.commits;
    return {
      slots: this.collected,
      commit() {
        for (const commit of commits) commit();
      },
    };
  }
}
