/** SQL for the hosted aggregator: the tenant's registered user and the connections its portal made. */
import type { TenantScope } from '../../../platform/db/index.ts'

export function findUser(scope: TenantScope) {
  return scope.db
    .selectFrom('broker_aggregator_user')
    .select(['vendor_user_id', 'user_secret_enc'])
    .where('tenant_id', '=', scope.tenantId)
    .executeTakeFirst()
}

export function insertUser(
  scope: TenantScope,
  u: { vendorUserId: string; secretEnc: string; userId: number },
) {
  return scope.db
    .insertInto('broker_aggregator_user')
    .values({
      tenant_id: scope.tenantId,
      vendor_user_id: u.vendorUserId,
      user_secret_enc: u.secretEnc,
      registered_by: u.userId,
    })
    .execute()
}

/** The registration ends: the encrypted secret is erased with its row. */
export function deleteUser(scope: TenantScope) {
  return scope.db.deleteFrom('broker_aggregator_user').where('tenant_id', '=', scope.tenantId).execute()
}

export function recordConnection(
  scope: TenantScope,
  c: { connectionId: number; authorizationId: string; slug: string; userId: number },
) {
  return scope.db
    .insertInto('broker_aggregator_connection')
    .values({
      tenant_id: scope.tenantId,
      connection_id: c.connectionId,
      authorization_id: c.authorizationId,
      subbroker_slug: c.slug,
      user_id: c.userId,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'connection_id', 'authorization_id'])
        .doUpdateSet({ subbroker_slug: (eb) => eb.ref('excluded.subbroker_slug') }),
    )
    .execute()
}

export function connectionsOf(scope: TenantScope, connectionId: number) {
  return scope.db
    .selectFrom('broker_aggregator_connection')
    .select(['authorization_id', 'subbroker_slug', 'created_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('connection_id', '=', connectionId)
    .orderBy('id')
    .execute()
}
