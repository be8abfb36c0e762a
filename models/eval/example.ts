/** A labelled span: `type` is one of our entity types (or, for ignored spans, the corpus's own label). */
export interface EntitySpan {
  type: string;
  /** JavaScript string index; `end` is exclusive. */
  start: number;
  end: number;
}

/** One text to detect on, with its gold spans. */
export interface EvalExample {
  id: string;
  /** Language code when the corpus is multilingual. */
  lang?: string;
  text: string;
  /** Gold spans of the types the set scores. */
  gold: EntitySpan[];
  /** Gold spans of labels the set does not score (kept to tell which false positives fall on them). */
  ignored: EntitySpan[];
}
