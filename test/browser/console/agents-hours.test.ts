/**
 * The console's allowed hours reach the end of the day: "Until midnight" saves the window's end as
 * 24:00 (a time input stops at 23:59), and an agent saved that way reads back ticked, not as an
 * empty end that the next save would send broken.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type ConsoleHarness, consoleSkipReason, startConsole } from '../../helpers/console.ts'

const BC = '/api/bot-controls'

describe('console: an agent’s allowed hours', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('saves a window until midnight as 24:00 and reads it back', async () => {
    const user = await h.newUser()
    const made = await user.api.post(`${BC}/agents`, { name: 'Evening bot' })
    assert.equal(made.statusCode, 201, made.body)
    const id = (JSON.parse(made.body) as { agent_id: number }).agent_id
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('input[name=start]')
    // A time input takes its value typed as the locale shows it; set it as a user's picker would.
    await page.$eval('input[name=start]', (e) => {
      ;(e as unknown as { value: string }).value = '18:00'
    })
    await page.click('input[name=to_midnight]')
    assert.equal(
      await page.$eval('input[name=end]', (e) => (e as unknown as { disabled: boolean }).disabled),
      true,
    )
    await page.click('button::-p-text(Save what it may trade)')
    await page.waitForFunction(
      `[...document.querySelectorAll('[role=status]')].some((e) => e.textContent.includes('Saved.'))`,
    )
    const saved = JSON.parse((await user.api.get(`${BC}/agents/${id}`)).body) as {
      allowed_hours: { start: string; end: string } | null
    }
    assert.deepEqual(saved.allowed_hours, { start: '18:00', end: '24:00' })

    await page.reload()
    await page.waitForSelector('input[name=to_midnight]')
    const read = await page.$eval('form', () => {
      const q = (s: string) =>
        (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(
          s,
        ) as { value: string; checked: boolean; disabled: boolean }
      return {
        start: q('input[name=start]').value,
        end: q('input[name=end]').value,
        midnight: q('input[name=to_midnight]').checked,
      }
    })
    assert.deepEqual(read, { start: '18:00', end: '', midnight: true })
    await page.close()
  })
})
