// Confirms the address with the e-mailed token as soon as the page opens, then says the outcome;
// when the link no longer works, offers to e-mail a new one.
import { linkToken, offerNewLink, postJson, wireRequestForm } from './api.js'

const status = document.getElementById('status')

function finish(outcome, text) {
  status.textContent = text
  status.dataset.outcome = outcome
  if (outcome === 'failed') offerNewLink()
}

async function confirm() {
  const token = linkToken()
  if (!token)
    return finish(
      'failed',
      'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
    )
  const { ok, body } = await postJson('/api/auth/verify-email/confirm', { token })
  if (ok)
    return finish('done', `Your e-mail address ${body.user.email} is verified. You can close this page.`)
  finish(
    'failed',
    'This link was already used or has expired. If your address is verified already, there is nothing ' +
      'more to do; otherwise ask for a new link below.',
  )
}

wireRequestForm(
  '/api/auth/verify-email/request',
  'If that address has an account still to verify, a new link is on its way. It is valid for 24 hours.',
)
confirm().catch(() => finish('failed', 'The service could not be reached; try the link again later.'))
