import { loadNerModel, type NerModel } from './ner/model.js';
import { analyzeText, maskTokenTexts } from './analyze.js';
import type { DetectionSettings, Span } from './types.js';

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
  detect(texts: readonly string[], settings: DetectionSettings): Promise<Span[][]>;
  close(): Promise<void>;
}

export async function createDetectionEngine(options: DetectionEngineOptions): Promise<DetectionEngine> {
  const model: NerModel = await loadNerModel(options.modelDir, {
    intraOpNumThreads: options.intraOpNumThreads,
  });
  const analyzeOptions = options.phoneRegions ? { phoneRegions: options.phoneRegions } : undefined;
  return {
    modelName: model.name,
    async detect(texts, settings) {
      const wantsNer = settings.entities.some((type) => NER_TYPES.has(type));
      // The model never sees the inside of existing token text, so it cannot tag or split it.
      const nerSpans = wantsNer ? await model.tag(texts.map(maskTokenTexts)) : texts.map(() => []);
      return texts.map((text, i) => analyzeText(text, settings, nerSpans[i] ?? [], analyzeOptions));
    },
    close: () => model.close(),
  };
}
