/** Reading the app's own OpenAPI document in contract tests. */
import type { App } from '../../src/app/types.ts'

export interface Operation {
  method: string
  path: string
  operationId?: string
  summary?: string
  tags?: string[]
  auth: 'public' | 'user' | 'admin'
  parameters: { name: string; in: string; required?: boolean }[]
  hasBody: boolean
  responses: Record<string, unknown>
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
        responses: (op['responses'] as Record<string, unknown> | undefined) ?? {},
      })
    }
  }
  return ops
}
