/** OpenAPI example values the push routes share. */
const ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABnX2qL6vYw0dEXAMPLE'
const FCM_TOKEN =
  'dGVzdC1kZXZpY2U6APA91bHzXq1mN5-7yVbS9cWkL0rT2uJx3eFg4hIi5jKk6lLm7nMo8pPq9qRr0sSt1uTv2wXx3yYz4AaBb5CcDd6EeFf7GgHh8'

export const SUBSCRIPTION_BODY = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: 'BEFtAG8pRpPB8MPKmHle7sbANOi56am72tJ563CsJZ7cxcru4T9CH8P9rqdDUqig3LBPuQ42FJ2VbRtZu7t2L6o',
    auth: 'QIz79h7-Gx8NT0j2TNgMgQ',
  },
}

export const SUBSCRIPTION = {
  subscription_id: 7,
  endpoint: ENDPOINT,
  expiration_time: null,
  created_at: '2026-03-02T14:05:11.000Z',
  last_seen_at: '2026-03-09T08:30:00.000Z',
  last_success_at: '2026-03-09T08:31:02.000Z',
}

export const SUBSCRIPTIONS = { items: [SUBSCRIPTION], limit: 20 }

export const VAPID_KEY = {
  public_key: 'BOpfN1MfEK0aJTdBNuj7oSnrLkbe5qD2P62zyovm03OROozpEihC17BoN8-PL-8kGXaVeYqmaHnquwxiW5r69wE',
}

export const TOKEN_BODY = { device_token: FCM_TOKEN, platform: 'android', app_id: 'com.example.sextant' }

export const TOKEN = {
  token_id: 12,
  device_token: FCM_TOKEN,
  platform: 'android',
  app_id: 'com.example.sextant',
  created_at: '2026-03-01T09:00:00.000Z',
  last_seen_at: '2026-03-09T08:30:00.000Z',
}

export const TOKENS = { items: [TOKEN], limit: 20 }

export const TEST_BODY = { title: 'Hello', body: 'Does this reach me?' }

export const TEST_RESULTS = {
  results: [
    { kind: 'web_push', id: 7, outcome: 'sent', status: 201 },
    { kind: 'web_push', id: 9, outcome: 'gone', status: 410, reason: 'errno 103' },
    { kind: 'mobile_push', id: 12, outcome: 'sent' },
  ],
}
