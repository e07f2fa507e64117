import { useEffect, useState } from 'react'

/** Seconds until `iso`, ticking once a second; 0 once it has passed. */
export function useSecondsLeft(iso: string): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  return Math.max(0, Math.round((Date.parse(iso) - now) / 1000))
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
