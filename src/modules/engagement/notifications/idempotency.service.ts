/**
 * Idempotency keys for POST routes, generic over the route. A request is first *claimed*: the key
 * is inserted as `processing` (insert first, on conflict nothing), so of concurrent duplicates —
 * in one process or many on one database — exactly one proceeds. The request then does its work
 * and stores its answer with `completeMany` inside the SAME transaction as that work: the effect and
 * the answer commit together or not at all. Duplicates meanwhile get 409
 * `idempotency.in_progress` (Retry-After: 1); afterwards, the same body replays the stored answer
 * for RETENTION_MS and another body is 422 `idempotency.key_reused`. A request that fails before
 * answering gives the key back (`release`); a holder that died leaves its lock to pass
 * (LOCK_MS), after which a retry takes the key over. `prune` deletes keys older than the retention;
 * a key reused after that runs as new.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, UnprocessableError } from '../../../platform/http/errors.ts'
import { eachAlone, type Outcome } from '../../../platform/batcher.ts'
import {
  completeKeys,
  findKey,
  insertKey,
  insertKeys,
  pruneKeys,
  releaseKey,
  takeOver,
  type KeyRef,
  type KeyRow,
} from './idempotency.repository.ts'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const KEY_MAX = 255
/** Visible ASCII (0x21–0x7E), 1–255 characters. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
export const RETENTION_MS = 24 * 3_600_000
export const LOCK_MS = 60_000
export const IN_PROGRESS_RETRY_AFTER_S = 1

export type Claim = { kind: 'new'; claim: ClaimRef } | { kind: 'replay'; status: number; body: unknown }

/** A held key: `generation` tells this claim from a later one of the same key. */
export interface ClaimRef extends KeyRef {
  tenantId: number
  generation: Date
}

const headerError = (msg: string, type: string) =>
  new UnprocessableError('validation.failed', `${IDEMPOTENCY_HEADER}: ${msg}`, [
    { loc: ['header', IDEMPOTENCY_HEADER.toLowerCase()], msg, type },
  ])

/** The header's value, or a 422 naming the header (missing, empty, too long, not visible ASCII). */
export function parseIdempotencyKey(value: string | string[] | undefined): string {
  if (Array.isArray(value)) throw headerError('must be sent once', 'multiple')
  if (value === undefined) throw headerError('required (1–255 visible ASCII characters)', 'missing')
  if (value.length === 0) throw headerError('must not be empty', 'string_too_short')
  if (value.length > KEY_MAX) throw headerError(`at most ${KEY_MAX} characters`, 'string_too_long')
  if (!KEY_PATTERN.test(value)) throw headerError('only visible ASCII characters (no spaces)', 'pattern')
  return value
}

export class IdempotencyService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  /** Claims the key for this request, or answers what a duplicate must get (replay, 409, 422). */
  async begin(tenantId: number, ref: KeyRef, fingerprint: string): Promise<Claim> {
    const now = this.deps.clock.now()
    const lockedUntil = new Date(now.getTime() + LOCK_MS)
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const inserted = await insertKey(s, ref, fingerprint, now, lockedUntil)
      if (inserted) return { kind: 'new', claim: { ...ref, tenantId, generation: inserted.created_at } }
      const row = await findKey(s, ref)
      if (!row) throw inProgress() // deleted between the two statements: the client retries
      return this.decide(s, tenantId, ref, row, fingerprint, now, lockedUntil)
    })
  }

  /**
   * `begin` for several requests of one tenant, the new keys claimed by one insert: answers, in
   * order, each request's claim or the error a duplicate gets. A key already stored — or given twice
   * in the batch — goes through `begin` alone after that insert, which decides as for any duplicate.
   */
  async beginMany(
    tenantId: number,
    items: ReadonlyArray<{ ref: KeyRef; fingerprint: string }>,
  ): Promise<Outcome<Claim>[]> {
    const now = this.deps.clock.now()
    const lockedUntil = new Date(now.getTime() + LOCK_MS)
    const seen = new Set<string>()
    const first = items.filter(({ ref }) => !seen.has(refKey(ref)) && seen.add(refKey(ref)))
    const inserted = await this.deps.scopes.statementAlone(tenantId, (s) =>
      insertKeys(s, first, now, lockedUntil),
    )
    const generations = new Map(
      inserted.map((r) => [refKey({ userId: r.user_id, route: r.route, key: r.key }), r.created_at]),
    )
    return eachAlone(items, async ({ ref, fingerprint }): Promise<Claim> => {
      const generation = generations.get(refKey(ref))
      if (!generation) return this.begin(tenantId, ref, fingerprint)
      generations.delete(refKey(ref)) // a second request with this key is a duplicate
      return { kind: 'new', claim: { ...ref, tenantId, generation } }
    })
  }

  private async decide(
    s: TenantScope,
    tenantId: number,
    ref: KeyRef,
    row: KeyRow,
    fingerprint: string,
    now: Date,
    lockedUntil: Date,
  ): Promise<Claim> {
    const expired = row.created_at.getTime() <= now.getTime() - RETENTION_MS
    const abandoned = row.state === 'processing' && (row.locked_until?.getTime() ?? 0) <= now.getTime()
    if (expired && (row.state === 'done' || abandoned)) {
      if (await takeOver(s, ref, row, { fingerprint, created_at: now, locked_until: lockedUntil }))
        return { kind: 'new', claim: { ...ref, tenantId, generation: now } }
      throw inProgress()
    }
    if (row.fingerprint !== fingerprint)
      throw new UnprocessableError(
        'idempotency.key_reused',
        `This ${IDEMPOTENCY_HEADER} was used with another request body; use a new key for a new request`,
        [
          {
            loc: ['header', IDEMPOTENCY_HEADER.toLowerCase()],
            msg: 'used with another body',
            type: 'key_reused',
          },
        ],
      )
    if (row.state === 'done')
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body }
    if (!abandoned) throw inProgress()
    const set = { fingerprint, created_at: row.created_at, locked_until: lockedUntil }
    if (await takeOver(s, ref, row, set))
      return { kind: 'new', claim: { ...ref, tenantId, generation: row.created_at } }
    throw inProgress()
  }

  /**
   * Stores the answers of claims in the caller's transaction `s`; throws 409 when any claim was lost
   * (the caller rolls back).
   */
  async completeMany(
    s: TenantScope,
    answers: ReadonlyArray<{ claim: ClaimRef; status: number; body: unknown }>,
  ): Promise<void> {
    const rows = answers.map((a) => ({
      ref: a.claim,
      createdAt: a.claim.generation,
      status: a.status,
      body: a.body,
    }))
    if ((await completeKeys(s, rows)) !== rows.length) throw inProgress()
  }

  async release(claim: ClaimRef): Promise<void> {
    await this.deps.scopes.withTenant(claim.tenantId, (s) => releaseKey(s, claim, claim.generation))
  }

  /** Deletes keys older than the retention (every tenant); returns how many. */
  async prune(): Promise<number> {
    const now = this.deps.clock.now()
    return this.deps.scopes.withSystem('notifications: prune idempotency keys', (s) =>
      pruneKeys(s, new Date(now.getTime() - RETENTION_MS), now),
    )
  }
}

const refKey = (ref: KeyRef) => `${ref.userId}\u0000${ref.route}\u0000${ref.key}`

function inProgress(): ConflictError {
  return new ConflictError(
    'idempotency.in_progress',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    {
      headers: { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_S) },
      extra: { retry_after: IN_PROGRESS_RETRY_AFTER_S },
    },
  )
}
