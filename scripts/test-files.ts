// Every test file of the project, sorted: what `npm test` runs and what CI's engine pass selects from.
import { execFileSync } from 'node:child_process'

export const allTestFiles = (): string[] =>
  execFileSync('find', ['src', 'test', '-name', '*.test.ts'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .sort()
