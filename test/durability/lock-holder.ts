/** Child process for the lock tests: takes the data directory's lock, says its pid, then waits. */
import { lockDataDir } from '../../src/platform/db/data-dir-lock.ts'

const dir = process.argv[2]
if (!dir) throw new Error('usage: lock-holder.ts DATA_DIR')
lockDataDir(dir, 'the server')
process.stdout.write(`locked ${process.pid}\n`)
setInterval(() => {}, 60_000) // hold it until killed
