/**
 * /learn/:conceptId: a concept's teaching content (GET /api/ta/learn/concepts/{id}; an advanced
 * concept the plan does not open answers 402 and its message is shown), the worked example on a
 * chart, and the quiz with the caller's progress on this concept.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../api/problem.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { Loading } from '../../ui/QueryState.tsx'
import { ExampleChart } from './ExampleChart.tsx'
import { Quiz } from './Quiz.tsx'
import { fetchConcept, fetchProgress, layerLabel, LEARN, PROGRESS, type Concept } from './queries.ts'

function Content({ c }: { c: Concept }) {
  const progress = useQuery({ queryKey: PROGRESS, queryFn: fetchProgress })
  const mine = progress.data?.by_concept.find((p) => p.concept_id === c.id)
  return (
    <>
      <p className="muted">
        {layerLabel(c.layer)} · {c.level === 'basic' ? 'Basic' : 'Advanced'} · {c.summary}
      </p>
      <Section title="Explanation">
        <p>{c.explanation}</p>
      </Section>
      <Section title="How the service detects it">
        <p>{c.detection}</p>
      </Section>
      {c.pitfalls.length > 0 && (
        <Section title="Pitfalls">
          <ul>
            {c.pitfalls.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Worked example">
        {c.example ? (
          <ExampleChart example={c.example} />
        ) : (
          <p className="notice" role="status">
            No worked example right now: {c.example_unavailable?.detail ?? 'the market data is unavailable'}.
          </p>
        )}
      </Section>
      <Section title="Quiz">
        <Quiz questions={c.questions} mine={mine} />
      </Section>
    </>
  )
}

export default function ConceptPage() {
  const { conceptId = '' } = useParams()
  const concept = useQuery({
    queryKey: [...LEARN, 'concept', conceptId],
    queryFn: () => fetchConcept(conceptId),
    staleTime: 60_000,
  })
  const locked =
    concept.error instanceof ApiError && (concept.error.status === 402 || concept.error.status === 403)
  return (
    <Page title={concept.data?.title ?? 'Concept'} actions={<Link to="/learn">All concepts</Link>}>
      {concept.isPending && <Loading label="Loading the concept" />}
      {concept.isError && (
        <>
          <ProblemAlert error={concept.error} />
          {locked && (
            <p>
              Advanced concepts come with a paid plan: see <Link to="/settings">your plan in Settings</Link>.
            </p>
          )}
        </>
      )}
      {concept.data && <Content c={concept.data} />}
    </Page>
  )
}
