/**
 * /learn: the concept catalog by layer and level, each concept with the caller's completion, and the
 * progress overall and per layer. Advanced concepts are marked when the plan does not open them.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ProgressSummary } from './ProgressSummary.tsx'
import {
  ADVANCED_FEATURE,
  fetchConcepts,
  fetchProgress,
  LAYERS,
  LEARN,
  PROGRESS,
  type ConceptProgress,
  type ConceptSummary,
  type Layer,
} from './queries.ts'
import { ENTITLEMENTS, fetchEntitlements } from '../../api/queries.ts'

type Level = ConceptSummary['level']

function Filter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T | 'all'
  options: { id: T | 'all'; label: string }[]
  onChange: (v: T | 'all') => void
}) {
  return (
    <div className="tabs" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          className="secondary"
          aria-pressed={value === o.id}
          onClick={() => onChange(o.id)}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}

function completion(p: ConceptProgress | undefined): string {
  if (!p) return ''
  if (p.completed) return `Completed · ${p.correct} of ${p.questions} right`
  if (p.questions_answered > 0) return `${p.questions_answered} of ${p.questions} answered`
  return p.viewed ? 'Viewed' : 'Not started'
}

function ConceptItem({
  c,
  progress,
  locked,
}: {
  c: ConceptSummary
  progress: ConceptProgress | undefined
  locked: boolean
}) {
  return (
    <li className="learn-concept" data-concept={c.id}>
      <Link to={`/learn/${c.id}`}>{c.title}</Link>{' '}
      <span className={`badge ${c.level}`}>{c.level === 'basic' ? 'Basic' : 'Advanced'}</span>
      {locked && <span className="badge locked">Not in your plan</span>}
      <p className="muted">{c.summary}</p>
      <p className="learn-completion" data-completion={c.id}>
        {completion(progress)}
      </p>
    </li>
  )
}

export default function LearnPage() {
  const [layer, setLayer] = useState<Layer | 'all'>('all')
  const [level, setLevel] = useState<Level | 'all'>('all')
  const concepts = useQuery({ queryKey: [...LEARN, 'concepts'], queryFn: fetchConcepts, staleTime: Infinity })
  const progress = useQuery({ queryKey: PROGRESS, queryFn: fetchProgress })
  const ent = useQuery({ queryKey: ENTITLEMENTS, queryFn: fetchEntitlements })
  const advancedOpen = ent.data?.features[ADVANCED_FEATURE] ?? true
  const byId = new Map((progress.data?.by_concept ?? []).map((p) => [p.concept_id, p]))
  return (
    <Page title="Learn">
      <Section title="Your progress">
        <QueryState query={progress} label="Loading your progress">
          {(p) => <ProgressSummary progress={p} />}
        </QueryState>
      </Section>
      <Filter
        label="Layer"
        value={layer}
        options={[{ id: 'all', label: 'All layers' }, ...LAYERS]}
        onChange={setLayer}
      />
      <Filter
        label="Level"
        value={level}
        options={[
          { id: 'all', label: 'All levels' },
          { id: 'basic', label: 'Basic' },
          { id: 'advanced', label: 'Advanced' },
        ]}
        onChange={setLevel}
      />
      <QueryState query={concepts} label="Loading the catalog">
        {({ concepts: all }) => {
          const shown = all.filter(
            (c) => (layer === 'all' || c.layer === layer) && (level === 'all' || c.level === level),
          )
          if (shown.length === 0)
            return <p className="empty">No concept matches these filters: choose “All levels”.</p>
          return LAYERS.filter((l) => shown.some((c) => c.layer === l.id)).map((l) => (
            <Section key={l.id} title={l.label}>
              <ul className="learn-list">
                {shown
                  .filter((c) => c.layer === l.id)
                  .map((c) => (
                    <ConceptItem
                      key={c.id}
                      c={c}
                      progress={byId.get(c.id)}
                      locked={c.level === 'advanced' && !advancedOpen}
                    />
                  ))}
              </ul>
            </Section>
          ))
        }}
      </QueryState>
    </Page>
  )
}
