/** A research report as Markdown (GET …/report?format=markdown): one heading per section, per symbol. */

interface ReportLike {
  run_id: string
  symbol: string | null
  theme: string | null
  symbols: string[]
  generated_at: string
  sections: { name: string; status: string; reason?: string; items: Record<string, unknown>[] }[]
}

const pct = (x: unknown) => (typeof x === 'number' ? `${(x * 100).toFixed(2)} %` : 'n/a')

function line(section: string, item: Record<string, unknown>): string {
  if (typeof item['error'] === 'string')
    return `- **${String(item['symbol'])}**: unavailable (${item['error']})`
  const s = String(item['symbol'])
  switch (section) {
    case 'market':
      return `- **${s}**: ${String(item['price'])} · 1M ${pct(item['return_1m'])} · 3M ${pct(item['return_3m'])} · YTD ${pct(item['return_ytd'])} · vol ${pct(item['annual_volatility'])}`
    case 'news': {
      const heads = (item['headlines'] as { headline: string; score: number }[]).map(
        (h) => `  - ${h.headline} (${h.score})`,
      )
      return [`- **${s}**: sentiment ${String(item['sentiment'])}`, ...heads].join('\n')
    }
    case 'transcripts': {
      const t = item['latest'] as { title: string; summary: string } | null
      return t ? `- **${s}**: ${t.title} — ${t.summary}` : `- **${s}**: no transcript`
    }
    case 'insider': {
      const p = item['purchases'] as { count: number; value: number }
      const x = item['sales'] as { count: number; value: number }
      return `- **${s}**: ${p.count} purchase(s) $${p.value.toFixed(0)}, ${x.count} sale(s) $${x.value.toFixed(0)}`
    }
    default: {
      const d = item['decision'] as { action: string; conviction: number; weighted_score: number }
      return `- **${s}**: ${d.action} (conviction ${d.conviction}, weighted score ${d.weighted_score})`
    }
  }
}

export function reportMarkdown(r: ReportLike): string {
  const title = r.symbol ?? `Theme ${String(r.theme)} (${r.symbols.join(', ')})`
  const parts = [`# Research: ${title}`, '', `Run ${r.run_id}, generated ${r.generated_at}.`]
  for (const s of r.sections) {
    parts.push('', `## ${s.name}`, '')
    if (s.status !== 'ok') parts.push(`Unavailable: ${s.reason ?? 'no data'}.`)
    else parts.push(...s.items.map((i) => line(s.name, i)))
  }
  return parts.join('\n') + '\n'
}
