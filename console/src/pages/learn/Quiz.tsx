/**
 * A concept's quiz: one radio group per question; "Check answers" sends each chosen answer
 * (POST /api/ta/learn/quiz/answer) and shows, under each question, right or wrong, the correct choice
 * and the explanation. Only a question's first answer counts; a repeat says so.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import {
  answerQuestion,
  PROGRESS,
  type AnswerResult,
  type ConceptProgress,
  type Question,
} from './queries.ts'

function Outcome({ q, result }: { q: Question; result: AnswerResult }) {
  const right = q.choices.find((c) => c.id === result.correct_answer)
  return (
    <div className={`quiz-result ${result.correct ? 'up' : 'down'}`} role="status" data-result={q.id}>
      <strong>
        {result.correct ? 'Correct.' : `Incorrect: the answer is “${right?.text ?? result.correct_answer}”.`}
      </strong>{' '}
      <span className="quiz-explanation">{result.explanation}</span>
      {!result.counted && (
        <p className="muted">You had answered this question before: only your first answer counts.</p>
      )}
    </div>
  )
}

function QuestionGroup({ q, result }: { q: Question; result: AnswerResult | undefined }) {
  return (
    <fieldset className="quiz-question" data-question={q.id}>
      <legend>{q.prompt}</legend>
      {q.choices.map((c) => (
        <label key={c.id} className="quiz-choice">
          <input type="radio" name={q.id} value={c.id} /> {c.text}
        </label>
      ))}
      {result && <Outcome q={q} result={result} />}
    </fieldset>
  )
}

export function Quiz({ questions, mine }: { questions: Question[]; mine: ConceptProgress | undefined }) {
  const client = useQueryClient()
  const [results, setResults] = useState<Record<string, AnswerResult>>({})
  const [nothing, setNothing] = useState(false)
  const send = useMutation({
    mutationFn: async (chosen: [string, string][]) => {
      const out: Record<string, AnswerResult> = {}
      for (const [id, answer] of chosen) out[id] = await answerQuestion(id, answer)
      return out
    },
    onSuccess: (out) => {
      setResults((r) => ({ ...r, ...out }))
      const last = Object.values(out).at(-1)
      if (last) client.setQueryData(PROGRESS, last.progress)
      void client.invalidateQueries({ queryKey: PROGRESS })
    },
  })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const chosen = questions.flatMap((q): [string, string][] => {
      const v = form.get(q.id)
      return typeof v === 'string' ? [[q.id, v]] : []
    })
    setNothing(chosen.length === 0)
    if (chosen.length > 0) send.mutate(chosen)
  }
  if (questions.length === 0) return <p className="empty">This concept has no questions.</p>
  return (
    <form aria-label="Quiz" onSubmit={submit}>
      {mine && (
        <p data-concept-progress>
          {mine.questions_answered} of {mine.questions} questions answered, {mine.correct} right
          {mine.completed ? ' · completed' : ''}.
        </p>
      )}
      {questions.map((q) => (
        <QuestionGroup key={q.id} q={q} result={results[q.id]} />
      ))}
      {nothing && (
        <p role="alert" className="problem">
          Choose an answer to at least one question first.
        </p>
      )}
      <ProblemAlert error={send.error} />
      <div>
        <button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Checking…' : 'Check answers'}
        </button>
      </div>
    </form>
  )
}
