/** POST /api/ta/learn/quiz/answer and GET /learn/progress: scoring, first answer counts, isolation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock: fixedClock('2026-11-24T15:00:00Z') })
})
after(() => t.close())

const BASE = '/api/ta/learn'
const answer = (u: Client, question_id: string, a: string) =>
  u.post(`${BASE}/quiz/answer`, { question_id, answer: a })
const layer = (p: Body, name: string) => (p.layers as Body[]).find((l) => l.layer === name)!

describe('quiz and progress', () => {
  it('starts empty', async () => {
    const u = await t.newTenant()
    const p = json(await u.get(`${BASE}/progress`))
    assert.equal(p.questions_answered, 0)
    assert.equal(p.accuracy, null)
    assert.equal(p.last_activity, null)
    assert.equal(p.concepts, 30)
    assert.equal(p.questions, 90)
    assert.equal(layer(p, 'ict').progress_pct, 0)
  })

  it('scores an answer and updates progress; a repeat changes nothing and does not upgrade', async () => {
    const u = await t.newTenant()
    // swing-points-1: the pivot with R = 2 at bar 10 is confirmed at bar 12 → choice c.
    const wrong = json(await answer(u, 'swing-points-1', 'a'))
    assert.equal(wrong.correct, false)
    assert.equal(wrong.counted, true)
    assert.equal(wrong.correct_answer, 'c')
    assert.match(wrong.explanation, /bar 10 \+ 2 = 12/)
    assert.equal(wrong.progress.questions_answered, 1)
    assert.equal(wrong.progress.correct, 0)
    assert.equal(wrong.progress.progress_pct, 1.1) // 1 of 90
    assert.equal(layer(wrong.progress, 'structure').progress_pct, 3.3) // 1 of 30

    const again = json(await answer(u, 'swing-points-1', 'c'))
    assert.equal(again.correct, true)
    assert.equal(again.counted, false)
    assert.equal(again.progress.questions_answered, 1)
    assert.equal(again.progress.correct, 0, 'a later correct answer does not upgrade the first')

    json(await answer(u, 'swing-points-2', 'a'))
    const third = json(await answer(u, 'swing-points-3', 'b'))
    assert.equal(third.correct, true)
    const p = json(await u.get(`${BASE}/progress`))
    assert.deepEqual(p, third.progress)
    assert.equal(p.questions_answered, 3)
    assert.equal(p.correct, 2)
    assert.equal(p.accuracy, 0.666667)
    assert.equal(p.concepts_completed, 1)
    assert.equal(layer(p, 'structure').concepts_completed, 1)
    assert.equal(layer(p, 'structure').progress_pct, 10)
    assert.equal(layer(p, 'price_action').questions_answered, 0)
    assert.equal(p.last_activity, '2026-11-24T15:00:00.000Z')
  })

  it('counts a concept as viewed once, however often it is opened', async () => {
    const u = await t.newTenant()
    await u.get(`${BASE}/concepts/doji`)
    await u.get(`${BASE}/concepts/doji`)
    const p = json(await u.get(`${BASE}/progress`))
    assert.equal(p.concepts_viewed, 1)
    assert.equal(layer(p, 'price_action').concepts_viewed, 1)
    assert.equal(p.concepts_completed, 0)
  })

  it('reports each concept: viewed, answered, correct and completed, in catalog order', async () => {
    const u = await t.newTenant()
    const fresh = json(await u.get(`${BASE}/progress`)).by_concept as Body[]
    const catalog = json(await t.anon.get(`${BASE}/concepts`)).concepts as Body[]
    assert.deepEqual(
      fresh.map((c) => c.concept_id),
      catalog.map((c) => c.id),
    )
    assert.deepEqual(fresh[0], {
      concept_id: 'swing-points',
      layer: 'structure',
      viewed: false,
      questions: 3,
      questions_answered: 0,
      correct: 0,
      completed: false,
    })
    await u.get(`${BASE}/concepts/doji`)
    await answer(u, 'swing-points-1', 'c') // right
    await answer(u, 'swing-points-2', 'b') // wrong: the first answer is the one kept
    await answer(u, 'swing-points-2', 'a')
    await answer(u, 'swing-points-3', 'b') // right
    await answer(u, 'doji-1', 'a')
    const p = json(await u.get(`${BASE}/progress`))
    const of = (id: string) => (p.by_concept as Body[]).find((c) => c.concept_id === id)!
    assert.deepEqual(of('swing-points'), {
      concept_id: 'swing-points',
      layer: 'structure',
      viewed: false,
      questions: 3,
      questions_answered: 3,
      correct: 2,
      completed: true,
    })
    assert.equal(of('doji').viewed, true)
    assert.equal(of('doji').questions_answered, 1)
    assert.equal(of('doji').completed, false)
    const completed = (p.by_concept as Body[]).filter((c) => c.completed).length
    assert.equal(completed, p.concepts_completed)
  })

  it('refuses an unknown question and an answer outside the choices, naming the field', async () => {
    const u = await t.newTenant()
    assertFieldError(await answer(u, 'no-such-question', 'a'), ['body', 'question_id'])
    // pin-bar-3 has two choices (a, b).
    assertFieldError(await answer(u, 'pin-bar-3', 'c'), ['body', 'answer'])
    assertFieldError(await answer(u, 'doji-1', 'A\u0000'), ['body', 'answer'])
    assert.equal(json(await u.get(`${BASE}/progress`)).questions_answered, 0)
    assertProblem(
      await t.anon.post(`${BASE}/quiz/answer`, { question_id: 'doji-1', answer: 'a' }),
      401,
      'auth.unauthenticated',
    )
  })

  it('keeps progress per tenant: another tenant sees nothing', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    await answer(a, 'doji-1', 'a')
    await a.get(`${BASE}/concepts/doji`)
    const pb = json(await b.get(`${BASE}/progress`))
    assert.equal(pb.questions_answered, 0)
    assert.equal(pb.concepts_viewed, 0)
    // b answering the same question counts for b.
    assert.equal(json(await answer(b, 'doji-1', 'b')).counted, true)
    assert.equal(json(await a.get(`${BASE}/progress`)).correct, 1)
  })

  it('keeps progress per user: a colleague in the same tenant starts from nothing', async () => {
    const a = await t.newTenant()
    const colleague = await t.newUser(a.tenantId)
    await answer(a, 'doji-1', 'a')
    await a.get(`${BASE}/concepts/doji`)
    const pc = json(await colleague.get(`${BASE}/progress`))
    assert.equal(pc.questions_answered, 0)
    assert.equal(pc.concepts_viewed, 0)
    assert.equal(
      json(await answer(colleague, 'doji-1', 'b')).counted,
      true,
      'the colleague’s first answer counts',
    )
    assert.equal(json(await a.get(`${BASE}/progress`)).correct, 1, 'a’s score is a’s own')
    assert.equal(json(await colleague.get(`${BASE}/progress`)).questions_answered, 1)
  })
})
