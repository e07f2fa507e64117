/** The caller's suppressions: list, add by hand (in_app, email), remove. */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import { normaliseEmail } from './channels.service.ts'
import {
  deleteUserSuppression,
  ensureSuppression,
  userSuppressions,
  type SuppressionRow,
} from './suppressions.repository.ts'
import {
  SUPPRESSIONS_DEFAULT,
  type SuppressionOut,
  type SuppressionQueryInput,
} from './suppressions.schemas.ts'

export class SuppressionsService {
  constructor(
    private readonly deps: { scopes: Scopes; clock: Clock; users: Pick<Identity['users'], 'me'> },
  ) {}

  /** Newest first. */
  async list(scope: RequestScope, q: SuppressionQueryInput): Promise<{ items: SuppressionOut[] }> {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      userSuppressions(s, scope.userId, {
        channel: q.channel,
        recipient: q.recipient,
        limit: q.limit ?? SUPPRESSIONS_DEFAULT,
      }),
    )
    return { items: rows.map(suppressionView) }
  }

  /** A manual suppression of the caller's own in-app inbox or address, for one list or all. */
  async add(scope: RequestScope, body: { channel: 'in_app' | 'email'; list?: string | null | undefined }) {
    const recipient =
      body.channel === 'email'
        ? normaliseEmail((await this.deps.users.me(scope)).email)
        : String(scope.userId)
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      ensureSuppression(
        s,
        {
          user_id: scope.userId,
          channel: body.channel,
          recipient,
          reason: 'manual',
          list: body.list ?? null,
        },
        this.deps.clock.now(),
      ),
    )
    return suppressionView(row)
  }

  /** Another user's (or unknown) → 404. */
  async remove(scope: RequestScope, id: number): Promise<void> {
    const res = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      deleteUserSuppression(s, scope.userId, id),
    )
    if (Number(res.numDeletedRows) !== 1)
      throw new NotFoundError('notifications.suppression_not_found', 'No such suppression')
  }
}

export function suppressionView(r: SuppressionRow): SuppressionOut {
  return {
    suppression_id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    reason: r.reason,
    list: r.list,
    created_at: r.created_at.toISOString(),
  }
}
