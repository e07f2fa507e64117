/**
 * Cross-tenant sweep fixtures: none. Scans, opportunities and the watchlist are the caller's own,
 * chosen by query parameters: no path carries an id, so there is nothing to sweep.
 */
import type { SweepFixture } from '../../module.ts'

export const discoverySweep: Record<string, SweepFixture> = {}
