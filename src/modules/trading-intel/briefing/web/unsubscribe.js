// Sends the one-click unsubscribe of this page's link when the person presses the button (never
// on opening: mail scanners open links) and says the outcome in words, not the API's JSON.
const form = document.getElementById('unsubscribe')
const status = document.getElementById('status')

function finish(outcome, text) {
  status.textContent = text
  status.dataset.outcome = outcome
  if (outcome !== 'retry') {
    form.hidden = true
    document.getElementById('intro').hidden = true
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
    if (res.ok)
      return finish(
        'done',
        'You are unsubscribed: no more scheduled briefing e-mails will be sent. To receive them again, ' +
          'turn the briefing back on where you first turned it on.',
      )
    finish(
      'failed',
      res.status === 404 || res.status === 422
        ? 'This unsubscribe link is not valid. Use the link of a recent briefing e-mail.'
        : 'Something went wrong; try again later.',
    )
  } catch {
    finish('retry', 'The service could not be reached; try again later.')
  } finally {
    button.disabled = false
  }
}

form.addEventListener('submit', (event) => void unsubscribe(event))
