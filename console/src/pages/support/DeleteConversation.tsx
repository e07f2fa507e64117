/**
 * Deleting a conversation (DELETE /api/support/ai/conversations/{id}), after a confirmation: its
 * messages, ratings and feedback go with it. Then the list is read again and the page shows no
 * conversation picked.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { CONVERSATIONS, conversationKey, deleteConversation, QUOTA } from './api.ts'

export function DeleteConversation({ id, title, busy }: { id: number; title: string; busy: boolean }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const drop = useMutation({
    mutationFn: () => deleteConversation(id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: conversationKey(id) })
      await Promise.all([
        client.invalidateQueries({ queryKey: CONVERSATIONS }),
        client.invalidateQueries({ queryKey: QUOTA }),
      ])
      void navigate('/support', { replace: true })
    },
  })
  if (!confirming)
    return (
      <p className="support-delete">
        <button type="button" className="ghost" disabled={busy} onClick={() => setConfirming(true)}>
          Delete conversation
        </button>
      </p>
    )
  return (
    <div className="notice support-delete" role="group" aria-label="Confirm deleting this conversation">
      <p>
        Delete “{title || 'Untitled conversation'}”? Its messages and your feedback on them are deleted for
        good.
      </p>
      <div className="actions">
        <button type="button" className="danger" onClick={() => drop.mutate()} disabled={drop.isPending}>
          {drop.isPending ? 'Deleting…' : 'Yes, delete it'}
        </button>
        <button type="button" className="secondary" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
      <ProblemAlert error={drop.error} />
    </div>
  )
}
