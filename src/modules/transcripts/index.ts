/**
 * Earnings-call transcripts (spec §4.15): ingest, list and summaries (language model or extractive).
 * Built by the container with `createTranscripts`; routes mounted with `transcriptsRoutes`.
 */
import type { App } from '../../platform/http/app-type.ts'
import { transcriptRoutes } from './transcripts.routes.ts'
import { TranscriptsService, type TranscriptsDeps } from './transcripts.service.ts'

export { TranscriptsService, type TranscriptsDeps } from './transcripts.service.ts'
export { extractiveSummary } from './lib/extractive.ts'

export function createTranscripts(deps: TranscriptsDeps): TranscriptsService {
  return new TranscriptsService(deps)
}

export function transcriptsRoutes(app: App, { transcripts }: { transcripts: TranscriptsService }): void {
  transcriptRoutes(app, transcripts)
}
