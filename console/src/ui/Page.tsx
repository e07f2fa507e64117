import { useEffect, type ReactNode } from 'react'

/** A page: its title (also the document title, which screen readers announce on navigation) and body. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  useEffect(() => {
    document.title = `${title} · Sextant`
  }, [title])
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        {actions && <div className="actions">{actions}</div>}
      </header>
      {children}
    </>
  )
}

/** A titled section of a page; `id` makes it a link target (`#id`). */
export function Section({
  title,
  children,
  actions,
  id,
}: {
  title: string
  children: ReactNode
  actions?: ReactNode
  id?: string
}) {
  return (
    <section className="card" aria-label={title} id={id}>
      <header className="card-header">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  )
}
