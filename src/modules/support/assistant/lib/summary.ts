/**
 * The caller's portfolio summary (whatever the service's `summarisePortfolio` returns: an object of
 * figures, possibly with lists) in plain sentences for the offline responder: each figure as
 * "Label: value", each list by its length and first few names. Values are shown exactly as given
 * (money stays the decimal string it came as).
 */

const MAX_LINES = 14
const MAX_LIST_NAMES = 5

/** snake_case or camelCase key → "Sentence case". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const NAME_KEYS = ['symbol', 'name', 'title', 'account_name', 'label']

function nameOf(item: unknown): string | null {
  if (typeof item === 'string' || typeof item === 'number') return String(item)
  if (item && typeof item === 'object')
    for (const k of NAME_KEYS) {
      const v = (item as Record<string, unknown>)[k]
      if (typeof v === 'string' || typeof v === 'number') return String(v)
    }
  return null
}

function lineOf(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return `${labelOf(key)}: ${String(value)}`
  if (typeof value === 'boolean') return `${labelOf(key)}: ${value ? 'yes' : 'no'}`
  if (Array.isArray(value)) {
    const names = value.map(nameOf).filter((n): n is string => n !== null)
    const shown = names.slice(0, MAX_LIST_NAMES).join(', ')
    return `${labelOf(key)}: ${value.length}${shown ? ` (${shown}${names.length > MAX_LIST_NAMES ? ', …' : ''})` : ''}`
  }
  return null
}

/** The summary as text; a missing or empty one says so. */
export function describeSummary(summary: unknown): string {
  if (summary === null || summary === undefined || typeof summary !== 'object')
    return "I couldn't find any portfolio figures for your account yet. Once you add an account or connect a broker, I can summarise it."
  const lines: string[] = []
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      if (lines.length >= MAX_LINES) return
      if (v && typeof v === 'object' && !Array.isArray(v))
        walk(v as Record<string, unknown>, `${prefix}${k} `)
      else {
        const line = lineOf(`${prefix}${k}`, v)
        if (line) lines.push(line)
      }
    }
  }
  walk(summary as Record<string, unknown>, '')
  if (!lines.length) return 'Your portfolio has no figures to summarise yet.'
  return `Here is a summary of your portfolio:\n${lines.map((l) => `• ${l}`).join('\n')}`
}
