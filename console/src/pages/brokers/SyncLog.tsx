/**
 * Every sync of the tenant's broker connections, newest first, 25 a page: when, which broker, why
 * (asked for, the evening job, the first sync after connecting), the outcome and its counts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, data } from '../../api/client.ts'
import { Section } from '../../ui/Page.tsx'
import { PagerNav } from '../../ui/Pager.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { dateTime } from '../../ui/format.ts'
import { keys, vendorOf } from './brokers.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

const PAGE_SIZE = 25

const fetchLog = (page: number) =>
  data(api.GET('/api/brokers/sync-log', { params: { query: { page, page_size: PAGE_SIZE } } }))
type Log = Awaited<ReturnType<typeof fetchLog>>

const KIND: Record<string, string> = {
  manual: 'Sync now',
  scheduled: 'Evening job',
  connect: 'After connecting',
}

export function SyncLog() {
  const [page, setPage] = useState(1)
  const log = useQuery({
    queryKey: keys.syncLog(page),
    queryFn: () => fetchLog(page),
    placeholderData: keepPreviousData,
  })
  const pager = log.data && (page > 1 || log.data.next_cursor !== null) && (
    <PagerNav
      className="actions"
      label="Sync log pages"
      previous={{ label: 'Newer', unavailable: page === 1, onPress: () => setPage(page - 1) }}
      next={{
        label: 'Older',
        unavailable: log.data.next_cursor === null || log.isPlaceholderData,
        onPress: () => setPage(page + 1),
      }}
    >
      Page {page}
    </PagerNav>
  )
  return (
    <Section title="Sync log" actions={pager}>
      <QueryState
        query={log}
        label="Loading the sync log"
        isEmpty={(l) => l.items.length === 0}
        empty="No syncs yet. Connecting a broker syncs it; Sync now and the evening job (weekdays 17:30 New York) add rows here."
      >
        {(l) => <LogTable log={l} />}
      </QueryState>
    </Section>
  )
}

function LogTable({ log }: { log: Log }) {
  return (
    <TableWrap label="Sync log">
      <table data-sync-log>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Broker</th>
            <th scope="col">Kind</th>
            <th scope="col">Outcome</th>
            <th scope="col" className="num">
              Positions
            </th>
            <th scope="col" className="num">
              New fills
            </th>
            <th scope="col">Took</th>
          </tr>
        </thead>
        <tbody>
          {log.items.map((r) => (
            <tr key={r.id} data-sync-id={r.id}>
              <td>{dateTime(r.started_at)}</td>
              <td>{vendorOf(r.broker_type)}</td>
              <td>{KIND[r.sync_kind] ?? r.sync_kind}</td>
              <td className={r.status === 'ok' ? 'up' : 'down'}>
                {r.status === 'ok' ? 'OK' : `Failed: ${r.error ?? 'no reason given'}`}
              </td>
              <td className="num">{r.positions}</td>
              <td className="num">{r.transactions}</td>
              <td>{seconds(r.started_at, r.finished_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

const seconds = (from: string, to: string) => `${((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1)} s`
