/**
 * `npx tsx bench/console.ts`: what the web console costs a user, on this machine, in one run.
 * - Weight: the JavaScript the dashboard route loads first (the entry chunk, the dashboard page's
 *   chunk and everything they import statically), gzipped; target ≤ 250 kB.
 * - Time to interactive: from navigation to the dashboard's AUM figure on screen, in headless Chromium,
 *   against a warm server holding the demo portfolio, logged in as the demo user; target < 1.5 s.
 *   Beside it, the same measure for the static landing page (`/`), the floor of any page load here,
 *   so the ratio is comparable between runs on a busy and an idle machine.
 * Needs `npm run build` (dist/console) and Chromium (the browser tests' one).
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { buildApp } from '../src/app/build-app.ts'
import { createContainer } from '../src/app/container.ts'
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/app/demo-seed.ts'
import { CONSOLE_DIR } from '../src/app/console.ts'
import { migrateToLatest } from '../src/app/migrations.ts'
import { loadConfig } from '../src/platform/config.ts'
import { launchChromium } from '../test/helpers/browser.ts'

const ROUNDS = 7
const DASHBOARD_READY = '[data-stat="AUM"]'

interface Chunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

/** gzipped bytes of the dashboard route's first JavaScript: the entry and the dashboard chunks, closed over static imports. */
function dashboardWeight(): { files: number; gzip: number } {
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', CONSOLE_DIR), 'utf8')) as Record<
    string,
    Chunk
  >
  // The page's entry; the service worker (src/sw/sw.ts) is an entry too, loaded by no page.
  const entry = 'index.html'
  const dashboard = Object.keys(manifest).filter(
    (k) => k.includes('pages/dashboard/') && !k.endsWith('area.ts'),
  )
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const i of manifest[key]?.imports ?? []) visit(i)
  }
  for (const k of [entry, ...dashboard]) visit(k)
  const gzip = [...seen]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(new URL(f, CONSOLE_DIR))).length, 0)
  return { files: seen.size, gzip }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env['DATABASE_URL'] ?? 'memory://',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
  })
  const c = await createContainer(config)
  await migrateToLatest(c.database)
  const app = await buildApp(c)
  await c.jobs.start({ work: true })
  await seedDemo(c)
  await c.jobs.drain()
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const login = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: DEMO_EMAIL, password: DEMO_PASSWORD }),
    })
    const { access_token: token } = (await login.json()) as { access_token: string }
    await page.setCookie({ name: 'svc_token', value: token, url: base, httpOnly: true })
    const sinceNavigation = () => page.evaluate(() => performance.now())
    const measure = async (url: string, ready?: string) => {
      await page.goto('about:blank')
      await page.goto(url, { waitUntil: ready ? 'domcontentloaded' : 'load' })
      // A string, evaluated in the page (this file is compiled without the DOM's types).
      if (ready)
        await page.waitForFunction(`/\\d/.test(document.querySelector('${ready}')?.textContent ?? '')`)
      return sinceNavigation()
    }
    await measure(`${base}/app/`, DASHBOARD_READY) // cold: caches, JIT, the answer cache
    const dashboard: number[] = []
    const landing: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      dashboard.push(await measure(`${base}/app/`, DASHBOARD_READY))
      landing.push(await measure(`${base}/`))
    }
    const weight = dashboardWeight()
    const d = median(dashboard)
    const l = median(landing)
    process.stdout.write(
      [
        '| measure | value | target |',
        '| --- | --- | --- |',
        `| dashboard route JavaScript, gzipped (${weight.files} chunks) | ${(weight.gzip / 1024).toFixed(1)} kB | ≤ 250 kB |`,
        `| dashboard interactive (AUM on screen), median of ${ROUNDS} | ${d.toFixed(0)} ms | < 1,500 ms |`,
        `| landing page load, median of ${ROUNDS} | ${l.toFixed(0)} ms | |`,
        `| dashboard ÷ landing | ${(d / l).toFixed(1)} | |`,
        '',
      ].join('\n'),
    )
  } finally {
    await browser.close()
    await app.close()
    await c.close()
  }
}

await main()
