/**
 * Each account's cash now, per currency: the balances a broker reported (anchors) rolled forward
 * and back with the activities' cash effects (lib/cash.ts), read on today's New York date. A manual
 * account has no anchors: its cash is the sum of its activities' effects. Rounded to cents.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { accountsCashOn } from './lib/cash.ts'
import { cashEffect } from './lib/effects.ts'
import * as ledger from './ledger.repository.ts'

export interface CashBalance {
  currency: string
  balance: number
}

/** Account id → its balances, one per currency it has (none when nothing is known), by currency code. */
export async function accountsCash(
  s: TenantScope,
  accountIds: readonly number[],
  today: string,
): Promise<Map<number, CashBalance[]>> {
  if (accountIds.length === 0) return new Map()
  const anchors = (await ledger.cashAnchors(s, accountIds)).map((a) => ({
    ...a,
    date: a.as_of,
    cents: toCents(a.balance),
  }))
  const effects = (await ledger.cashSums(s, accountIds)).map((g) => ({
    account_id: g.account_id,
    currency: g.currency,
    date: g.activity_date,
    cents: toCents(
      cashEffect({
        type: g.type,
        symbol: g.has_symbol ? 'SYMBOL' : null,
        quantity: null,
        amount: plain(g.amount),
        fee: plain(g.fee),
      }),
    ),
  }))
  const out = new Map<number, CashBalance[]>(accountIds.map((id) => [id, []]))
  for (const c of accountsCashOn(anchors, effects, today))
    out.get(c.account_id)?.push({ currency: c.currency, balance: centsToNumber(c.cents) || 0 })
  return out
}

/** A numeric as PostgreSQL answers it ('12.5000'), in the form the decimal helpers read. */
const plain = (x: string) => (x.includes('.') ? x.replace(/0+$/, '').replace(/\.$/, '') : x) || '0'
