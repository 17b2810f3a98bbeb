/**
 * Before research reads the archive: documents with no sidecar yet, or whose machine sidecar no
 * longer matches the image, are transcribed (the same reader as `ancestry transcribe`). A failed
 * document is reported and left for `transcribe` to retry; it never stops the research run.
 */
import type { FileCaseStore } from '../../case';
import type { LlmGateway } from '../../llm/gateway';
import { documentsToTranscribe, transcribeDocuments, type TranscribeOutcome } from './transcribe';
import { visionFromEnv } from './vision-setup';

export async function transcribeNewDocuments(
  store: FileCaseStore,
  opts: {
    env: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    say?: (line: string) => void;
    offline?: boolean;
    /** The run's gateway: its cost meter counts the vision calls. */
    gateway?: LlmGateway;
  },
): Promise<TranscribeOutcome[]> {
  const files = documentsToTranscribe(store.root);
  if (!files.length) return [];
  opts.say?.(`Transcribing ${files.length} new document(s) in archive/ …`);
  const vision = opts.offline ? undefined : visionFromEnv(opts.env, store, { gateway: opts.gateway }).reader;
  const outcomes = await transcribeDocuments(store, { files, vision, signal: opts.signal });
  for (const o of outcomes)
    if (o.status === 'failed') opts.say?.(`  ${o.file}: not transcribed: ${o.reason}`);
    else if (o.status !== 'current') opts.say?.(`  ${o.file} → ${o.sidecar} (${o.engine})`);
  return outcomes;
}
