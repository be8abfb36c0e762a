import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldSlot, jsonArgumentSlots, stringLeafSlots } from '../../src/proxy/text-slots.js';

describe('fieldSlot', () => {
  it('reads and writes the string field it points at', () => {
    const owner: Record<string, unknown> = { content: 'call anna at 555-0100', role: 'user' };
    const slot = fieldSlot(owner, 'content');
    expect(slot?.text).toBe('call anna at 555-0100');
    slot?.replace('call [NAME: a1b2c3] at [PHONE: d4e5f6]');
    expect(owner).toEqual({ content: 'call [NAME: a1b2c3] at [PHONE: d4e5f6]', role: 'user' });
    expect(slot?.text).toBe('call [NAME: a1b2c3] at [PHONE: d4e5f6]');
  });

  it('gives no slot for absent or non-string fields', () => {
    const owner: Record<string, unknown> = { content: null, count: 3, parts: ['x'] };
    expect(fieldSlot(owner, 'content')).toBeUndefined();
    expect(fieldSlot(owner, 'count')).toBeUndefined();
    expect(fieldSlot(owner, 'parts')).toBeUndefined();
    expect(fieldSlot(owner, 'missing')).toBeUndefined();
  });
});

describe('stringLeafSlots', () => {
  it('yields string leaves in document order and never object keys', () => {
    const owner: Record<string, unknown> = {
      input: { 'john@example.com': 'key stays', list: ['a', 1, true, null, { deep: 'b' }], n: 4 },
    };
    const slots = stringLeafSlots(owner, 'input');
    expect(slots.map((s) => s.text)).toEqual(['key stays', 'a', 'b']);
    for (const slot of slots) slot.replace(slot.text.toUpperCase());
    expect(owner.input).toEqual({
      'john@example.com': 'KEY STAYS',
      list: ['A', 1, true, null, { deep: 'B' }],
      n: 4,
    });
  });

  it('treats a string at the field itself as one leaf', () => {
    const owner: Record<string, unknown> = { input: 'plain' };
    const slots = stringLeafSlots(owner, 'input');
    expect(slots.map((s) => s.text)).toEqual(['plain']);
  });

  it('terminates on an object graph with a cycle', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node.self = node;
    const slots = stringLeafSlots({ input: node }, 'input');
    expect(slots.map((s) => s.text)).toEqual(['loop']);
  });
});

describe('jsonArgumentSlots', () => {
  it('makes every string value of parsed arguments a slot and writes changed ones back on commit', () => {
    const call: Record<string, unknown> = {
      name: 'send_email',
      arguments:
        '{"to": "maria.garcia@example.org", "cc": ["li.wei@example.com"], "priority": 2, "urgent": false}',
    };
    const collection = jsonArgumentSlots(call, 'arguments');
    expect(collection.slots.map((s) => s.text)).toEqual(['maria.garcia@example.org', 'li.wei@example.com']);
    collection.slots[0]?.replace('[EMAIL: k3j4h5]');
    collection.commit();
    expect(call.arguments).toBe(
      '{"to": "[EMAIL: k3j4h5]", "cc": ["li.wei@example.com"], "priority": 2, "urgent": false}',
    );
    expect(call.name).toBe('send_email');
  });

  it('keeps the exact bytes when no leaf changed', () => {
    const original = '{\n  "city": "Lyon",\n  "days": 3\n}';
    const call: Record<string, unknown> = { arguments: original };
    const collection = jsonArgumentSlots(call, 'arguments');
    for (const slot of collection.slots) slot.replace(slot.text);
    collection.commit();
    expect(call.arguments).toBe(original);
  });

  it('takes arguments that do not parse as one plain-text slot', () => {
    const call: Record<string, unknown> = { arguments: '{"to": "bob@example.com", ' };
    const collection = jsonArgumentSlots(call, 'arguments');
    expect(collection.slots.map((s) => s.text)).toEqual(['{"to": "bob@example.com", ']);
    collection.slots[0]?.replace('{"to": "[EMAIL: q1w2e3]", ');
    collection.commit();
    expect(call.arguments).toBe('{"to": "[EMAIL: q1w2e3]", ');
  });

  it('takes a JSON string scalar as one decoded leaf', () => {
    const call: Record<string, unknown> = { arguments: '"Jos\\u00e9 Alvarez"' };
    const collection = jsonArgumentSlots(call, 'arguments');
    expect(collection.slots.map((s) => s.text)).toEqual(['José Alvarez']);
    collection.slots[0]?.replace('[NAME: z9y8x7]');
    collection.commit();
    expect(call.arguments).toBe('"[NAME: z9y8x7]"');
  });

  it('gives no slots for numbers, booleans, null, and non-string fields', () => {
    for (const args of ['42', 'true', 'null']) {
      const call: Record<string, unknown> = { arguments: args };
      const collection = jsonArgumentSlots(call, 'arguments');
      expect(collection.slots).toEqual([]);
      collection.commit();
      expect(call.arguments).toBe(args);
    }
    expect(jsonArgumentSlots({ arguments: { already: 'object' } }, 'arguments').slots).toEqual([]);
  });

  it('keeps numbers too large for a double, escapes and layout of everything it does not change', () => {
    const original =
      '{ "account_id": 12345678901234567890, "amount": 1.50, "note": "caf\\u00e9 with \\"ana\\"", "owner": "ana" }';
    const call: Record<string, unknown> = { arguments: original };
    const collection = jsonArgumentSlots(call, 'arguments');
    expect(collection.slots.map((s) => s.text)).toEqual(['café with "ana"', 'ana']);
    collection.slots[1]?.replace('[NAME: p0o9i8]');
    collection.commit();
    expect(call.arguments).toBe(
      '{ "account_id": 12345678901234567890, "amount": 1.50, "note": "caf\\u00e9 with \\"ana\\"", "owner": "[NAME: p0o9i8]" }',
    );
  });

  it('finds values under duplicate keys and inside deep nesting, and never takes keys', () => {
    const deep = '['.repeat(300) + '"ana@example.com"' + ']'.repeat(300);
    const original = `{"to": "a@example.com", "to": "b@example.com", "to" : {"b@example.com": ${deep}}}`;
    const call: Record<string, unknown> = { arguments: original };
    const collection = jsonArgumentSlots(call, 'arguments');
    expect(collection.slots.map((s) => s.text)).toEqual([
      'a@example.com',
      'b@example.com',
      'ana@example.com',
    ]);
    for (const slot of collection.slots) slot.replace('[EMAIL: m1n2b3]');
    collection.commit();
    const expected = '['.repeat(300) + '"[EMAIL: m1n2b3]"' + ']'.repeat(300);
    expect(call.arguments).toBe(
      `{"to": "[EMAIL: m1n2b3]", "to": "[EMAIL: m1n2b3]", "to" : {"b@example.com": ${expected}}}`,
    );
  });

  it('finds exactly the string values JSON.parse sees, whatever the layout', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, 2, '\t'), (value, indent) => {
        const collection = jsonArgumentSlots({ arguments: JSON.stringify(value, null, indent) }, 'arguments');
        expect(collection.slots.map((s) => s.text)).toEqual(
          stringsInOrder(JSON.parse(JSON.stringify(value))),
        );
      }),
    );
  });

  it('stays valid JSON with the same shape whatever text replaces the leaves', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ unit: 'grapheme' }), (value, replacement) => {
        const call: Record<string, unknown> = { arguments: JSON.stringify(value) };
        const collection = jsonArgumentSlots(call, 'arguments');
        for (const slot of collection.slots) slot.replace(replacement + '"\\\n');
        collection.commit();
        const reparsed: unknown = JSON.parse(call.arguments as string);
        // Compared with the value as JSON carries it (-0 is written as 0).
        const asSent: unknown = JSON.parse(JSON.stringify(value));
        expect(reparsed).toEqual(replaceStrings(asSent, replacement + '"\\\n'));
      }),
    );
  });
});

function stringsInOrder(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsInOrder);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsInOrder);
  return [];
}

function replaceStrings(value: unknown, replacement: string): unknown {
  if (typeof value === 'string') return replacement;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, replacement));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, replacement)]));
  }
  return value;
}
