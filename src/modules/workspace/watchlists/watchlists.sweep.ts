/**
 * Cross-tenant sweep fixtures: the one operation whose path names something is the removal of a
 * symbol. The owner puts it on their default list; another tenant's removal must answer 404 (the
 * symbol is not on any list of theirs), and the owner's list keeps it.
 */
import { created, type SweepFixture } from '../../module.ts'

export const watchlistsSweep: Record<string, SweepFixture> = {
  removeWatchlistItem: async (owner) => {
    await created(await owner.post('/api/watchlists/items', { symbol: 'MSFT', list_name: 'default' }))
    return { params: { symbol: 'MSFT' } }
  },
}
