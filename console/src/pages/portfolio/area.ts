import type { Area } from '../area.ts'

export const area: Area = { routes: [], nav: [] }
