/**
 * Loopback fake of the ECB reference-rate files, in their real shape: a gesmes:Envelope with the
 * ECB's default namespace, one `Cube` holding a `Cube time=…` per fixing (newest first) and a
 * `Cube currency=… rate=…` per currency, attributes in single quotes as the ECB writes them.
 *
 *   const ecb = await startEcbFake(fixings, '2025-03-10')
 *   createEcbFx({ http, baseUrl: ecb.baseUrl, clock })
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FxDay } from '../../../../src/providers/market-data/market-data.port.ts'
import { addDays } from '../../../../src/kernel/dates.ts'

export interface EcbFake {
  readonly baseUrl: string
  /** Paths requested, in order (e.g. '/eurofxref-daily.xml'). */
  readonly requests: string[]
  /** The next `times` requests answer this status (or 200 with `body` when given). */
  failNext(status: number, body?: string, times?: number): void
  /** The fixings served and the date the 90-day file counts back from. */
  set(fixings: FxDay[], today: string): void
  close(): Promise<void>
}

export function ecbXml(days: FxDay[]): string {
  const cube = [...days]
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .map(
      (d) =>
        `\t\t<Cube time='${d.date}'>\n` +
        Object.entries(d.rates)
          .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>\n`)
          .join('') +
        `\t\t</Cube>\n`,
    )
    .join('')
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n` +
    `\t<gesmes:subject>Reference rates</gesmes:subject>\n` +
    `\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n` +
    `\t<Cube>\n${cube}\t</Cube>\n</gesmes:Envelope>\n`
  )
}

export async function startEcbFake(initial: FxDay[] = [], today = '2025-03-10'): Promise<EcbFake> {
  let fixings = initial
  let now = today
  const requests: string[] = []
  const failures: { status: number; body?: string }[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    requests.push(path)
    const fail = failures.shift()
    if (fail) {
      res.writeHead(fail.status, { 'content-type': 'text/html' })
      res.end(fail.body ?? '<html><body>Service unavailable</body></html>')
      return
    }
    const sorted = [...fixings].sort((a, b) => (a.date < b.date ? -1 : 1))
    const files: Record<string, FxDay[]> = {
      '/eurofxref-daily.xml': sorted.slice(-1),
      '/eurofxref-hist-90d.xml': sorted.filter((d) => d.date >= addDays(now, -90)),
      '/eurofxref-hist.xml': sorted,
    }
    const days = files[path]
    if (!days) {
      res.writeHead(404, { 'content-type': 'text/html' })
      res.end('<html>Not found</html>')
      return
    }
    res.writeHead(200, { 'content-type': 'text/xml' })
    res.end(ecbXml(days))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    failNext(status, body, times = 1) {
      for (let i = 0; i < times; i++) failures.push(body === undefined ? { status } : { status, body })
    },
    set(f, t) {
      fixings = f
      now = t
      requests.length = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
