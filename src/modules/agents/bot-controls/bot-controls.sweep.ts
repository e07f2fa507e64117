/** Cross-tenant sweep fixtures: the owner creates an agent; another tenant must get 404 on it. */
import type { SweepFixture } from '../../module.ts'

export const botControlsSweep: Record<string, SweepFixture> = {}
