/** The help articles the assistant answers from, under /api/support/ai/help (public). */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './assistant.examples.ts'
import * as S from './assistant.schemas.ts'
import { EXCERPT_MAX, type HelpService } from './help.service.ts'

const tags = ['support']
const BASE = '/api/support/ai/help'
const PUBLIC =
  'Public: no session, no plan gate and no feature flag — the articles are product documentation, ' +
  'the same ones the assistant searches and cites as `sources` (`slug`).'

export function helpRoutes(app: App, help: HelpService): void {
  app.get(
    BASE,
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'listSupportHelpArticles',
        summary: 'Search the help articles, or list them (public)',
        description:
          `${PUBLIC} Without \`q\`: every article (slug, title, tags) by title, not paged (the catalogue is ` +
          'fixed and small); `passage` and `score` are null. With `q` (1–200 characters, one line, not ' +
          'blank): the articles that match, best first, one hit per article with its best passage as plain ' +
          `text (at most ${EXCERPT_MAX} characters, cut at a word with "…") and its score. The search ` +
          'ranks passages (a `##` section, or a paragraph of a long one) by BM25+, weighting a match in the ' +
          'title ×3 and in a heading or the tags ×2; words of five letters or more forgive a typo, the ' +
          'last word matches as a prefix, and common words ("how", "do", "my") are ignored, so `q` of ' +
          'only such words finds nothing (200, empty `items`). `limit` (1–100, default ' +
          `${S.HELP_LIMIT_DEFAULT}) caps the hits. Anything else → 422.`,
        querystring: S.HelpQuery,
        examples: {
          query: { q: 'add a symbol to a watchlist', limit: 5 },
          200: {
            description: 'Hits, best first',
            value: { q: 'add a symbol to a watchlist', items: [X.HELP_HIT] },
          },
        },
        tags,
        response: { 200: S.HelpList, ...problems(422) },
      },
    },
    (req) => help.find(req.query.q, req.query.limit ?? S.HELP_LIMIT_DEFAULT),
  )
  app.get(
    `${BASE}/:slug`,
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getSupportHelpArticle',
        summary: 'One help article (public)',
        description:
          `${PUBLIC} The whole article: title, slug, tags and the body in markdown (\`##\` headings, ` +
          'paragraphs, `-` lists, `**bold**` for the console’s own labels; no HTML). The slug is lower-case ' +
          'letters and digits in hyphen-separated words (else 422); an unknown one → 404 ' +
          '`support.help_article_not_found`.',
        params: S.HelpParams,
        examples: {
          params: { slug: 'watchlists' },
          200: { description: 'The article', value: X.HELP_ARTICLE },
        },
        tags,
        response: { 200: S.HelpArticleOut, ...problems(404, 422) },
      },
    },
    (req) => help.article(req.params.slug),
  )
}
