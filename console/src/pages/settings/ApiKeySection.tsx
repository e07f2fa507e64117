/**
 * The API key (one per user, sent as X-API-Key): "Show" reads GET /api/auth/api-key, which creates
 * the key when there is none (its plaintext is in that one answer only); "Rotate" asks first, then
 * POST /api/auth/api-key/rotate shows the new key once and the old one stops working.
 */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { api, data } from '../../api/client.ts'
import { dateTime } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { CopyButton } from './CopyButton.tsx'

const readKey = () => data(api.GET('/api/auth/api-key'))
const rotateKey = () => data(api.POST('/api/auth/api-key/rotate'))
type KeyInfo = Awaited<ReturnType<typeof readKey>>

function KeyDetails({ info }: { info: KeyInfo }) {
  return (
    <>
      {info.key ? (
        <div className="notice" role="status">
          <p>Your key — copy it now, it is shown only this once:</p>
          <p className="api-key">
            <code data-api-key>{info.key}</code> <CopyButton text={info.key} label="Copy the key" />
          </p>
        </div>
      ) : (
        <p className="muted">
          The key is not shown again after it was created; rotate it if you need to see a key now.
        </p>
      )}
      <dl className="kv">
        <div>
          <dt>Starts with</dt>
          <dd>
            <code data-api-key-prefix>{info.prefix}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{dateTime(info.created_at)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{info.last_used_at ? dateTime(info.last_used_at) : 'never'}</dd>
        </div>
      </dl>
    </>
  )
}

export function ApiKeySection() {
  const [confirming, setConfirming] = useState(false)
  const [info, setInfo] = useState<KeyInfo>()
  const show = useMutation({ mutationFn: readKey, onSuccess: setInfo })
  const rotate = useMutation({
    mutationFn: rotateKey,
    onSuccess: (k) => {
      setInfo(k)
      setConfirming(false)
    },
  })
  return (
    <Section title="API key">
      <p className="muted">
        Scripts call the API with the header <code>X-API-Key</code>. Each user has one key.
      </p>
      {info && <KeyDetails info={info} />}
      <ProblemAlert error={show.error ?? rotate.error} />
      {confirming ? (
        <div className="confirm" role="group" aria-label="Confirm rotation">
          <p>
            Rotate the key? The current key stops working at once; scripts using it will need the new one.
          </p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              Yes, rotate the key
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          {!info && (
            <button
              type="button"
              className="secondary"
              disabled={show.isPending}
              onClick={() => show.mutate()}
            >
              Show my API key
            </button>
          )}
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            Rotate key…
          </button>
        </div>
      )}
    </Section>
  )
}
