/**
 * What the OpenAI fake checks in a chat request (the message turns with tool calls and tool results,
 * the tools, the response format) and its non-streamed answer, as the vendor shapes them.
 */
export type Obj = Record<string, unknown>
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Plain turns, assistant tool-call turns, and tool results answering an earlier call's id. */
export function validMessages(v: unknown): boolean {
  if (!Array.isArray(v) || v.length === 0) return false
  const callIds = new Set<string>()
  return v.every((m: unknown) => {
    if (!isObj(m)) return false
    const role = m['role']
    if (role === 'tool') return typeof m['content'] === 'string' && callIds.has(String(m['tool_call_id']))
    if (role === 'assistant' && Array.isArray(m['tool_calls'])) {
      const calls = m['tool_calls'] as unknown[]
      const ok =
        calls.length > 0 &&
        calls.every(
          (c) =>
            isObj(c) &&
            typeof c['id'] === 'string' &&
            c['type'] === 'function' &&
            isObj(c['function']) &&
            typeof c['function']['name'] === 'string' &&
            typeof c['function']['arguments'] === 'string',
        )
      if (ok) for (const c of calls as Obj[]) callIds.add(String(c['id']))
      return ok && (m['content'] === null || typeof m['content'] === 'string')
    }
    return ['system', 'user', 'assistant'].includes(String(role)) && typeof m['content'] === 'string'
  })
}

/** `[{type: "function", function: {name, description?, parameters?}}]`. */
export const validTools = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every(
    (t: unknown) =>
      isObj(t) &&
      t['type'] === 'function' &&
      isObj(t['function']) &&
      /^[A-Za-z0-9_-]{1,64}$/.test(String(t['function']['name'])) &&
      (t['function']['parameters'] === undefined || isObj(t['function']['parameters'])),
  )

/** `{type: "text" | "json_object"}` or `{type: "json_schema", json_schema: {name, schema, strict?}}`. */
export function validResponseFormat(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false
  const f = v as Record<string, unknown>
  if (f['type'] === 'text' || f['type'] === 'json_object') return true
  const js = f['json_schema']
  if (f['type'] !== 'json_schema' || typeof js !== 'object' || js === null) return false
  const { name, schema, strict } = js as Record<string, unknown>
  return (
    typeof name === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(name) &&
    typeof schema === 'object' &&
    schema !== null &&
    (strict === undefined || typeof strict === 'boolean')
  )
}

export function completion(answer: string, model: string, promptTokens: number, n: number): Obj {
  const completionTokens = Math.ceil(answer.length / 4)
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: `${model}-2025-01-01`,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
    system_fingerprint: 'fp_fake',
  }
}
