/**
 * The tenant's base currency (GET/PUT /api/tenant/base-currency): the currency every portfolio total
 * that adds up several accounts is converted into. Only the currencies the FX provider quotes may be
 * chosen; the API's 422 is shown next to the select.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, data } from '../../api/client.ts'
import { SelectField } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'

const KEY = ['tenant', 'base-currency'] as const
const fetchBase = () => data(api.GET('/api/tenant/base-currency'))

export function BaseCurrencySection() {
  const client = useQueryClient()
  const base = useQuery({ queryKey: KEY, queryFn: fetchBase })
  const save = useMutation({
    mutationFn: (base_currency: string) =>
      data(api.PUT('/api/tenant/base-currency', { body: { base_currency } })),
    onSuccess: (b) => {
      client.setQueryData(KEY, b)
      // Every converted figure elsewhere in the console changes currency.
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'tenant',
      })
    },
  })
  return (
    <Section title="Base currency">
      <QueryState query={base} label="Loading the base currency">
        {(b) => (
          <form
            aria-label="Base currency"
            className="inline"
            onSubmit={(e) => save.mutate(formFields(e)('base_currency'))}
          >
            <SelectField
              key={b.base_currency}
              label="Portfolio totals in"
              name="base_currency"
              defaultValue={b.base_currency}
              error={save.error}
              hint="Totals across accounts are converted at the daily euro reference rates."
            >
              {b.supported.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <button type="submit" disabled={save.isPending}>
              Save currency
            </button>
            <ProblemAlert error={save.error} />
            {save.isSuccess && (
              <p role="status" className="muted">
                Portfolio totals are now in {b.base_currency}.
              </p>
            )}
          </form>
        )}
      </QueryState>
    </Section>
  )
}
