import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { csvField, csvRecord } from './csv.ts'

describe('screener csv', () => {
  it('quotes commas, quotes and line breaks, and ends records with CRLF', () => {
    assert.equal(csvField('Apple, Inc.'), '"Apple, Inc."')
    assert.equal(csvField('say "hi"'), '"say ""hi"""')
    assert.equal(csvField('a\nb'), '"a\nb"')
    assert.equal(csvField(null), '')
    assert.equal(csvField(false), 'false')
    assert.equal(csvRecord(['x', 1.5, null]), 'x,1.5,\r\n')
  })

  it('round-trips through an RFC 4180 parser', () => {
    const rows = [['Procter & "Gamble", Co.', ' lead', 'tail\r\nx', '-0.000123']]
    const text = rows.map(csvRecord).join('')
    assert.deepEqual(parse(text, { record_delimiter: '\r\n' }), rows)
  })
})
