/**
 * The AI support assistant (`/api/support/ai`): conversations, the message turn streamed as
 * server-sent events through the output filter, feedback and training candidates, escalation to a
 * person, the disclosure, the per-plan quota, and the help articles themselves (public routes). The
 * answers come from the model with read-only tools when a language model is configured, else from
 * retrieval over the help articles in help/.
 * The pure parts (classifier, output filter, help index, responders) are in lib/. Rules: README.md
 * and docs/support-assistant.md.
 */
import type { FastifyReply } from 'fastify'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { SUPPORT_ASSISTANT_TABLES } from './assistant.tables.ts'
import { conversationsRoutes } from './conversations.routes.ts'
import { ConversationsService } from './conversations.service.ts'
import { FeedbackService } from './feedback.service.ts'
import { helpRoutes } from './help.routes.ts'
import { HelpService } from './help.service.ts'
import { loadHelpIndex } from './lib/help-index.ts'
import { createModelResponder } from './lib/model-responder.ts'
import { createRetrievalResponder } from './lib/retrieval-responder.ts'
import type { Responder, ToolRunner } from './lib/types.ts'
import * as m0046 from './migrations/0046_support_assistant.ts'
import * as m0053 from './migrations/0053_support_answer_lease.ts'
import { QuotaService } from './quota.service.ts'
import { assistantSweep } from './assistant.sweep.ts'
import { supportRoutes } from './support.routes.ts'
import { streamTurn } from './turn-stream.service.ts'
import { TurnService, type PreparedTurn } from './turn.service.ts'
import { summarisePortfolio } from './portfolio-summary.service.ts'

export type { Finish, ConversationStatus } from './assistant.tables.ts'

export interface SupportAssistant {
  conversations: ConversationsService
  turns: TurnService
  quota: QuotaService
  feedback: FeedbackService
  /** The help articles: the catalogue, search and one article (public routes). */
  help: HelpService
  /** Which responder answers: `model` with a language model configured, else `retrieval`. */
  responder: Responder
  /** Streams a prepared turn on the hijacked reply and stores it. */
  stream(reply: FastifyReply, scope: RequestScope, turn: PreparedTurn): Promise<void>
}
export type Assistant = SupportAssistant

interface Needs {
  tenancy: Tenancy
  portfolio: Portfolio
}

/** `heartbeatMs`: how often a streaming answer pings (and so renews its lease); 15 s unless a test says. */
export function createSupportAssistant(
  ctx: ModuleContext,
  needs: Needs,
  opts: { heartbeatMs?: number } = {},
): SupportAssistant {
  const { scopes, clock } = ctx
  const help = loadHelpIndex()
  const llm = ctx.providers.llm
  const responder = llm ? createModelResponder(llm, help) : createRetrievalResponder(help)
  const conversations = new ConversationsService({ scopes, clock })
  const quota = new QuotaService({ scopes, clock, entitlements: needs.tenancy.entitlements })
  const tools = (scope: RequestScope): ToolRunner => ({
    summarisePortfolio: () => summarisePortfolio(needs.portfolio, scope.tenantId),
  })
  return {
    conversations,
    quota,
    turns: new TurnService({ clock, flags: ctx.flags, quota, conversations }),
    feedback: new FeedbackService({ scopes, clock, conversations }),
    help: new HelpService(help),
    responder,
    stream: (reply, scope, turn) =>
      streamTurn(reply, { scopes, clock, log: ctx.log, responder, tools, ...opts }, scope, turn),
  }
}

function routes(app: App, api: SupportAssistant): void {
  conversationsRoutes(app, api)
  supportRoutes(app, api)
  helpRoutes(app, api.help)
}

export const supportAssistantModule = defineModule({
  name: 'assistant',
  key: 'supportAssistant',
  needs: { tenancy: true, portfolio: true },
  tables: SUPPORT_ASSISTANT_TABLES,
  migrations: [
    ['0046_support_assistant', m0046],
    ['0053_support_answer_lease', m0053],
  ],
  build: (ctx: ModuleContext, needs: Needs) => createSupportAssistant(ctx, needs),
  routes,
  sweep: assistantSweep,
})
