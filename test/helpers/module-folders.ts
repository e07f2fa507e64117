/**
 * Where the modules live: `src/modules/<module>/` or, grouped by product area,
 * `src/modules/<area>/<module>/`. A folder with an `index.ts` is a module; a folder without one is an
 * area, and every folder inside an area is a module.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export interface ModuleFolder {
  /** The folder's name, which is the module's `name`. */
  name: string
  /** The product area it is grouped in, or null for a module that is an area of its own. */
  area: string | null
  /** Relative to the repository, with a trailing slash: `src/modules/trading-intel/backtest/`. */
  path: string
}

const MODULES = 'src/modules'

const folders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()

/** Every module folder, and every area folder (those without an index.ts), under `root`. */
export function moduleLayout(root: string): { modules: ModuleFolder[]; areas: string[] } {
  const modules: ModuleFolder[] = []
  const areas: string[] = []
  for (const top of folders(join(root, MODULES))) {
    if (existsSync(join(root, MODULES, top, 'index.ts'))) {
      modules.push({ name: top, area: null, path: `${MODULES}/${top}/` })
      continue
    }
    areas.push(top)
    for (const name of folders(join(root, MODULES, top)))
      modules.push({ name, area: top, path: `${MODULES}/${top}/${name}/` })
  }
  return { modules, areas }
}

/** The folder of the module named `name` (throws when there is not exactly one). */
export function moduleFolder(root: string, name: string): ModuleFolder {
  const found = moduleLayout(root).modules.filter((m) => m.name === name)
  if (found.length !== 1) throw new Error(`module ${name}: ${found.length} folders`)
  return found[0]!
}
