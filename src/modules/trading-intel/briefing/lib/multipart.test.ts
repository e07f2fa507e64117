import assert from 'node:assert/strict'
import { it } from 'node:test'
import { parseMultipart } from './multipart.ts'

it('reads the one-click field of a multipart/form-data body, skipping files and junk', () => {
  const body =
    '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n' +
    '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nfile\r\n' +
    '--XyZ\r\nno blank line here\r\n--XyZ--\r\n'
  assert.deepEqual(parseMultipart(body, 'multipart/form-data; boundary=XyZ'), {
    'List-Unsubscribe': 'One-Click',
  })
  assert.deepEqual(parseMultipart(body, 'multipart/form-data; boundary="XyZ"'), {
    'List-Unsubscribe': 'One-Click',
  })
  assert.deepEqual(parseMultipart(body, 'multipart/form-data'), {})
})
