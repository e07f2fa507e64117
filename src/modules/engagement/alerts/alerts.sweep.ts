/**
 * Cross-tenant sweep fixtures: none. No alerts operation carries an id in its path — rules are
 * addressed by `rule_id` inside the PUT /api/alerts/prefs document, where another user's or tenant's
 * id is a 422 naming it (test/http/alerts.test.ts), and every read is the caller's own.
 */
import type { SweepFixture } from '../../module.ts'

export const alertsSweep: Record<string, SweepFixture> = {}
