/**
 * The pages served to people: the landing page at `/`, and the pages the identity e-mails link to.
 * HTML under a strict CSP (only this origin's files, no inline code), every asset they name
 * served, all of it public and absent from the OpenAPI document. test/browser runs them in Chromium.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PAGE_CSP } from '../../src/platform/http/pages.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

const PAGES = ['/', '/verify-email', '/reset-password']
const attrs = (html: string, attr: 'href' | 'src') =>
  [...html.matchAll(new RegExp(`\\s${attr}="([^"]+)"`, 'g'))].map((m) => m[1]!)

describe('pages', () => {
  it('GET / is the landing page: what this is, the docs, health and how to log in', async () => {
    const res = await t.anon.get('/')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(res.headers['content-security-policy'], PAGE_CSP)
    const links = attrs(res.body, 'href')
    for (const href of ['/docs', '/openapi.json', '/healthz', '/readyz'])
      assert.ok(links.includes(href), `links to ${href}`)
    assert.match(res.body, /<h1>Sextant<\/h1>/)
    assert.match(res.body, /POST \/api\/auth\/register/)
    assert.match(res.body, /POST \/api\/auth\/token/)
    assert.match(res.body, /Authorization: Bearer/)
  })

  it('serves the verification and reset pages, and every asset a page names, without credentials', async () => {
    for (const page of PAGES) {
      const res = await t.anon.get(`${page}?token=abc`)
      assert.equal(res.statusCode, 200, `${page}: ${res.body}`)
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(res.headers['content-security-policy'], PAGE_CSP)
      assert.doesNotMatch(res.body, /<script>|<style|\sstyle=|\son[a-z]+=/, `${page}: nothing inline`)
      const assets = [...attrs(res.body, 'src'), ...attrs(res.body, 'href')].filter((u) =>
        u.startsWith('/assets/'),
      )
      for (const asset of assets) {
        const a = await t.anon.get(asset)
        assert.equal(a.statusCode, 200, asset)
        assert.match(
          String(a.headers['content-type']),
          asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
        )
      }
    }
    const script = await t.anon.get('/assets/identity/reset-password.js')
    assert.match(script.body, /from '\.\/api\.js'/)
    assert.equal((await t.anon.get('/assets/identity/api.js')).statusCode, 200, 'the module it imports')
  })

  it('keeps the pages out of the OpenAPI document', async () => {
    const doc = JSON.parse((await t.anon.get('/openapi.json')).body) as { paths: Record<string, unknown> }
    const listed = Object.keys(doc.paths).filter((p) => PAGES.includes(p) || p.startsWith('/assets'))
    assert.deepEqual(listed, [])
  })
})
