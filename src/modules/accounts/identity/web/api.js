// Calls to the identity API from its pages, and the words a person reads when one fails.

/** The `token` of this page's link, or null. */
export const linkToken = () => new URLSearchParams(window.location.search).get('token')

/** POSTs JSON; resolves { ok, body } (body: the answer or its RFC 9457 problem document). */
export async function postJson(path, payload) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  })
  const body = await res.json().catch(() => ({}))
  return { ok: res.ok, body }
}

/** A problem's sentences: its field messages ("new_password: must be at least …"), else its detail. */
export function problemLines(problem) {
  const fields = (problem.errors ?? []).map((e) => {
    const field = (e.loc ?? []).filter((p) => p !== 'body').join('.')
    return field ? `${field.replace(/_/g, ' ')}: ${e.msg}` : e.msg
  })
  if (fields.length) return fields
  return [problem.detail ?? problem.title ?? 'Something went wrong; try again later.']
}

/** Replaces `el`'s content with one paragraph per line (text only: nothing is parsed as HTML). */
export function showLines(el, lines) {
  el.replaceChildren(
    ...lines.map((line) => {
      const p = document.createElement('p')
      p.textContent = line
      return p
    }),
  )
}

/**
 * Wires the page's "send me a new link" form: `#request` (an e-mail field and a button) POSTs the
 * address to `path` (an operation that always answers 204, whoever the address belongs to) and
 * `#request-status` says what happens next.
 */
export function wireRequestForm(path, sentText) {
  const form = document.getElementById('request')
  const status = document.getElementById('request-status')
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const email = form.querySelector('input[type=email]').value.trim()
    if (!email) return showLines(status, ['Enter your e-mail address.'])
    const button = form.querySelector('button')
    button.disabled = true
    postJson(path, { email })
      .then(({ ok, body }) => {
        if (!ok) return showLines(status, problemLines(body))
        form.hidden = true
        showLines(status, [sentText])
        status.dataset.outcome = 'sent'
      })
      .catch(() => showLines(status, ['The service could not be reached; try again later.']))
      .finally(() => (button.disabled = false))
  })
}

/** Shows the request form (hidden until a link turns out not to work). */
export function offerNewLink() {
  document.getElementById('request').hidden = false
}
