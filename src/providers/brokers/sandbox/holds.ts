/**
 * What an account's open orders hold back, kept as they open and close, so that a funds check or a
 * balance read costs the same however many orders rest (both sandboxes keep one per account).
 *
 * Each order's hold is fixed when it opens (placed or seeded): whole cents for a buy, and for a sell
 * the symbol whose shares it holds. `follow` is told, whenever an order is recorded or its status
 * changes, whether it is open: it starts holding an open order's hold once and stops once the order
 * is no longer open (filled, canceled, rejected); repeating either is a no-op. An order whose hold
 * changed would be followed as closed, then as open again with the new one.
 *
 * Cents are summed as a BigInt, exact in any order of opening and closing (a float sum of whole
 * cents is exact only below 2^53, and a Schwab order is checked only after it is placed, so an
 * absurd one may be open for a while); a hold that is not finite (a price beyond the float range)
 * is counted apart, and the total then reads Infinity, as a sum of numbers would. The shares a sell
 * holds back are fractional (a notional sell, a fractional quantity), so they are not summed here:
 * `sells` gives each symbol's open sells in the order they opened, which the caller sums in the
 * same order a scan of the account's orders would.
 */
export interface Hold {
  /** Whole cents held back (0 for a sell). */
  cents: number
  /** The symbol whose shares a sell holds back. */
  sells?: string
}

const NONE: ReadonlySet<never> = new Set()

export class Holds<O> {
  private cents = 0n
  private unbounded = 0
  private readonly open = new Map<O, Hold>()
  private readonly sellsBySymbol = new Map<string, Set<O>>()

  /** `holdOf` answers an order's fixed hold; it is read once, when the order opens. */
  constructor(private readonly holdOf: (o: O) => Hold) {}

  /** Holds what `o` holds while it is open, nothing once it is not: called on every record or status change. */
  follow(o: O, isOpen: boolean): void {
    if (isOpen) this.add(o)
    else this.remove(o)
  }

  /** Starts holding what `o` holds (once). */
  private add(o: O): void {
    if (this.open.has(o)) return
    const hold = this.holdOf(o)
    this.open.set(o, hold)
    this.count(hold.cents, 1)
    if (hold.sells === undefined) return
    const sells = this.sellsBySymbol.get(hold.sells) ?? new Set<O>()
    this.sellsBySymbol.set(hold.sells, sells.add(o))
  }

  /** Stops holding what `o` held (once). */
  private remove(o: O): void {
    const hold = this.open.get(o)
    if (!hold) return
    this.open.delete(o)
    this.count(hold.cents, -1)
    if (hold.sells === undefined) return
    const sells = this.sellsBySymbol.get(hold.sells)
    sells?.delete(o)
    if (sells?.size === 0) this.sellsBySymbol.delete(hold.sells)
  }

  /** Cents held back by the open orders (but `except`, when it is open). */
  heldCents(except?: O): number {
    const hold = except === undefined ? undefined : this.open.get(except)
    if (hold && !Number.isFinite(hold.cents)) return this.unbounded > 1 ? Infinity : Number(this.cents)
    if (this.unbounded > 0) return Infinity
    return Number(hold ? this.cents - BigInt(hold.cents) : this.cents)
  }

  /** The open sells of `symbol`, in the order they opened. */
  sells(symbol: string | undefined): ReadonlySet<O> {
    return (symbol === undefined ? undefined : this.sellsBySymbol.get(symbol)) ?? NONE
  }

  private count(cents: number, sign: 1 | -1): void {
    if (Number.isFinite(cents)) this.cents += BigInt(sign * cents)
    else this.unbounded += sign
  }
}
