/** Notification settings' reads and writes: suppressions, mobile devices, web push, the test push. */
import { api, data } from '../../api/client.ts'

export const DEVICES = ['push', 'tokens'] as const
export const BROWSER_PUSH = ['push', 'browser'] as const

export const removeSuppression = (suppression_id: number) =>
  data(
    api.DELETE('/api/notifications/suppressions/{suppression_id}', { params: { path: { suppression_id } } }),
  )
export const fetchDevices = () => data(api.GET('/api/me/push-tokens'))
export const removeDevice = (token_id: number) =>
  data(api.DELETE('/api/me/push-tokens/{token_id}', { params: { path: { token_id } } }))
export const sendTestPush = () => data(api.POST('/api/push/test', { body: {} }))

export type Device = Awaited<ReturnType<typeof fetchDevices>>['items'][number]
export type TestResult = Awaited<ReturnType<typeof sendTestPush>>['results'][number]
