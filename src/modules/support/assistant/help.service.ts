/**
 * The help articles as the API serves them: the catalogue, a search with one hit per article (its
 * best passage, as plain text cut to an excerpt), and one article by slug. The articles are the
 * ones the assistant answers from (help/*.md, read once per process).
 */
import { NotFoundError } from '../../../platform/http/errors.ts'
import { plainText } from './lib/retrieval-responder.ts'
import type { HelpArticleSummary, HelpHit, HelpIndex } from './lib/types.ts'

/** Characters of a hit's passage excerpt, at most (a longer passage is cut at a word, with "…"). */
export const EXCERPT_MAX = 280

export interface HelpItem extends HelpArticleSummary {
  passage: string | null
  score: number | null
}

/**
 * A passage as one line of plain text, at most `max` characters (cut at the last space before, with
 * "…"), led by its section heading unless it opens the article.
 */
export function excerpt(hit: HelpHit, max = EXCERPT_MAX): string {
  const lead = hit.heading === hit.title ? '' : `${hit.heading}: `
  const flat = (lead + plainText(hit.text)).replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const head = flat.slice(0, max - 1)
  const space = head.lastIndexOf(' ')
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`
}

export class HelpService {
  constructor(private readonly help: HelpIndex) {}

  /** Without `q`: every article by title. With `q`: the articles matching it, best first, one hit each. */
  find(q: string | undefined, limit: number): { q: string | null; items: HelpItem[] } {
    if (q === undefined)
      return { q: null, items: this.help.list().map((a) => ({ ...a, passage: null, score: null })) }
    const query = q.trim()
    const tags = new Map(this.help.list().map((a) => [a.slug, a.tags]))
    const items: HelpItem[] = []
    for (const hit of this.help.search(query, Number.MAX_SAFE_INTEGER)) {
      if (items.length === limit) break
      if (items.some((i) => i.slug === hit.slug)) continue
      items.push({
        slug: hit.slug,
        title: hit.title,
        tags: tags.get(hit.slug) ?? [],
        passage: excerpt(hit),
        score: Math.round(hit.score * 100) / 100,
      })
    }
    return { q: query, items }
  }

  /** One article, or 404 `support.help_article_not_found`. */
  article(slug: string): HelpArticleSummary & { body: string } {
    const a = this.help.article(slug)
    if (!a) throw new NotFoundError('support.help_article_not_found', `No help article "${slug}"`)
    return a
  }
}
