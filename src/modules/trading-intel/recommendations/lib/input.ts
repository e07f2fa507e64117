/**
 * What other modules hand `record` (the contract agreed with the committee and research modules),
 * and its check: they call the API directly, so the rules the HTTP schemas hold are held here too.
 */
import { UnprocessableError } from '../../../../platform/http/errors.ts'
import type { NewRec } from '../recommendations.repository.ts'
import {
  DEFAULT_HORIZON_DAYS,
  MAX_HORIZON_DAYS,
  MAX_ORIGIN_REF,
  MAX_RATIONALE,
} from '../recommendations.schemas.ts'
import type { RecAction, RecOrigin } from '../recommendations.tables.ts'

export interface RecommendationInput {
  symbol: string
  action: RecAction
  confidence: number // 0..1
  rationale: string
  origin: RecOrigin
  origin_ref: string // e.g. the committee run id
  price_at?: number | null // reference price when made
  horizon_days?: number // how long the call is meant to hold (default DEFAULT_HORIZON_DAYS trading days)
  evidence?: Record<string, unknown>
}

/** Largest evidence object stored, as JSON. */
export const MAX_EVIDENCE_BYTES = 16_384

const SYMBOL = /^\^?[A-Z0-9]{1,10}([.-][A-Z0-9]{1,5})?$/
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
const ACTIONS = new Set(['buy', 'sell', 'hold'])
const ORIGINS = new Set(['committee', 'research', 'manual'])

type Checked = Omit<NewRec, 'price_at'> & { price_at: number | null | undefined }

export function checkInput(i: RecommendationInput): Checked {
  const symbol = String(i.symbol ?? '').toUpperCase()
  const fail = (field: string, msg: string) => UnprocessableError.field(['body', field], msg)
  if (!SYMBOL.test(symbol)) throw fail('symbol', 'not a ticker')
  if (!ACTIONS.has(i.action)) throw fail('action', 'must be buy, sell or hold')
  if (!ORIGINS.has(i.origin)) throw fail('origin', 'must be committee, research or manual')
  if (!(i.confidence >= 0 && i.confidence <= 1)) throw fail('confidence', 'must be within 0..1')
  if (typeof i.rationale !== 'string' || i.rationale.length > MAX_RATIONALE || CONTROL.test(i.rationale))
    throw fail('rationale', `text of at most ${MAX_RATIONALE} characters without control characters`)
  if (
    typeof i.origin_ref !== 'string' ||
    !i.origin_ref ||
    i.origin_ref.length > MAX_ORIGIN_REF ||
    CONTROL.test(i.origin_ref)
  )
    throw fail('origin_ref', `1–${MAX_ORIGIN_REF} characters without control characters`)
  const horizon = i.horizon_days ?? DEFAULT_HORIZON_DAYS
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON_DAYS)
    throw fail('horizon_days', `a whole number of trading days, 1–${MAX_HORIZON_DAYS}`)
  if (i.price_at != null && !(i.price_at > 0 && Number.isFinite(i.price_at)))
    throw fail('price_at', 'must be > 0')
  const evidence = i.evidence ?? {}
  if (JSON.stringify(evidence).length > MAX_EVIDENCE_BYTES)
    throw fail('evidence', `at most ${MAX_EVIDENCE_BYTES} bytes of JSON`)
  return {
    symbol,
    action: i.action,
    confidence: i.confidence,
    rationale: i.rationale,
    origin: i.origin,
    origin_ref: i.origin_ref,
    price_at: i.price_at,
    horizon_days: horizon,
    evidence,
  }
}
