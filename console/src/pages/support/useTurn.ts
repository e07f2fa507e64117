/**
 * The turn being sent: the question, the answer's text as its tokens arrive, the tools the model
 * called, and how it ended (done with its sources, stopped, broken off, or a JSON outcome instead of
 * a stream). Once it has ended, the stored conversation is read again; the live copy stays on screen
 * until the stored one has the answer, finished (an answer stopped mid-stream may still read as in
 * progress for a moment, while the service stores it).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { CONVERSATIONS, conversationKey, type Conversation, QUOTA } from './api.ts'
import { sendTurn, type SourceRef, type StreamEvent, type TurnOutcome } from './sse.ts'

export interface LiveTurn {
  question: string
  text: string
  tools: string[]
  sources: SourceRef[]
  filtered: boolean
  userMessageId: number | null
  assistantId: number | null
  state: 'sending' | 'streaming' | 'done' | 'stopped' | 'error'
  /** The stream's error event, or the failure of the request. */
  error: unknown
  outcome: TurnOutcome | null
}

const start = (question: string): LiveTurn => ({
  question,
  text: '',
  tools: [],
  sources: [],
  filtered: false,
  userMessageId: null,
  assistantId: null,
  state: 'sending',
  error: null,
  outcome: null,
})

function apply(turn: LiveTurn, e: StreamEvent): LiveTurn {
  switch (e.type) {
    case 'meta':
      return {
        ...turn,
        state: 'streaming',
        userMessageId: e.user_message_id,
        assistantId: e.assistant_message_id,
      }
    case 'token':
      return { ...turn, state: 'streaming', text: turn.text + e.text }
    case 'tool':
      return { ...turn, tools: [...turn.tools, e.name] }
    case 'done':
      return {
        ...turn,
        state: 'done',
        sources: e.sources,
        filtered: e.filtered,
        assistantId: e.assistant_message_id,
      }
    case 'error':
      return { ...turn, state: 'error', error: new Error(e.message) }
  }
}

/** The stored conversation holds this answer, no longer being written. */
const holdsFinished = (c: Conversation | undefined, answer: number) =>
  c?.messages.some((m) => m.message_id === answer && !m.in_progress) ?? false

export function useTurn(conversation: Conversation) {
  const conversationId = conversation.conversation_id
  const client = useQueryClient()
  const [turn, setTurn] = useState<LiveTurn | null>(null)
  const abort = useRef<AbortController | null>(null)

  const refresh = async (answered: number | null) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: conversationKey(conversationId) }),
      client.invalidateQueries({ queryKey: QUOTA }),
      client.invalidateQueries({ queryKey: CONVERSATIONS }),
    ])
    const stored = client.getQueryData<Conversation>(conversationKey(conversationId))
    // The stored conversation replaces the live turn once it holds the answer (or there was none).
    if (answered === null || holdsFinished(stored, answered)) setTurn(null)
  }

  const send = async (question: string) => {
    const controller = new AbortController()
    abort.current = controller
    let current = start(question)
    const update = (next: LiveTurn) => {
      current = next
      setTurn(next)
    }
    update(current)
    try {
      const outcome = await sendTurn(conversationId, question, controller.signal, (e) =>
        update(apply(current, e)),
      )
      if (outcome) update({ ...current, state: 'done', outcome })
      else if (current.state === 'streaming' || current.state === 'sending')
        update({ ...current, state: 'done' })
    } catch (error) {
      if (controller.signal.aborted) update({ ...current, state: 'stopped' })
      else update({ ...current, state: 'error', error })
    } finally {
      abort.current = null
    }
    // A JSON outcome or a failed request keeps its notice on screen; an answer gives way to the stored one.
    if (current.outcome || (current.state === 'error' && current.assistantId === null)) await refresh(-1)
    else await refresh(current.assistantId)
  }

  const busy = turn?.state === 'sending' || turn?.state === 'streaming'
  // An ended answer gives way once a read of the conversation holds it finished: perhaps a later
  // read than the one after the turn, as a stopped answer is stored a moment after the stop.
  const superseded =
    !busy && !turn?.outcome && turn?.assistantId != null && holdsFinished(conversation, turn.assistantId)
  return {
    turn: superseded ? null : turn,
    busy,
    send: (q: string) => void send(q),
    stop: () => abort.current?.abort(),
    dismiss: () => setTurn(null),
  }
}
