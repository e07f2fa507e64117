/**
 * Cross-tenant sweep: concept ids name shared catalog content, not a tenant's resource. The tenant's
 * own data (progress, quiz answers) is reached through paths that carry no id.
 */
import type { SweepFixture } from '../../module.ts'

const concept: SweepFixture = async () => ({ params: { concept_id: 'swing-points' }, shared: true })

export const taLearnSweep: Record<string, SweepFixture> = { getLearnConcept: concept }
