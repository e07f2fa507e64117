/**
 * Shared connections for scopes' leading reads (ADR 0026). A leading read is self-contained: its
 * settings, its query and a Sync, one implicit transaction that ends with it (scoped-read.ts, ADR
 * 0025). So any number of them, from any tenants, can follow one another on one pipelined connection
 * without sharing anything: each Sync ends the previous read's transaction and its settings, and an
 * error skips only to its own Sync.
 *
 * What that buys: the reads issued in one turn of the event loop leave in ONE write per lane (the lane's
 * socket is corked until the turn ends) instead of one per pooled connection, and a scope that only
 * reads never takes a connection from the pool. Writes on loopback cost ~15–25 µs of node CPU each on
 * these machines, the largest single item of a tenant-scoped read (bench/README.md).
 *
 * What it costs: reads on one lane answer in order, so a slow read delays those sent after it on the
 * same lane. Bounded: a lane takes no more reads once MAX_IN_FLIGHT are waiting or its oldest has
 * waited STALL_MS; the read then takes a pooled connection of its own, as before. The lanes are
 * connections of their own, beside the pool: the pool's size still bounds the transactions.
 */
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type pg from 'pg'

/** Reads a lane holds before the next one goes to a pooled connection instead. */
export const MAX_IN_FLIGHT = 16
/** A lane whose oldest read has waited this long takes no more (it is behind something slow). */
export const STALL_MS = 20

interface Lane {
  client: pg.Client | null
  /** The connection being opened, if one is. */
  connecting: Promise<void> | null
  corked: boolean
  /** Moves when the connection is replaced, so answers from the old one do not count against the new. */
  generation: number
  /** When each read still waiting was sent, oldest first (a pipeline answers in order). */
  readonly sent: number[]
}

export class ReadLanes {
  readonly #lanes: Lane[]
  #closed = false

  constructor(
    private readonly open: () => Promise<pg.Client>,
    count: number,
    private readonly onError: (err: Error) => void,
  ) {
    this.#lanes = Array.from({ length: count }, () => ({
      client: null,
      connecting: null,
      corked: false,
      generation: 0,
      sent: [],
    }))
  }

  /**
   * Runs `send` on the least busy lane and returns its answer, or undefined when no lane is ready
   * (none connected yet, every one full or stalled): the caller then uses a connection of its own.
   */
  run<T>(send: (client: pg.ClientBase) => Promise<T>): Promise<T> | undefined {
    const lane = this.#pick()
    if (!lane?.client) return undefined
    const client = lane.client
    this.#cork(lane, client)
    lane.sent.push(performance.now())
    const generation = lane.generation
    const done = () => void (lane.generation === generation && lane.sent.shift())
    const answer = send(client)
    answer.then(done, done)
    return answer
  }

  /** Reads waiting on the lanes, all together (for /metrics). */
  waiting(): number {
    return this.#lanes.reduce((n, l) => n + l.sent.length, 0)
  }

  /** Closes the lanes' connections (reads already sent are answered first). */
  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(this.#lanes.flatMap((l) => (l.connecting ? [l.connecting] : []))) // a lane opened meanwhile ends itself
    const open = this.#lanes.flatMap((l) => (l.client ? [l.client] : []))
    for (const lane of this.#lanes) lane.client = null
    await Promise.all(open.map((c) => c.end().catch(() => undefined)))
  }

  #pick(): Lane | undefined {
    let best: Lane | undefined
    const now = performance.now()
    for (const lane of this.#lanes) {
      if (!lane.client) {
        this.#connect(lane)
        continue
      }
      const waiting = lane.sent.length
      if (waiting >= MAX_IN_FLIGHT || (waiting > 0 && now - lane.sent[0]! > STALL_MS)) continue
      if (!best || waiting < best.sent.length) best = lane
    }
    return best
  }

  #connect(lane: Lane): void {
    if (lane.connecting || this.#closed) return
    lane.connecting = this.open().then(
      (client) => {
        lane.connecting = null
        // Without a listener a dropped connection would be an uncaught exception.
        client.on('error', (err) => this.#drop(lane, client, err))
        if (this.#closed) return client.end().catch(() => undefined)
        lane.client = client
      },
      (err: Error) => {
        lane.connecting = null
        this.onError(err)
      },
    )
  }

  #drop(lane: Lane, client: pg.Client, err: Error): void {
    this.onError(err)
    if (lane.client !== client) return
    lane.client = null
    lane.generation++
    lane.sent.length = 0 // pg fails every read still waiting on it
    client.end().catch(() => undefined)
  }

  /** Holds the lane's writes until this turn of the event loop ends, then sends them as one. */
  #cork(lane: Lane, client: pg.ClientBase): void {
    if (lane.corked) return
    const stream = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream
    if (typeof stream?.cork !== 'function') return
    lane.corked = true
    stream.cork()
    setImmediate(() => {
      lane.corked = false
      stream.uncork()
    })
  }
}
