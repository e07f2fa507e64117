/** Finnhub earnings-call transcripts: the list (/stock/transcripts/list), then each body (/stock/transcripts). */
import type { Transcript, TranscriptSection } from '../market-data.port.ts'
import { isoTime, malformed, newestFirst, reader, type FinnhubGet, type Obj, type Reader } from './wire.ts'

/** Speaker name → role, from the optional participant list. */
function rolesOf(r: Reader, o: Obj): Map<string, string> {
  const roles = new Map<string, string>()
  if (o.participant !== undefined && o.participant !== null) {
    for (const raw of r.array(o, 'participant')) {
      const p = r.obj(raw, 'participant item')
      const role = r.optStr(p, 'role')
      if (role) roles.set(r.str(p, 'name'), role)
    }
  }
  return roles
}

function sectionsOf(r: Reader, o: Obj, path: string, payload: unknown): TranscriptSection[] {
  const roles = rolesOf(r, o)
  return r.array(o, 'transcript').map((raw) => {
    const s = r.obj(raw, 'transcript item')
    const speech = r.array(s, 'speech')
    if (!speech.every((x) => typeof x === 'string'))
      throw malformed(path, 'speech is not a string array', payload)
    const speaker = r.str(s, 'name')
    return { speaker, role: roles.get(speaker) ?? null, text: speech.join('\n') }
  })
}

/** One transcript body; fields the body leaves out come from its entry in the list. */
async function transcript(
  get: FinnhubGet,
  symbol: string,
  listed: Obj,
  listPayload: unknown,
): Promise<Transcript> {
  const path = '/stock/transcripts'
  const id = reader('/stock/transcripts/list', listPayload).str(listed, 'id')
  const payload = await get(path, { id })
  const r = reader(path, payload)
  const o = r.obj(payload, 'body')
  const sections = sectionsOf(r, o, path, payload)
  const rawTime = o.time === undefined ? r.str(listed, 'time') : r.str(o, 'time')
  const time = isoTime(rawTime)
  if (time === null) throw malformed(path, 'time is not a date-time', payload)
  return {
    id,
    symbol: o.symbol === undefined ? symbol : r.str(o, 'symbol'),
    title: o.title === undefined ? r.str(listed, 'title') : r.str(o, 'title'),
    year: o.year === undefined ? r.int(listed, 'year') : r.int(o, 'year'),
    quarter: o.quarter === undefined ? r.int(listed, 'quarter') : r.int(o, 'quarter'),
    time,
    sections,
  }
}

export async function transcripts(get: FinnhubGet, symbol: string, limit: number): Promise<Transcript[]> {
  if (limit <= 0) return []
  const path = '/stock/transcripts/list'
  const payload = await get(path, { symbol })
  const r = reader(path, payload)
  const listed = r.array(payload, 'transcripts').map((raw) => {
    const o = r.obj(raw, 'transcripts item')
    const time = isoTime(r.str(o, 'time'))
    if (time === null) throw malformed(path, 'time is not a date-time', payload)
    return { o, time }
  })
  listed.sort(newestFirst((t) => t.time))
  const out: Transcript[] = []
  // One at a time: transcripts are large and the plan's per-second ceiling is shared.
  for (const { o } of listed.slice(0, limit)) out.push(await transcript(get, symbol, o, payload))
  return out.sort(newestFirst((t) => t.time))
}
