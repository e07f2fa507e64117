/**
 * Cross-tenant sweep fixtures: none. Every identity operation acts on the caller's own user or
 * session (/api/auth/me, tokens, MFA): no path carries an id, so there is nothing to sweep.
 */
import type { SweepFixture } from '../../module.ts'

export const identitySweep: Record<string, SweepFixture> = {}
