import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { ConfigSchema } from '../src/platform/config.ts'

describe('README', () => {
  it('lists every setting in its configuration table and keeps the two quick-start commands', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const missing = Object.keys(ConfigSchema.properties).filter((k) => !readme.includes(`\`${k}\``))
    assert.deepEqual(missing, [])
    assert.match(readme, /npm ci && npm start/)
    assert.match(readme, /npm ci && npm test/)
  })
})
