/** Realistic values for the OpenAPI examples of the identity routes (the contract test validates them). */

export const USER = {
  id: 42,
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  email_verified: true,
  phone: null,
  phone_verified: false,
  tenant_id: 17,
  role: 'user',
  plan: 'free',
  mfa_enabled: false,
  created_at: '2026-11-24T15:02:11.000Z',
}

export const TOKENS = {
  access_token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0aWQiOjE3LCJyb2xlIjoidXNlciIsInN1YiI6IjQyIn0.' +
    'p58JiunAL5PwblEJXd0fjWHAxSRDCe3uBIoSHyXVSJs',
  token_type: 'bearer',
  expires_in: 900,
  refresh_token: 'srt_17.eP95neSxQ0mD7a3YbLr1Vt9kZc2HwJ5uNf8gKp4oTqA',
}

export const ENTITLEMENTS = {
  plan: 'pro',
  features: {
    ai_screener: true,
    broker_connect: true,
    email_briefing: true,
    committee_model: false,
    support_ai: true,
  },
  limits: {
    ...{ alerts: 200, saved_screens: 50, manual_accounts: 20, watchlist_symbols: 500 },
    ...{
      support_ai_messages_per_day: 500,
      support_ai_tokens_per_day: 500_000,
      support_ai_messages_per_minute: 15,
    },
  },
}

/** An API key as the answer that created it shows it (later answers leave out `key`). */
export const API_KEY = {
  prefix: 'sxk_17.k3GXPe',
  created_at: '2026-11-24T15:10:00.000Z',
  last_used_at: null,
  key: 'sxk_17.k3GXPe27aZOXMjiVuV3XdrzC-YgBjcwBsw9e9mUlVH8',
}

export const ROTATED_API_KEY = {
  ...API_KEY,
  prefix: 'sxk_17.Q8vT2m',
  created_at: '2026-11-24T16:00:00.000Z',
  key: 'sxk_17.Q8vT2mXc4Lb9RkPz1YwN7uJh3GfD6sAe0tVo5iKqM2E',
}
