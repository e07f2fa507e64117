/** OpenAPI example values the moderation routes share. */
const SCORES = {
  pump_and_dump: 0.8,
  guaranteed_returns: 0.85,
  impersonation: 0,
  off_platform_solicitation: 0,
  harassment: 0,
  hate: 0,
  self_harm: 0,
  sexual: 0,
  violence: 0,
  illicit: 0,
}

export const REASONS_EXAMPLE = [
  { category: 'guaranteed_returns', rule: 'returns.guaranteed', excerpt: 'guaranteed 10x on $XYZ' },
  { category: 'pump_and_dump', rule: 'pump.multiplier', excerpt: 'guaranteed 10x on $XYZ' },
]

export const GUARD_BLOCK_EXAMPLE = {
  verdict: 'block',
  categories: ['guaranteed_returns', 'pump_and_dump'],
  scores: SCORES,
  action_id: 91,
  reasons: REASONS_EXAMPLE,
  sources: ['rules', 'openai'],
  classifier: 'used',
  degraded: false,
}

export const GUARD_ALLOW_EXAMPLE = {
  verdict: 'allow',
  categories: [],
  scores: { ...SCORES, pump_and_dump: 0, guaranteed_returns: 0 },
  action_id: null,
  reasons: [],
  sources: ['rules'],
  classifier: 'unavailable',
  degraded: true,
}

export const ACTION_EXAMPLE = {
  action_id: 91,
  kind: 'content_blocked',
  status: 'active',
  categories: ['guaranteed_returns', 'pump_and_dump'],
  reasons: REASONS_EXAMPLE,
  automated: true,
  sources: ['rules', 'openai'],
  surface: 'community.post',
  reference: 'post-7731',
  created_at: '2026-11-24T15:00:00.000Z',
  appealable_until: '2027-05-23T15:00:00.000Z',
  reversed_at: null,
  statement:
    'Your content (community.post) was blocked and not published. Grounds: claims of guaranteed returns; ' +
    'pump-and-dump or coordinated promotion (rules: returns.guaranteed, pump.multiplier). It was detected and ' +
    'decided automatically, by our rules and an automated classifier; no person reviewed it before the block.',
  how_to_appeal:
    'Appeal until 2027-05-23T15:00:00.000Z with POST /api/moderation/actions/91/appeal and your reason (free of ' +
    'charge). A person reviews it and answers with a reason within 7 days. If you disagree with the outcome you ' +
    'may also turn to an out-of-court dispute settlement body.',
  appeal: { appeal_id: 12, status: 'open' },
}

export const APPEAL_EXAMPLE = {
  appeal_id: 12,
  action_id: 91,
  status: 'open',
  reason: 'I was quoting a scam message to warn others, not promoting it.',
  reviewer_reason: null,
  decided_at: null,
  created_at: '2026-11-24T15:30:00.000Z',
  decide_by: '2026-12-01T15:30:00.000Z',
}

export const DECIDED_EXAMPLE = {
  ...APPEAL_EXAMPLE,
  status: 'reversed',
  reviewer_reason: 'The post quotes the scam in order to warn readers; it promotes nothing.',
  decided_at: '2026-11-25T09:00:00.000Z',
  user_id: 42,
  reviewer_user_id: 7,
}

export const ADMIN_APPEAL_EXAMPLE = {
  ...APPEAL_EXAMPLE,
  user_id: 42,
  reviewer_user_id: null,
  action: {
    categories: ACTION_EXAMPLE.categories,
    reasons: REASONS_EXAMPLE,
    surface: 'community.post',
    reference: 'post-7731',
    created_at: '2026-11-24T15:00:00.000Z',
  },
}
