/**
 * Other spellings of a share-class ticker, for the 404 of an unknown symbol (`unknownSymbol` in
 * instruments.service.ts names the one that exists in `suggestion`). Share classes are written with a
 * dot here (BRK.B, BF.B), as the exchanges' consolidated tape does; other tools write them with a
 * hyphen (BRK-B), a slash (BRK/B) or nothing (BRKB).
 */

/** Other spellings of a share-class ticker: BRK-B → BRK.B; BRK.B → BRK-B; BRKB → BRK.B. */
export function shareClassSpellings(symbol: string): string[] {
  const sym = symbol.toUpperCase()
  const parts = /^(\^?[A-Z0-9]+)[-./ ]([A-Z0-9]{1,2})$/.exec(sym)
  if (parts) {
    const [, root, cls] = parts
    return [`${root}.${cls}`, `${root}-${cls}`].filter((s) => s !== sym)
  }
  // A one-letter class glued on (BRKB, BFB): only ever a hint, so a false split costs nothing.
  return /^[A-Z]{3,6}$/.test(sym) ? [`${sym.slice(0, -1)}.${sym.slice(-1)}`] : []
}

/** The first spelling of `symbol` that `known` accepts, or null. */
export async function knownSpelling(
  symbol: string,
  known: (s: string) => Promise<boolean> | boolean,
): Promise<string | null> {
  for (const s of shareClassSpellings(symbol)) if (await known(s)) return s
  return null
}
