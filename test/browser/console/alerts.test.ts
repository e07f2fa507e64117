/**
 * The Alerts page in Chromium: a rule built from the capabilities' form (type, its parameters with
 * units, channels, frequency) is saved and still there after a reload, as the API records it; the
 * API's 422 for an out-of-range threshold lands under the threshold field; the rule fires (the quote
 * evaluation the market refresh runs) and the delivery trace shows the firing's values and each
 * channel's outcome in words — in-app sent, e-mail suppressed because the user unsubscribed from
 * alert e-mails by the one-click link; the rule is switched off and deleted; quiet hours are saved
 * in the browser's time zone. Every state passes
 * axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { badgeIs, checkPage, json, text } from './engagement-helpers.ts'

interface Prefs {
  rules: {
    rule_id: number
    alert_type: string
    params: Record<string, unknown>
    channels: string[]
    frequency: string
    enabled: boolean
  }[]
}
const prefs = async (user: ConsoleUser) => json<Prefs>(await user.api.get('/api/alerts/prefs'))

/** The user's address verified, and unsubscribed from alert e-mails through the one-click link. */
async function unsubscribedFromAlertMails(h: ConsoleHarness, user: ConsoleUser): Promise<string> {
  const me = json<{ id: number }>(await user.api.get('/api/auth/me'))
  await h.t.c.scopes.withSystem('test: verified address', ({ db }) =>
    db.updateTable('app_user').set({ email_verified_at: new Date() }).where('id', '=', me.id).execute(),
  )
  const { url } = h.t.c.notifications.unsubscribeLink(user.api.tenantId, me.id, 'alerts')
  const res = await h.t.anon.inject({ method: 'POST', url: new URL(url).pathname + new URL(url).search })
  assert.equal(res.statusCode, 200, res.body)
  return json<{ created_at: string }>(res).created_at
}

describe('console: alerts', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('creates a rule from the capabilities, shows a 422 at its field, and traces a firing per channel', async () => {
    const user = await h.newUser()
    const since = await unsubscribedFromAlertMails(h, user)
    const page = await h.login(user, '/alerts')
    await page.waitForSelector('form[aria-label="New alert rule"]')
    await page.waitForSelector('::-p-text(No alert rule yet)')
    await checkPage(h, page)

    // The form is the capabilities': every type is offered; price_above has a symbol and a USD threshold.
    const caps = json<{ types: { type: string; params: { name: string; min: number | null }[] }[] }>(
      await user.api.get('/api/alerts/capabilities'),
    )
    const offered = await page.$$eval('select[name=alert_type] option', (os) =>
      os.map((o) => o.getAttribute('value')),
    )
    assert.deepEqual(
      offered,
      caps.types.map((t) => t.type),
    )
    await page.select('select[name=alert_type]', 'price_above')
    const threshold = caps.types
      .find((t) => t.type === 'price_above')!
      .params.find((p) => p.name === 'threshold')!
    assert.match(
      await text(page, 'label[for="' + (await page.$eval('input[name=threshold]', (i) => i.id)) + '"]'),
      /\(USD\)/,
    )

    // Below the minimum: the API's message for the threshold, under the threshold field.
    const body = (value: string) => ({
      rules: [
        {
          alert_type: 'price_above',
          params: { symbol: 'AAPL', threshold: value },
          channels: ['in_app', 'email'],
          frequency: 'once_per_session',
        },
      ],
    })
    const refused = await user.api.put('/api/alerts/prefs', body('0'))
    assert.equal(refused.statusCode, 422, refused.body)
    const message = json<{ errors: { loc: (string | number)[]; msg: string }[] }>(refused).errors.find(
      (e) => e.loc.at(-1) === 'threshold',
    )!.msg
    assert.ok(threshold.min !== null && threshold.min > 0)
    await page.type('input[name=symbol]', 'aapl')
    await page.type('input[name=threshold]', '0')
    await page.click('input[name=channels][value=email]')
    await page.select('select[name=frequency]', 'once_per_session')
    await page.locator('button::-p-text(Add rule)').click()
    await page.waitForSelector('input[name=threshold][aria-invalid=true]')
    const described = await page.$eval('input[name=threshold]', (i) => i.getAttribute('aria-describedby'))
    assert.equal(await text(page, `[id="${described}"]`), message)
    assert.deepEqual((await prefs(user)).rules, [])
    await checkPage(h, page)

    // A valid threshold: the rule is saved as typed, and is still there after a reload.
    await page.$eval('input[name=threshold]', (i) => ((i as unknown as { value: string }).value = ''))
    await page.type('input[name=threshold]', '1.5')
    await page.locator('button::-p-text(Add rule)').click()
    await page.waitForSelector('table.alert-rules tr[data-alert-type=price_above]')
    const saved = (await prefs(user)).rules
    assert.equal(saved.length, 1)
    assert.deepEqual(
      { ...saved[0], rule_id: 0 },
      {
        ...saved[0],
        rule_id: 0,
        alert_type: 'price_above',
        channels: ['in_app', 'email'],
        frequency: 'once_per_session',
        enabled: true,
      },
    )
    assert.deepEqual(
      { symbol: saved[0]!.params['symbol'], threshold: saved[0]!.params['threshold'] },
      { symbol: 'AAPL', threshold: '1.5' },
    )
    await page.reload({ waitUntil: 'load' })
    const row = `tr[data-rule="${saved[0]!.rule_id}"]`
    await page.waitForSelector(row)
    assert.match(await text(page, row), /symbol AAPL · threshold 1\.5 USD/)

    // It fires on the next quote evaluation: in-app is delivered, e-mail is suppressed by the unsubscribe.
    await h.t.c.alerts.quotes.evaluate(['AAPL'])
    await h.t.c.jobs.drain()
    const trace = json<{
      items: {
        firing_id: number
        values: Record<string, string>
        channels: { channel: string; status: string }[]
      }[]
    }>(await user.api.get('/api/alerts/deliveries'))
    assert.equal(trace.items.length, 1)
    assert.deepEqual(Object.fromEntries(trace.items[0]!.channels.map((c) => [c.channel, c.status])), {
      in_app: 'sent',
      email: 'suppressed',
    })
    await page.reload({ waitUntil: 'load' })
    const firing = `li[data-firing="${trace.items[0]!.firing_id}"]`
    await page.waitForSelector(firing)
    const values = trace.items[0]!.values
    assert.equal(values['threshold'], '1.5')
    assert.equal(
      await text(page, `${firing} [data-values]`),
      Object.entries(values)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · '),
    )
    assert.match(await text(page, `${firing} li[data-channel=in_app]`), /^In-app: sent /)
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(since))
    assert.equal(
      await text(page, `${firing} li[data-channel=email]`),
      `E-mail: suppressed: you unsubscribed from alert e-mails on ${day}`,
    )
    await badgeIs(page, 1)
    await checkPage(h, page)

    // Switched off, then deleted, as the API records.
    await page.click(`${row} input[role=switch]`)
    await page.waitForSelector(`${row} input[role=switch]:not(:checked):not(:disabled)`)
    assert.equal((await prefs(user)).rules[0]!.enabled, false)
    await page.click(`${row} button.danger`)
    await page.waitForSelector('::-p-text(No alert rule yet)')
    assert.deepEqual((await prefs(user)).rules, [])

    // Quiet hours: the time zone defaults to the browser's; saved as shown.
    const zone = (await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')) as string
    assert.equal(
      await page.$eval('select[name=time_zone]', (s) => (s as unknown as { value: string }).value),
      zone,
    )
    await page.click('form[aria-label="Quiet hours"] input[name=enabled]')
    await page.locator('button::-p-text(Save quiet hours)').click()
    await page.waitForSelector('::-p-text(Quiet hours saved.)')
    assert.deepEqual(json<{ quiet_hours: unknown }>(await user.api.get('/api/alerts/prefs')).quiet_hours, {
      enabled: true,
      start: '22:00',
      end: '07:00',
      time_zone: zone,
    })
    await page.close()
  })
})
