/**
 * The briefing e-mail from its sections: a plain-text and an HTML part with the same content, and
 * a visible unsubscribe link in both (bulk-sender rules want one in the body besides the headers).
 * Pure; every value is escaped into the HTML.
 */
export const SECTION_KEYS = ['gameplan', 'eod_review', 'recommendations', 'holdings'] as const
export type SectionKey = (typeof SECTION_KEYS)[number]

export const SECTION_TITLES: Record<SectionKey, string> = {
  gameplan: "Today's game plan",
  eod_review: 'Yesterday in review',
  recommendations: 'Open recommendations',
  holdings: 'Top holdings moves',
}

export interface Section {
  key: SectionKey
  title: string
  /** ok; degraded: the source answered with parts missing; unavailable: the source failed. */
  status: 'ok' | 'degraded' | 'unavailable'
  reason: string | null
  lines: string[]
}

export interface Rendered {
  subject: string
  text: string
  html: string
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function statusNote(s: Section): string | null {
  if (s.status === 'unavailable') return `This section is unavailable right now (${s.reason ?? 'unknown'}).`
  if (s.status === 'degraded') return `Parts of this section are missing (${s.reason ?? 'unknown'}).`
  return null
}

export function renderBriefing(input: {
  date: string
  sections: Section[]
  unsubscribeUrl: string
}): Rendered {
  const subject = `Sextant briefing for ${input.date}`
  const text: string[] = [subject, '']
  const html: string[] = [`<h1>${escape(subject)}</h1>`]
  for (const s of input.sections) {
    const note = statusNote(s)
    text.push(s.title.toUpperCase(), ...(note ? [note] : []), ...s.lines.map((l) => `- ${l}`), '')
    html.push(`<h2>${escape(s.title)}</h2>`)
    if (note) html.push(`<p><em>${escape(note)}</em></p>`)
    if (s.lines.length) html.push(`<ul>${s.lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>`)
  }
  const footer = 'You receive this because you subscribed to the Sextant daily briefing.'
  text.push(footer, `Unsubscribe: ${input.unsubscribeUrl}`, '', '— Sextant')
  html.push(
    `<p>${escape(footer)} <a href="${escape(input.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '<p>— Sextant</p>',
  )
  return { subject, text: text.join('\n'), html: html.join('\n') }
}
