/** OpenAPI example values of the support assistant's routes. */
export const AT = '2026-11-24T15:00:00.000Z'
export const LATER = '2026-11-24T15:02:10.000Z'

export const CREATED = { conversation_id: 41, title: 'Connecting my broker', status: 'open', created_at: AT }

export const LIST = {
  items: [
    {
      conversation_id: 41,
      title: 'Connecting my broker',
      status: 'open',
      created_at: AT,
      updated_at: LATER,
      message_count: 4,
    },
  ],
  page: 1,
  page_size: 25,
  total: 1,
}

export const CONVERSATION = {
  conversation_id: 41,
  title: 'Connecting my broker',
  status: 'open',
  created_at: AT,
  updated_at: LATER,
  escalation: null,
  messages: [
    {
      message_id: 301,
      role: 'user',
      content: 'How do I connect my broker account?',
      created_at: LATER,
      intent: { label: 'feature_question', allowed: true, reason: 'A question about how the service works' },
      sources: [],
      filtered: false,
      finish: null,
      in_progress: false,
      tools: [],
    },
    {
      message_id: 302,
      role: 'assistant',
      content:
        'Open Brokers in the console and choose Connect. You sign in at your broker, and the service imports your accounts and positions read-only.',
      created_at: LATER,
      intent: null,
      sources: [{ title: 'Connecting brokers', slug: 'brokers' }],
      filtered: false,
      finish: 'stop',
      in_progress: false,
      tools: [{ name: 'search_help' }],
    },
  ],
}

export const REFUSED = {
  outcome: 'refused',
  degraded: false,
  message:
    'I can’t tell you what to buy or sell: that would be personal investment advice. I can explain how the screener, alerts and analytics work, or summarise your portfolio’s figures.',
  user_message_id: 303,
  intent: { label: 'personalised_advice', allowed: false, reason: 'Asks what to buy or sell' },
}

export const SSE_SAMPLE =
  'id: 302.0\nevent: meta\ndata: {"conversation_id":41,"user_message_id":301,"assistant_message_id":302,"intent":{"label":"feature_question","allowed":true,"reason":"A question about how the service works"}}\n\n' +
  'id: 302.1\nevent: token\ndata: {"text":"Open Brokers in the console and choose Connect. "}\n\n' +
  ': ping\n\n' +
  'id: 302.2\nevent: done\ndata: {"assistant_message_id":302,"finish":"stop","filtered":false,"sources":[{"title":"Connecting brokers","slug":"brokers"}],"usage":null}\n\n'

export const CANDIDATE = {
  candidate_id: 9,
  candidate_type: 'negative_feedback',
  status: 'queued',
  conversation_id: 41,
  helpful: false,
  rating: 2,
  comment: 'Wrong answer, write to me at [email]',
  question: 'How do I connect my broker account?',
  answer: 'Open Brokers in the console and choose Connect.',
  pii_found: [{ kind: 'email', count: 1 }],
  reviewer_id: null,
  review_note: null,
  reviewed_at: null,
  created_at: LATER,
}

export const QUOTA = {
  used: 12,
  limit: 50,
  remaining: 38,
  resets_at: '2026-11-25T00:00:00.000Z',
  tokens_used: 0,
  tokens_limit: 50000,
  per_minute: 5,
}

export const HELP_HIT = {
  slug: 'watchlists',
  title: 'Watchlists',
  tags: ['watchlists', 'watchlist', 'symbols'],
  passage:
    'Adding, ordering and removing symbols: On a list, Add a symbol suggests tickers and company names as you type (arrow keys and Enter, or a tap).…',
  score: 21.37,
}
export const HELP_ENTRY = { ...HELP_HIT, passage: null, score: null }
export const HELP_ARTICLE = {
  slug: 'watchlists',
  title: 'Watchlists',
  tags: ['watchlists', 'watchlist', 'symbols'],
  body: 'Watchlists are your own named lists of symbols, in the order you choose.\n\n## Creating a list\n\nOpen **Watchlists** and under **New list** type a name.',
}
