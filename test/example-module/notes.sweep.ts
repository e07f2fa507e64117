/**
 * Cross-tenant sweep fixtures: for each operation whose path carries an id, how to create the
 * resource as `owner`; the sweep then calls the operation as another tenant and expects 404.
 */
import { created, type SweepFixture } from '../../src/modules/module.ts'

export const notesSweep: Record<string, SweepFixture> = {
  getNote: async (owner) => ({
    params: { note_id: (await created(await owner.post('/api/notes', { text: 'mine' }))).id! },
  }),
}
