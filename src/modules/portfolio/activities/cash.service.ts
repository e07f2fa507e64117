/**
 * Each account's cash now, per currency: the balances a broker reported (anchors) rolled forward
 * and back with the activities' cash effects (lib/cash.ts), read on today's New York date. A manual
 * account has no anchors: its cash is the sum of its activities' effects. Rounded to cents.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { cashOnDays, type CashAnchor, type CashEffect } from './lib/cash.ts'
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
  const known = new Map<string, { anchors: CashAnchor[]; effects: CashEffect[] }>()
  const at = (account: number, currency: string) => {
    const k = `${account}|${currency}`
    if (!known.has(k)) known.set(k, { anchors: [], effects: [] })
    return known.get(k)!
  }
  if (accountIds.length === 0) return new Map()
  for (const a of await ledger.cashAnchors(s, accountIds))
    at(a.account_id, a.currency).anchors.push({ date: a.as_of, cents: toCents(a.balance) })
  for (const g of await ledger.cashSums(s, accountIds)) {
    const effect = cashEffect({
      type: g.type,
      symbol: g.has_symbol ? 'SYMBOL' : null,
      quantity: null,
      amount: plain(g.amount),
      fee: plain(g.fee),
    })
    at(g.account_id, g.currency).effects.push({ date: g.activity_date, cents: toCents(effect) })
  }
  const out = new Map<number, CashBalance[]>(accountIds.map((id) => [id, []]))
  for (const [k, v] of [...known].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [account, currency] = k.split('|') as [string, string]
    const [cents] = cashOnDays(v.anchors, v.effects, [today])
    out.get(Number(account))?.push({ currency, balance: centsToNumber(cents!) || 0 })
  }
  return out
}

/** A numeric as PostgreSQL answers it ('12.5000'), in the form the decimal helpers read. */
const plain = (x: string) => (x.includes('.') ? x.replace(/0+$/, '').replace(/\.$/, '') : x) || '0'
