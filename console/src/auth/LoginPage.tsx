/**
 * Log in: the OAuth 2.0 password grant (POST /api/auth/token, form-encoded), which sets the session
 * cookies; when the account has MFA, a second step asks for the authenticator's code (or a recovery
 * code) at POST /api/auth/mfa/challenge. Then back to the page that asked for a login.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { rememberExpiry } from '../api/client.ts'
import { ApiError, type Problem } from '../api/problem.ts'
import { formFields } from '../ui/form.ts'
import { ProblemAlert } from '../ui/ProblemAlert.tsx'
import { ME } from './session.tsx'

type Answer = { expires_in: number } | { mfa_required: true; mfa_token: string }

async function post(url: string, body: BodyInit, type: string): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': type },
    credentials: 'same-origin',
  })
  const answer = (await res.json().catch(() => ({}))) as Answer & Problem
  if (!res.ok) throw new ApiError(res.status, answer)
  return answer
}

export default function LoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const client = useQueryClient()
  const [mfaToken, setMfaToken] = useState<string>()
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)

  const finish = async (answer: Answer) => {
    if ('mfa_required' in answer) return setMfaToken(answer.mfa_token)
    rememberExpiry(answer.expires_in)
    await client.invalidateQueries({ queryKey: ME })
    const next = params.get('next')
    await navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true })
  }
  const submit = async (work: () => Promise<Answer>) => {
    setBusy(true)
    setError(undefined)
    try {
      await finish(await work())
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="auth-page" id="main">
      <h1>Sextant</h1>
      {/* Keyed: without keys React reuses the e-mail <input> as the code input, which then starts out
          holding the e-mail address the user typed. */}
      {mfaToken === undefined ? (
        <form
          key="password"
          aria-label="Log in"
          onSubmit={(e) => {
            const f = formFields(e)
            const body = new URLSearchParams({
              grant_type: 'password',
              username: f('email'),
              password: f('password'),
            })
            void submit(() => post('/api/auth/token', body, 'application/x-www-form-urlencoded'))
          }}
        >
          <h2>Log in</h2>
          <label>
            E-mail
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <ProblemAlert error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
          <p className="links">
            <Link to="/register">Create an account</Link> ·{' '}
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
        </form>
      ) : (
        <form
          key="mfa"
          aria-label="Two-step verification"
          onSubmit={(e) => {
            const code = formFields(e)('code').replace(/\s+/g, '')
            const body = JSON.stringify({ mfa_token: mfaToken, code })
            void submit(() => post('/api/auth/mfa/challenge', body, 'application/json'))
          }}
        >
          <h2>Two-step verification</h2>
          <label>
            Code from your authenticator app, or a recovery code
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required minLength={6} />
          </label>
          <ProblemAlert error={error} />
          <button type="submit" disabled={busy}>
            Verify
          </button>
          <button type="button" className="secondary" onClick={() => setMfaToken(undefined)}>
            Back
          </button>
        </form>
      )}
    </main>
  )
}
