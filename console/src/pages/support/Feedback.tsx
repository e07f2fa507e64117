/**
 * Feedback on one assistant answer: thumbs up or down, a 1–5 rating and a comment, any of them
 * (POST …/feedback). A thumbs down or a rating of 2 or less is negative feedback the team reviews.
 */
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { type FeedbackInput, sendFeedback } from './api.ts'

export function Feedback({ conversationId, messageId }: { conversationId: number; messageId: number }) {
  const id = useId()
  const [helpful, setHelpful] = useState<boolean | undefined>(undefined)
  const [rating, setRating] = useState('')
  const [comment, setComment] = useState('')
  const send = useMutation({
    mutationFn: () => {
      const body: FeedbackInput = {
        message_id: messageId,
        ...(helpful === undefined ? {} : { helpful }),
        ...(rating ? { rating: Number(rating) } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }
      return sendFeedback(conversationId, body)
    },
  })
  if (send.isSuccess)
    return (
      <p role="status" className="muted support-feedback-sent">
        Thanks, your feedback was sent.
      </p>
    )
  const nothing = helpful === undefined && !rating && !comment.trim()
  return (
    <form
      className="support-feedback"
      aria-label="Feedback on this answer"
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate()
      }}
    >
      <div className="support-feedback-row">
        <button
          type="button"
          className="secondary"
          aria-pressed={helpful === true}
          aria-label="Helpful"
          onClick={() => setHelpful(helpful === true ? undefined : true)}
        >
          👍
        </button>
        <button
          type="button"
          className="secondary"
          aria-pressed={helpful === false}
          aria-label="Not helpful"
          onClick={() => setHelpful(helpful === false ? undefined : false)}
        >
          👎
        </button>
        <label htmlFor={`${id}-rating`}>Rating</label>
        <select id={`${id}-rating`} name="rating" value={rating} onChange={(e) => setRating(e.target.value)}>
          <option value="">–</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={`${id}-comment`} className="visually-hidden">
        Comment
      </label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        rows={2}
        maxLength={2000}
        placeholder="What was right or wrong? (optional)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <ProblemAlert error={send.error} />
      <div>
        <button type="submit" className="secondary" disabled={nothing || send.isPending}>
          Send feedback
        </button>
      </div>
    </form>
  )
}
