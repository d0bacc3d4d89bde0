import { correction, generate } from 'lean-qr/nano';
import { useMemo } from 'react';

/** Modules of light margin around the code (scanners need a quiet zone; the card adds more). */
const QUIET = 2;

/**
 * `value` as a QR code: one SVG path in module units, drawn with crisp edges, so it is sharp at any size
 * and device pixel ratio. With a `logo`, the code uses a higher error correction and leaves a hole in the
 * middle for it.
 */
export function QrCode({ value, label, logo }: { value: string; label: string; logo?: string | undefined }) {
  const { path, size } = useMemo(() => {
    const code = generate(value, { minCorrectionLevel: logo ? correction.Q : correction.M });
    // The hole: an odd number of modules, about a fifth of the side, centred (well inside what Q recovers).
    const hole = logo ? Math.floor(code.size / 5) | 1 : 0;
    const from = (code.size - hole) / 2;
    const inHole = (x: number, y: number) => hole > 0 && x >= from && x < from + hole && y >= from && y < from + hole;
    let d = '';
    for (let y = 0; y < code.size; y++) {
      for (let x = 0; x < code.size; x++) {
        if (!code.get(x, y) || inHole(x, y)) continue;
        let run = 1;
        while (x + run < code.size && code.get(x + run, y) && !inHole(x + run, y)) run++;
        d += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
        x += run - 1;
      }
    }
    return { path: d, size: code.size + 2 * QUIET };
  }, [value, logo]);
  return (
    <div className="qr" part="qr-code" role="img" aria-label={label}>
      <svg viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" aria-hidden="true" focusable="false">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      {logo ? <img className="qr-logo" src={logo} alt="" draggable={false} /> : null}
    </div>
  );
}
