/**
 * Whether Claude may read this case's documents: only with an Anthropic key and when case.yaml
 * allows it (`llm.vision: true`); the key alone never sends an image off the machine.
 */
import type { FileCaseStore } from '../../case';
import type { CaseConfig } from '../../model';
import type { VisionReader } from './transcribe';

export interface VisionSetup {
  reader?: VisionReader;
  why: string;
}

export function visionAllowed(config: CaseConfig): boolean {
  return config.llm.vision;
}

/** Vision reader factories register here (vision.ts), so this module stays free of the SDK. */
let factory: ((apiKey: string, baseURL: string | undefined, store: FileCaseStore) => VisionReader) | undefined;
export function registerVisionFactory(f: typeof factory): void {
  factory = f;
}

export function visionFromEnv(
  env: NodeJS.ProcessEnv,
  store: FileCaseStore,
  _opts: { wanted: boolean } = { wanted: false },
): VisionSetup {
  const key = env.ANTHROPIC_API_KEY?.trim();
  if (!key) return { why: 'Claude vision needs ANTHROPIC_API_KEY' };
  if (!visionAllowed(store.config()))
    return { why: 'Claude vision is off for this case: set llm.vision: true in case.yaml' };
  if (!factory) return { why: 'Claude vision is not available in this build' };
  return { reader: factory(key, env.ANTHROPIC_BASE_URL?.trim() || undefined, store), why: '' };
}
