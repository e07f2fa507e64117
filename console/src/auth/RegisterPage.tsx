/**
 * Create an account (POST /api/auth/register). The answer is the same whether or not the address was
 * free; the e-mailed link confirms it (the service's /verify-email page), then the user logs in here.
 */
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api, data } from '../api/client.ts'
import { Field } from '../ui/Field.tsx'
import { formFields } from '../ui/form.ts'
import { ProblemAlert } from '../ui/ProblemAlert.tsx'

export default function RegisterPage() {
  const register = useMutation({
    mutationFn: (body: { email: string; password: string; full_name?: string }) =>
      data(api.POST('/api/auth/register', { body })),
  })
  return (
    <main className="auth-page" id="main">
      <h1>Sextant</h1>
      {register.isSuccess ? (
        <section aria-label="Check your inbox">
          <h2>Check your inbox</h2>
          <p>{register.data.detail}</p>
          <p>
            <Link to="/login">Log in</Link>
          </p>
        </section>
      ) : (
        <form
          aria-label="Create an account"
          onSubmit={(e) => {
            const f = formFields(e)
            const name = f('full_name').trim()
            register.mutate({
              email: f('email'),
              password: f('password'),
              ...(name ? { full_name: name } : {}),
            })
          }}
        >
          <h2>Create an account</h2>
          <Field label="Name" name="full_name" autoComplete="name" error={register.error} />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={register.error}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="8 to 128 characters, not a common password"
            error={register.error}
          />
          <ProblemAlert error={register.error} />
          <button type="submit" disabled={register.isPending}>
            Create account
          </button>
          <p className="links">
            Already have one? <Link to="/login">Log in</Link>
          </p>
        </form>
      )}
    </main>
  )
}
