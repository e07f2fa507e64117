import { useEffect, useState } from 'react'

/** Seconds until `iso`, ticking once a second; 0 once it has passed. */
export function useSecondsLeft(iso: string): number {
  const left = () => Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000))
  const [s, setS] = useState(left)
  useEffect(() => {
    setS(left())
    const t = setInterval(() => setS(left()), 1000)
    return () => clearInterval(t)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() reads only iso
  }, [iso])
  return s
}

/** "14:05 left" until an approval expires, then "expired" (not a live region: it would be announced every second). */
export function Countdown({ until }: { until: string }) {
  const s = useSecondsLeft(until)
  if (s === 0) return <span data-expired>expired</span>
  const m = Math.floor(s / 60)
  const text = `${m}:${String(s % 60).padStart(2, '0')} left`
  return (
    <time dateTime={until} data-seconds-left={s}>
      {text}
    </time>
  )
}
