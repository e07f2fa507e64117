/**
 * The one shape every feature module has (ADR 0016). A module is a folder under `src/modules/` whose
 * `index.ts` exports a `defineModule({...})` value; adding it to the list in `src/app/modules.ts` is
 * the only edit outside the folder. The definition declares everything the app needs to know:
 *
 * - `key`: the container field its API is reached by (`c.portfolio`), camelCase of the folder name;
 * - `needs`: the other modules it calls (their exported services), built before it;
 * - `tables`: the tables it alone reads and writes (`<domain>.tables.ts`; the ownership test holds
 *   every repository to it), and `migrations`: the files that create them;
 * - `build`: its services, from the platform, the providers and the modules it needs;
 * - `routes`: its route table, mounted as an encapsulated Fastify plugin;
 * - `jobs`: background handlers (and cron schedules) it runs;
 * - `sweep`: for each id-bearing operation, how to create a resource for the cross-tenant sweep.
 */
import type { Migration } from 'kysely'
import type { Logger } from 'pino'
import type { Registry } from 'prom-client'
import type { Cache } from '../platform/cache/index.ts'
import type { Clock } from '../platform/clock.ts'
import type { Config } from '../platform/config.ts'
import type { SecretCipher } from '../platform/crypto.ts'
import type { Scopes } from '../platform/db/index.ts'
import type { FeatureFlags } from '../platform/feature-flags.ts'
import type { App } from '../platform/http/app-type.ts'
import type { Ids } from '../platform/ids.ts'
import type { JobQueue } from '../platform/jobs/index.ts'
import type { TokenSigner } from '../platform/auth/tokens.ts'
import type { Providers } from '../providers/index.ts'
import type { HttpClient } from '../providers/shared/http.ts'

/** What every module may use: the platform's services and the configured providers. */
export interface ModuleContext {
  config: Config
  log: Logger
  clock: Clock
  ids: Ids
  scopes: Scopes
  cache: Cache
  jobs: JobQueue
  cipher: SecretCipher
  signer: TokenSigner
  flags: FeatureFlags
  http: HttpClient
  /** The registry /metrics serves: a module registers what an operator should see. */
  metrics: Registry
  providers: Providers
}

/** A background job a module runs; with `cron`, the process that runs jobs also schedules it. */
export interface ModuleJob {
  name: string
  run: (payload: never) => Promise<void>
  schedule?: { cron: string; tz?: string }
}

/** Types a job's payload where it is declared; the queue stores it as JSON. */
export const job = <P>(name: string, run: (payload: P) => Promise<void>, schedule?: ModuleJob['schedule']) =>
  ({ name, run, ...(schedule ? { schedule } : {}) }) as ModuleJob

/** The caller the cross-tenant sweep hands a fixture: a signed-in user of the owning tenant. */
export interface SweepCaller {
  tenantId: number
  post(url: string, body?: unknown): Promise<{ statusCode: number; body: string }>
  put(url: string, body?: unknown): Promise<{ statusCode: number; body: string }>
}

export interface SweepTarget {
  params: Record<string, string | number>
  body?: unknown
  /** The path names shared market data (a ticker, a public transcript), not a tenant's resource. */
  shared?: boolean
}

/** Creates the resource an operation's path names, as `owner`; keyed by operationId. */
export type SweepFixture = (owner: SweepCaller) => Promise<SweepTarget>

/** The ids in a 201 answer, for sweep fixtures that create what they sweep. */
export async function created(res: { statusCode: number; body: string }): Promise<Record<string, number>> {
  if (res.statusCode !== 201)
    throw new Error(`sweep fixture: expected 201, got ${res.statusCode}: ${res.body}`)
  return JSON.parse(res.body) as Record<string, number>
}

export interface ModuleDefinition<Key extends string, Api, Needs extends object> {
  /** The folder name (`free-feed`): logs, errors and the module list. */
  name: string
  key: Key
  /** Exactly the keys of the modules `build` receives (the compiler checks both ways). */
  needs: { [K in keyof Needs]: true }
  tables: readonly string[]
  migrations: ReadonlyArray<readonly [name: string, migration: Migration]>
  build: (ctx: ModuleContext, needs: Needs) => Api
  routes?: (app: App, api: Api) => void
  jobs?: (api: Api) => ModuleJob[]
  sweep?: Record<string, SweepFixture>
}

/** Identity function that makes TypeScript infer `Key`, `Api` and `Needs` from the literal. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a module without needs has `{}`
export function defineModule<Key extends string, Api, Needs extends object = {}>(
  definition: ModuleDefinition<Key, Api, Needs>,
): ModuleDefinition<Key, Api, Needs> {
  return definition
}
