/** OpenAPI example values the support-case routes share. */
export const CASE_ITEM_EXAMPLE = {
  case_id: 58,
  subject: 'Schwab sync stopped on Friday',
  category: 'brokers',
  status: 'pending',
  created_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T16:10:00.000Z',
  comment_count: 1,
}

export const COMMENT_EXAMPLE = {
  comment_id: 311,
  author: 'support',
  body: 'Thanks — the connection needs a fresh login at Schwab. Open Brokers and choose Reconnect.',
  created_at: '2026-11-24T16:10:00.000Z',
}

export const CASE_EXAMPLE = {
  case_id: 58,
  subject: 'Schwab sync stopped on Friday',
  body: 'My Schwab account has not synced since Friday; the page says "needs attention".',
  category: 'brokers',
  status: 'pending',
  conversation_id: 4021,
  created_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T16:10:00.000Z',
  comments: [COMMENT_EXAMPLE],
}

export const NEW_CASE_EXAMPLE = {
  ...CASE_EXAMPLE,
  status: 'open',
  updated_at: '2026-11-24T15:00:00.000Z',
  comments: [],
}

export const ADMIN_COMMENT_EXAMPLE = {
  comment_id: 312,
  author: 'support',
  author_user_id: 7,
  public: false,
  body: 'Token refresh failed with invalid_grant; asked the customer to reconnect.',
  created_at: '2026-11-24T16:11:00.000Z',
}

export const ADMIN_CASE_ITEM_EXAMPLE = {
  ...CASE_ITEM_EXAMPLE,
  user_id: 42,
  conversation_id: 4021,
  internal_count: 1,
}

export const ADMIN_CASE_EXAMPLE = {
  ...CASE_EXAMPLE,
  user_id: 42,
  allowed_statuses: ['open', 'resolved', 'closed'],
  comments: [{ ...COMMENT_EXAMPLE, author_user_id: 7, public: true }, ADMIN_COMMENT_EXAMPLE],
}
