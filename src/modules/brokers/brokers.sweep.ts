/**
 * Cross-tenant sweep fixtures for the brokers module's id-bearing operations (the sweep calls each as
 * another tenant and expects 404, or, for `shared` ones, the caller's own data).
 */
import type { SweepFixture } from '../module.ts'

/** The unified operations: `{broker_type}` names a kind of broker, not a tenant's resource. */
const UNIFIED = [
  'brokerStatus',
  'brokerConnect',
  'brokerDisconnect',
  'brokerRefresh',
  'brokerAccounts',
  'brokerPositions',
  'brokerQuotes',
  'brokerTransactions',
  'brokerSync',
]

export const brokersSweep: Record<string, SweepFixture> = {
  // The data behind each unified operation is the caller's own connection (brokers-unified.test.ts
  // checks one tenant never sees another's).
  ...Object.fromEntries(
    UNIFIED.map((op): [string, SweepFixture] => [
      op,
      async () => ({ params: { broker_type: 'brokera' }, shared: true }),
    ]),
  ),
  // Orders live at Alpaca under the owner's connection; an intruder (not connected, or connected to an
  // account of their own) must get 404 for the owner's order id either way.
  brokeraCancelOrder: async () => ({ params: { order_id: '6f1c2a9e-3b7d-4e21-9c55-0a8b7d3e4f10' } }),
}
