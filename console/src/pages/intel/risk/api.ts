import { api, data } from '../../../api/client.ts'
import type { paths } from '../../../api/client.ts'

export type ExitBody =
  paths['/api/trading-intel/exit/compute']['post']['requestBody']['content']['application/json']
export type ExitMethod = NonNullable<ExitBody['method']>

export const hedging = (cash: number, mode: 'excess' | 'full') =>
  data(api.GET('/api/trading-intel/hedging', { params: { query: { cash, mode } } }))
export const exitStrategies = () =>
  data(api.GET('/api/trading-intel/exit', { params: { query: { page_size: 100 } } }))
export const computeExits = (body: ExitBody) => data(api.POST('/api/trading-intel/exit/compute', { body }))

export type Hedging = Awaited<ReturnType<typeof hedging>>
export type Exits = Awaited<ReturnType<typeof computeExits>>
