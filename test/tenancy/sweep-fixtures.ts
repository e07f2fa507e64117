/**
 * Fixtures for the cross-tenant sweep: for every user-level operation whose path carries an id,
 * a function that creates the resource as `owner` and returns the path parameters (and a valid body
 * for writes). The sweep then calls the operation as another tenant and expects 404.
 * Each module that adds an id-bearing route adds its fixture here; the sweep fails until it does.
 */
import type { Client } from '../helpers/test-app.ts'

export interface SweepTarget {
  params: Record<string, string | number>
  body?: unknown
}

export type SweepFixture = (owner: Client) => Promise<SweepTarget>

export const sweepFixtures: Record<string, SweepFixture> = {}
