import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CONCEPTS, LEARN_LAYERS, conceptById, layerTotals, questionById } from './catalog.ts'

describe('learning catalog invariants', () => {
  it('has at least 30 concepts, at least 8 per layer', () => {
    assert.ok(CONCEPTS.length >= 30, `${CONCEPTS.length} concepts`)
    for (const layer of LEARN_LAYERS) assert.ok(layerTotals(layer).concepts >= 8, layer)
  })

  it('has unique concept and question ids, each findable', () => {
    const ids = CONCEPTS.map((c) => c.id)
    const qids = CONCEPTS.flatMap((c) => c.questions.map((q) => q.id))
    assert.equal(new Set(ids).size, ids.length)
    assert.equal(new Set(qids).size, qids.length)
    for (const id of ids) assert.equal(conceptById(id)?.id, id)
    for (const id of qids) assert.equal(questionById(id)?.question.id, id)
  })

  it('gives every concept ≥ 3 questions, ≥ 2 distinct choices each, the correct one among them', () => {
    for (const c of CONCEPTS) {
      assert.ok(c.questions.length >= 3, c.id)
      for (const q of c.questions) {
        assert.ok(q.choices.length >= 2, q.id)
        assert.equal(new Set(q.choices.map((x) => x.text)).size, q.choices.length, q.id)
        assert.ok(
          q.choices.some((x) => x.id === q.correct),
          q.id,
        )
        assert.ok(q.id.startsWith(`${c.id}-`), q.id)
      }
    }
  })

  it('asks questions a learner can answer from what they see: no named reference figure (F1, S2, W1)', () => {
    const named = CONCEPTS.flatMap((c) =>
      c.questions
        .filter((q) => /\bvector\b|\b[DFSW][0-9]\b/.test(`${q.prompt} ${q.explanation}`))
        .map((q) => `${q.id}: ${q.prompt}`),
    )
    assert.deepEqual(named, [])
  })

  it('has basic and advanced concepts in every layer, with content to teach', () => {
    for (const layer of LEARN_LAYERS) {
      const cs = CONCEPTS.filter((c) => c.layer === layer)
      assert.ok(cs.some((c) => c.level === 'basic') && cs.some((c) => c.level === 'advanced'), layer)
    }
    for (const c of CONCEPTS) assert.ok(c.explanation && c.detection && c.pitfalls.length > 0, c.id)
  })
})
