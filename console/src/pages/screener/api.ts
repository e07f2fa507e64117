/** The screener's API calls and the types the generated client gives them. */
import { api, data } from '../../api/client.ts'
import type { paths } from '../../api/client.ts'
import { ApiError } from '../../api/problem.ts'

export type RunBody = paths['/api/screener']['post']['requestBody']['content']['application/json']
export type Spec = Omit<RunBody, 'as_of'>
export type Filters = Spec['filters']

export const filters = () => data(api.GET('/api/screener/filters'))
export const runScreen = (body: RunBody) => data(api.POST('/api/screener', { body }))
export const aiBuild = (prompt: string) => data(api.POST('/api/screener/ai-build', { body: { prompt } }))
export const listSaved = () => data(api.GET('/api/screener/saved'))
export const saveScreen = (name: string, spec: Spec) =>
  data(api.POST('/api/screener/saved', { body: { name, spec } }))
export const deleteSaved = (screen_id: number) =>
  data(api.DELETE('/api/screener/saved/{screen_id}', { params: { path: { screen_id } } }))

export type Catalog = Awaited<ReturnType<typeof filters>>
export type CatalogField = Catalog['fields'][number]
export type Run = Awaited<ReturnType<typeof runScreen>>
export type Built = Awaited<ReturnType<typeof aiBuild>>
export type Saved = Awaited<ReturnType<typeof listSaved>>['items'][number]

/** POST /export.csv with the same spec, saved as the file name the API gives. */
export async function downloadCsv(body: RunBody): Promise<void> {
  const {
    data: blob,
    error,
    response,
  } = await api.POST('/api/screener/export.csv', {
    body,
    parseAs: 'blob',
  })
  if (!response.ok || !blob) throw new ApiError(response.status, error)
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'screen.csv'
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
