/**
 * /support/cases/new — a case for the support team: subject, what happened, a category. Reached from
 * an escalated conversation (?conversation_id=…), the form starts with a subject and body naming that
 * conversation, and the case is linked to it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/problem.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { CASE_CATEGORIES, type CaseInput, createCase } from './api.ts'
import { SupportTabs } from './SupportTabs.tsx'

const CATEGORY_LABELS: Record<string, string> = {
  account: 'Account and sign-in',
  billing: 'Plans and billing',
  brokers: 'Broker connections',
  data: 'Data and figures',
  bug: 'Something is broken',
  other: 'Something else',
}

/** The conversation the case follows up, from the query string (a positive whole number). */
function conversationOf(params: URLSearchParams): number | null {
  const n = Number(params.get('conversation_id'))
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

function Body({ error, conversation }: { error: unknown; conversation: number | null }) {
  const id = useId()
  const message = error instanceof ApiError ? error.fieldMessage('body') : undefined
  return (
    <div className={`field${message ? ' invalid' : ''}`}>
      <label htmlFor={id}>What happened</label>
      <textarea
        id={id}
        name="body"
        rows={8}
        required
        maxLength={10000}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        defaultValue={
          conversation
            ? `I was talking to the support assistant in conversation #${conversation} and need a person to help.\n\n`
            : ''
        }
      />
      {message && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {message}
        </small>
      )}
    </div>
  )
}

export default function NewCasePage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const client = useQueryClient()
  const conversation = conversationOf(params)
  const create = useMutation({
    mutationFn: (body: CaseInput) => createCase(body),
    onSuccess: async (c) => {
      await client.invalidateQueries({ queryKey: ['support', 'cases'] })
      void navigate(`/support/cases/${c.case_id}`)
    },
  })
  return (
    <Page title="New support case">
      <SupportTabs />
      <Section title="Tell us what you need">
        <form
          onSubmit={(e) => {
            const get = formFields(e)
            const category = get('category')
            create.mutate({
              subject: get('subject').trim(),
              body: get('body').trim(),
              ...(category ? { category: category as CaseInput['category'] } : {}),
              ...(conversation ? { conversation_id: conversation } : {}),
            })
          }}
        >
          {conversation && (
            <p className="muted" data-conversation={conversation}>
              Follows up assistant conversation #{conversation}; the support team sees it with your case.
            </p>
          )}
          <Field
            label="Subject"
            name="subject"
            required
            maxLength={200}
            error={create.error}
            defaultValue={conversation ? `Follow-up to assistant conversation #${conversation}` : ''}
          />
          <SelectField label="Category" name="category" error={create.error} defaultValue="">
            <option value="">Choose one (optional)</option>
            {CASE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <Body error={create.error} conversation={conversation} />
          <ProblemAlert error={create.error} />
          <div>
            <button type="submit" disabled={create.isPending}>
              Open the case
            </button>
          </div>
        </form>
      </Section>
    </Page>
  )
}
