/**
 * JSON bodies beyond parsing.
 * - Why a JSON body that parses was still refused: a key that reaches an object's prototype. Such a
 *   key (`__proto__`, or `constructor` holding a `prototype`) can change every object the service
 *   builds from the body (prototype pollution), and no field of this API has that name, so the body
 *   is refused with a 422 naming the key instead of being read.
 * - A route whose body has only optional fields says `config: { bodyOptional: true }`: a request
 *   with no body at all (and so no content type) reads as `{}`, the body that asks for every default.
 * - A write that takes no body (no body schema, no declared media types) refuses one that carries
 *   anything: a field sent there would otherwise be ignored while the caller believes it counted
 *   (a note on an approval, say). No body, an empty text, `null` or `{}` are all "nothing".
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { UnprocessableError } from './errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every field of the route's body is optional: no body at all reads as `{}` (see `absentBodyAsEmpty`). */
    bodyOptional?: boolean
  }
}

type Path = (string | number)[]

/** The path of the first prototype key in `value`, or undefined. */
export function prototypeKeyPath(value: unknown): Path | undefined {
  const pending: [unknown, Path][] = [[value, []]]
  while (pending.length) {
    const [node, path] = pending.pop()!
    if (node === null || typeof node !== 'object') continue
    const own = (key: string) => Object.prototype.hasOwnProperty.call(node, key)
    if (own('__proto__')) return [...path, '__proto__']
    const ctor = own('constructor') ? (node as Record<string, unknown>)['constructor'] : undefined
    if (ctor !== null && typeof ctor === 'object' && Object.prototype.hasOwnProperty.call(ctor, 'prototype'))
      return [...path, 'constructor', 'prototype']
    for (const [key, child] of Object.entries(node))
      pending.push([child, [...path, Array.isArray(node) ? Number(key) : key]])
  }
  return undefined
}

/**
 * For a body the JSON parser refused: the 422 that names a prototype key when the text is valid
 * JSON and has one, else undefined (the text is not JSON: the caller's "not valid JSON" stands).
 */
export function refusedPrototypeKey(text: string): UnprocessableError | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const path = prototypeKeyPath(value)
  if (!path) return undefined
  const key = path.includes('__proto__') ? '__proto__' : 'constructor.prototype'
  const msg =
    `the key ${key} is refused: it would change the prototype of objects built from the body ` +
    '(prototype pollution); no field has this name'
  return new UnprocessableError('validation.forbidden_key', `The body is valid JSON, but ${msg}`, [
    { loc: ['body', ...path], msg, type: 'forbidden_key' },
  ])
}

/**
 * `preValidation` hook: on a `bodyOptional` route, a request without a body (none sent, or an empty
 * JSON text) gets `{}` before its schema is checked. A body that was sent is validated as it is.
 */
export function absentBodyAsEmpty(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  if (req.body === undefined && req.routeOptions.config.bodyOptional === true) req.body = {}
  done()
}

/**
 * `preValidation` hook: a body sent to a write that takes none is a 422 naming what was sent (each
 * field of an object, or the body as a whole), so the caller learns it was not read.
 */
export function refuseBodyOnBodylessWrite(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  const schema = req.routeOptions.schema as { body?: unknown; consumes?: unknown } | undefined
  if (schema?.body !== undefined || schema?.consumes !== undefined || isNothing(req.body)) return done()
  const msg = 'this operation takes no body: send none'
  const fields = isPlainObject(req.body) ? Object.keys(req.body) : []
  const errors = fields.length
    ? fields.map((f) => ({
        loc: ['body', f],
        msg: `${f} is not read: ${msg}`,
        type: 'additional_properties',
      }))
    : [{ loc: ['body'], msg, type: 'unexpected_body' }]
  const detail = fields.length
    ? `This operation takes no body, and ${fields.join(', ')} would not be read: send none`
    : 'This operation takes no body: send none'
  done(new UnprocessableError('validation.failed', detail, errors))
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

function isNothing(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true
  return isPlainObject(body) && Object.keys(body).length === 0
}
