/**
 * A QR code drawn as SVG squares from uqr's module matrix (no image fetched, nothing inline that the
 * CSP forbids). Dark modules are <rect>s on a light quiet zone, so scanners read it in either theme.
 */
import { encode } from 'uqr'
import { useMemo } from 'react'

export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const qr = useMemo(() => encode(value, { ecc: 'M', border: 4 }), [value])
  const n = qr.data.length
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-modules={n}
    >
      <rect width={n} height={n} fill="#ffffff" />
      {qr.data.flatMap((row, y) =>
        row.map((dark, x) =>
          dark ? <rect key={`${x}.${y}`} x={x} y={y} width={1} height={1} fill="#000000" /> : null,
        ),
      )}
    </svg>
  )
}
