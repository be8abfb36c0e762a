/** Looks a word up: its id, or undefined. A Map satisfies it, and so does `compactWordIndex`. */
export interface WordLookup {
  get(word: string): number | undefined;
  readonly size: number;
}

/** FNV-1a over UTF-16 code units, unsigned 32 bits; identical in training-data builder and runtime. */
export function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The same lookup as a Map from each line of `lines` (words separated by "\n") to its line number +
 * `firstId`, in a fraction of the memory: no string per word, only the text itself, line offsets and
 * an open-addressing table of line numbers. Each detection thread holds the model's 200,000
 * pretrained words; read from JSON into a Map they cost about 15 MB more per thread.
 */
export function compactWordIndex(lines: string, firstId: number): WordLookup {
  const text = lines.endsWith('\n') ? lines.slice(0, -1) : lines;
  const starts: number[] = text === '' ? [] : [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const count = starts.length;
  const offsets = Uint32Array.from([...starts, text.length + 1]);
  let capacity = 8;
  while (capacity < count * 2) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1);

  const isWordAt = (index: number, word: string): boolean => {
    const start = offsets[index]!;
    if (offsets[index + 1]! - 1 - start !== word.length) return false;
    for (let k = 0; k < word.length; k++) if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
    return true;
  };
  /** The slot holding the word, or the empty slot where it would go. */
  const slotOf = (word: string): number => {
    let slot = fnv1a(word) & mask;
    while (slots[slot] !== -1 && !isWordAt(slots[slot]!, word)) slot = (slot + 1) & mask;
    return slot;
  };

  for (let i = 0; i < count; i++) {
    const word = text.slice(offsets[i]!, offsets[i + 1]! - 1);
    const slot = slotOf(word);
    if (slots[slot] !== -1) throw new Error(`duplicate word in index: ${JSON.stringify(word)}`);
    slots[slot] = i;
  }
  return {
    size: count,
    get(word) {
      const index = slots[slotOf(word)]!;
      return index === -1 ? undefined : index + firstId;
    },
  };
}

/** Membership only: `has`, like a Set's. */
export interface WordSet {
  has(word: string): boolean;
  readonly size: number;
}

/**
 * A compact set of words (or phrases) with no line breaks in them: a Set of the name lists' 175,000
 * entries cost each detection thread about 10 MB more. Duplicates count once; '' is never a member.
 */
export function compactWordSet(words: Iterable<string>): WordSet {
  const unique = new Set(words);
  unique.delete('');
  const index = compactWordIndex([...unique].join('\n'), 0);
  return { size: index.size, has: (word) => index.get(word) !== undefined };
}
