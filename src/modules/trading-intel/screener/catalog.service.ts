/**
 * GET /api/screener/filters and GET /api/trading-intel/stock-screener/metrics: the field catalog
 * with, for each field, the source that fills it, how fresh that source is in the current snapshot,
 * its unit and the operators it accepts; and the presets.
 */
import { FIELDS, type FieldDef } from './lib/catalog.ts'
import { OPS, type Op } from './lib/spec.ts'
import { OPS_BY_TYPE } from './lib/operands.ts'
import { PRESETS } from './lib/presets.ts'
import type { Snapshot } from './lib/snapshot.ts'
import type { SnapshotService } from './snapshot.service.ts'

const CROSSES: ReadonlySet<Op> = new Set(['crosses_above', 'crosses_below'])

/** The operators a field accepts (validateSpec's rules): by its type, crosses only on crossable fields. */
export function operatorsOf(f: FieldDef): Op[] {
  return OPS.filter((op) => OPS_BY_TYPE[f.type].has(op) && (f.crossable === true || !CROSSES.has(op)))
}

const fieldOut = (snap: Snapshot) => (f: FieldDef) => ({
  id: f.id,
  label: f.label,
  type: f.type,
  unit: f.unit,
  category: f.category,
  description: f.description,
  source: f.source,
  as_of: snap.sources[f.source].as_of,
  ...(f.values ? { values: [...f.values] } : {}),
  crossable: f.crossable === true,
  operators: operatorsOf(f),
})

export class CatalogService {
  constructor(private readonly deps: { snapshots: SnapshotService }) {}

  async filters() {
    const { snapshot } = await this.deps.snapshots.latest()
    return {
      as_of: snapshot.as_of,
      built_at: snapshot.built_at,
      fields: FIELDS.map(fieldOut(snapshot)),
      sources: snapshot.sources,
      operators: [...OPS],
      presets: PRESETS.map((p) => ({ id: p.id, title: p.title, description: p.description, spec: p.spec })),
    }
  }

  async metrics() {
    const { snapshot } = await this.deps.snapshots.latest()
    return {
      as_of: snapshot.as_of,
      sources: snapshot.sources,
      metrics: FIELDS.map((f) => ({
        key: f.id,
        name: f.label,
        category: f.category,
        data_type: f.type,
        unit: f.unit,
        description: f.description,
        source: f.source,
        freshness: snapshot.sources[f.source].as_of,
        ...(f.values ? { allowed_values: [...f.values] } : {}),
        operators: operatorsOf(f),
      })),
    }
  }
}
