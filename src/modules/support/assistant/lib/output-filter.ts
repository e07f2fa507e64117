/**
 * The output filter: what the assistant says passes here before anyone sees it. It replaces
 * personalised investment advice with a neutral sentence, redacts personal data (kernel/text/pii.ts)
 * and removes secrets (API keys, JWTs, bearer tokens, private keys, long key=/token= values).
 *
 * The text is filtered in segments, and the segments are a function of the text alone: a segment
 * ends at a safe boundary (a sentence end — `.`, `!` or `?` — followed by a space, or a line break),
 * or, when no boundary comes within HOLD_WINDOW characters, at a forced cut (see `forcedCut`). No
 * filter rule matches across a safe boundary (their separators are single spaces, never line breaks),
 * so filtering a segment alone gives what filtering it in context would. `filterText` filters the
 * segments of a whole text; `StreamingFilter` finds the same segments as the text arrives and
 * releases each once it is complete, so the concatenation of what it returns is `filterText(whole)`
 * however the text was chunked, and no text is released before the filter has seen all of it that a
 * rule could need.
 */
import { findPii, redactPii } from '../../../../kernel/text/pii.ts'
import { ADVICE_TRIGGERS, NEUTRAL_SENTENCE, SECRET_RULES } from './output-rules.ts'

/** The most text held back while no safe boundary comes (characters). */
export const HOLD_WINDOW = 400
/** What a forced cut keeps held: longer than any advice trigger or secret prefix a rule needs. */
export const HOLD_MARGIN = 120

export interface FilterResult {
  text: string
  filtered: boolean
  reasons: string[]
}

/** The segment ends (exclusive) of `text`, from `from`, while they are determined. */
function safeBoundary(text: string, from: number, limit: number): number | null {
  for (let i = from; i < limit; i++) {
    const ch = text[i]
    if (ch === '\n') return i + 1
    if ((ch === '.' || ch === '!' || ch === '?') && i + 1 < limit && /[ \t]/.test(text[i + 1]!)) return i + 2
  }
  return null
}

/** Spans any rule could act on in `window`: a cut must not fall strictly inside one. */
function sensitiveSpans(window: string): [number, number][] {
  const spans: [number, number][] = findPii(window).map((s) => [s.start, s.end])
  for (const re of [...ADVICE_TRIGGERS, ...SECRET_RULES.map((r) => r.pattern)])
    for (const m of window.matchAll(
      new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'),
    ))
      spans.push([m.index, m.index + m[0].length])
  return spans
}

/**
 * Where to cut a window of HOLD_WINDOW characters that has no safe boundary: after the last space
 * that leaves at least HOLD_MARGIN characters held, moved back to the start of any trigger, secret or
 * personal datum that would straddle it. Every such match shorter than HOLD_MARGIN that starts before
 * the cut lies whole inside the window, so its extent is known; cutting at its start keeps it whole
 * for the next segment. A window without a usable space is cut at HOLD_WINDOW - HOLD_MARGIN (one
 * unbroken run that long is only ever a secret or a URL, and the long-secret rule removes both parts).
 */
function forcedCut(window: string): number {
  let cut = window.lastIndexOf(' ', HOLD_WINDOW - HOLD_MARGIN) + 1
  const spans = sensitiveSpans(window)
  for (let moved = true; moved && cut > 0;) {
    moved = false
    for (const [s, e] of spans)
      if (s < cut && cut < e) {
        cut = s
        moved = true
      }
  }
  return cut > 0 ? cut : HOLD_WINDOW - HOLD_MARGIN
}

/** The end of the segment starting at `from`, or null until more text (or the end) decides it. */
export function segmentEnd(text: string, from: number, final: boolean): number | null {
  const limit = Math.min(text.length, from + HOLD_WINDOW)
  const boundary = safeBoundary(text, from, limit)
  if (boundary !== null) return boundary
  if (text.length - from >= HOLD_WINDOW) return from + forcedCut(text.slice(from, from + HOLD_WINDOW))
  // A sentence end as the last held character is a boundary only once the next one is known.
  return final && text.length > from ? text.length : null
}

function replaceAdvice(segment: string, reasons: Set<string>): string {
  let first = -1
  for (const re of ADVICE_TRIGGERS) {
    const i = segment.search(re)
    if (i >= 0 && (first < 0 || i < first)) first = i
  }
  if (first < 0) return segment
  reasons.add('personalised_advice')
  const tail = /[.!?]*\s*$/.exec(segment.slice(first))![0]
  const end = tail.length ? segment.length - tail.length : segment.length
  return `${segment.slice(0, first)}${NEUTRAL_SENTENCE}${segment.slice(end) || ''}`
}

/** One segment through every rule: secrets, then advice, then personal data. */
function filterSegment(segment: string, reasons: Set<string>): string {
  let out = segment
  for (const rule of SECRET_RULES) {
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      reasons.add(`secret:${rule.kind}`)
      return rule.replace(args as string[])
    })
  }
  out = replaceAdvice(out, reasons)
  const pii = redactPii(out)
  for (const f of pii.found) reasons.add(`pii:${f.kind}`)
  return pii.text
}

const result = (text: string, reasons: Set<string>): FilterResult => ({
  text,
  filtered: reasons.size > 0,
  reasons: [...reasons].sort(),
})

/** The whole text filtered, segment by segment (see the module comment). */
export function filterText(text: string): FilterResult {
  const reasons = new Set<string>()
  let out = ''
  for (let from = 0; from < text.length;) {
    const end = segmentEnd(text, from, true)!
    out += filterSegment(text.slice(from, end), reasons)
    from = end
  }
  return result(out, reasons)
}

/**
 * The filter for a streamed answer: `push` each chunk as it arrives and send what it returns (only
 * whole, filtered segments); `end` returns the rest. Every returned string is final.
 */
export class StreamingFilter {
  private held = ''
  private readonly reasonSet = new Set<string>()

  get filtered(): boolean {
    return this.reasonSet.size > 0
  }

  get reasons(): string[] {
    return [...this.reasonSet].sort()
  }

  push(chunk: string): string {
    this.held += chunk
    return this.release(false)
  }

  end(): string {
    return this.release(true)
  }

  private release(final: boolean): string {
    let out = ''
    let from = 0
    for (let end = segmentEnd(this.held, 0, final); end !== null; end = segmentEnd(this.held, from, final)) {
      out += filterSegment(this.held.slice(from, end), this.reasonSet)
      from = end
      if (from >= this.held.length) break
    }
    this.held = this.held.slice(from)
    return out
  }
}
