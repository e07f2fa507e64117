/** The caller's saved screens (GET/POST/DELETE /api/screener/saved): save the current spec, load or delete one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { date } from '../../ui/format.ts'
import { Field } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { deleteSaved, listSaved, saveScreen, type Saved, type Spec } from './api.ts'

const KEY = ['screener', 'saved']

export function SavedScreens({ spec, onLoad }: { spec: () => Spec; onLoad: (s: Saved) => void }) {
  const client = useQueryClient()
  const [name, setName] = useState('')
  const list = useQuery({ queryKey: KEY, queryFn: listSaved })
  const save = useMutation({
    mutationFn: () => saveScreen(name, spec()),
    onSuccess: async () => {
      setName('')
      await client.invalidateQueries({ queryKey: KEY })
    },
  })
  const remove = useMutation({
    mutationFn: deleteSaved,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  })
  return (
    <>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <Field
          label="Name"
          name="name"
          value={name}
          error={save.error}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={save.isPending}>
          Save current screen
        </button>
      </form>
      <ProblemAlert error={save.error ?? remove.error} />
      <QueryState
        query={list}
        isEmpty={(d) => d.items.length === 0}
        empty="No saved screens yet: build one and save it above."
      >
        {(d) => (
          <ul className="screen-saved">
            {d.items.map((s) => (
              <li key={s.id}>
                <span>
                  {s.name} <small className="muted">{date(s.created_at)}</small>
                </span>
                <span className="row-actions">
                  <button type="button" className="secondary" onClick={() => onLoad(s)}>
                    Load {s.name}
                  </button>
                  <button type="button" className="danger" onClick={() => remove.mutate(s.id)}>
                    Delete {s.name}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  )
}
