/**
 * Deterministic extractive summary of an earnings call: the key sentences about revenue, guidance,
 * margins, earnings and risks, scored by topic keywords, figures and position (prepared remarks
 * come first and carry the numbers). One best sentence per topic is kept first, so every topic the
 * call covers is represented, then the best remaining ones up to the cap; output in call order.
 */

export interface SummarySection {
  speaker: string
  role: string | null
  text: string
}

export const MAX_SENTENCES = 6

const TOPICS: ReadonlyArray<readonly [name: string, weight: number, pattern: RegExp]> = [
  ['revenue', 3, /\b(revenues?|sales|top[- ]line|bookings)\b/i],
  ['guidance', 3, /\b(guidance|outlook|forecasts?|full[- ]year|next quarter|expect(s|ed)?|anticipate)\b/i],
  ['margins', 2, /\b(margins?|basis points|profitability)\b/i],
  ['earnings', 2, /\b(earnings per share|eps|net income|operating income)\b/i],
  ['risks', 2, /\b(risks?|uncertaint(y|ies)|headwinds?|restrictions?|pressures?|slowdown)\b/i],
]
const FIGURE = /[$€£]\s?\d|\d(\.\d+)?\s?(%|percent|billion|million)/i
const BOILERPLATE =
  /\b(thank(s| you)|welcome|joining us|listen-only|turn the call|hand the call|question-and-answer|next question|disconnect|forward-looking statements)\b/i

interface Candidate {
  index: number
  text: string
  score: number
  topics: string[]
}

/** Sentence ends followed by a capital or quote; figures like "$32.20" have no space after the dot. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean)
}

function candidates(sections: SummarySection[]): Candidate[] {
  const all = sections.flatMap((s) =>
    s.role?.toLowerCase() === 'operator'
      ? []
      : sentences(s.text).map((text) => ({ text, analyst: s.role === 'Analyst' })),
  )
  const total = Math.max(1, all.length)
  return all.flatMap(({ text, analyst }, index) => {
    // Questions and pleasantries carry no facts of the quarter.
    if (analyst || text.endsWith('?') || text.length < 25 || text.length > 400 || BOILERPLATE.test(text))
      return []
    const topics = TOPICS.filter(([, , re]) => re.test(text))
    if (!topics.length) return []
    const keyword = topics.reduce((sum, [, w]) => sum + w, 0)
    const figure = FIGURE.test(text) ? 1.5 : 0
    const position = 1 - index / total
    return [{ index, text, score: keyword + figure + position, topics: topics.map(([name]) => name) }]
  })
}

const byScore = (a: Candidate, b: Candidate) => b.score - a.score || a.index - b.index

export function extractiveSummary(sections: SummarySection[], max = MAX_SENTENCES): string {
  const pool = candidates(sections).sort(byScore)
  const chosen = new Set<Candidate>()
  for (const [topic] of TOPICS) {
    if (chosen.size >= max) break
    const best = pool.find((c) => !chosen.has(c) && c.topics.includes(topic))
    if (best) chosen.add(best)
  }
  for (const c of pool) {
    if (chosen.size >= max) break
    chosen.add(c)
  }
  if (!chosen.size) return 'No revenue, guidance, margin or risk statements were found in this transcript.'
  return [...chosen]
    .sort((a, b) => a.index - b.index)
    .map((c) => c.text)
    .join(' ')
}
