/**
 * Deterministic keyword rules: a prompt in plain English → a ScreenSpec and a paraphrase of each
 * clause. Every recognised phrase becomes one clause; clauses are ANDed in the order their words
 * appear, except that several sectors become one `sector in [...]`. Words no rule knows are
 * ignored; a prompt in which no rule matches is `null` (the caller answers 422 with examples).
 * Pure: no I/O, no clock.
 */
import { MOVE_RULES, PORTFOLIO_RULES, PRICE_RULES, TECH_RULES } from './nl-phrases-market.ts'
import {
  SECTOR_RULES,
  SIGNAL_RULES,
  SIZE_RULES,
  UNIVERSE_RULES,
  VALUE_RULES,
  type Clause,
  type PhraseRule,
} from './nl-phrases.ts'
import { describeCondition, describeSort } from './nl-words.ts'
import type { Condition, ScreenSpec } from './spec.ts'

/** Tried in this order; a match blanks its words so later (less specific) rules cannot reuse them. */
export const RULES: readonly PhraseRule[] = [
  ...PORTFOLIO_RULES,
  ...SIZE_RULES,
  ...VALUE_RULES,
  ...MOVE_RULES,
  ...TECH_RULES,
  ...PRICE_RULES,
  ...SIGNAL_RULES,
  ...SECTOR_RULES,
  ...UNIVERSE_RULES,
]

/** Phrasings offered when nothing matched (each one is a tested rule). */
export const EXAMPLE_PROMPTS = [
  'large-cap tech under 20 P/E',
  'oversold dividend payers',
  'stocks gapping up on volume',
  'near 52-week highs not in my portfolio',
  'above the 200-day moving average with RSI above 70',
  'high dividend yield over 4% with low beta',
  'up more than 50% this year',
  'uncorrelated with my portfolio in sectors I’m underweight',
] as const

export const MAX_PROMPT_CHARS = 500

export interface ParsedClause {
  /** The words of the prompt the clause was read from. */
  text: string
  /** What they were taken to mean ("large caps: Market cap ≥ $10B"). */
  paraphrase: string
}

export interface ParsedPrompt {
  spec: ScreenSpec
  clauses: ParsedClause[]
  paraphrase: string
}

interface Hit {
  at: number
  text: string
  clause: Clause
}

/** Lower-cases and normalises quotes and spacing, keeping "$", "%", "/" and "-". */
export function normalisePrompt(prompt: string): string {
  return prompt
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[^a-z0-9$%/.'&<>=\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function findHits(text: string): Hit[] {
  let rest = text
  const hits: Hit[] = []
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0
    for (const m of rest.matchAll(rule.pattern)) {
      const at = m.index
      hits.push({ at, text: m[0].trim(), clause: rule.build(m) })
      rest = rest.slice(0, at) + ' '.repeat(m[0].length) + rest.slice(at + m[0].length)
    }
  }
  return hits.sort((a, b) => a.at - b.at)
}

/** Several `sector eq` conditions → one `sector in [...]` at the first one's place. */
function mergeSectors(conditions: Condition[]): Condition[] {
  const sectors = conditions.filter((c) => c.field === 'sector' && c.op === 'eq')
  if (sectors.length < 2) return conditions
  const values = [...new Set(sectors.map((c) => c.value as string))]
  const first = conditions.indexOf(sectors[0]!)
  const out = conditions.filter((c) => !sectors.includes(c))
  out.splice(first, 0, values.length === 1 ? sectors[0]! : { field: 'sector', op: 'in', value: values })
  return out
}

function dedupe(conditions: Condition[]): Condition[] {
  const seen = new Set<string>()
  return conditions.filter((c) => {
    const key = JSON.stringify(c)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function describeClause(clause: Clause): string {
  const parts = clause.conditions.map(describeCondition)
  for (const s of clause.sort ?? []) parts.push(describeSort(s))
  if (clause.universe === 'funds') parts.push('funds only')
  return parts.length === 0 ? clause.name : `${clause.name}: ${parts.join(' and ')}`
}

/** The screen spec the words describe, or null when no rule matched. */
export function parsePrompt(prompt: string): ParsedPrompt | null {
  // A space on each side lets the word-boundary patterns see the first and last word.
  const hits = findHits(` ${normalisePrompt(prompt.slice(0, MAX_PROMPT_CHARS))} `)
  if (hits.length === 0) return null
  const conditions = mergeSectors(dedupe(hits.flatMap((h) => h.clause.conditions)))
  const spec: ScreenSpec = { filters: { all: conditions } }
  const sort = hits.flatMap((h) => h.clause.sort ?? [])
  if (sort.length > 0) spec.sort = sort.filter((s, i) => sort.findIndex((t) => t.field === s.field) === i)
  const universe = hits.find((h) => h.clause.universe)?.clause.universe
  if (universe) spec.universe = universe
  const clauses = hits.map((h) => ({ text: h.text, paraphrase: describeClause(h.clause) }))
  return { spec, clauses, paraphrase: clauses.map((c) => c.paraphrase).join('; ') }
}
