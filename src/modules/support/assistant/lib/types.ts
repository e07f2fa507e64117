/**
 * The support assistant's pure parts, as the service sees them: the intent a question was classified
 * as, the events a responder yields while it answers, and the help index it answers from.
 */
import type { LlmUsage } from '../../../../providers/llm/index.ts'

export type IntentLabel =
  | 'feature_question'
  | 'account_help'
  | 'portfolio_summary'
  | 'troubleshooting'
  | 'greeting'
  | 'personalised_advice'
  | 'credentials_request'
  | 'account_takeover'
  | 'prompt_injection'
  | 'out_of_scope'

export interface Intent {
  label: IntentLabel
  allowed: boolean
  reason: string
  rule: string
}

export interface Source {
  title: string
  slug: string
}

export type ResponderEvent =
  | { type: 'text'; text: string }
  | { type: 'tool'; id: string; name: string; arguments: string; result: string }
  | { type: 'done'; finish: 'stop' | 'length'; sources: Source[]; usage: LlmUsage | null; model: string }

/** The read-only tools a responder may use; the service binds the caller's scope. */
export interface ToolRunner {
  summarisePortfolio(): Promise<unknown>
}

export interface ResponderInput {
  question: string
  history: { role: 'user' | 'assistant'; content: string }[]
  intent: Intent
  tools: ToolRunner
  signal: AbortSignal
}

export interface Responder {
  readonly kind: 'retrieval' | 'model'
  respond(input: ResponderInput): AsyncIterable<ResponderEvent>
}

export interface HelpHit {
  slug: string
  title: string
  score: number
  /** `heading: text`, or the text alone under the article's opening (heading = title). */
  passage: string
  /** The section heading the passage is under (the title for the opening), and its markdown text. */
  heading: string
  text: string
}

export interface HelpArticleSummary {
  slug: string
  title: string
  tags: string[]
}

export interface HelpIndex {
  search(q: string, limit?: number): HelpHit[]
  article(slug: string): (HelpArticleSummary & { body: string }) | undefined
  /** Every article, by title. */
  list(): HelpArticleSummary[]
}
