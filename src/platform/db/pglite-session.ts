/**
 * PGlite's one session as the drivers see it (pglite-driver.ts): the statements it has prepared, the
 * COMMIT it is owed, who holds it, and the scopes' leading reads batched into one call (ADR 0027).
 * The messages come from pglite-messages.ts; they go through PGlite's public `execProtocolRawStream`
 * (ADR 0022), and its answers are parsed by `pg-protocol` (`exchange`, in pglite-messages.ts).
 */
import { parse, type PGlite, type Results } from '@electric-sql/pglite'
import type { CompiledQuery, QueryResult } from 'kysely'
import {
  afterSettings,
  bindMessage,
  COMMIT,
  concat,
  DESCRIBE_EXECUTE_SYNC,
  describes,
  exchange,
  EXECUTE_SYNC,
  isError,
  preludeMessage,
  queryStart,
  serialize,
  settingsMessage,
  splitAtReady,
  textValues,
  type Message,
} from './pglite-messages.ts'
import type { Prelude } from './scope-driver.ts'
import { SETTINGS_NAME, SETTINGS_SQL, type ScopeValues } from './scoped-read.ts'
import { isStalePlan, type StatementNames } from './statement-names.ts'

/** Leading reads one call into PGlite carries at most (as many as a PostgreSQL read lane holds). */
export const MAX_BATCH = 16

/** A scope's leading read waiting for its batch. */
interface QueuedRead {
  readonly scope: ScopeValues
  readonly query: CompiledQuery
  readonly resolve: (r: QueryResult<unknown>) => void
  readonly reject: (err: unknown) => void
}

/**
 * PGlite's one session: what it has prepared, the COMMIT it is owed, and who holds it. A scope's
 * connection (PGliteConnection) takes it on its first statement that is no leading read and keeps it
 * until released; raw SQL and dumps hold it through `hold`. Scopes' leading reads never hold it: they
 * queue here, and what the current turn of the event loop queued (at most MAX_BATCH) runs as ONE
 * `execProtocol` call once the session is free (ADR 0027):
 *
 *   COMMIT?  (owed by an earlier read-only transaction, consumed only when the batch runs)
 *   per read: Bind/Execute sx_scope (its tenant), Parse?/Bind/Describe?/Execute its query, Sync
 *
 * Each read is its own implicit transaction ending at its own Sync (scoped-read.ts, ADR 0025): its
 * settings are local to it, and an error skips only to its Sync, so it rejects that read alone.
 */
export class PGliteSession {
  /** Statement names this session has prepared; a name in doubt after an error is closed and re-parsed. */
  readonly #prepared = new Set<string>()
  /**
   * What Describe answered for each prepared statement (its columns, or none): a prepared statement's
   * result shape is fixed, so later executions skip Describe and reuse it. Forgotten with the statement.
   */
  readonly #described = new Map<string, Message>()
  #busy = false
  readonly #waiting: Array<() => void> = []
  /** A read-only transaction's COMMIT not yet sent: whoever next runs anything sends it first. */
  #owed = false
  /** The batch still taking reads, and whether its run is scheduled. */
  #open: QueuedRead[] = []
  #scheduled = false

  constructor(
    readonly pglite: PGlite,
    private readonly names: StatementNames,
    private readonly onBackgroundError: (err: Error) => void,
  ) {}

  /** Waits for the session (first come, first served). */
  take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  give(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#busy = false
  }

  /** Runs `work` holding the session, after the owed COMMIT (raw SQL, dumps, closing). */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    await this.take()
    try {
      if (this.#owed) {
        this.#owed = false
        await this.#exec(COMMIT, undefined)
      }
      return await work()
    } finally {
      this.give()
    }
  }

  /**
   * A read-only transaction ended: its COMMIT is owed rather than sent. It opens whatever runs next
   * in the same call, or goes on its own at the next turn of the event loop if nothing else comes.
   * Called by the session's holder, before it gives the session back.
   */
  owe(): void {
    this.#owed = true
    setImmediate(() => {
      if (this.#owed) this.hold(async () => {}).catch((err: Error) => this.onBackgroundError(err))
    })
  }

  /**
   * Queues a scope's leading read for the next batch (see the class's comment). `held`: the caller
   * holds the session, so the read runs now as a batch of its own (a batch would wait for it forever).
   */
  read<R>(scope: ScopeValues, query: CompiledQuery, held = false): Promise<QueryResult<R>> {
    return new Promise<QueryResult<R>>((resolve, reject) => {
      const read = { scope, query, resolve: resolve as (r: QueryResult<unknown>) => void, reject }
      if (held) return void this.#settled([read])
      this.#open.push(read)
      if (this.#open.length >= MAX_BATCH) this.#dispatch()
      else if (!this.#scheduled) {
        this.#scheduled = true
        setImmediate(() => this.#dispatch())
      }
    })
  }

  #dispatch(): void {
    const batch = this.#open
    this.#open = []
    this.#scheduled = false
    if (batch.length === 0) return
    void this.take().then(() => this.#settled(batch).finally(() => this.give()))
  }

  /** Runs the batch; whatever goes wrong outside a statement still answers every read in it. */
  #settled(batch: QueuedRead[]): Promise<void> {
    return this.#runBatch(batch).catch((err: unknown) => {
      for (const read of batch) read.reject(err) // a read already answered ignores this
    })
  }

  /** One call for the batch, holding the session; each read answered from its own part of the answer. */
  async #runBatch(batch: QueuedRead[]): Promise<void> {
    const commitFirst = this.#owed
    this.#owed = false
    const parts: Uint8Array[] = commitFirst ? [COMMIT] : []
    // Each read parses what the session has not prepared itself, even if an earlier read of the batch
    // parses it too: that read may fail before its Parse, and the next must not depend on it. Each
    // keeps the description its messages counted on when they skip Describe: a failure earlier in the
    // batch makes the session forget the statement's, but this read's part was sent without one.
    const plans: { read: QueuedRead; name: string | undefined; known: Message | undefined }[] = []
    for (const read of batch) {
      try {
        const name = this.names.nameFor(read.query)
        const messages = [settingsMessage(read.scope), ...this.#messages(read.query, name, true)]
        if (!this.#prepared.has(SETTINGS_NAME))
          messages.unshift(
            serialize.close({ type: 'S', name: SETTINGS_NAME }),
            serialize.parse({ text: SETTINGS_SQL, name: SETTINGS_NAME }),
          )
        parts.push(...messages)
        const skipsDescribe = name !== undefined && this.#prepared.has(name)
        plans.push({ read, name, known: skipsDescribe ? this.#described.get(name) : undefined })
      } catch (err) {
        read.reject(err) // its values could not be serialized: nothing of it is sent
      }
    }
    if (plans.length === 0 && !commitFirst) return
    let messages: Message[]
    try {
      messages = await this.pglite.runExclusive(() => exchange(this.pglite, concat(parts)))
    } catch (err) {
      // Not a statement's error (those are answered in place): the call itself failed.
      this.#forget(SETTINGS_NAME)
      for (const { read, name } of plans) {
        if (name) this.#forget(name)
        read.reject(err)
      }
      return
    }
    const answers = splitAtReady(messages)
    if (commitFirst) {
      const error = answers.shift()?.find(isError)
      if (error) this.onBackgroundError(error as unknown as Error)
    }
    plans.forEach(({ read, name, known }, i) => {
      const answer = answers[i]
      const error = answer ? answer.find(isError) : new Error('PGlite answered fewer reads than it was sent')
      if (error) {
        this.#forget(SETTINGS_NAME)
        if (name) this.#forget(name)
        if (name && isStalePlan(error)) this.names.forget()
        return read.reject(error)
      }
      this.#prepared.add(SETTINGS_NAME)
      if (name) this.#prepared.add(name)
      try {
        read.resolve(this.#result(answer!.slice(afterSettings(answer!, 0)), name, known))
      } catch (err) {
        read.reject(err)
      }
    })
  }

  /** The protocol messages for one statement: simple when it has no parameters (unless `extended`). */
  #messages(query: CompiledQuery, name: string | undefined, extended = false): Uint8Array[] {
    if (query.parameters.length === 0 && !extended) return [serialize.query(query.sql)]
    const bind = bindMessage(name ?? '', textValues(query))
    if (name && this.#prepared.has(name))
      return [bind, this.#described.has(name) ? EXECUTE_SYNC : DESCRIBE_EXECUTE_SYNC]
    const parse = serialize.parse({ text: query.sql, name: name ?? '' })
    // Closing a statement that does not exist is no error: it clears one an error left in doubt.
    return name
      ? [serialize.close({ type: 'S', name }), parse, bind, DESCRIBE_EXECUTE_SYNC]
      : [parse, bind, DESCRIBE_EXECUTE_SYNC]
  }

  async #exec(message: Uint8Array, name: string | undefined) {
    try {
      // The raw call takes no lock of its own: queue behind PGlite's other calls (raw SQL's query()).
      const messages = await this.pglite.runExclusive(() => exchange(this.pglite, message))
      const error = messages.find(isError)
      // pg-protocol's DatabaseError: an Error, typed here as the message it arrived as.
      if (error) throw error as unknown as Error
      if (name) this.#prepared.add(name)
      return messages
    } catch (err) {
      if (name) this.#forget(name)
      if (name && isStalePlan(err)) this.names.forget()
      throw err
    }
  }

  #forget(name: string): void {
    this.#prepared.delete(name)
    this.#described.delete(name)
  }

  /**
   * The query's part of the answer as rows; its description reused (`known`: the one its messages
   * counted on), or kept for next time.
   */
  #result<R>(
    messages: Message[],
    name: string | undefined,
    known = name ? this.#described.get(name) : undefined,
  ): QueryResult<R> {
    if (name) {
      if (known) messages = [known, ...messages]
      else {
        const description = messages.find(describes)
        if (description) {
          if (this.#described.size >= 10_000) this.#described.clear()
          this.#described.set(name, description)
        }
      }
    }
    const results = parse.parseResults(messages, this.pglite.parsers) as Results<R>[]
    const last = results[results.length - 1]
    const rows = last?.rows ?? []
    return last?.affectedRows ? { rows, numAffectedRows: BigInt(last.affectedRows) } : { rows }
  }

  /**
   * The prelude (or null) and the query in one call, after the owed COMMIT; the caller holds the
   * session. An error anywhere rejects: a failed prelude leaves the transaction aborted, so the server
   * skips the query (RLS holds). The prelude is one simple query (`begin; set local …`): SET
   * statements are not planned, so binding them to a prepared statement measured no cheaper
   * (bench/README.md).
   */
  async run<R>(prelude: Prelude | null, query: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.names.nameFor(query)
    const parts = this.#messages(query, name)
    if (prelude) parts.unshift(preludeMessage(prelude.text))
    if (this.#owed) {
      this.#owed = false
      parts.unshift(COMMIT)
    }
    const messages = await this.#exec(parts.length === 1 ? parts[0]! : concat(parts), name)
    return this.#result<R>(messages.slice(queryStart(messages)), name)
  }
}
