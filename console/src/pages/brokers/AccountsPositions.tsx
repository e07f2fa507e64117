/**
 * A connected broker's accounts (as the broker lists them, numbers masked) and the positions of one of
 * them, read live from the broker: quantity, average price, cost basis, price, market value and
 * unrealized gain, in the account's currency.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { QueryState } from '../../ui/QueryState.tsx'
import { SelectField } from '../../ui/Field.tsx'
import { money, num, signedMoney, trend, price } from '../../ui/format.ts'
import {
  fetchAccounts,
  fetchPositions,
  keys,
  type Accounts,
  type BrokerInfo,
  type Positions,
} from './brokers.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

export function AccountsPositions({ broker }: { broker: BrokerInfo }) {
  const accounts = useQuery({
    queryKey: keys.accounts(broker.type),
    queryFn: () => fetchAccounts(broker.type),
  })
  return (
    <div className="broker-accounts">
      <h3>Accounts and positions</h3>
      <QueryState
        query={accounts}
        label="Loading accounts"
        isEmpty={(a) => a.items.length === 0}
        empty="The broker lists no accounts for this connection yet. Sync now, or reconnect if it stays empty."
      >
        {(a) => <Picker broker={broker} accounts={a.items} />}
      </QueryState>
    </div>
  )
}

type Account = Accounts['items'][number]

function Picker({ broker, accounts }: { broker: BrokerInfo; accounts: Account[] }) {
  const [chosen, setChosen] = useState(accounts[0]!.id)
  const account = accounts.find((a) => a.id === chosen) ?? accounts[0]!
  return (
    <>
      {accounts.length > 1 ? (
        <SelectField
          label={`${broker.vendor} account`}
          name="account"
          value={account.id}
          onChange={(e) => setChosen(e.target.value)}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} {a.number} ({a.currency})
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="muted">
          {account.name} {account.number} · {account.currency}
          {account.account_type ? ` · ${account.account_type}` : ''}
        </p>
      )}
      <AccountPositions broker={broker} account={account} />
    </>
  )
}

function AccountPositions({ broker, account }: { broker: BrokerInfo; account: Account }) {
  const positions = useQuery({
    queryKey: keys.positions(broker.type, account.id),
    queryFn: () => fetchPositions(broker.type, account.id),
  })
  return (
    <QueryState
      query={positions}
      label="Loading positions"
      isEmpty={(p) => p.items.length === 0}
      empty="No open positions in this account."
    >
      {(p) => <PositionsTable broker={broker} positions={p} currency={account.currency} />}
    </QueryState>
  )
}

function PositionsTable({
  broker,
  positions,
  currency,
}: {
  broker: BrokerInfo
  positions: Positions
  currency: string
}) {
  return (
    <>
      <p className="muted">
        {positions.items.length} open position{positions.items.length === 1 ? '' : 's'}, live from{' '}
        {broker.vendor}.
      </p>
      {/* Focusable, so a keyboard can scroll it sideways on a narrow screen. */}
      <TableWrap label={`${broker.vendor} positions`}>
        <table data-positions={broker.type}>
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Avg price
              </th>
              <th scope="col" className="num">
                Cost basis
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Market value
              </th>
              <th scope="col" className="num">
                Unrealized
              </th>
            </tr>
          </thead>
          <tbody>
            {positions.items.map((p) => (
              <tr key={p.symbol} data-symbol={p.symbol}>
                <th scope="row">{p.symbol}</th>
                <td className="num" data-quantity={p.quantity}>
                  {num(p.quantity, 8)}
                </td>
                <td className="num">{price(p.average_price, currency)}</td>
                <td className="num">{money(p.cost_basis, currency)}</td>
                <td className="num">{price(p.price, currency)}</td>
                <td className="num" data-market-value={p.market_value ?? ''}>
                  {money(p.market_value, currency)}
                </td>
                <td className={`num ${trend(p.unrealized_pl)}`}>{signedMoney(p.unrealized_pl, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}
