/**
 * The natural-language box: POST /api/screener/ai-build, then the screen spec it built is loaded into the
 * filter editor, with its paraphrase clause by clause and whether the keyword rules answered
 * ("degraded") instead of the language model, and why.
 */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { aiBuild, type Built } from './api.ts'

export function NlBox({ onBuilt }: { onBuilt: (b: Built) => void }) {
  const [prompt, setPrompt] = useState('')
  const build = useMutation({ mutationFn: aiBuild, onSuccess: onBuilt })
  const built = build.data
  return (
    <>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          build.mutate(prompt)
        }}
      >
        <Field
          label="Describe a screen"
          name="prompt"
          className="screen-prompt"
          placeholder="oversold large-cap tech not in my portfolio"
          value={prompt}
          error={build.error}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <button type="submit" disabled={build.isPending}>
          {build.isPending ? 'Building…' : 'Build screen'}
        </button>
      </form>
      {build.error && !(build.error as { problem?: { errors?: unknown[] } }).problem?.errors?.length && (
        <ProblemAlert error={build.error} />
      )}
      {built && (
        <div className="screen-built" aria-live="polite">
          <p>
            Built by {built.source === 'model' ? 'the language model' : 'the keyword rules'}
            {built.degraded && (
              <span className="badge screen-degraded" title={built.reason}>
                degraded (rules)
              </span>
            )}
          </p>
          {built.degraded && built.reason && <p className="muted">Why: {built.reason}</p>}
          <ul className="screen-paraphrase" aria-label="What the words were taken to mean">
            {built.clauses.map((c, i) => (
              <li key={i}>
                {c.text && <q>{c.text}</q>} {c.paraphrase}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
