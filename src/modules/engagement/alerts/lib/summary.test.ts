import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { channelSummary } from './summary.ts'

const NY = 'America/New_York'
const say = (channel: string, status: string, detail: object = {}, attempts = 0, zone = NY) =>
  channelSummary({ channel, status, detail, attempts }, zone)

describe('the trace’s sentence per channel', () => {
  it('says what happened and why, for every status', () => {
    assert.equal(say('in_app', 'sent', { item_id: 3 }), 'Delivered to your in-app inbox')
    assert.equal(
      say('email', 'sent', { message_id: 'm1', recipient: 'ann@example.com' }),
      'Sent by e-mail to ann@example.com',
    )
    assert.equal(say('web_push', 'sent', { targets: [] }), 'Sent by browser push')
    assert.equal(say('mobile_push', 'pending'), 'Queued for mobile push')
    assert.equal(
      say('email', 'retrying', { provider: { status: 421, reason: 'try later' } }, 2),
      'Not delivered yet: the provider answered 421 try later; retrying (attempt 2)',
    )
    assert.equal(
      say('email', 'quiet_hours', { held_until: '2026-11-25T16:00:00.000Z' }),
      'Held by your quiet hours until 11:00 on 2026-11-25 (America/New_York)',
    )
    assert.equal(
      say('email', 'quiet_hours', { held_until: '2026-11-25T06:00:00.000Z' }, 0, 'Europe/Paris'),
      'Held by your quiet hours until 07:00 on 2026-11-25 (Europe/Paris)',
    )
    assert.equal(
      say('email', 'capped', { cap: 'email_per_day', limit: 20 }),
      'Not sent: your daily e-mail limit of 20 was reached',
    )
    assert.equal(
      say('email', 'suppressed', { suppression_id: 7, reason: 'unsubscribe' }),
      'Not sent: you unsubscribed from these alerts (suppression 7)',
    )
    assert.equal(
      say('web_push', 'suppressed', { suppression_id: 8, reason: 'push_gone', targets: [] }),
      'Not sent: the browser or device is no longer registered (suppression 8)',
    )
    assert.equal(
      say('email', 'skipped', { reason: 'no_verified_email' }),
      'Not sent: your e-mail address is not verified',
    )
    assert.equal(
      say('web_push', 'skipped', { reason: 'no_push_target' }),
      'Not sent: no browser or device is set up for push',
    )
    assert.equal(
      say('mobile_push', 'failed', {
        provider: { outcome: 'failed', status: 400, reason: 'BadDeviceToken' },
      }),
      'Failed: the provider answered 400 BadDeviceToken; no more retries',
    )
    assert.equal(say('email', 'failed', {}), 'Failed: the provider refused it; no more retries')
  })
})
