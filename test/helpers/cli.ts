/** Runs one of the service's CLIs (`src/admin.ts`, `src/seed-demo.ts`) on a PGlite data directory. */
import { spawn } from 'node:child_process'

const ROOT = new URL('../../', import.meta.url).pathname

export function runCli(script: string, dir: string, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()))
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}
