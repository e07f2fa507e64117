/**
 * The help index: the help articles (../help/*.md, front matter `title`, `slug`, `tags`) cut into
 * passages — one per `##` section, a long section one per paragraph, each keeping its heading — and
 * indexed with MiniSearch (BM25+ ranking). A query matches passage text, headings, the article's title
 * (boosted most) and tags; typos are forgiven (fuzzy, a fifth of the term's length) and a last word
 * being typed matches by prefix. `list()` names every article (by title). Common words ("how", "do", "my") are not indexed, so a question
 * ranks by what it is about. `buildHelpIndex` is pure; `loadHelpIndex` reads the folder once.
 */
import { readdirSync, readFileSync } from 'node:fs'
import MiniSearch from 'minisearch'
import type { HelpHit, HelpIndex } from './types.ts'

export interface HelpArticle {
  slug: string
  title: string
  tags: string[]
  body: string
}

interface Passage {
  id: number
  slug: string
  title: string
  heading: string
  tags: string
  text: string
}

/** Longer sections are indexed paragraph by paragraph (characters). */
const SECTION_MAX = 900

const STOP_WORDS = new Set(
  `a about an and any are as at be but by can could did do does doing for from get got have how i if in
   into is it its me my of on or our please should so than that the their them then there these this to
   us was we what when where which who why will with would you your yours im ive whats hows dont cant
   want need tell explain use using work works`.split(/\s+/),
)

const processTerm = (term: string): string | null => {
  const t = term.toLowerCase().replace(/['’]/g, '')
  return t.length < 2 || STOP_WORDS.has(t) ? null : t
}

/** One article from its markdown (front matter between `---` lines, then the body). */
export function parseArticle(markdown: string, file = 'article'): HelpArticle {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(markdown)
  if (!m) throw new Error(`${file}: no front matter`)
  const meta = new Map<string, string>()
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([a-z]+):\s*(.*)$/.exec(line.trim())
    if (kv) meta.set(kv[1]!, kv[2]!.replace(/^["']|["']$/g, ''))
  }
  const title = meta.get('title')
  const slug = meta.get('slug')
  if (!title || !slug || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    throw new Error(`${file}: needs a title and a slug`)
  const tags = (meta.get('tags') ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  return { slug, title, tags, body: m[2]!.trim() }
}

/** The passages of one article: its sections, long ones split into paragraphs. */
export function passagesOf(article: HelpArticle): { heading: string; text: string }[] {
  const out: { heading: string; text: string }[] = []
  const sections = article.body.split(/^## +/m)
  sections.forEach((section, i) => {
    const lines = section.trim().split('\n')
    const heading = i === 0 ? article.title : lines.shift()!.trim()
    const text = lines.join('\n').trim()
    if (!text) return
    if (text.length <= SECTION_MAX) out.push({ heading, text })
    else for (const para of text.split(/\n\s*\n/)) if (para.trim()) out.push({ heading, text: para.trim() })
  })
  return out
}

/** A help index over `articles` (duplicate slugs are an error). */
export function buildHelpIndex(articles: HelpArticle[]): HelpIndex {
  const bySlug = new Map<string, HelpArticle>()
  const passages: Passage[] = []
  for (const a of articles) {
    if (bySlug.has(a.slug)) throw new Error(`help article ${a.slug}: slug used twice`)
    bySlug.set(a.slug, a)
    for (const p of passagesOf(a))
      passages.push({ id: passages.length, slug: a.slug, title: a.title, tags: a.tags.join(' '), ...p })
  }
  const search = new MiniSearch<Passage>({
    fields: ['title', 'heading', 'tags', 'text'],
    storeFields: ['slug', 'title', 'heading', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 3, heading: 2, tags: 2 },
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 4,
      combineWith: 'OR',
    },
  })
  search.addAll(passages)
  return {
    search(q: string, limit = 5): HelpHit[] {
      return search
        .search(q)
        .slice(0, limit)
        .map((r) => ({
          slug: r.slug as string,
          title: r.title as string,
          score: r.score,
          passage: passageText(r),
          heading: r.heading as string,
          text: r.text as string,
        }))
    },
    article(slug: string) {
      const a = bySlug.get(slug)
      return a ? { slug: a.slug, title: a.title, tags: [...a.tags], body: a.body } : undefined
    },
    list() {
      return [...bySlug.values()]
        .map((a) => ({ slug: a.slug, title: a.title, tags: [...a.tags] }))
        .sort((x, y) => x.title.localeCompare(y.title, 'en'))
    },
  }
}

const passageText = (r: Record<string, unknown>): string =>
  r.heading === r.title ? (r.text as string) : `${r.heading as string}: ${r.text as string}`

const HELP_DIR = new URL('../help/', import.meta.url)
let loaded: HelpIndex | undefined

/** The index of the help folder, read on the first call and kept. */
export function loadHelpIndex(): HelpIndex {
  loaded ??= buildHelpIndex(
    readdirSync(HELP_DIR)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => parseArticle(readFileSync(new URL(f, HELP_DIR), 'utf8'), f)),
  )
  return loaded
}
