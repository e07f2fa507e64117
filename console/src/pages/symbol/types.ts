import type { paths } from '../../api/client.ts'

/** The 200 body of a GET operation, from the generated client types. */
export type ApiOf<P extends keyof paths> = paths[P]['get'] extends {
  responses: { 200: { content: { 'application/json': infer T } } }
}
  ? T
  : never
