/**
 * GET /api/screener/filters and GET /api/trading-intel/stock-screener/metrics: the field catalog
 * with, for each field, the source that fills it, how fresh that source is in the current snapshot,
 * its unit and the operators it accepts; and the presets.
 */
import { FIELDS, type FieldDef } from './lib/catalog.ts'
import { OPS, type Op } from './lib/spec.ts'
import { PRESETS } from './lib/presets.ts'
import type { Snapshot } from './lib/snapshot.ts'
import type { SnapshotService } from './snapshot.service.ts'

const ORDER: readonly Op[] = ['eq', 'neq', 'in', 'not_in', 'is_null', 'not_null']
const NUMBER_OPS: readonly Op[] = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'between', 'in', 'not_in', 'is_null', 'not_null']

/** The operators a field accepts: comparisons on numbers, equality and lists on strings and booleans, crosses on crossable fields. */
export function operatorsOf(f: FieldDef): Op[] {
  if (f.type === 'number') return f.crossable ? [...NUMBER_OPS, 'crosses_above', 'crosses_below'] : [...NUMBER_OPS]
  if (f.type === 'boolean') return ['eq', 'neq', 'is_null', 'not_null']
  return [...ORDER]
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
      presets: PRESETS.map((p) => ({ id: p.id, name: p.name, description: p.description, spec: p.spec })),
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
