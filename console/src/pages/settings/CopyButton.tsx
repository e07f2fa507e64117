import { useState } from 'react'

/** Copies `text` to the clipboard and says whether that worked (it may not: permissions, insecure page). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () =>
    void navigator.clipboard
      .writeText(text)
      .then(() => setState('copied'))
      .catch(() => setState('failed'))
  return (
    <>
      <button type="button" className="secondary" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted">
        {state === 'copied'
          ? 'Copied.'
          : state === 'failed'
            ? 'Copying failed: select the text and copy it.'
            : ''}
      </span>
    </>
  )
}
