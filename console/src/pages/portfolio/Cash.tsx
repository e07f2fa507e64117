import { money } from '../../ui/format.ts'
import type { Account } from './queries.ts'

/** An account's cash, one amount per currency; a dash when none is known. */
export function Cash({ cash }: { cash: Account['cash'] }) {
  if (cash.length === 0) return <span className="muted">—</span>
  return (
    <>
      {cash.map((c, i) => (
        <span key={c.currency} className={c.balance < 0 ? 'down' : undefined}>
          {i > 0 && ' · '}
          {money(c.balance, c.currency)}
        </span>
      ))}
    </>
  )
}
