export type { NerModel } from './model.js';
export { loadNerModel } from './model.js';
export type { Token } from './tokenizer.js';
export { tokenize } from './tokenizer.js';
export { DEFAULT_MODEL_DIR } from './model-files.js';
