/**
 * A throw-away self-signed certificate for loopback TLS fakes (127.0.0.1 and localhost), built with
 * node:crypto alone: a P-256 key, an X.509 v3 certificate in DER (ASN.1 written by hand) signed
 * with ECDSA-SHA256. Clients trust it by passing `cert` as their `ca`.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body])
}

const seq = (...parts: Buffer[]) => tlv(0x30, ...parts)

function integer(bytes: Buffer): Buffer {
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes)
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number)
  const out = [a * 40 + b]
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f]
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80)
    out.push(...chunk)
  }
  return tlv(0x06, Buffer.from(out))
}

function utcTime(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'
  return tlv(0x17, Buffer.from(s, 'ascii'))
}

const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'))

export interface SelfSignedCert {
  /** PEM certificate: the server's `cert` and the client's `ca`. */
  cert: string
  /** PEM PKCS#8 private key: the server's `key`. */
  key: string
}

export function selfSignedCert(commonName = '127.0.0.1'): SelfSignedCert {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))))
  const now = Date.now()
  const altNames = seq(tlv(0x87, Buffer.from([127, 0, 0, 1])), tlv(0x82, Buffer.from('localhost')))
  const extensions = tlv(
    0xa3,
    seq(
      seq(oid('2.5.29.17'), tlv(0x04, altNames)),
      seq(oid('2.5.29.19'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, seq(tlv(0x01, Buffer.from([0xff]))))),
    ),
  )
  const serial = randomBytes(8)
  serial[0] = (serial[0] ?? 0) & 0x7f
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 30 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  )
  const signature = sign('sha256', tbs, privateKey)
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature))
  const b64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}
