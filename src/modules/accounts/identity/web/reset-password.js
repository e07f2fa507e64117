// Sends the chosen password with the e-mailed token; shows the API's reasons when it refuses one.
import { linkToken, offerNewLink, postJson, problemLines, showLines, wireRequestForm } from './api.js'

const form = document.getElementById('reset')
const errors = document.getElementById('errors')
const status = document.getElementById('status')
const field = (id) => document.getElementById(id)

function fail(lines) {
  showLines(errors, lines)
  errors.dataset.outcome = 'failed'
}

async function submit(event) {
  event.preventDefault()
  errors.replaceChildren()
  const token = linkToken()
  const password = field('new_password').value
  if (password !== field('repeat_password').value) return fail(['The two passwords differ.'])
  const button = form.querySelector('button')
  button.disabled = true
  try {
    const { ok, body } = await postJson('/api/auth/password-reset/confirm', { token, new_password: password })
    if (!ok) {
      const expired = (body.errors ?? []).some((e) => e.type === 'invalid_token')
      if (!expired) return fail(problemLines(body))
      form.hidden = true
      offerNewLink()
      return fail(['This link was already used or has expired. Ask for a new one below.'])
    }
    form.hidden = true
    status.textContent =
      'Your password is changed. Every session was signed out and your API key no longer works: log in ' +
      'with the new password, then create a new API key if you use one.'
    status.dataset.outcome = 'done'
  } catch {
    fail(['The service could not be reached; try again later.'])
  } finally {
    button.disabled = false
  }
}

wireRequestForm(
  '/api/auth/password-reset/request',
  'If that address has an account, a link to choose a new password is on its way. It is valid for 1 hour.',
)
// Opened without a link's token (from "Forgot your password?"): ask where to send one.
if (!linkToken()) {
  form.hidden = true
  document.getElementById('ask').hidden = false
  offerNewLink()
}
form.addEventListener('submit', (event) => void submit(event))
