/**
 * The named defaults of the ICT layer (docs/definitions.md#ict-concepts), documented in OpenAPI and README.md.
 * Changing one changes what the endpoints answer, so each is pinned by a test.
 */

/** Equal highs/lows tolerance as a share of the whole range (SMC `range_percent`). */
export const LIQUIDITY_RANGE_PERCENT = 0.01
/** The OTE band: 62–79 % retracement of the leg, sweet spot 70.5 %, and the 0.618 variant. */
export const OTE_LOW = 0.62
export const OTE_HIGH = 0.79
export const OTE_SWEET = 0.705
export const OTE_FIB = 0.618
/** The most zones (FVGs, order blocks, breakers, pools) an answer lists per kind, newest first. */
export const MAX_ZONES = 50
/** The most bars `bars_since_range` and `killzones.bars` list (the latest ones). */
export const MAX_BARS_LISTED = 100
/** Confluence score: the location term weight; the zone term gets the rest. */
export const SCORE_LOCATION_WEIGHT = 0.5
