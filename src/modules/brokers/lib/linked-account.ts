/**
 * The one account-id rule of every broker route (Schwab's own and the unified ones): a parameter
 * naming an account takes the broker's id of a linked account (Schwab: its hashValue). The
 * plain account number — one that is linked, or anything that looks like one (4 to 12 digits) — is a
 * 422 `broker.account_hash_required` saying so; any other id (another tenant's too) is a 404.
 */
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'

const PLAIN_NUMBER = /^\d{4,12}$/

export function linkedAccount<A extends { external_id: string; account_number: string }>(
  broker: string,
  accounts: readonly A[],
  id: string,
  name: string,
): A {
  const found = accounts.find((a) => a.external_id === id)
  if (found) return found
  if (PLAIN_NUMBER.test(id) || accounts.some((a) => a.account_number === id))
    throw new UnprocessableError(
      'broker.account_hash_required',
      `${name} takes the broker’s account id (broker B: the encrypted hashValue from its accounts list), ` +
        'never the plain account number',
      [{ loc: ['query', name], msg: 'a plain account number; pass the account id', type: 'account_hash' }],
    )
  throw new NotFoundError(
    'broker.account_not_found',
    `No account with this id is linked to your ${broker} connection (its accounts list names them)`,
  )
}
