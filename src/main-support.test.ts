import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { startupLine } from './main-support.ts'

describe('the start-up line', () => {
  it('in a terminal: one line with the URL to open and the docs', () => {
    assert.equal(
      startupLine(true, '0.0.0.0', 8000),
      'Sextant is running at http://localhost:8000/ (API reference: http://localhost:8000/docs)\n',
    )
    assert.equal(startupLine(true, '::', 8123), startupLine(true, '127.0.0.1', 8123))
    assert.match(startupLine(true, '10.0.0.5', 80) ?? '', /at http:\/\/10\.0\.0\.5:80\/ /)
    assert.match(startupLine(true, 'fd00::5', 80) ?? '', /at http:\/\/\[fd00::5\]:80\/ /)
  })

  it('elsewhere (service manager, container, pipe): nothing, the JSON logs stay alone', () => {
    assert.equal(startupLine(false, '0.0.0.0', 8000), null)
  })
})
