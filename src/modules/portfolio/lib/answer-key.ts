/**
 * The part of an answer-cache key that a query's own parameters make: each set parameter as
 * `name=value`, in name order, the scope parameters (tenant and accounts) left out — those are
 * keyed apart, after they are checked.
 */
export function canonicalQuery(q: object): string {
  return Object.entries(q)
    .filter(([k, v]) => v !== undefined && !['tenant_id', 'account_id', 'account_ids'].includes(k))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&')
}
