/**
 * The moderation port: a classifier that scores text against content categories. Adapters map their
 * vendor's wire format to these shapes and throw the typed UpstreamErrors of providers/shared on
 * failure; callers fall back to their own rules then.
 */

export interface ModerationVerdict {
  /** Whether the vendor flagged the text as a whole. */
  flagged: boolean
  /** The vendor's category names (e.g. `harassment`, `violence/graphic`) → whether each applies. */
  categories: Record<string, boolean>
  /** The same categories → a score in [0, 1]. */
  scores: Record<string, number>
}

export interface ModerationProvider {
  readonly name: string
  readonly model: string
  /** One verdict per input, in the same order. */
  moderate(inputs: string[], opts?: { timeoutMs?: number }): Promise<ModerationVerdict[]>
}
