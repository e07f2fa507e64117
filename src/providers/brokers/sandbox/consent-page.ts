/** The sandbox's consent page: plain HTML, no script or style, one form posting back to itself. */

const SCOPE_TEXT: Record<string, string> = {
  'account:write': 'Change your account configuration',
  trading: 'Place, change and cancel orders',
  data: 'Read market data',
}

/** Text safe inside HTML elements and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A vendor's wording of the page (default: Alpaca's). */
export interface ConsentWording {
  /** The vendor's name, e.g. "Charles Schwab". */
  vendor: string
  /** What every grant allows, before the requested scopes. */
  asks: string[]
  /** What allowing does in the sandbox. */
  note: string
}

const ALPACA: ConsentWording = {
  vendor: 'Alpaca',
  asks: ['Read your account, positions, orders and activities'],
  note: 'This is a simulated brokerage: allowing creates a new paper account with generated holdings.',
}

export interface ConsentInput {
  /** The request's own path and query string: the form's action. */
  action: string
  clientId: string
  redirectUri: string
  scopes: string[]
  wording?: ConsentWording
}

export function consentPage(p: ConsentInput): string {
  const w = p.wording ?? ALPACA
  const asks = [...w.asks, ...p.scopes.map((s) => SCOPE_TEXT[s] ?? s)]
  const items = asks.map((a) => `      <li>${escapeHtml(a)}</li>`).join('\n')
  const vendor = escapeHtml(w.vendor)
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${vendor} (sandbox): authorize ${escapeHtml(p.clientId)}</title>
  </head>
  <body>
    <main>
      <h1>Authorize access to your ${vendor} account</h1>
      <p>The application <strong>${escapeHtml(p.clientId)}</strong> asks to:</p>
      <ul>
${items}
      </ul>
      <p>You will then return to <code>${escapeHtml(new URL(p.redirectUri).origin)}</code>.</p>
      <form method="post" action="${escapeHtml(p.action)}">
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>
      <p>${escapeHtml(w.note)}</p>
    </main>
  </body>
</html>
`
}
