// No comment, name or document in the repository may cite a document a maintainer does not have:
// the requirement sections, the issue tracker's numbers, or reference notes kept outside the
// repository. The rule itself is stated where it is used; longer material lives in docs/
// (docs/definitions.md, docs/vendor-formats.md, docs/api-behaviour.md). Public standards cited by
// section (an RFC or the HTML standard) are fine: anyone can read them.
//
// This file is scanned too: its planted citations are assembled from pieces.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'

const root = new URL('../../', import.meta.url).pathname
const SECTION = '\u00a7'

/** A section sign is allowed only right after a public standard's name (an RFC or the HTML standard). */
const STANDARD_BEFORE = /(?:RFC \d+|HTML) $/

const PATTERNS: ReadonlyArray<{ what: string; re: RegExp }> = [
  { what: 'an issue number', re: new RegExp('\\b' + 'issue' + '[ -]?#?\\d+', 'i') },
  { what: 'the quant reference notes', re: new RegExp('quant' + '-definitions', 'i') },
  { what: 'the vendor reference notes', re: new RegExp('wire' + '[- ]facts', 'i') },
  {
    what: 'a confidence tag of the reference notes',
    re: new RegExp('\\[(?:' + 'ours|unconfirmed' + ')\\]', 'i'),
  },
  {
    what: 'a path outside the repository',
    re: new RegExp('shared/(?:' + 'spec|reference' + ')\\b|/work/' + 'shared'),
  },
  {
    what: 'the requirements document',
    re: new RegExp('\\b(?:the ' + "spec\\b|spec['’]s\\b|interface[ -]" + 'spec)', 'i'),
  },
]

interface Finding {
  file: string
  line: number
  what: string
  text: string
}

/** Every citation of an outside document on one line of text. */
function citationsIn(text: string): string[] {
  const found = PATTERNS.filter((p) => p.re.test(text)).map((p) => p.what)
  for (let i = text.indexOf(SECTION); i >= 0; i = text.indexOf(SECTION, i + 1)) {
    if (!STANDARD_BEFORE.test(text.slice(0, i))) {
      found.push('a section number of a document outside the repository')
      break
    }
  }
  return found
}

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
  return out.split('\0').filter((f) => f !== '' && f !== 'package-lock.json')
}

function scan(): Finding[] {
  const findings: Finding[] = []
  for (const file of trackedTextFiles()) {
    let body: string
    try {
      body = readFileSync(root + file, 'utf8')
    } catch {
      continue // listed but absent (a deletion not yet committed)
    }
    if (body.includes('\0')) continue // binary
    body.split('\n').forEach((text, i) => {
      for (const what of citationsIn(text)) findings.push({ file, line: i + 1, what, text: text.trim() })
    })
  }
  return findings
}

describe('no citations of documents outside the repository', () => {
  it('finds them in planted lines', () => {
    const issue = 'iss' + 'ue'
    const planted = [
      `/** Backtests (${issue} 14): replay. */`,
      `// see ${issue}-14`,
      `Definitions: quant` + `-definitions.md ${SECTION}8`,
      `The order rules (wire` + `-facts ${SECTION}1)`,
      `/** Pagination, sp` + `ec ${SECTION}4 rule 6 */`,
      `the sp` + `ec’s list`,
      `ratios (${SECTION}4.4)`,
      `Opportunity score [our` + `s]`,
      `../../../shared/sp` + `ec/endpoints.tsv`,
    ]
    for (const line of planted) assert.notDeepEqual(citationsIn(line), [], line)
  })

  it('lets public standards and ordinary words through', () => {
    const fine = [
      `Failed grants answer RFC 6749 ${SECTION}5.2 JSON`,
      `Server-sent events on the wire (WHATWG HTML ${SECTION}9.2)`,
      'const issued = await c.identity.sessions.issue(principal)',
      "import { createHttpClient } from '../shared/http.ts'",
      'export interface OrderSpec {',
      'Definitions: docs/definitions.md#rsi',
    ]
    for (const line of fine) assert.deepEqual(citationsIn(line), [], line)
  })

  it('finds none in the tracked files', () => {
    const findings = scan()
    assert.deepEqual(
      findings.map((f) => `${f.file}:${f.line}: ${f.what}: ${f.text.slice(0, 120)}`),
      [],
      'state the rule where it is used, or point to a page in docs/',
    )
  })
})
