/** The OpenAPI descriptions of the agent order routes, built from the code's constants. */
import { LIMIT_CHECKS } from '../lib/gate-rules.ts'
import { DEFAULT_TIME_IN_FORCE, MAX_ORDER_VALUE } from './orders.schemas.ts'

export const GATE_ORDER =
  'The gate, first failure wins: `agent.disabled`; `state.halted` (nothing), `state.reducing` (only an order ' +
  'that reduces the agent’s own position in that account and symbol: a sell up to its long, a buy up to its ' +
  'short); `symbol.not_allowed`, `hours.not_allowed` (New York time, start inclusive, end exclusive; an end of 24:00 is midnight), `account.not_allowed` ' +
  '(the allow-list, and always one of the tenant’s accounts); pricing (a limit order at its limit price, a ' +
  'market order at the quote, else `price.unavailable`; value = qty × price rounded half up to the cent, or the ' +
  `notional given); the limits ${LIMIT_CHECKS.map((c) => `\`${c}\``).join(', ')} (inclusive: exactly at a limit ` +
  'passes, one cent over fails; the daily ones count the New York trading day’s orders that passed, held ones ' +
  'included); live mode: `account.not_tradable` unless a connected broker that trades links the account; then the ' +
  'approval threshold (the account’s override, else the tenant’s): a value strictly above it, or an agent key ' +
  'without `orders:execute`, holds the order `pending_approval`.'

export const ORDERS_DOC =
  'Every order is recorded and answered 201 with its status: `rejected` with a typed `reject_reason`, ' +
  '`pending_approval` with its `approval_id`, or sent (`sent`, `filled`: paper mode fills market orders at the ' +
  'quote, marketable limit orders at once; live mode goes to the account’s broker, whose refusal is ' +
  '`broker_rejected`). `client_order_id` is required and idempotent per agent: the same key with the same ' +
  'request → 200 with the recorded order; with another request → 409 `bot.client_order_id_conflict`. ' +
  `\`time_in_force\` is optional, ${DEFAULT_TIME_IN_FORCE} when omitted (a retry without it matches an order ` +
  `placed ${DEFAULT_TIME_IN_FORCE}, not one placed gtc). Exactly ` +
  'one of `qty` and `notional` (market orders only); `limit_price` exactly for limit orders; decimals as JSON ' +
  `strings. An order worth more than ${MAX_ORDER_VALUE} is refused 422 and not recorded: a \`notional\` above it ` +
  '(the error on `notional`), or `qty` × the limit price, or for a market order × the quote of the moment, above ' +
  'it (the error on `qty`; a market order’s refusal depends on the quote). An agent key acts for its own agent ' +
  'only (another → 404) and needs `orders:propose` or `orders:execute` (403 `bot.insufficient_scope`). ' +
  GATE_ORDER

export const SIMULATE_DOC =
  'Runs the gate on the order as placing it now would, and records nothing: `would_send`, `would_hold` ' +
  '(reason `approval.required`) or `would_reject` with the typed reason; `checks` lists each check run up to ' +
  'the first failure; `post_trade` the position weight in the account (buys, when the account can be valued) ' +
  'and the agent’s open positions after it. `client_order_id` is optional; one the agent already used answers ' +
  'what placing would: `would_replay` (the same request: the recorded order answered again, 200) or ' +
  '`would_conflict` (another request: 409 `bot.client_order_id_conflict`), with `existing_order_id`, that ' +
  'order’s `priced_notional` and `reference_price`, and no checks (placing runs none). An order worth more than ' +
  `${MAX_ORDER_VALUE} is a 422, as when placing it. ` +
  GATE_ORDER
