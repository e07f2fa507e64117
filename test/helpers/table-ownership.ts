/**
 * The table-ownership check (ADR 0016): every SQL reference to a table, in every source file, must
 * name a table its owner declares; in a module, only `*.repository.ts` files hold SQL.
 * References are read from the query builder (`selectFrom('x')`, joins, `insertInto`, `updateTable`,
 * `deleteFrom`, `with`) and from raw `sql` templates (`from x`, `join x`, `into x`, `update x`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export interface Owner {
  /** Path prefix of the owner's files, relative to the repository (`src/modules/portfolio/`). */
  prefix: string
  tables: readonly string[]
  /** Modules keep SQL in repositories; the platform and providers are small enough not to split. */
  repositoriesOnly: boolean
}

export interface SourceFile {
  path: string
  text: string
}

const BUILDER =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`]([a-z_][a-z0-9_]*)/g
const RAW = /\bsql(?:\.raw)?`([^`]*)`/g
const RAW_TABLE = /\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi
/** Words after `from` in SQL that are not tables. */
const NOT_TABLES = new Set([
  'select',
  'lateral',
  'unnest',
  'generate_series',
  'jsonb_to_recordset',
  'jsonb_array_elements',
])

export function tablesReferenced(text: string): string[] {
  const found = new Set<string>()
  for (const m of text.matchAll(BUILDER)) found.add(m[1]!)
  for (const raw of text.matchAll(RAW))
    for (const m of raw[1]!.matchAll(RAW_TABLE)) {
      const name = m[1]!.toLowerCase()
      if (!NOT_TABLES.has(name)) found.add(name)
    }
  return [...found]
}

/** Findings for `files` (empty when ownership holds); CTE names a file defines are its own. */
export function ownershipFindings(
  files: SourceFile[],
  owners: Owner[],
  known: ReadonlySet<string>,
): string[] {
  const findings: string[] = []
  for (const file of files) {
    const owner = owners.find((o) => file.path.startsWith(o.prefix))
    const ctes = new Set([...file.text.matchAll(/\.with\(\s*['"]([a-z_]+)['"]/g)].map((m) => m[1]!))
    const tables = tablesReferenced(file.text).filter((t) => known.has(t) && !ctes.has(t))
    if (!tables.length) continue
    if (!owner) {
      findings.push(`${file.path}: uses ${tables.join(', ')} but belongs to no owner`)
      continue
    }
    const foreign = tables.filter((t) => !owner.tables.includes(t))
    if (foreign.length) findings.push(`${file.path}: uses ${foreign.join(', ')}, owned elsewhere`)
    if (owner.repositoriesOnly && !file.path.endsWith('.repository.ts'))
      findings.push(`${file.path}: SQL outside a repository (${tables.join(', ')})`)
  }
  return findings
}

/** Source files under `dirs` (relative to `root`), without tests, migrations and row types. */
export function sourceFiles(root: string, dirs: string[]): SourceFile[] {
  const out: SourceFile[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations') walk(full)
      } else if (entry.name.endsWith('.ts') && !/\.(test|tables)\.ts$/.test(entry.name))
        out.push({ path: relative(root, full), text: readFileSync(full, 'utf8') })
    }
  }
  for (const d of dirs) walk(join(root, d))
  return out
}
