/** Run one scan now (POST /intraday/discovery/scan): its results join the feed below. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SelectField } from '../../../ui/Field.tsx'
import { formFields } from '../../../ui/form.ts'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { runScan, SCAN_TYPES, UNIVERSES, type ScanType, type Universe } from './api.ts'

const UNIVERSE_NAMES: Record<Universe, string> = {
  watchlist: 'My holdings',
  sp500: 'S&P 500',
  free: 'Free-feed universe',
  all: 'Every listed symbol',
}

export function ScanForm() {
  const client = useQueryClient()
  const scan = useMutation({
    mutationFn: runScan,
    onSuccess: () => client.invalidateQueries({ queryKey: ['intel', 'discovery'] }),
  })
  return (
    <form
      className="inline"
      aria-label="Run a scan"
      onSubmit={(e) => {
        const get = formFields(e)
        scan.mutate({ scan_type: get('scan_type') as ScanType, universe: get('universe') as Universe })
      }}
    >
      <SelectField label="Scan" name="scan_type" error={scan.error} defaultValue="momentum">
        {SCAN_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <SelectField label="Universe" name="universe" error={scan.error} defaultValue="sp500">
        {UNIVERSES.map((u) => (
          <option key={u} value={u}>
            {UNIVERSE_NAMES[u]}
          </option>
        ))}
      </SelectField>
      <button type="submit" disabled={scan.isPending}>
        {scan.isPending ? 'Scanning…' : 'Scan now'}
      </button>
      {scan.data && (
        <p role="status" className="muted">
          {scan.data.matched} of {scan.data.scanned} symbols matched; the top {scan.data.results.length} are
          stored.
        </p>
      )}
      <ProblemAlert error={scan.error} />
    </form>
  )
}
