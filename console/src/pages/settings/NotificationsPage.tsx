/** /settings/notifications: browser notifications with a test push, mobile devices, suppressions. */
import { Link } from 'react-router'
import { Page } from '../../ui/Page.tsx'
import { BrowserPushSection, DevicesSection } from './PushSection.tsx'
import { SuppressionsSection } from './SuppressionsSection.tsx'

export default function NotificationsPage() {
  return (
    <Page title="Notification settings" actions={<Link to="/settings">All settings</Link>}>
      <p className="muted">
        What to be alerted about, on which channels and during which hours is set on the{' '}
        <Link to="/alerts">Alerts</Link> page.
      </p>
      <div className="grid">
        <BrowserPushSection />
        <DevicesSection />
      </div>
      <SuppressionsSection />
    </Page>
  )
}
