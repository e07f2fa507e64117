/**
 * The console's API types (console/src/api/schema.d.ts) are generated from the OpenAPI document; this
 * regenerates them from the app as it is and fails when the committed file differs, so a changed
 * route cannot leave the console calling what no longer exists. Fix: `npm run console:client`.
 */
// one-engine: the OpenAPI document the types come from does not depend on the database engine.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import { consoleSchemaSource, currentDocument, SCHEMA_FILE } from '../../scripts/console-client.ts'

describe('the console API client', () => {
  it('is in sync with /openapi.json (else run `npm run console:client` and commit the result)', async () => {
    const expected = await consoleSchemaSource(await currentDocument())
    const committed = await readFile(SCHEMA_FILE, 'utf8')
    assert.ok(committed === expected, 'console/src/api/schema.d.ts is stale: run `npm run console:client`')
  })
})
