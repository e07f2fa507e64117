/**
 * A Lightweight Charts series primitive that draws price boxes (fair value gaps, order blocks, the
 * premium/discount band) and horizontal segments (a broken swing level) under the candles. A box spans
 * from the bar at `from` to the bar at `to` (seconds; null: to the right edge) and from `bottom` to
 * `top` in price. Coordinates are worked out at every draw, so zooming and scrolling keep them in place.
 */
import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  SeriesAttachedParameter,
  SeriesType,
  Time,
} from 'lightweight-charts'

export interface Box {
  from: number
  to: number | null
  top: number
  bottom: number
  fill: string
  /** Drawn round the box; a box with top = bottom is a line in this colour. */
  stroke?: string
  label?: string
}

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0]

/** The index of the first bar starting at or after `t` (times ascending); times.length past the end. */
export function barIndexAt(times: readonly number[], t: number): number {
  let lo = 0
  let hi = times.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((times[mid] ?? Infinity) < t) lo = mid + 1
    else hi = mid
  }
  return lo
}

export class BoxesPrimitive implements ISeriesPrimitive<Time> {
  private chart: IChartApi | undefined
  private series: ISeriesApi<SeriesType> | undefined
  private requestUpdate: (() => void) | undefined
  private readonly views: readonly IPrimitivePaneView[]

  constructor(
    private boxes: readonly Box[],
    private readonly times: readonly number[],
  ) {
    const renderer: IPrimitivePaneRenderer = {
      draw: () => {},
      drawBackground: (target) => this.draw(target),
    }
    this.views = [{ zOrder: () => 'bottom', renderer: () => renderer }]
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart
    this.series = param.series
    this.requestUpdate = param.requestUpdate
  }

  detached(): void {
    this.chart = undefined
    this.series = undefined
    this.requestUpdate = undefined
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views
  }

  setBoxes(boxes: readonly Box[]): void {
    this.boxes = boxes
    this.requestUpdate?.()
  }

  private x(t: number | null, width: number): number {
    const scale = this.chart?.timeScale()
    if (!scale || t === null) return width
    const at = scale.logicalToCoordinate(barIndexAt(this.times, t) as Logical)
    return at ?? width
  }

  private draw(target: Target): void {
    const series = this.series
    if (!series) return
    target.useBitmapCoordinateSpace(
      ({ context: ctx, bitmapSize, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
        const width = bitmapSize.width / h
        ctx.save()
        ctx.font = `${Math.round(11 * v)}px system-ui, sans-serif`
        const start = this.times[0] ?? Infinity
        for (const b of this.boxes) {
          // Over before the first bar shown (an earlier session's zone that was filled): nothing to draw.
          if (b.to !== null && b.to < start) continue
          const top = series.priceToCoordinate(b.top)
          const bottom = series.priceToCoordinate(b.bottom)
          if (top === null || bottom === null) continue
          const x0 = Math.max(0, this.x(b.from, width))
          const x1 = Math.min(width, Math.max(x0 + 2, this.x(b.to, width)))
          const y = Math.min(top, bottom)
          const height = Math.abs(bottom - top)
          if (height > 0) {
            ctx.fillStyle = b.fill
            ctx.fillRect(x0 * h, y * v, (x1 - x0) * h, height * v)
          }
          if (b.stroke) {
            ctx.strokeStyle = b.stroke
            ctx.lineWidth = Math.max(1, Math.round(h))
            ctx.strokeRect(x0 * h, y * v, (x1 - x0) * h, Math.max(height, 0) * v)
          }
          if (b.label) {
            ctx.fillStyle = b.stroke ?? b.fill
            ctx.fillText(b.label, (x0 + 3) * h, (y - 3) * v)
          }
        }
        ctx.restore()
      },
    )
  }
}
