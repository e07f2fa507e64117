/** OpenAPI example values of /api/alerts. */

export const PREFS_BODY_EXAMPLE = {
  quiet_hours: { enabled: true, start: '22:00', end: '07:00', time_zone: 'America/New_York' },
  rules: [
    {
      alert_type: 'price_above',
      params: { symbol: 'AAPL', threshold: '200.00' },
      channels: ['in_app', 'email'],
      frequency: 'once_per_session',
      enabled: true,
    },
    {
      rule_id: 12,
      alert_type: 'screen_membership',
      params: { saved_screen_id: 3, on: 'gain' },
      channels: ['in_app', 'web_push'],
      frequency: 'every_time',
    },
  ],
}

export const PREFS_EXAMPLE = {
  quiet_hours: PREFS_BODY_EXAMPLE.quiet_hours,
  rules: [
    {
      rule_id: 12,
      alert_type: 'screen_membership',
      params: { saved_screen_id: 3, on: 'gain' },
      channels: ['in_app', 'web_push'],
      frequency: 'every_time',
      enabled: true,
      created_at: '2026-11-20T15:00:00.000Z',
      updated_at: '2026-11-25T14:00:00.000Z',
      skipped: null,
    },
    {
      rule_id: 13,
      alert_type: 'price_above',
      params: { symbol: 'AAPL', threshold: '200' },
      channels: ['in_app', 'email'],
      frequency: 'once_per_session',
      enabled: true,
      created_at: '2026-11-25T14:00:00.000Z',
      updated_at: '2026-11-25T14:00:00.000Z',
      skipped: null,
    },
  ],
  limits: { rules: 10, rules_used: 2 },
}

export const DELIVERIES_EXAMPLE = {
  items: [
    {
      firing_id: 41,
      rule_id: 13,
      alert_type: 'price_above',
      condition: { params: { symbol: 'AAPL', threshold: '200' }, frequency: 'once_per_session' },
      values: { symbol: 'AAPL', price: '200.02', threshold: '200' },
      fired_at: '2026-11-25T23:10:00.000Z',
      channels: [
        {
          channel: 'in_app',
          status: 'sent',
          detail: { item_id: 87 },
          attempts: 1,
          sent_at: '2026-11-25T23:10:00.000Z',
          summary: 'Delivered to your in-app inbox',
        },
        {
          channel: 'email',
          status: 'quiet_hours',
          detail: { held_until: '2026-11-26T12:00:00.000Z' },
          attempts: 0,
          sent_at: null,
          summary: 'Held by your quiet hours until 07:00 on 2026-11-26 (America/New_York)',
        },
      ],
    },
  ],
}

export const CAPABILITIES_EXAMPLE = {
  types: [
    {
      type: 'price_above',
      description: 'The price is at or above the threshold (price ≥ threshold)',
      triggers: ['quotes'],
      kind: 'level',
      params: [
        {
          name: 'symbol',
          type: 'symbol',
          unit: null,
          min: null,
          max: null,
          required: true,
          description: 'Ticker',
        },
        {
          name: 'threshold',
          type: 'decimal',
          unit: 'usd',
          min: 0.0001,
          max: 10000000,
          required: true,
          description: 'Price',
        },
      ],
    },
  ],
  channels: ['in_app', 'email', 'web_push', 'mobile_push'],
  frequencies: [
    { frequency: 'once', description: 'fires the first time the condition holds, then the rule is disabled' },
  ],
  caps: {
    plan: 'free',
    rules: 10,
    rules_by_plan: { free: 10, pro: 200, premium: 1000 },
    per_channel_per_day: { in_app: null, email: 20, web_push: 50, mobile_push: 50 },
  },
}
