// Names the list this link unsubscribes from (a read-only GET), and sends the one-click POST only
// when the person presses the button (never on opening: mail scanners open links).
const form = document.getElementById('unsubscribe')
const status = document.getElementById('status')
const intro = document.getElementById('intro')

function finish(outcome, text) {
  status.textContent = text
  status.dataset.outcome = outcome
  if (outcome !== 'retry') {
    form.hidden = true
    intro.hidden = true
  }
}

async function describe() {
  try {
    const res = await fetch(window.location.href, { headers: { accept: 'application/json' } })
    if (!res.ok) return finish('failed', 'This unsubscribe link is not valid or has expired.')
    const info = await res.json()
    intro.textContent = info.unsubscribed
      ? `You are already unsubscribed from the “${info.list}” e-mails.`
      : `Press the button to stop the “${info.list}” e-mails from Sextant.`
  } catch {
    // The button still works; only the list's name is missing.
  }
}

async function unsubscribe(event) {
  event.preventDefault()
  const button = form.querySelector('button')
  button.disabled = true
  try {
    const res = await fetch(window.location.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    })
    if (res.ok) {
      const done = await res.json()
      return finish('done', `You are unsubscribed from the “${done.list}” e-mails.`)
    }
    finish(
      'failed',
      res.status === 422
        ? 'This unsubscribe link is not valid or has expired.'
        : 'Something went wrong; try again later.',
    )
  } catch {
    finish('retry', 'The service could not be reached; try again later.')
  } finally {
    button.disabled = false
  }
}

form.addEventListener('submit', (event) => void unsubscribe(event))
void describe()
