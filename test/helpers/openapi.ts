/** Reading the app's own OpenAPI document in contract tests. */
import type { App } from '../../src/platform/http/app-type.ts'
import type { JsonSchema } from './fuzz-schema.ts'

export interface Operation {
  method: string
  path: string
  operationId?: string
  summary?: string
  tags?: string[]
  auth: 'public' | 'user' | 'admin'
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[]
  hasBody: boolean
  /** The first media type of the request body and its schema. */
  body?: { type: string; schema: JsonSchema }
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

export async function operations(app: App): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, Record<string, unknown>>> }
  const ops: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m]
      if (!op) continue
      ops.push({
        method: m.toUpperCase(),
        path,
        operationId: op['operationId'] as string | undefined,
        summary: op['summary'] as string | undefined,
        tags: op['tags'] as string[] | undefined,
        auth: (op['x-auth'] as Operation['auth'] | undefined) ?? 'user',
        parameters: (op['parameters'] as Operation['parameters'] | undefined) ?? [],
        hasBody: op['requestBody'] !== undefined,
        ...bodyOf(op['requestBody']),
        responses: (op['responses'] as Operation['responses'] | undefined) ?? {},
      })
    }
  }
  return ops
}

function bodyOf(requestBody: unknown): Pick<Operation, 'body'> {
  const content = (requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content
  const [type, media] = Object.entries(content ?? {})[0] ?? []
  return type ? { body: { type, schema: media?.schema ?? {} } } : {}
}
