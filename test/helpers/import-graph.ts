/**
 * The relative imports of the repository's TypeScript files, read from their text: who imports
 * whom, and whether only types (erased when compiled) or values (loaded when the file loads).
 * Dynamic `import()` is left out: it loads later, not as part of loading the file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

export interface Import {
  from: string
  to: string
  /** `import type …`, `export type …`, or braces holding only `type X` names. */
  typeOnly: boolean
}

const STATEMENT = /^\s*(import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm

function typeOnly(keyword: string | undefined, clause: string | undefined): boolean {
  if (keyword) return true
  const names = clause?.trim()
  if (!names?.startsWith('{') || !names.endsWith('}')) return false // default, namespace, side effect
  const list = names
    .slice(1, -1)
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  return list.length > 0 && list.every((n) => n.startsWith('type '))
}

/** Every relative import and re-export of the `.ts` files under `dir` (paths from `root`). */
export function importsUnder(root: string, dir: string): Import[] {
  const out: Import[] = []
  const files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter((p) =>
    p.endsWith('.ts'),
  )
  for (const file of files) {
    const from = join(dir, file)
    const text = readFileSync(join(root, from), 'utf8')
    for (const [, , keyword, clause, spec] of text.matchAll(STATEMENT))
      out.push({ from, to: normalize(join(dirname(from), spec!)), typeOnly: typeOnly(keyword, clause) })
  }
  return out
}

/**
 * The import cycles of a graph, one per strongly connected component (Tarjan): each as the files of
 * one closed path through it, the first file repeated at the end.
 */
export function cycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>()
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    const selfLoop = (next.get(v) ?? []).includes(v)
    if (component.length > 1 || selfLoop) found.push(closedPath(new Set(component), next))
  }
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v)
  return found
}

/** A closed path through `component`, from its first file in name order, found breadth first. */
function closedPath(component: Set<string>, next: Map<string, string[]>): string[] {
  const start = [...component].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length) {
    const v = queue.shift()!
    for (const w of next.get(v) ?? []) {
      if (!component.has(w)) continue
      if (w === start) {
        const path = [start]
        for (let at = v; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start, start]
}
