/** Who is asking: the scope every authenticated request carries and every service takes first. */
import { ForbiddenError } from '../http/errors.ts'

export type Role = 'user' | 'admin'

export interface RequestScope {
  tenantId: number
  userId: number
  role: Role
  plan: string
  /** The access-token session, when the request came with one (logout revokes it). */
  sessionId?: string
  /** How the request authenticated. */
  via: 'bearer' | 'cookie' | 'api_key'
}

/** Route-level declaration: who may call it. */
export type AuthRequirement = 'public' | 'user' | 'admin'

/**
 * The tenant a request acts on. Only admins may name another tenant; for anyone else a
 * foreign `tenant_id` is a 403, and their own (or none) is their own.
 */
export function effectiveTenant(scope: RequestScope, requested: number | undefined): number {
  if (requested === undefined || requested === scope.tenantId) return scope.tenantId
  if (scope.role === 'admin') return requested
  throw new ForbiddenError('auth.tenant_forbidden', 'Only administrators may act on another tenant')
}
