import { loadNerModel, type NerModel } from './ner/model.js';
import { analyzeText, maskTokenTexts } from './analyze.js';
import { DEFAULT_DETECTION_SETTINGS, type DetectionSettings, type Span } from './types.js';
import { withKnownValues, type KnownValue } from './known-values.js';
import { repeatedNames } from './repeated-names.js';

/** Entity types only the NER model finds; with none of them on, the model is not run. */
export const NER_TYPES: ReadonlySet<string> = new Set(['PERSON', 'LOCATION', 'ORGANIZATION']);

export interface DetectionEngineOptions {
  modelDir: string;
  intraOpNumThreads: number;
  phoneRegions?: string[];
}

/** Detection in the calling thread: the NER model plus pattern recognizers, merged under the tenant's settings. */
export interface DetectionEngine {
  readonly modelName: string;
  /** `known`: values already tokenized in the conversation session, found again wherever they recur. */
  detect(
    texts: readonly string[],
    settings: DetectionSettings,
    known?: readonly KnownValue[],
  ): Promise<Span[][]>;
  close(): Promise<void>;
}

/**
 * Run once at start, so the first real prompt does not pay for compiling the recognizers' large
 * Unicode patterns (over 100 ms for the address patterns) or for the model's first run.
 */
const WARM_UP_TEXT =
  'Hi Anna Berg, call +1 (555) 201-0147 x12, mail anna@example.com, card 4111 1111 1111 1111, ' +
  'IBAN DE89 3704 0044 0532 0130 00, 12 Main Street, Apt 4, Springfield, IL 62704.';

export async function createDetectionEngine(options: DetectionEngineOptions): Promise<DetectionEngine> {
  const model: NerModel = await loadNerModel(options.modelDir, {
    intraOpNumThreads: options.intraOpNumThreads,
  });
  const analyzeOptions = {
    ...(options.phoneRegions ? { phoneRegions: options.phoneRegions } : {}),
    isPersonName: (word: string) => model.isPersonName(word),
  };
  const [warmUpSpans] = await model.tag([WARM_UP_TEXT]);
  analyzeText(WARM_UP_TEXT, DEFAULT_DETECTION_SETTINGS, warmUpSpans ?? [], analyzeOptions);
  return {
    modelName: model.name,
    async detect(texts, settings, known = []) {
      const wantsNer = settings.entities.some((type) => NER_TYPES.has(type));
      // The model never sees the inside of existing token text, so it cannot tag or split it.
      const nerSpans = wantsNer ? await model.tag(texts.map(maskTokenTexts)) : texts.map(() => []);
      return texts.map((text, i) => {
        const spans = analyzeText(text, settings, nerSpans[i] ?? [], analyzeOptions);
        return withKnownValues(text, spans, [...known, ...repeatedNames(text, spans)], settings);
      });
    },
    close: () => model.close(),
  };
}
