/**
 * The pages the identity e-mails link to (PUBLIC_BASE_URL + /verify-email, /reset-password, /reactivate): a
 * person opens them in a browser, and their scripts call this module's JSON operations
 * (verify-email/confirm, password-reset/confirm, reactivate/confirm, and the requests for a new link). They live here, beside the service that writes
 * the links, so a change of route or message is made in one module.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { servePages } from '../../../platform/http/pages.ts'

export function identityPages(app: App): void {
  servePages(app, new URL('./web/', import.meta.url), {
    '/verify-email': 'verify-email.html',
    '/reset-password': 'reset-password.html',
    '/reactivate': 'reactivate.html',
    '/assets/identity/api.js': 'api.js',
    '/assets/identity/verify-email.js': 'verify-email.js',
    '/assets/identity/reset-password.js': 'reset-password.js',
    '/assets/identity/reactivate.js': 'reactivate.js',
  })
}
