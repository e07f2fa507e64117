import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { dailyModule, JOB_EOD_REVIEW, type Daily } from '../index.ts'
import { eodCron } from './schedule.ts'

describe('end-of-day review schedule', () => {
  it('EOD_REVIEW_AT becomes a weekday cron in New York', () => {
    assert.equal(eodCron('16:30'), '30 16 * * 1-5')
    assert.equal(eodCron('17:05'), '5 17 * * 1-5')
    assert.throws(() => eodCron('4:30 pm'), RangeError)
    const jobs = dailyModule.jobs!({ eodCron: eodCron('16:30') } as Daily)
    assert.deepEqual(
      jobs.map((j) => [j.name, j.schedule]),
      [[JOB_EOD_REVIEW, { cron: '30 16 * * 1-5', tz: 'America/New_York' }]],
    )
  })
})
