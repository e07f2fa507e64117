/**
 * /settings: the profile and e-mail address, two-step verification, the API key, sessions, the plan
 * with its limits and usage, and the tenant's base currency. Notifications have their own page
 * (NotificationsPage.tsx), linked from here.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { logout } from '../../auth/session.tsx'
import { Page, Section } from '../../ui/Page.tsx'
import { ApiKeySection } from './ApiKeySection.tsx'
import { BaseCurrencySection } from './BaseCurrencySection.tsx'
import { MfaSection } from './MfaSection.tsx'
import { PlanSection } from './PlanSection.tsx'
import { EmailSection, ProfileSection } from './ProfileSection.tsx'

function SessionSection() {
  const client = useQueryClient()
  const navigate = useNavigate()
  return (
    <Section title="Sessions">
      <p>
        Logging out ends this browser’s session on the server. The API offers no list of your other sessions,
        so they cannot be seen or ended one by one here; a password reset ends every session (and revokes the
        API key).
      </p>
      <button
        type="button"
        className="secondary"
        onClick={() => void logout(client).then(() => navigate('/login', { replace: true }))}
      >
        Log out of this browser
      </button>
    </Section>
  )
}

export default function SettingsPage() {
  return (
    <Page title="Settings" actions={<Link to="/settings/notifications">Notification settings</Link>}>
      <div className="grid">
        <ProfileSection />
        <EmailSection />
      </div>
      <MfaSection />
      <ApiKeySection />
      <PlanSection />
      <div className="grid">
        <BaseCurrencySection />
        <SessionSection />
      </div>
    </Page>
  )
}
