/**
 * How a symbol-day's volume is spread over its minutes: thin pre-market rising into the open, a
 * U over the regular session (a burst after the open, a lull at midday, the closing auction's
 * build-up), a fading post-market. The weights are per minute, so a shorter session holds less of
 * them: a 13:00 early close keeps the morning and the close's build-up but not the afternoon.
 */

/** Volume weight per minute for a day of nPre pre-market, nReg regular and nPost post-market minutes (cached). */
const shapes = new Map<string, Float64Array>()
export function volumeShape(nPre: number, nReg: number, nPost: number): Float64Array {
  const key = `${nPre}/${nReg}/${nPost}`
  let shape = shapes.get(key)
  if (!shape) {
    shape = new Float64Array(nPre + nReg + nPost)
    for (let k = 0; k < shape.length; k++) {
      const reg = k - nPre
      shape[k] =
        reg < 0
          ? 0.02 + 0.15 * Math.exp((reg + 1) / 25)
          : reg < nReg
            ? 1 + 2.2 * Math.exp(-reg / 20) + 1.4 * Math.exp(-(nReg - 1 - reg) / 18)
            : 0.03 + 0.25 * Math.exp(-(reg - nReg) / 12)
    }
    shapes.set(key, shape)
  }
  return shape
}

const total = (xs: Float64Array) => xs.reduce((s, x) => s + x, 0)

/**
 * A session's volume relative to a full day's (04:00–09:30, 09:30–16:00, 16:00–20:00): the ratio
 * of their shapes' total weights, about 0.62 for an early close (09:30–13:00, post until 17:00).
 */
export function sessionVolumeShare(nPre: number, nReg: number, nPost: number): number {
  return total(volumeShape(nPre, nReg, nPost)) / total(volumeShape(330, 390, 240))
}
