export * from './kinds';
export { readSidecar, renderSidecar, seal, sha256Hex, DocumentMeta, type SidecarState } from './sidecar';
export {
  transcribeDocuments,
  documentsToTranscribe,
  mediaTypeOf,
  Transcriber,
  type Reading,
  type TranscribeOptions,
  type TranscribeOutcome,
  type TranscribeProgress,
  type VisionReader,
} from './transcribe';
