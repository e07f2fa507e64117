/**
 * The fields of a small multipart/form-data body (RFC 7578), as mail clients send the RFC 8058
 * one-click POST (`List-Unsubscribe=One-Click`). Text fields only; files and malformed parts are
 * skipped. Pure.
 */
export function parseMultipart(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (!boundary) return {}
  const fields: Record<string, string> = {}
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) continue
    const head = part.slice(0, split)
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1]
    if (!name || /\bfilename=/i.test(head)) continue
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '')
  }
  return fields
}
