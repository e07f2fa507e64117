/** Portfolio set-up shared by HTTP tests. */
import assert from 'node:assert/strict'
import { json } from './assertions.ts'
import type { Client } from './test-app.ts'

/** Creates a manual broker account through the API (expects 201) and returns its id. */
export async function createManualAccount(u: Pick<Client, 'post'>, name = 'Brokerage'): Promise<number> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual' })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body).id as number
}
