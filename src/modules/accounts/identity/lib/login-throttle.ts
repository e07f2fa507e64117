/** The arithmetic of login throttling (login-throttle.service.ts applies it): delays and source keys. */
import { isIPv6 } from 'node:net'
import type { Config } from '../../../../platform/config.ts'

export type ThrottleConfig = Pick<
  Config,
  | 'LOGIN_FREE_FAILURES'
  | 'LOGIN_DELAY_BASE_SECONDS'
  | 'LOGIN_DELAY_MAX_SECONDS'
  | 'LOGIN_FAILURES_PER_ACCOUNT'
>

/** Seconds a source waits after its `failures`-th failure in the window (0: none). */
export function delayAfter(failures: number, c: ThrottleConfig): number {
  if (failures < c.LOGIN_FREE_FAILURES) return 0
  const doublings = failures - c.LOGIN_FREE_FAILURES
  // 2^31 s is far past any cap: stop doubling there rather than overflow to Infinity.
  return Math.min(c.LOGIN_DELAY_BASE_SECONDS * 2 ** Math.min(doublings, 31), c.LOGIN_DELAY_MAX_SECONDS)
}

/** The throttling key of a client address: IPv4 as is, IPv6 by its /64 prefix. */
export function sourceOf(ip: string | null): string {
  if (!ip) return 'unknown'
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (v4mapped) return v4mapped[1]!
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
