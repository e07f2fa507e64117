/**
 * The receiving side of RFC 8291 (what a browser does): a user agent's P-256 key pair and auth
 * secret, and the decryption of an `aes128gcm` push message body (RFC 8188 single record), written
 * from the RFCs with node:crypto (ECDH, HMAC-SHA-256 as HKDF, AES-128-GCM).
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto'

export interface UserAgentKeys {
  ecdh: ECDH
  /** 65-byte uncompressed point, base64url: the subscription's `p256dh`. */
  p256dh: string
  /** 16 random bytes, base64url: the subscription's `auth`. */
  auth: string
}

export function userAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

export class DecryptError extends Error {}

/** Decrypts an aes128gcm body for the user agent; throws DecryptError naming what is wrong. */
export function decryptAes128gcm(body: Buffer, ua: UserAgentKeys): Buffer {
  if (body.length < 21 + 16) throw new DecryptError('body shorter than the aes128gcm header')
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20] ?? 0
  if (idlen !== 65) throw new DecryptError(`keyid must be the 65-byte sender key (idlen ${idlen})`)
  const asPublic = body.subarray(21, 21 + idlen)
  const ciphertext = body.subarray(21 + idlen)
  if (ciphertext.length > rs) throw new DecryptError('more than one record')
  if (ciphertext.length < 17) throw new DecryptError('ciphertext shorter than the tag')
  const uaPublic = Buffer.from(ua.p256dh, 'base64url')
  let ecdhSecret: Buffer
  try {
    ecdhSecret = ua.ecdh.computeSecret(asPublic)
  } catch {
    throw new DecryptError('keyid is not a P-256 point')
  }
  // RFC 8291 §3.3-3.4: IKM from the ECDH secret keyed by the auth secret, then RFC 8188's CEK and nonce.
  const prkKey = hmac(Buffer.from(ua.auth, 'base64url'), ecdhSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  let padded: Buffer
  try {
    padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ])
  } catch {
    throw new DecryptError('authentication tag does not match')
  }
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (end < 0 || padded[end] !== 2) throw new DecryptError('last record delimiter 0x02 missing')
  return padded.subarray(0, end)
}
