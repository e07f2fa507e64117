/**
 * Builds the modules in dependency order (each after the modules it `needs`) and collects their
 * jobs. A module that needs one missing from the list, or a cycle, stops the start with its path.
 */
import type { ModuleContext, ModuleJob } from '../modules/module.ts'
import type { AnyModule } from './modules.ts'

export function buildModules(list: readonly AnyModule[], ctx: ModuleContext): Record<string, unknown> {
  const byKey = new Map<string, AnyModule>()
  for (const m of list) {
    if (byKey.has(m.key)) throw new Error(`two modules use the key "${m.key}"`)
    byKey.set(m.key, m)
  }
  const built: Record<string, unknown> = {}
  const visit = (m: AnyModule, path: string[]): void => {
    if (m.key in built) return
    if (path.includes(m.key)) throw new Error(`module dependency cycle: ${[...path, m.key].join(' → ')}`)
    const needs: Record<string, unknown> = {}
    for (const key of Object.keys(m.needs)) {
      const dep = byKey.get(key)
      if (!dep) throw new Error(`module "${m.name}" needs "${key}", which is not in the module list`)
      visit(dep, [...path, m.key])
      needs[key] = built[key]
    }
    built[m.key] = m.build(ctx, needs)
  }
  for (const m of list) visit(m, [])
  return built
}

/** Every module's jobs, registered on the queue: handlers at once, schedules when asked. */
export function registerJobs(list: readonly AnyModule[], apis: Record<string, unknown>, ctx: ModuleContext) {
  const jobs: ModuleJob[] = list.flatMap((m) => m.jobs?.(apis[m.key]) ?? [])
  for (const j of jobs) ctx.jobs.register(j.name, j.run as (payload: unknown) => Promise<void>)
  return {
    /** Installs the cron schedules (the durable queue needs a started queue). */
    schedule: async () => {
      for (const j of jobs)
        if (j.schedule)
          await ctx.jobs.schedule(j.name, j.schedule.cron, {}, j.schedule.tz ? { tz: j.schedule.tz } : {})
    },
  }
}
