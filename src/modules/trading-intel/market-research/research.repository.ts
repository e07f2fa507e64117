/**
 * Market research's run log storage (platform/run-log): `research_run` and its events
 * `research_run_event`, numbered 1, 2, … per run. Every query takes the TenantScope first and
 * filters by tenant_id as well as RLS does.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import {
  newEventValues,
  newRunValues,
  runChangeValues,
  type RunStore,
} from '../../../platform/run-log/run-store.ts'

export const researchRunStore: RunStore = {
  insertRun: (s, r) =>
    s.db.insertInto('research_run').values(newRunValues(s, r)).returningAll().executeTakeFirstOrThrow(),

  findRun(s, id, lock = false) {
    const q = s.db
      .selectFrom('research_run')
      .selectAll()
      .where('tenant_id', '=', s.tenantId)
      .where('id', '=', id)
    return (lock ? q.forUpdate() : q).executeTakeFirst()
  },

  listRuns(s, q) {
    let query = s.db.selectFrom('research_run').selectAll().where('tenant_id', '=', s.tenantId)
    if (q.subject) query = query.where('subject', '=', q.subject)
    if (q.after) {
      const [at, id] = [new Date(q.after[0]), q.after[1]]
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
      )
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute()
  },

  async updateRun(s, id, c) {
    await s.db
      .updateTable('research_run')
      .set(runChangeValues(c))
      .where('tenant_id', '=', s.tenantId)
      .where('id', '=', id)
      .execute()
  },

  async appendEvent(s: TenantScope, e) {
    const last = await s.db
      .selectFrom('research_run_event')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('tenant_id', '=', s.tenantId)
      .where('run_id', '=', e.run_id)
      .executeTakeFirst()
    return s.db
      .insertInto('research_run_event')
      .values(newEventValues(s, e, last?.seq))
      .returningAll()
      .executeTakeFirstOrThrow()
  },

  eventsAfter: (s, q) =>
    s.db
      .selectFrom('research_run_event')
      .selectAll()
      .where('tenant_id', '=', s.tenantId)
      .where('run_id', '=', q.run_id)
      .where('seq', '>', q.after)
      .orderBy('seq')
      .limit(q.limit)
      .execute(),
}
