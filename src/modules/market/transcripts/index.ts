/** Earnings-call transcripts: ingest, list and summaries (language model or extractive). */
import { createDailyBudget } from '../../../platform/daily-budget.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { transcriptsSweep } from './transcripts.sweep.ts'
import { TRANSCRIPTS_TABLES } from './transcripts.tables.ts'
import { transcriptsRoutes } from './transcripts.routes.ts'
import { TranscriptsService } from './transcripts.service.ts'

export { TranscriptsService, type TranscriptsDeps } from './transcripts.service.ts'
export { extractiveSummary } from './lib/extractive.ts'

function createTranscripts(ctx: ModuleContext): TranscriptsService {
  return new TranscriptsService({
    ...ctx,
    transcripts: ctx.providers.transcripts,
    llm: ctx.providers.llm,
    llmBudget: createDailyBudget('llm-calls', ctx.config.LLM_DAILY_CALLS_PER_TENANT, ctx),
  })
}

export const transcriptsModule = defineModule({
  name: 'transcripts',
  key: 'transcripts',
  needs: {},
  tables: TRANSCRIPTS_TABLES,
  // Its tables were created by the platform's 0004_intel (shared with intel).
  migrations: [],
  build: createTranscripts,
  routes: transcriptsRoutes,
  sweep: transcriptsSweep,
})
