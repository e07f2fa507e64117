import { Link } from 'react-router'
import { Page } from '../ui/Page.tsx'

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        There is no console page at this address. <Link to="/">Back to the dashboard</Link>
      </p>
    </Page>
  )
}
