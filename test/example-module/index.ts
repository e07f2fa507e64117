/**
 * An example module, written by following CONTRIBUTING.md's "Adding a module" recipe: one folder and
 * one line in the module list. test/architecture/add-a-module.test.ts adds it to the app's list.
 */
import { defineModule, type ModuleContext } from '../../src/modules/module.ts'
import type { Portfolio } from '../../src/modules/portfolio/index.ts'
import * as m0100 from './migrations/0100_notes.ts'
import { notesRoutes } from './notes.routes.ts'
import { NotesService } from './notes.service.ts'
import { notesSweep } from './notes.sweep.ts'
import { NOTES_TABLES } from './notes.tables.ts'

export const notesModule = defineModule({
  name: 'notes',
  key: 'notes',
  // Needs nothing from portfolio; named to show a dependency being built first and handed in.
  needs: { portfolio: true },
  tables: NOTES_TABLES,
  migrations: [['0100_notes', m0100]],
  build: (ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }) => {
    if (!portfolio.accounts) throw new Error('portfolio is built before the modules that need it')
    return new NotesService(ctx)
  },
  routes: notesRoutes,
  sweep: notesSweep,
})
