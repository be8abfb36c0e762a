/** Entity types of DESIGN 2 (Presidio names). Tenant deny patterns add their own labels as types. */
export const BUILTIN_ENTITY_TYPES = [
  'PERSON',
  'LOCATION',
  'ORGANIZATION',
  'STREET_ADDRESS',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
  'DATE_OF_BIRTH',
  'CRYPTO_WALLET',
  'SECRET',
] as const;

export type BuiltinEntityType = (typeof BUILTIN_ENTITY_TYPES)[number];

/** The label used in token text for each built-in type (DESIGN 2). */
export const LABEL_OF: Record<BuiltinEntityType, string> = {
  PERSON: 'NAME',
  LOCATION: 'LOCATION',
  ORGANIZATION: 'ORG',
  STREET_ADDRESS: 'ADDRESS',
  EMAIL_ADDRESS: 'EMAIL',
  PHONE_NUMBER: 'PHONE',
  CREDIT_CARD: 'CARD',
  IBAN_CODE: 'IBAN',
  US_SSN: 'SSN',
  IP_ADDRESS: 'IP',
  DATE_OF_BIRTH: 'DOB',
  CRYPTO_WALLET: 'CRYPTO',
  SECRET: 'SECRET',
};

/** A detected span inside one text. Offsets are JavaScript string indices; `end` is exclusive. */
export interface Span {
  entity_type: string;
  label: string;
  start: number;
  end: number;
  score: number;
  /**
   * Which detector produced it: a pattern recognizer, the NER model, a tenant deny pattern, or a
   * value already tokenized in the session (`withKnownValues`).
   */
  source: 'pattern' | 'ner' | 'deny' | 'known';
}

/** A tenant's deny pattern: its own regex entity (DESIGN 7 settings). */
export interface DenyPattern {
  label: string;
  pattern: string;
  score: number;
}

/** Per-tenant detection settings (DESIGN 7 `detection`). */
export interface DetectionSettings {
  /** Entity types that are on. */
  entities: string[];
  /** Spans scoring below this are dropped. */
  threshold: number;
  /** Values never tokenized (compared case-insensitively after trimming). */
  allow_list: string[];
  deny_patterns: DenyPattern[];
}

export const DEFAULT_DETECTION_SETTINGS: DetectionSettings = {
  entities: [...BUILTIN_ENTITY_TYPES],
  threshold: 0.5,
  allow_list: [],
  deny_patterns: [],
};
