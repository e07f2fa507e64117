// Confirms the address with the e-mailed token as soon as the page opens, then says the outcome.
import { linkToken, postJson, problemLines } from './api.js'

const status = document.getElementById('status')

function finish(outcome, text) {
  status.textContent = text
  status.dataset.outcome = outcome
}

async function confirm() {
  const token = linkToken()
  if (!token) return finish('failed', 'This link has no token. Open the link from the e-mail again.')
  const { ok, body } = await postJson('/api/auth/verify-email/confirm', { token })
  if (ok)
    return finish('done', `Your e-mail address ${body.user.email} is verified. You can close this page.`)
  finish(
    'failed',
    `Your address could not be verified: ${problemLines(body).join(' ')} ` +
      'Request a new link with POST /api/auth/verify-email/request.',
  )
}

confirm().catch(() => finish('failed', 'The service could not be reached; try the link again later.'))
