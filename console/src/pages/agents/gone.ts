/**
 * Agents archived elsewhere (another tab, the API) while this console still lists them. An action on
 * one answers 404 (the API's answer for an archived agent), or it is missing from a refetched page of
 * the list and reading it answers 404: it leaves the cached lists at once and the agents page says so,
 * rather than listing it until a reload.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { ApiError } from '../../api/problem.ts'
import { type Agent, AGENTS, agentKey, type Agents, fetchAgent } from './api.ts'

type Named = Pick<Agent, 'agent_id' | 'name'>

let gone: readonly Named[] = []
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

function report(agent: Named): void {
  if (gone.some((a) => a.agent_id === agent.agent_id)) return
  gone = [...gone, { agent_id: agent.agent_id, name: agent.name }]
  notify()
}

/** The agents found archived elsewhere since the agents page opened; forgotten when it closes. */
export function useGone(): readonly Named[] {
  useEffect(
    () => () => {
      gone = []
    },
    [],
  )
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => gone,
  )
}

/** Takes an agent out of every cached page of the list (archived here, or found archived elsewhere). */
export function dropFromLists(client: QueryClient, agentId: number): void {
  client.setQueriesData<Agents>({ queryKey: AGENTS }, (d) =>
    d?.items.some((a) => a.agent_id === agentId)
      ? { ...d, items: d.items.filter((a) => a.agent_id !== agentId), total: d.total - 1 }
      : d,
  )
}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404

/**
 * An action's onError for one agent: a 404 means it is archived (or never was this tenant's), so it
 * leaves the lists with a message, and its own page reads it again (and says it is gone).
 */
export function useOnGone(agent: Named): (error: unknown) => void {
  const client = useQueryClient()
  const { agent_id, name } = agent
  return useCallback(
    (error: unknown) => {
      if (!isGone(error)) return
      dropFromLists(client, agent_id)
      report({ agent_id, name })
      void client.invalidateQueries({ queryKey: agentKey(agent_id) })
      void client.invalidateQueries({ queryKey: AGENTS })
    },
    [client, agent_id, name],
  )
}

/**
 * After a refetch of the same page of the list (window focus, a change), the agents no longer on it:
 * each is read, and one answering 404 was archived elsewhere. (One may also have moved to the
 * previous page when an earlier one went; it reads fine and says nothing.)
 */
export function useMissingAgents(page: number, items: readonly Agent[] | undefined): void {
  const seen = useRef<{ page: number; items: readonly Agent[] }>(undefined)
  useEffect(() => {
    if (!items) return
    const before = seen.current
    seen.current = { page, items }
    if (!before || before.page !== page) return
    const now = new Set(items.map((a) => a.agent_id))
    for (const a of before.items.filter((x) => !now.has(x.agent_id)))
      fetchAgent(a.agent_id).then(
        () => undefined,
        (e: unknown) => isGone(e) && report(a),
      )
  }, [page, items])
}
