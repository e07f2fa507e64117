/**
 * Conditional GETs: a strong ETag (MD5 of the serialized body; GET /correlation uses it)
 * and a 304 when If-None-Match matches (RFC 9110 §13.1.2: weak comparison, lists and `*`).
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

export function etagOf(body: string | Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`
}

export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => bare(t) === bare(etag))
}

/**
 * Sends `body` as JSON with its ETag, or an empty 304 when the client already has it.
 * The body is serialized here (once) so the hash is of exactly the bytes sent.
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body)
  const etag = etagOf(json)
  reply.header('etag', etag)
  if (ifNoneMatchMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
  return reply
    .type('application/json; charset=utf-8')
    .serializer((p: unknown) => p as string)
    .send(json)
}
