// Reactivates the account with the e-mailed token when the person presses the button (never on
// opening: mail scanners open links); when the link no longer works, offers to e-mail a new one.
import { linkToken, offerNewLink, postJson, problemLines, wireRequestForm } from './api.js'

const button = document.getElementById('reactivate')
const status = document.getElementById('status')

function finish(outcome, text) {
  status.textContent = text
  status.dataset.outcome = outcome
  button.hidden = true
  document.getElementById('intro').hidden = true
  if (outcome === 'failed') offerNewLink()
}

async function reactivate() {
  const token = linkToken()
  if (!token) return finish('failed', 'This link is incomplete. Ask for a new one below.')
  button.disabled = true
  try {
    const { ok, body } = await postJson('/api/auth/reactivate/confirm', { token })
    if (ok)
      return finish(
        'done',
        `Your account ${body.user.email} is active again. Log in with your e-mail and password.`,
      )
    const expired = (body.errors ?? []).some((e) => e.type === 'invalid_token')
    finish(
      'failed',
      expired
        ? 'This link was already used or has expired. Ask for a new one below.'
        : problemLines(body).join(' '),
    )
  } catch {
    finish('failed', 'The service could not be reached; try again later.')
  } finally {
    button.disabled = false
  }
}

wireRequestForm(
  '/api/auth/reactivate/request',
  'If that address has a deactivated account, a new link is on its way. It is valid for 24 hours.',
)
button.addEventListener('click', () => void reactivate())
