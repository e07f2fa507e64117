import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../http/errors.ts'
import { effectiveTenant, type RequestScope } from './scope.ts'

const user: RequestScope = { tenantId: 7, userId: 1, role: 'user', plan: 'free', via: 'bearer' }
const admin: RequestScope = { ...user, role: 'admin' }

describe('effectiveTenant (tenant_id scoping parameter)', () => {
  it("is the caller's own tenant when none or their own is named", () => {
    assert.equal(effectiveTenant(user, undefined), 7)
    assert.equal(effectiveTenant(user, 7), 7)
  })

  it('lets an admin name another tenant', () => {
    assert.equal(effectiveTenant(admin, 9), 9)
  })

  it('answers 403 auth.tenant_forbidden to a non-admin naming another tenant', () => {
    assert.throws(
      () => effectiveTenant(user, 9),
      (e: unknown) => e instanceof AppError && e.status === 403 && e.code === 'auth.tenant_forbidden',
    )
  })
})
