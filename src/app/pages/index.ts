/**
 * Pages of the whole service: the landing page at `/` (what this is, where the docs are, how to
 * log in), the stylesheet every page shares, and the icon browsers ask every origin for at
 * /favicon.ico. Module pages (identity's e-mailed links) live in their module and link to
 * `/assets/site.css`.
 */
import { servePages } from '../../platform/http/pages.ts'
import type { App } from '../../platform/http/app-type.ts'

export function sitePages(app: App): void {
  servePages(app, new URL('./', import.meta.url), {
    '/': 'landing.html',
    '/assets/site.css': 'site.css',
    // Browsers ask every origin for /favicon.ico, /docs included; without it each page logs a 404.
    '/favicon.ico': 'icon.svg',
  })
}
