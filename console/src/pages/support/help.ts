/**
 * The help articles the assistant answers from (src/modules/support/assistant/help/*.md, front
 * matter `title`, `slug`, `tags`), bundled with the console from the same files, each its own lazy
 * chunk: a source under an answer links to its article here. The markdown they use is small —
 * `##` headings, paragraphs, `-` lists, `**bold**` — and is turned into blocks, never into HTML.
 */
const FILES = import.meta.glob<string>('../../../../src/modules/support/assistant/help/*.md', {
  query: '?raw',
  import: 'default',
})

export type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul'; items: string[] }
export interface Article {
  slug: string
  title: string
  blocks: Block[]
}

/** The article with this slug (its file is named after it), or undefined when there is none. */
export async function loadArticle(slug: string): Promise<Article | undefined> {
  const entry = Object.entries(FILES).find(([path]) => path.endsWith(`/${slug}.md`))
  if (!entry || !/^[a-z0-9-]+$/.test(slug)) return undefined
  return parseArticle(slug, await entry[1]())
}

export function parseArticle(slug: string, source: string): Article {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)
  const meta = new Map(
    (front?.[1] ?? '').split('\n').map((line) => {
      const i = line.indexOf(':')
      return [line.slice(0, i).trim(), line.slice(i + 1).trim()] as const
    }),
  )
  const body = front ? source.slice(front[0].length) : source
  return { slug: meta.get('slug') ?? slug, title: meta.get('title') ?? slug, blocks: blocksOf(body) }
}

function blocksOf(body: string): Block[] {
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
