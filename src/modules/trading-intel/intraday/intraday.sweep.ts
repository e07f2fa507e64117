/**
 * Cross-tenant sweep fixtures: none. Signals and detection runs are the caller's own, chosen by
 * query parameters and bodies: no path carries an id, so there is nothing to sweep.
 */
import type { SweepFixture } from '../../module.ts'

export const intradaySweep: Record<string, SweepFixture> = {}
