/** POST /api/notes and GET /api/notes/{note_id}: the example module's route table. */
import { Type } from 'typebox'
import { scopeOf } from '../../src/platform/auth/authenticate.ts'
import type { App } from '../../src/platform/http/app-type.ts'
import { problems } from '../../src/platform/http/problem.ts'
import { Id, Name } from '../../src/platform/http/schemas.ts'
import type { NotesService } from './notes.service.ts'

const Note = Type.Object({ id: Type.Integer(), text: Type.String() })

export function notesRoutes(app: App, notes: NotesService): void {
  app.post(
    '/api/notes',
    {
      schema: {
        operationId: 'createNote',
        summary: 'Create a note',
        tags: ['notes'],
        body: Type.Object({ text: Name(500) }),
        response: { 201: Note, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await notes.create(scopeOf(req), req.body.text)),
  )
  app.get(
    '/api/notes/:note_id',
    {
      schema: {
        operationId: 'getNote',
        summary: 'One note',
        tags: ['notes'],
        params: Type.Object({ note_id: Id() }),
        response: { 200: Note, ...problems(401, 404, 422) },
      },
    },
    (req) => notes.get(scopeOf(req), req.params.note_id),
  )
}
