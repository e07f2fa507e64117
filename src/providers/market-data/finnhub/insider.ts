/** Finnhub insider transactions (/stock/insider-transactions), one request per symbol. */
import type { InsiderTransaction } from '../market-data.port.ts'
import { newestFirst, reader, round2, type FinnhubGet } from './wire.ts'

export async function insiderTransactions(
  get: FinnhubGet,
  symbols: string[],
  from: string,
  to: string,
): Promise<InsiderTransaction[]> {
  const path = '/stock/insider-transactions'
  const out: InsiderTransaction[] = []
  // At most 100 rows per call and no documented paging: a very busy range may come back truncated.
  for (const symbol of symbols) {
    const payload = await get(path, { symbol, from, to })
    const r = reader(path, payload)
    for (const raw of r.array(payload, 'data')) {
      const o = r.obj(raw, 'data item')
      const shares = Math.abs(r.num(o, 'change'))
      const price = r.optNum(o, 'transactionPrice')
      out.push({
        symbol: o.symbol === undefined ? symbol : r.str(o, 'symbol'),
        insider_name: r.str(o, 'name'),
        insider_title: null,
        transaction_code: r.str(o, 'transactionCode'),
        transaction_date: r.date(o, 'transactionDate'),
        shares,
        price,
        value: price === null ? null : round2(shares * price),
        shares_owned_after: r.optNum(o, 'share'),
        filing_url: null,
        filed_at: o.filingDate === undefined || o.filingDate === null ? null : r.date(o, 'filingDate'),
      })
    }
  }
  return out
    .filter((t) => t.transaction_date >= from && t.transaction_date <= to)
    .sort(
      (a, b) =>
        newestFirst<InsiderTransaction>((t) => t.transaction_date)(a, b) ||
        newestFirst<InsiderTransaction>((t) => t.filed_at ?? '')(a, b),
    )
}
