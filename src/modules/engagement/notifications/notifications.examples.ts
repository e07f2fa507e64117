/** OpenAPI example values the notification routes share. */
export const TOKEN_EXAMPLE =
  'v1.eyJ0IjoxNywidSI6NDIsImxpc3QiOiJhbGVydHMiLCJpYXQiOjE3Nzk2MjQwMDB9.pQ3x9kZ2mV7bN1cR8tY5wL0hJ4fD6sA2eG9uK3oI1qE'

const DELIVERY_BASE = {
  attempts: 1,
  next_attempt_at: null,
  dead_lettered_at: null,
  updated_at: '2026-11-24T15:00:00.000Z',
}

export const ACCEPTED_EXAMPLE = {
  notification_id: 311,
  job_id: 'notifications.deliver:311',
  status: 'accepted',
  deliveries: [
    {
      delivery_id: 901,
      channel: 'in_app',
      status: 'sent',
      detail: { item_id: 77 },
      ...DELIVERY_BASE,
      sent_at: '2026-11-24T15:00:00.000Z',
    },
    {
      delivery_id: 902,
      channel: 'email',
      status: 'pending',
      detail: {},
      ...DELIVERY_BASE,
      attempts: 0,
      next_attempt_at: '2026-11-24T15:00:00.000Z',
      sent_at: null,
    },
  ],
}

export const NOTIFICATION_EXAMPLE = {
  notification_id: 311,
  source: 'api',
  list: 'api',
  title: 'Rebalance reminder',
  body: 'Your allocation drifted 6 % from target.',
  url: '/app/portfolio',
  data: {},
  created_at: '2026-11-24T15:00:00.000Z',
  deliveries: [
    ACCEPTED_EXAMPLE.deliveries[0],
    {
      delivery_id: 902,
      channel: 'email',
      status: 'suppressed',
      detail: { suppression_id: 12, reason: 'unsubscribe', recipient: 'ann@example.com' },
      ...DELIVERY_BASE,
      sent_at: null,
    },
  ],
}

export const SUPPRESSION_EXAMPLE = {
  suppression_id: 12,
  channel: 'email',
  recipient: 'ann@example.com',
  reason: 'unsubscribe',
  list: 'alerts',
  created_at: '2026-11-24T15:00:00.000Z',
}

export const PREVIEW_EXAMPLE = {
  next_action: 'post_to_confirm',
  method: 'POST',
  list: 'alerts',
  channel: 'email',
  unsubscribed: false,
  expires_at: '2027-05-23T12:00:00.000Z',
}

export const UNSUBSCRIBED_EXAMPLE = {
  unsubscribed: true,
  list: 'alerts',
  suppression_id: 12,
  created_at: '2026-11-24T15:00:00.000Z',
}

export const IN_APP_ITEM_EXAMPLE = {
  item_id: 77,
  notification_id: 311,
  title: 'AAPL crossed 200.00',
  body: 'AAPL traded at 200.12 (rule: price above 200.00).',
  url: '/app/alerts',
  data: { alert_firing_id: '42' },
  read: false,
  read_at: null,
  created_at: '2026-11-24T15:00:00.000Z',
}

export const DEAD_LETTER_EXAMPLE = {
  delivery_id: 902,
  notification_id: 311,
  user_id: 42,
  title: 'Rebalance reminder',
  list: 'api',
  channel: 'email',
  status: 'failed',
  detail: { provider: { status: 451, reason: '451 4.3.0 Try again later' } },
  attempts: 6,
  next_attempt_at: null,
  sent_at: null,
  dead_lettered_at: '2026-11-24T18:40:00.000Z',
  updated_at: '2026-11-24T18:40:00.000Z',
}
