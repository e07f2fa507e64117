/** POST /mcp as the OpenAPI document shows it: one JSON-RPC 2.0 message in, its answer out. */
import { Type } from 'typebox'
import { SINGLE_LINE } from '../../../platform/http/schemas.ts'

const Id = Type.Union(
  [
    Type.String({ maxLength: 128, pattern: SINGLE_LINE }),
    Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
  ],
  {
    description: 'The request id; absent on a notification',
  },
)

export const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Id),
    method: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: SINGLE_LINE,
      description:
        'initialize, tools/list, tools/call, resources/list, resources/read, ping, notifications/…',
    }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'The method’s parameters' }),
    ),
  },
  { description: 'A JSON-RPC 2.0 request or notification of the Model Context Protocol' },
)

export const JsonRpcAnswer = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([Id, Type.Null()]),
    result: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    ),
  },
  {
    description:
      'The JSON-RPC answer: `result` or `error`. Sent as application/json, or as one `message` event of a ' +
      'text/event-stream when the client accepts it (Streamable HTTP)',
  },
)
