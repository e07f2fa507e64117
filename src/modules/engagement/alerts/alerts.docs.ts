/** OpenAPI descriptions of /api/alerts, built from the code's constants. */
import { DAILY_CAPS, FREQUENCY_DOC } from './lib/catalog.ts'
import { DELIVERIES_DEFAULT, DELIVERIES_MAX, RULES_MAX } from './alerts.schemas.ts'

const caps = Object.entries(DAILY_CAPS)
  .map(([c, n]) => `${c} ${n ?? 'unlimited'}`)
  .join(', ')
const freq = Object.entries(FREQUENCY_DOC)
  .map(([f, d]) => `\`${f}\`: ${d}`)
  .join('; ')

export const CAPABILITIES_DOC =
  'The server-owned alert types, each with its parameters (type, unit, min, max, required, allowed values, default), ' +
  'what triggers its evaluation and whether it is a level condition or an event; the channels; the frequencies; the ' +
  `caps: rules = the plan's \`alerts\` limit (yours and every plan's), deliveries per channel per New York day: ${caps} ` +
  '(the same on every plan; counted exactly, also when alerts fire at the same moment; over it the channel is ' +
  '`capped` and the others still go). Conventions: docs/alerts.md.'

export const PREFS_DOC =
  'One document per user: `quiet_hours` ({enabled, start, end as HH:MM, time_zone IANA}; end before start = the window ' +
  'spans midnight; in quiet hours in-app items arrive at once and the other channels are held until the window ends, in ' +
  'that zone, DST included) and `rules`. PUT replaces the set: a rule with `rule_id` updates that rule of yours, a rule ' +
  `without one is created, and **your rules left out are deleted** (at most ${RULES_MAX} per request; the plan's ` +
  '`alerts` limit → 422 `alerts.cap_exceeded` with `limit` and `allowed`). Leaving `quiet_hours` out keeps them; null ' +
  'clears them. Every problem is a 422 naming its path (all at once): an unknown type, channel or frequency, a parameter ' +
  'unknown, missing, out of range or of the wrong type, a symbol that is not listed, a saved screen or watchlist you do ' +
  'not have, another user’s `rule_id`, a malformed time or an unknown time zone. Prices are compared exactly as decimals: ' +
  `price_above fires at price ≥ threshold, price_below at price ≤ threshold. Frequencies: ${freq}. Changing a rule's ` +
  'type or parameters restarts its every_time arm and a screen’s baseline; a fired `once` rule PUT with enabled true ' +
  'fires once more. Rules are evaluated as you — your plan and role — so a rule whose data your plan or role may not ' +
  'read is skipped: `rules[].skipped` says when, what could not be read and the answer (status, code, message) your own ' +
  'request would get; it is null once the rule evaluates again.'

export const DELIVERIES_DOC =
  `The caller's firings, newest first (\`limit\` 1–${DELIVERIES_MAX}, default ${DELIVERIES_DEFAULT}; \`alert_type\` ` +
  'filters, an unknown one → 422). Each: the rule, the condition as it was when it fired (params and frequency), the ' +
  'values that fired it, and per channel its delivery: `status` pending, retrying, sent, suppressed (detail names the ' +
  'suppression), quiet_hours (detail.held_until), capped (detail.cap, detail.limit), skipped (no address or device), ' +
  'failed (detail.provider: the provider’s answer), with `attempts`, `sent_at` and `summary`: the same in one sentence ' +
  'for a person (e.g. "Held by your quiet hours until 07:00 on 2026-11-26 (America/New_York)", "Not sent: your daily ' +
  'e-mail limit of 20 was reached"; times in your quiet hours’ time zone, else New York). A rule deleted since still ' +
  'shows its firings.'
