/**
 * Cross-tenant sweep fixtures: none. The briefing and its subscription are the caller's own
 * (/email-briefing, /email-briefing/subscription): no path carries an id, so there is nothing to
 * sweep.
 */
import type { SweepFixture } from '../../module.ts'

export const briefingSweep: Record<string, SweepFixture> = {}
