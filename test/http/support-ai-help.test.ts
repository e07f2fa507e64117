/**
 * /api/support/ai/help: the help articles the assistant answers from, served without sign-in — the
 * catalogue (checked against the files themselves), a search (one hit per article, best first, the
 * passage an excerpt of the article), one article (its markdown body exactly as written), and 422 /
 * 404 problems for bad input.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()
const HELP = '/api/support/ai/help'
const DIR = new URL('../../src/modules/support/assistant/help/', import.meta.url)

interface File {
  slug: string
  title: string
  tags: string[]
  body: string
}
/** The articles read straight from the folder (front matter `key: value` lines, then the body). */
const files: File[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.md'))
  .map((f) => {
    const text = readFileSync(new URL(f, DIR), 'utf8')
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!
    const meta = Object.fromEntries(
      front!.split('\n').map((l) => [l.split(':')[0]!, l.slice(l.indexOf(':') + 1).trim()]),
    )
    const tags = meta.tags!.split(',').map((s: string) => s.trim())
    return { slug: meta.slug!, title: meta.title!, tags, body: body!.trim() }
  })
const bySlug = new Map(files.map((f) => [f.slug, f]))
/** An article's text as one line, markdown marks removed (what an excerpt is cut from). */
const flat = (body: string) =>
  body
    .replace(/\*\*|`/g, '')
    .replace(/^#+ +/gm, '')
    .replace(/^\s*[-*] +/gm, '• ')
    .replace(/\s+/g, ' ')

interface Item {
  slug: string
  title: string
  tags: string[]
  passage: string | null
  score: number | null
}
const search = async (q: string, extra = '') => {
  const res = await t.anon.get(`${HELP}?q=${encodeURIComponent(q)}${extra}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res) as { q: string; items: Item[] }
}

describe('GET /api/support/ai/help', () => {
  it('without q and without sign-in: every article in the folder, by title', async () => {
    const res = await t.anon.get(HELP)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.q, null)
    const expected = [...files]
      .sort((a, b) => a.title.localeCompare(b.title, 'en'))
      .map((f) => ({ slug: f.slug, title: f.title, tags: f.tags, passage: null, score: null }))
    assert.ok(expected.length >= 10)
    assert.deepEqual(body.items, expected)
    // `limit` caps search hits only: the catalogue stays whole.
    assert.equal(json(await t.anon.get(`${HELP}?limit=1`)).items.length, files.length)
  })

  it('with q: one hit per article, best first, each passage an excerpt of its article', async () => {
    const r = await search('  add a symbol to a watchlist ')
    assert.equal(r.q, 'add a symbol to a watchlist')
    assert.equal(r.items[0]!.slug, 'watchlists')
    assert.equal(new Set(r.items.map((i) => i.slug)).size, r.items.length, 'one hit per article')
    assert.ok(r.items.length > 1 && r.items.length <= 10, `default limit 10: ${r.items.length}`)
    for (let i = 1; i < r.items.length; i++) assert.ok(r.items[i - 1]!.score! >= r.items[i]!.score!)
    for (const hit of r.items) {
      const f = bySlug.get(hit.slug)!
      assert.equal(hit.title, f.title)
      assert.deepEqual(hit.tags, f.tags)
      assert.equal(hit.score, Math.round(hit.score! * 100) / 100, 'two decimals')
      assert.ok(hit.passage!.length <= 280, hit.passage!)
      // "Heading: text" for a section, else the text; what is left is a stretch of the article.
      const text = hit.passage!.replace(/…$/, '')
      const colon = text.indexOf(': ')
      const whole = flat(f.body)
      assert.ok(
        whole.includes(text) || (colon > 0 && whole.includes(text.slice(colon + 2))),
        `${hit.slug}: ${text}`,
      )
    }
    assert.ok(
      r.items.some((i) => i.passage!.endsWith('…')),
      'a long passage is cut, with "…"',
    )
  })

  it('forgives a typo, honours limit, and finds nothing for common words only', async () => {
    assert.equal((await search('watchlsts')).items[0]!.slug, 'watchlists')
    const one = await search('broker', '&limit=1')
    assert.equal(one.items.length, 1)
    assert.equal(one.items[0]!.slug, 'brokers')
    assert.deepEqual((await search('how do I')).items, [])
  })

  it('refuses bad input with 422', async () => {
    for (const query of [
      'q=',
      'q=%20%20',
      'q=a%00b',
      'q=a%1Bb',
      'q=a%0Ab',
      `q=${'x'.repeat(201)}`,
      'q=x&limit=0',
      'q=x&limit=101',
      'q=x&limit=ten',
    ])
      assertProblem(await t.anon.get(`${HELP}?${query}`), 422, 'validation.failed')
  })
})

describe('GET /api/support/ai/help/{slug}', () => {
  it('answers the article exactly as written, without sign-in and with it', async () => {
    const f = bySlug.get('watchlists')!
    const res = await t.anon.get(`${HELP}/watchlists`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { slug: f.slug, title: f.title, tags: f.tags, body: f.body })
    const user = await t.newTenant()
    for (const file of files) {
      const a = json(await user.get(`${HELP}/${file.slug}`))
      assert.deepEqual(a, { slug: file.slug, title: file.title, tags: file.tags, body: file.body })
    }
  })

  it('an unknown slug → 404; a malformed one → 422', async () => {
    assertProblem(await t.anon.get(`${HELP}/no-such-article`), 404, 'support.help_article_not_found')
    for (const slug of ['Watchlists', 'watch_lists', '-watchlists', 'a%00b', '..%2Fsecret'])
      assertProblem(await t.anon.get(`${HELP}/${slug}`), 422, 'validation.failed')
  })
})
