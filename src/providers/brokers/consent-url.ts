/** The vendor's consent page for the authorization code flow (RFC 6749 §4.1.1), as Alpaca and Schwab take it. */
export function consentUrl(
  authorizeUrl: string,
  p: { clientId: string; redirectUri: string; state: string; scope?: string },
): string {
  const url = new URL(authorizeUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', p.clientId)
  url.searchParams.set('redirect_uri', p.redirectUri)
  url.searchParams.set('state', p.state)
  if (p.scope !== undefined) url.searchParams.set('scope', p.scope)
  return url.toString()
}
