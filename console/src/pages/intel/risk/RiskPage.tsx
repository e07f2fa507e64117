/** /intel/risk — hedges for concentrated positions and stop levels for the holdings. */
import { Page, Section } from '../../../ui/Page.tsx'
import { Exits } from './Exits.tsx'
import { Hedges } from './Hedges.tsx'

export default function RiskPage() {
  return (
    <Page title="Hedges and exits">
      <Section title="Hedging suggestions">
        <Hedges />
      </Section>
      <Section title="Exit stops">
        <Exits />
      </Section>
    </Page>
  )
}
