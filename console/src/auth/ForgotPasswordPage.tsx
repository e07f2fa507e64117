/**
 * Ask for a password-reset link (POST /api/auth/password-reset/request). The e-mail opens the
 * service's /reset-password page, which sets the new password; then the user logs in here.
 */
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api, data } from '../api/client.ts'
import { Field } from '../ui/Field.tsx'
import { formFields } from '../ui/form.ts'
import { ProblemAlert } from '../ui/ProblemAlert.tsx'

export default function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: (email: string) => data(api.POST('/api/auth/password-reset/request', { body: { email } })),
  })
  return (
    <main className="auth-page" id="main">
      <h1>Sextant</h1>
      {request.isSuccess ? (
        <section aria-label="Check your inbox">
          <h2>Check your inbox</h2>
          <p>If an account has this address, a link to set a new password is on its way.</p>
          <p>
            <Link to="/login">Back to log in</Link>
          </p>
        </section>
      ) : (
        <form
          aria-label="Reset your password"
          onSubmit={(e) => {
            request.mutate(formFields(e)('email'))
          }}
        >
          <h2>Reset your password</h2>
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={request.error}
          />
          <ProblemAlert error={request.error} />
          <button type="submit" disabled={request.isPending}>
            Send the link
          </button>
          <p className="links">
            <Link to="/login">Back to log in</Link>
          </p>
        </form>
      )}
    </main>
  )
}
