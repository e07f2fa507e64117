/** /intel/daily — the end-of-day review of a closed session and the pre-market plan for the next one. */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '../../../ui/Field.tsx'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { eodReview, gamePlan } from './api.ts'
import { PlanView } from './Plan.tsx'
import { ReviewView } from './Review.tsx'

export default function DailyPage() {
  const [day, setDay] = useState('')
  const review = useQuery({ queryKey: ['intel', 'eod', day], queryFn: () => eodReview(day || undefined) })
  const plan = useQuery({ queryKey: ['intel', 'gameplan'], queryFn: gamePlan })
  return (
    <Page title="Review and plan">
      <Section
        title="End-of-day review"
        actions={
          <Field
            label="Session"
            name="review_date"
            type="date"
            value={day}
            error={review.error}
            onChange={(e) => setDay(e.target.value)}
            hint="Blank: the latest closed session"
          />
        }
      >
        <QueryState query={review} label="Loading the review">
          {(r) => <ReviewView r={r} />}
        </QueryState>
      </Section>
      <Section title="Pre-market game plan">
        <QueryState query={plan} label="Loading the plan">
          {(p) => <PlanView p={p} />}
        </QueryState>
      </Section>
    </Page>
  )
}
