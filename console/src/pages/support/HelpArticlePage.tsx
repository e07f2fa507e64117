/**
 * /support/help/:slug — one help article (GET /api/support/ai/help/{slug}), the one an assistant
 * answer names as its source (the same text the assistant searched), with the help search above it.
 * `**bold**` marks the console's own labels.
 */
import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { Link, useParams } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { articleKey, type Block, loadArticle } from './help.ts'
import { HelpSearch } from './HelpPage.tsx'
import { SupportTabs } from './SupportTabs.tsx'

function Inline({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\*\*(.+?)\*\*/)
        .map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>))}
    </>
  )
}

function BlockView({ b }: { b: Block }) {
  if (b.kind === 'ul')
    return (
      <ul>
        {b.items.map((item, i) => (
          <li key={i}>
            <Inline text={item} />
          </li>
        ))}
      </ul>
    )
  const Tag = b.kind
  return (
    <Tag>
      <Inline text={b.text} />
    </Tag>
  )
}

export default function HelpArticlePage() {
  const slug = useParams()['slug'] ?? ''
  const article = useQuery({
    queryKey: articleKey(slug),
    queryFn: () => loadArticle(slug),
  })
  return (
    <Page title={article.data?.title ?? 'Help'}>
      <SupportTabs />
      <HelpSearch q="" />
      <QueryState
        query={article}
        label="Loading the article"
        isEmpty={(a) => a === null}
        empty="There is no such help article."
      >
        {(a) => (
          <Section title={a!.title}>
            <article className="support-article" data-slug={a!.slug}>
              {a!.blocks.map((b, i) => (
                <BlockView key={i} b={b} />
              ))}
            </article>
          </Section>
        )}
      </QueryState>
      <p>
        <Link to="/support/help">All help articles</Link> · <Link to="/support">Back to the assistant</Link>
      </p>
    </Page>
  )
}
