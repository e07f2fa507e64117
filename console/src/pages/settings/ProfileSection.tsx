/**
 * The profile (PATCH /api/auth/me: full name and phone, a 422 shown next to its field) and the
 * e-mail address with its verification status and a "resend" (POST /api/auth/verify-email/request).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, data } from '../../api/client.ts'
import { ME, useUser } from '../../auth/session.tsx'
import { Field } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'

const orNull = (v: string) => (v.trim() === '' ? null : v.trim())

export function ProfileSection() {
  const user = useUser()
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (body: { full_name: string | null; phone: string | null }) =>
      data(api.PATCH('/api/auth/me', { body })),
    onSuccess: (me) => client.setQueryData(ME, me),
  })
  return (
    <Section title="Profile">
      <form
        aria-label="Profile"
        onSubmit={(e) => {
          const f = formFields(e)
          save.mutate({ full_name: orNull(f('full_name')), phone: orNull(f('phone')) })
        }}
      >
        <Field
          label="Full name"
          name="full_name"
          defaultValue={user.full_name ?? ''}
          error={save.error}
          autoComplete="name"
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          defaultValue={user.phone ?? ''}
          error={save.error}
          autoComplete="tel"
          hint={`International format, e.g. +15551234567${user.phone ? (user.phone_verified ? ' · verified' : ' · not verified') : ''}`}
        />
        <ProblemAlert error={save.error} />
        {save.isSuccess && (
          <p role="status" className="muted">
            Saved.
          </p>
        )}
        <div>
          <button type="submit" disabled={save.isPending}>
            Save profile
          </button>
        </div>
      </form>
    </Section>
  )
}

export function EmailSection() {
  const user = useUser()
  const resend = useMutation({
    mutationFn: () => data(api.POST('/api/auth/verify-email/request', { body: { email: user.email } })),
  })
  return (
    <Section title="E-mail address">
      <p>
        <strong>{user.email}</strong> ·{' '}
        <span data-email-verified={user.email_verified}>
          {user.email_verified ? 'verified' : 'not verified'}
        </span>
      </p>
      {!user.email_verified && (
        <>
          <p className="muted">
            Open the link we e-mailed you to verify the address. It is valid for 24 hours.
          </p>
          <ProblemAlert error={resend.error} />
          {resend.isSuccess && (
            <p role="status">
              A new verification link is on its way to {user.email}; the previous one no longer works.
            </p>
          )}
          <button
            type="button"
            className="secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Resend verification e-mail
          </button>
        </>
      )}
    </Section>
  )
}
