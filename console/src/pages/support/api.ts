/**
 * The support area's reads and writes: the assistant's conversations, disclosure and quota
 * (/api/support/ai), the caller's cases (/api/support/ai/cases) and moderation actions and appeals
 * (/api/moderation). Types come from the generated client; a streamed turn is in sse.ts.
 */
import { api, data, type paths } from '../../api/client.ts'

export const PAGE_SIZE = 25

export const CONVERSATIONS = ['support', 'conversations'] as const
export const conversationKey = (id: number) => ['support', 'conversation', id] as const
export const DISCLOSURE = ['support', 'disclosure'] as const
export const QUOTA = ['support', 'quota'] as const

export const fetchConversations = () =>
  data(api.GET('/api/support/ai/conversations', { params: { query: { page: 1, page_size: PAGE_SIZE } } }))
export const createConversation = (title?: string) =>
  data(api.POST('/api/support/ai/conversations', { body: title ? { title } : {} }))
export const fetchConversation = (conversation_id: number) =>
  data(api.GET('/api/support/ai/conversations/{conversation_id}', { params: { path: { conversation_id } } }))
export const deleteConversation = (conversation_id: number) =>
  data(
    api.DELETE('/api/support/ai/conversations/{conversation_id}', { params: { path: { conversation_id } } }),
  )
export const sendFeedback = (conversation_id: number, body: FeedbackInput) =>
  data(
    api.POST('/api/support/ai/conversations/{conversation_id}/feedback', {
      params: { path: { conversation_id } },
      body,
    }),
  )
export const escalate = (conversation_id: number, reason?: string) =>
  data(
    api.POST('/api/support/ai/conversations/{conversation_id}/escalate', {
      params: { path: { conversation_id } },
      body: reason ? { reason } : {},
    }),
  )
export const fetchDisclosure = () => data(api.GET('/api/support/ai/disclosure/status'))
export const acceptDisclosure = (version: string) =>
  data(api.POST('/api/support/ai/disclosure/accept', { body: { version } }))
export const fetchQuota = () => data(api.GET('/api/support/ai/quota'))

export type Conversations = Awaited<ReturnType<typeof fetchConversations>>
export type ConversationItem = Conversations['items'][number]
export type Conversation = Awaited<ReturnType<typeof fetchConversation>>
export type Message = Conversation['messages'][number]

/** How often a conversation is read again while one of its answers is still being written. */
export const WRITING_POLL_MS = 2000
/** Polls while any answer is in progress (being streamed, perhaps elsewhere), and stops once none is. */
export const pollWhileWriting = (c: Conversation | undefined) =>
  c?.messages.some((m) => m.in_progress) ? WRITING_POLL_MS : false
export type FeedbackInput =
  paths['/api/support/ai/conversations/{conversation_id}/feedback']['post']['requestBody']['content']['application/json']
export type Disclosure = Awaited<ReturnType<typeof fetchDisclosure>>
export type Quota = Awaited<ReturnType<typeof fetchQuota>>

// Cases
export const CASE_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const
export type CaseStatus = (typeof CASE_STATUSES)[number]
export const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  pending: 'Waiting on you',
  resolved: 'Resolved',
  closed: 'Closed',
}
export const CASE_CATEGORIES = ['account', 'billing', 'brokers', 'data', 'bug', 'other'] as const
export const casesKey = (status: CaseStatus | '', page: number) =>
  ['support', 'cases', { status, page }] as const
export const caseKey = (id: number) => ['support', 'case', id] as const

export const fetchCases = (status: CaseStatus | '', page: number) =>
  data(
    api.GET('/api/support/ai/cases', {
      params: { query: { ...(status ? { status_filter: status } : {}), page, page_size: PAGE_SIZE } },
    }),
  )
export const createCase = (body: CaseInput) => data(api.POST('/api/support/ai/cases', { body }))
export const fetchCase = (case_id: number) =>
  data(api.GET('/api/support/ai/cases/{case_id}', { params: { path: { case_id } } }))
export const addComment = (case_id: number, body: string) =>
  data(
    api.POST('/api/support/ai/cases/{case_id}/comments', { params: { path: { case_id } }, body: { body } }),
  )

export type Cases = Awaited<ReturnType<typeof fetchCases>>
export type CaseItem = Cases['items'][number]
export type Case = Awaited<ReturnType<typeof fetchCase>>
export type CaseInput = paths['/api/support/ai/cases']['post']['requestBody']['content']['application/json']

// Moderation
export const ACTIONS = ['moderation', 'actions'] as const
export const APPEALS = ['moderation', 'appeals'] as const
export const fetchActions = () => data(api.GET('/api/moderation/actions'))
export const fetchAppeals = () => data(api.GET('/api/moderation/appeals'))
export const appeal = (action_id: number, reason: string) =>
  data(
    api.POST('/api/moderation/actions/{action_id}/appeal', {
      params: { path: { action_id } },
      body: { reason },
    }),
  )

export type ModerationAction = Awaited<ReturnType<typeof fetchActions>>['items'][number]
export type Appeal = Awaited<ReturnType<typeof fetchAppeals>>['items'][number]
