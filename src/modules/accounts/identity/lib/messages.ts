/** The e-mails and text messages identity sends: plain text and HTML, links from PUBLIC_BASE_URL. */
import type { EmailMessage } from '../../../../providers/email/index.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function email(
  to: string,
  tenantId: number,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): EmailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', '— Sextant'].join('\n')
  const html = [
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
    '<p>— Sextant</p>',
  ].join('\n')
  return { to, tenantId, subject, text, html }
}

export function linkTo(baseUrl: string, path: string, token: string): string {
  const url = new URL(path, baseUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export const messages = {
  verifyEmail: (to: string, tenantId: number, url: string) =>
    email(
      to,
      tenantId,
      'Confirm your e-mail address',
      ['Confirm that this address belongs to your Sextant account.', 'The link is valid for 24 hours.'],
      { url, label: 'Confirm e-mail address' },
    ),
  emailCode: (to: string, tenantId: number, code: string) =>
    email(to, tenantId, `Your Sextant verification code: ${code}`, [
      `Your verification code is ${code}.`,
      'It expires in 10 minutes. If you did not ask for it, ignore this message.',
    ]),
  passwordReset: (to: string, tenantId: number, url: string) =>
    email(
      to,
      tenantId,
      'Reset your Sextant password',
      [
        'Someone asked to reset the password of your Sextant account.',
        'The link is valid for 1 hour; if it was not you, ignore this message.',
      ],
      { url, label: 'Choose a new password' },
    ),
  reactivate: (to: string, tenantId: number, url: string) =>
    email(
      to,
      tenantId,
      'Reactivate your Sextant account',
      ['Your Sextant account is deactivated. Use the link within 24 hours to reactivate it.'],
      { url, label: 'Reactivate account' },
    ),
  registrationAttempt: (to: string, tenantId: number, url: string, status: string) =>
    email(
      to,
      tenantId,
      'Someone tried to register with your address',
      [
        'Someone tried to create a Sextant account with this e-mail address, which already has one. ' +
          'Nothing was changed and no account was created.',
        status === 'deactivated'
          ? 'If it was you: your account is deactivated; the link below e-mails you a way to reactivate it.'
          : 'If it was you: log in with your password, or choose a new one with the link below.',
        'If it was not you, you can ignore this message.',
      ],
      status === 'deactivated'
        ? { url, label: 'Reactivate your account' }
        : { url, label: 'Forgot your password?' },
    ),
  phoneCode: (code: string) => `Sextant code: ${code}. It expires in 10 minutes.`,
}
