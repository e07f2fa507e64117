/**
 * The language-model port: one non-streaming completion. Adapters map their vendor's wire format
 * to these shapes and throw the typed UpstreamErrors of providers/shared on failure.
 */

export interface LlmMessage {
  role: 'user' | 'assistant'
  content: string
}

export interface LlmRequest {
  /** Instructions, sent ahead of the messages. */
  system?: string
  messages: LlmMessage[]
  /** Upper bound on the answer's tokens. */
  maxTokens?: number
  temperature?: number
}

export interface LlmUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

export interface LlmResponse {
  text: string
  /** The model that answered (as the vendor reports it). */
  model: string
  /** null when the vendor did not report usage. */
  usage: LlmUsage | null
}

export interface LlmProvider {
  readonly name: string
  /** The configured model, sent with every request. */
  readonly model: string
  complete(req: LlmRequest): Promise<LlmResponse>
}
