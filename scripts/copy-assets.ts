// After scripts/build.ts: copies the files the bundle does not contain (the pages' HTML, CSS and
// browser scripts, and the support assistant's help articles, markdown in a `help/` folder) from src/
// to dist/ at the same paths, where the compiled code looks for them.
import { cpSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const ASSET = /\.(html|css|js|svg|ico|txt)$/
const HELP = /[/\\]help$/

function copy(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) copy(source, target)
    else if (ASSET.test(entry.name) || (HELP.test(from) && entry.name.endsWith('.md'))) cpSync(source, target)
  }
}

copy('src', 'dist')
