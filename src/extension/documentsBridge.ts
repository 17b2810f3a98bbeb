/**
 * The engine side of "Transcribe Document" (in dist/engine.js, loaded on first use): transcribes
 * archive documents of a case under its lock, with the key from SecretStorage for Claude vision
 * (used only when case.yaml sets llm.vision: true).
 */
import { openCase } from '../case';
import { withCaseLock } from '../case/lock';
import { transcribeDocuments, type TranscribeOutcome, type TranscribeProgress } from '../sources/documents/transcribe';
import { visionFromEnv } from '../sources/documents/vision-setup';

export async function transcribeInCase(req: {
  root: string;
  files: string[];
  apiKey?: string;
  signal: AbortSignal;
  onProgress: (p: TranscribeProgress) => void;
}): Promise<TranscribeOutcome[]> {
  return withCaseLock(req.root, 'transcribe (VS Code)', async () => {
    const store = await openCase(req.root);
    const vision = visionFromEnv({ ANTHROPIC_API_KEY: req.apiKey }, store).reader;
    return transcribeDocuments(store, {
      files: req.files,
      vision,
      signal: req.signal,
      onProgress: req.onProgress,
      force: true,
    });
  });
}
