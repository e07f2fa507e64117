/**
 * A process's state and start time from Linux's /proc/<pid>/stat, for telling a live lock owner
 * from a dead one. The line is `pid (comm) state ppid …`: comm may hold spaces and parentheses, so
 * fields are counted after the last ')'. State is field 3 ('Z' zombie: exited, not yet reaped by
 * its parent; 'X' dead); starttime is field 22, in clock ticks after boot — fixed for the life of a
 * process, so a pid reused by another process shows a different one.
 */
import { readFileSync } from 'node:fs'

export interface ProcStat {
  state: string
  start: number
}

/** The process's state and start time; undefined when there is no such process or no /proc. */
export function procStat(pid: number): ProcStat | undefined {
  let line: string
  try {
    line = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
  const start = Number(fields[19])
  if (!fields[0] || !Number.isSafeInteger(start)) return undefined
  return { state: fields[0], start }
}
