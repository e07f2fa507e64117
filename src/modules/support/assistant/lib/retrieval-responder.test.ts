import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildHelpIndex, loadHelpIndex, parseArticle, passagesOf } from './help-index.ts'
import { classifyIntent } from './intent.ts'
import {
  createRetrievalResponder,
  MIN_SCORE,
  NO_MATCH_ANSWER,
  plainText,
  wordGroups,
} from './retrieval-responder.ts'
import type { ResponderEvent, ToolRunner } from './types.ts'

const help = loadHelpIndex()
const noTools: ToolRunner = { summarisePortfolio: () => Promise.reject(new Error('not used')) }

async function answer(question: string, tools: ToolRunner = noTools) {
  const events: ResponderEvent[] = []
  const responder = createRetrievalResponder(help)
  for await (const ev of responder.respond({
    question,
    history: [],
    intent: classifyIntent(question),
    tools,
    signal: new AbortController().signal,
  }))
    events.push(ev)
  const done = events.at(-1)
  assert.equal(done?.type, 'done')
  const texts = events.filter((e): e is Extract<ResponderEvent, { type: 'text' }> => e.type === 'text')
  return {
    events,
    texts,
    text: texts.map((e) => e.text).join(''),
    done: done,
  }
}

describe('the help index', () => {
  it('loads every article with a unique slug, a title and passages', () => {
    for (const slug of [
      'alerts',
      'security',
      'brokers',
      'notifications',
      'screener',
      'watchlists',
      'plans-limits',
    ]) {
      const a = help.article(slug)
      assert.ok(a && a.title.length > 5 && a.body.length > 500, slug)
    }
    assert.equal(help.article('nope'), undefined)
  })

  it('finds the right article first for questions about a feature, typos included', () => {
    const cases: [string, string][] = [
      ['how do I set up two-factor authentication', 'security'],
      ['my alert did not arrive', 'alerts'],
      ['alrets delivry trace', 'alerts'],
      ['how do I connect my Schwab account', 'brokers'],
      ['rotate my API key', 'security'],
      ['import a CSV export of closed trades', 'portfolio-accounts'],
      ['enable browser push notifications', 'notifications'],
      ['save a screen and export CSV', 'screener'],
      ['reorder symbols in a watchlist', 'watchlists'],
      ['hide a widget on the dashboard', 'dashboard-widgets'],
      ['run a backtest of an SMA cross', 'backtests-signals'],
      ['what is a fair value gap', 'technical-analysis-learn'],
      ['how many alert rules does the free plan allow', 'alerts'],
      ['what does XIRR mean', 'holdings-performance'],
      ['open a support case', 'support-assistant'],
    ]
    const wrong = cases
      .map(([q, slug]) => ({ q, slug, got: help.search(q, 1)[0]?.slug }))
      .filter((c) => c.got !== c.slug)
    assert.deepEqual(wrong, [])
  })

  it('finds nothing for words no article uses', () => {
    assert.deepEqual(help.search('qwertyuiop zxcvbnm'), [])
    assert.deepEqual(help.search('how do I'), []) // only common words
  })

  it('parses front matter and cuts long sections into paragraphs', () => {
    const a = parseArticle(
      '---\ntitle: "A title"\nslug: a-b\ntags: [x, y z]\n---\nIntro.\n\n## One\n\nBody one.\n',
    )
    assert.deepEqual(a, {
      slug: 'a-b',
      title: 'A title',
      tags: ['x', 'y z'],
      body: 'Intro.\n\n## One\n\nBody one.',
    })
    assert.deepEqual(passagesOf(a), [
      { heading: 'A title', text: 'Intro.' },
      { heading: 'One', text: 'Body one.' },
    ])
    const long = parseArticle(
      `---\ntitle: T\nslug: t\n---\n## S\n\n${'word '.repeat(150)}\n\n${'more '.repeat(150)}`,
    )
    assert.equal(passagesOf(long).length, 2)
    assert.throws(() => parseArticle('no front matter'), /front matter/)
    assert.throws(() => parseArticle('---\ntitle: T\nslug: Bad Slug\n---\nx'), /slug/)
    const doc = parseArticle('---\ntitle: T\nslug: t\n---\nx')
    assert.throws(() => buildHelpIndex([doc, doc]), /slug used twice/)
  })
})

describe('createRetrievalResponder', () => {
  it('answers from the best passage, names the article and streams a few words per event', async () => {
    const r = await answer('How do I turn on two-step verification?')
    assert.match(
      r.text,
      /^Here is what the help article "Passwords, two-step verification, sessions and API keys" says:/,
    )
    assert.match(r.text, /authenticator app/)
    assert.doesNotMatch(r.text, /\*\*/) // markdown stripped
    assert.equal(r.done.sources[0]?.slug, 'security')
    assert.equal(r.done.finish, 'stop')
    assert.equal(r.done.usage, null)
    assert.equal(r.done.model, 'help-retrieval')
    assert.ok(r.texts.length > 10)
    for (const t of r.texts) assert.ok(t.text.trim().split(/\s+/).length <= 4, t.text)
  })

  it('says plainly when nothing matches and points to a support case', async () => {
    const r = await answer('qwertyuiop zxcvbnm sextant')
    assert.equal(r.text, NO_MATCH_ANSWER)
    assert.match(r.text, /support case/)
    assert.deepEqual(r.done.sources, [])
  })

  it('is deterministic', async () => {
    const a = await answer('why did my push notification not arrive')
    const b = await answer('why did my push notification not arrive')
    assert.deepEqual(a.events, b.events)
  })

  it('greets without searching, and summarises the caller’s portfolio from the tools', async () => {
    const hi = await answer('hello')
    assert.match(hi.text, /support assistant/)
    const summary = await answer('how is my portfolio doing?', {
      summarisePortfolio: () =>
        Promise.resolve({
          total_value: '12345.67',
          currency: 'USD',
          holdings: [{ symbol: 'AAPL' }, { symbol: 'MSFT' }],
        }),
    })
    assert.match(summary.text, /Total value: 12345\.67/)
    assert.match(summary.text, /Holdings: 2 \(AAPL, MSFT\)/)
  })

  it('stops when the request is aborted', async () => {
    const ctrl = new AbortController()
    const events: ResponderEvent[] = []
    for await (const ev of createRetrievalResponder(help).respond({
      question: 'how do alerts work',
      history: [],
      intent: classifyIntent('how do alerts work'),
      tools: noTools,
      signal: ctrl.signal,
    })) {
      events.push(ev)
      if (events.length === 3) ctrl.abort()
    }
    assert.equal(events.length, 3)
  })

  it('word groups join back to the text; plain text drops markdown', () => {
    const text = ' One two three four five\n\nsix seven. '
    assert.equal(wordGroups(text).join(''), text)
    assert.equal(
      plainText('**Bold** and [a link](/x) and `code`\n- item'),
      'Bold and a link and code\n• item',
    )
    assert.ok(MIN_SCORE > 0)
  })
})
