import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { ConfigSchema } from '../src/platform/config.ts'
import { operations } from './helpers/openapi.ts'
import { useTestApp } from './helpers/test-app.ts'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const t = useTestApp()

/** The API path prefixes the introduction names (`/api/...` in backticks, before the quick start). */
function introPrefixes(): string[] {
  const intro = readme.slice(0, readme.indexOf('## Quick start'))
  return [...intro.matchAll(/`(\/api\/[a-z0-9/-]+)`/g)].map((m) => m[1]!)
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

describe('README', () => {
  it('lists every setting in its configuration table and keeps the two quick-start commands', () => {
    const missing = Object.keys(ConfigSchema.properties).filter((k) => !readme.includes(`\`${k}\``))
    assert.deepEqual(missing, [])
    assert.match(readme, /npm ci && npm start/)
    assert.match(readme, /npm ci && npm test/)
  })

  it('introduction names exactly the capabilities the API serves (no more, no less)', async () => {
    const prefixes = introPrefixes()
    assert.ok(prefixes.length >= 5, 'the introduction names its capabilities by path')
    const paths = (await operations(t.app)).map((o) => o.path).filter((p) => p.startsWith('/api/'))
    const promised = prefixes.filter((p) => !paths.some((path) => under(path, p)))
    assert.deepEqual(promised, [], 'named in the introduction but not served')
    const unnamed = [
      ...new Set(paths.filter((p) => !p.startsWith('/api/admin/') && !prefixes.some((x) => under(p, x)))),
    ]
    assert.deepEqual(unnamed, [], 'served but not named in the introduction')
  })
})
