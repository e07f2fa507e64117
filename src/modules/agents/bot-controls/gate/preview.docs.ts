/** The OpenAPI description of the threshold preview, built from the code's constants. */
import { MAX_BLOCKED_ORDERS, MAX_PREVIEW_DAYS } from './preview.schemas.ts'

export const PREVIEW_DESCRIPTION =
  `Over the agent orders created in the last \`days\` days (default 7, 1–${MAX_PREVIEW_DAYS}): \`would_need_approval\` lists ` +
  'those that passed the gate and would wait for approval, with their count and total, each saying why ' +
  '(`held_because`): worth strictly more than the threshold that would apply to it (`threshold`; the gate ' +
  'holds an order above the threshold, not at it), or sent by an agent’s key that lacks `orders:execute` ' +
  '(`no_execute_scope`: every such order waits, whatever its value). Each order is judged by what sent it, as ' +
  'the gate recorded it: a person’s order (console or API) on the threshold alone, an agent’s by the scopes of ' +
  'the key it was sent with; an order recorded before the gate kept this, by the agent’s current key. ' +
  'Account overrides are ' +
  'applied: an order in an account with its own threshold is judged against that override, any other ' +
  'against `proposed_threshold` as the tenant threshold; each listed order says which (`threshold`, ' +
  '`threshold_source`). `limits_would_block` replays each agent’s ' +
  'orders of the window that reached the limit checks and would spend budget (those still holding budget at ' +
  'the gate, and those a `limit.*` check rejected; not those rejected for their state, symbol, hours, ' +
  'account, price or tradability, nor those whose budget was given back) in time order against the limits ' +
  'it has now — orders per minute (the 60 s before ' +
  'each order), orders and notional per New York trading day (a new day starts at zero), order notional; ' +
  'a blocked order does not count towards the next — and gives, per agent and limit, how many orders it ' +
  `would have blocked (\`count\`) and the newest ${MAX_BLOCKED_ORDERS} of them (\`orders\`). Open ` +
  'positions and position weight are not replayed (they need positions at the time).'
