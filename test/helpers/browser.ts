/**
 * Headless Chromium for the page tests, driven by puppeteer-core (no browser download): Debian's
 * `chromium` package, or the binary CHROMIUM_PATH names. Without one the browser tests skip with
 * this diagnostic — unless REQUIRE_BROWSER=1 (CI sets it), where a missing browser is a failure.
 */
import { existsSync } from 'node:fs'
import puppeteer, { type Browser } from 'puppeteer-core'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function chromiumPath(): string | undefined {
  const configured = process.env['CHROMIUM_PATH']
  if (configured) return existsSync(configured) ? configured : undefined
  return CANDIDATES.find((p) => existsSync(p))
}

/** Why the browser tests cannot run here, or undefined when they can. Throws when they must run. */
export function browserSkipReason(): string | undefined {
  if (chromiumPath()) return undefined
  const reason =
    `no Chromium found (CHROMIUM_PATH or ${CANDIDATES.join(', ')}); ` +
    'install it with `apt-get install chromium` to run the browser tests'
  if (process.env['REQUIRE_BROWSER'] === '1') throw new Error(`REQUIRE_BROWSER=1 but ${reason}`)
  process.stderr.write(`skipping browser tests: ${reason}\n`)
  return reason
}

export function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('no Chromium found')
  return puppeteer.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox; /dev/shm is often tiny.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage'],
  })
}
