/** OpenAPI examples of the hosted aggregator's operations. */
export const CALLBACK_QUERY = {
  subbroker_slug: 'ALPACA',
  status: 'SUCCESS',
  connection_id: '3f0c8a52-7d1e-4b9a-8c44-2e6b1f9d0a77',
  state: 'eyJ0IjoxLCJ1IjoxLCJiIjoiYWdncmVnYXRvciIsIm4iOiJ4IiwiZSI6MX0.c2lnbmF0dXJl',
}

export const STATUS = {
  connected: true,
  expires_at: null,
  extra: {
    connected_at: '2026-11-25T15:01:12.000Z',
    last_sync_at: null,
    last_error: null,
    sandbox: true,
    accounts: [{ account_id: 12, number: '••••9A1F' }],
    hint: 'aggregator connections carry no token expiry',
    authorizations: [
      {
        id: '3f0c8a52-7d1e-4b9a-8c44-2e6b1f9d0a77',
        slug: 'ALPACA',
        name: 'Connection-ALPACA',
        disabled: false,
      },
    ],
  },
}
