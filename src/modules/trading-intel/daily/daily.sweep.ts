/**
 * Cross-tenant sweep fixtures: none. Reviews, the gameplan and the calendar are the caller's own,
 * chosen by query parameters: no path carries an id, so there is nothing to sweep.
 */
import type { SweepFixture } from '../../module.ts'

export const dailySweep: Record<string, SweepFixture> = {}
