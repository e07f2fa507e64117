/**
 * The help articles the assistant answers from, read from the API (GET /api/support/ai/help…): the
 * catalogue, a search, one article. Their markdown is small — `##` headings, paragraphs, `-` lists,
 * `**bold**` — and is turned into blocks, never into HTML.
 */
import { api, data } from '../../api/client.ts'
import { ApiError } from '../../api/problem.ts'

export const helpKey = (q: string) => ['support', 'help', 'search', q] as const
export const articleKey = (slug: string) => ['support', 'help', 'article', slug] as const

/** Every article (without `q`) or the search hits for `q`, best first. */
export const fetchHelp = (q: string) =>
  data(api.GET('/api/support/ai/help', { params: { query: q ? { q } : {} } }))
export type HelpItem = Awaited<ReturnType<typeof fetchHelp>>['items'][number]

export type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul'; items: string[] }
export interface Article {
  slug: string
  title: string
  tags: string[]
  blocks: Block[]
}

/** A slug the API accepts: anything else has no article, so it is not asked for. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The article with this slug, or null when there is none (404). */
export async function loadArticle(slug: string): Promise<Article | null> {
  if (!SLUG.test(slug) || slug.length > 100) return null
  try {
    const a = await data(api.GET('/api/support/ai/help/{slug}', { params: { path: { slug } } }))
    return { slug: a.slug, title: a.title, tags: a.tags, blocks: blocksOf(a.body) }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null
    throw e
  }
}

export function blocksOf(body: string): Block[] {
  const blocks: Block[] = []
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim())
    if (lines.length === 0) continue
    const first = lines[0]!
    if (first.startsWith('### ')) blocks.push({ kind: 'h3', text: first.slice(4) })
    else if (first.startsWith('## ') || first.startsWith('# '))
      blocks.push({ kind: 'h2', text: first.replace(/^#+ /, '') })
    else if (/^[-*] /.test(first)) blocks.push({ kind: 'ul', items: listItems(lines) })
    else blocks.push({ kind: 'p', text: lines.join(' ') })
    // A heading directly followed by text in the same chunk.
    if (/^#/.test(first) && lines.length > 1) blocks.push(...blocksOf(lines.slice(1).join('\n')))
  }
  return blocks
}

/** The items of a `-` list; an indented line continues the item above it. */
function listItems(lines: string[]): string[] {
  const items: string[] = []
  for (const line of lines) {
    if (/^[-*] /.test(line)) items.push(line.slice(2).trim())
    else if (items.length) items[items.length - 1] += ` ${line.trim()}`
  }
  return items
}
