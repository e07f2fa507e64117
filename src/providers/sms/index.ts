/** SMS delivery: Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are all set, else the outbox table. */
import type { Config } from '../../platform/config.ts'
import type { Scopes } from '../../platform/db/index.ts'
import type { HttpClient } from '../shared/http.ts'
import { createOutboxSmsSender } from './outbox.ts'
import type { SmsLogger, SmsSender } from './sms.port.ts'
import { createTwilioSmsSender } from './twilio.ts'

export type { SmsLogger, SmsMessage, SmsSender } from './sms.port.ts'
export { createOutboxSmsSender } from './outbox.ts'
export {
  createTwilioSmsSender,
  isPermanentSmsFailure,
  twilioErrorCode,
  TWILIO_INVALID_NUMBER,
  TWILIO_NOT_SMS_CAPABLE,
  TWILIO_UNSUBSCRIBED,
} from './twilio.ts'

export function createSmsSender(
  config: Pick<
    Config,
    'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_BASE_URL' | 'NODE_ENV'
  >,
  deps: { scopes: Scopes; log: SmsLogger; http: HttpClient },
): SmsSender {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config
  if (accountSid && authToken && from) {
    return createTwilioSmsSender({
      http: deps.http,
      baseUrl: config.TWILIO_BASE_URL,
      accountSid,
      authToken,
      from,
    })
  }
  return createOutboxSmsSender({
    scopes: deps.scopes,
    log: deps.log,
    logBody: config.NODE_ENV === 'development',
  })
}
