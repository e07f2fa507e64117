/**
 * The language-model port: one non-streaming completion, and a streamed chat turn that may call
 * tools. Adapters map their vendor's wire format to these shapes and throw the typed UpstreamErrors
 * of providers/shared on failure (before the first event; a failure mid-stream ends the iteration
 * with the error).
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
  /**
   * Constrain the answer to JSON matching `schema` (structured output). With `strict`, the vendor
   * guarantees the shape, which only works for the subset of JSON Schema it supports: every object
   * lists all its properties as required and sets `additionalProperties: false`. The caller still
   * validates the answer: servers without structured output ignore the option.
   */
  responseFormat?: LlmJsonSchemaFormat
  /** Overrides the adapter's timeout for this request (interactive callers wait less). */
  timeoutMs?: number
}

export interface LlmJsonSchemaFormat {
  type: 'json_schema'
  /** a-z, A-Z, 0-9, '_' and '-', at most 64 characters. */
  name: string
  description?: string
  schema: Record<string, unknown>
  strict?: boolean
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

/** A read-only function the model may call; `parameters` is a JSON Schema object. */
export interface LlmTool {
  name: string
  description: string
  parameters: Record<string, unknown>
}

/** A tool call as the model made it; `arguments` is the JSON text it produced (not yet parsed). */
export interface LlmToolCall {
  id: string
  name: string
  arguments: string
}

/** A turn of a tool-using chat: the plain turns, the model's tool calls, and each call's result. */
export type LlmChatMessage =
  | LlmMessage
  | { role: 'assistant'; content: string | null; toolCalls: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string }

export interface LlmStreamRequest {
  system?: string
  messages: LlmChatMessage[]
  tools?: LlmTool[]
  maxTokens?: number
  temperature?: number
  timeoutMs?: number
  /** Aborting ends the upstream request (the client went away). */
  signal?: AbortSignal
}

/**
 * What a streamed turn yields, in order: text fragments as they arrive; at most one `tool_calls`
 * (the calls assembled whole, when the model stopped to call tools); then exactly one `done`.
 */
export type LlmStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; calls: LlmToolCall[] }
  | {
      type: 'done'
      /** stop | length | tool_calls | content_filter, as the vendor said; null when it did not. */
      finishReason: string | null
      model: string
      usage: LlmUsage | null
    }

export interface LlmProvider {
  readonly name: string
  /** The configured model, sent with every request. */
  readonly model: string
  complete(req: LlmRequest): Promise<LlmResponse>
  /** One assistant turn, streamed (server-sent events from the vendor). */
  stream(req: LlmStreamRequest): AsyncIterable<LlmStreamEvent>
}
