/**
 * Two-step verification (TOTP): setup (POST /api/auth/mfa/totp/setup → a secret and its otpauth://
 * URL, drawn as a QR code and written out for manual entry), the first code (POST …/verify → the 10
 * recovery codes, shown once), and turning it off with a code (DELETE /api/auth/mfa/totp).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, data } from '../../api/client.ts'
import { ME, useUser } from '../../auth/session.tsx'
import { Field } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { CopyButton } from './CopyButton.tsx'
import { QrCode } from './QrCode.tsx'

const setupTotp = () => data(api.POST('/api/auth/mfa/totp/setup'))
type Setup = Awaited<ReturnType<typeof setupTotp>>

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>Two-step verification is on.</strong> Keep these recovery codes somewhere safe: each one works
        once in place of a code, and they are shown only now.
      </p>
      <ol className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')} label="Copy the recovery codes" />
    </div>
  )
}

function Enrol({ setup, onDone }: { setup: Setup; onDone: (codes: string[]) => void }) {
  const client = useQueryClient()
  const verify = useMutation({
    mutationFn: (code: string) => data(api.POST('/api/auth/mfa/totp/verify', { body: { code } })),
    onSuccess: (r) => {
      onDone(r.recovery_codes)
      void client.invalidateQueries({ queryKey: ME })
    },
  })
  return (
    <div className="mfa-enrol">
      <p>Scan this code with an authenticator app, or type the key below into it.</p>
      <QrCode value={setup.otpauth_url} label="QR code of the authenticator setup link" />
      <p>
        Key for manual entry: <code data-secret>{setup.secret}</code>{' '}
        <CopyButton text={setup.secret} label="Copy the key" />
      </p>
      <p className="muted">
        On this phone? <a href={setup.otpauth_url}>Open the setup link in your authenticator app</a>.
      </p>
      <form aria-label="Confirm two-step verification" onSubmit={(e) => verify.mutate(formFields(e)('code'))}>
        <Field
          label="6-digit code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={verify.error}
        />
        <ProblemAlert error={verify.error} />
        <div>
          <button type="submit" disabled={verify.isPending}>
            Turn on two-step verification
          </button>
        </div>
      </form>
    </div>
  )
}

function Disable() {
  const client = useQueryClient()
  const off = useMutation({
    mutationFn: (code: string) => data(api.DELETE('/api/auth/mfa/totp', { body: { code } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ME }),
  })
  return (
    <form aria-label="Turn off two-step verification" onSubmit={(e) => off.mutate(formFields(e)('code'))}>
      <Field
        label="A current code or an unused recovery code"
        name="code"
        autoComplete="one-time-code"
        required
        error={off.error}
      />
      <ProblemAlert error={off.error} />
      <div>
        <button type="submit" className="danger" disabled={off.isPending}>
          Turn off two-step verification
        </button>
      </div>
    </form>
  )
}

export function MfaSection() {
  const user = useUser()
  const [codes, setCodes] = useState<string[]>()
  const setup = useMutation({ mutationFn: setupTotp })
  return (
    <Section title="Two-step verification">
      <p>
        Status: <strong data-mfa-status>{user.mfa_enabled ? 'on' : 'off'}</strong>
        {user.mfa_enabled ? ' — logging in asks for a code from your authenticator app.' : '.'}
      </p>
      {codes && <RecoveryCodes codes={codes} />}
      {user.mfa_enabled && !codes && <Disable />}
      {!user.mfa_enabled && !codes && (
        <>
          <ProblemAlert error={setup.error} />
          {setup.data ? (
            <Enrol setup={setup.data} onDone={setCodes} />
          ) : (
            <button type="button" disabled={setup.isPending} onClick={() => setup.mutate()}>
              Set up two-step verification
            </button>
          )}
        </>
      )}
    </Section>
  )
}
