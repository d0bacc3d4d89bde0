import networksCss from '../../../styles/networks.css';
import { registerSheet } from '../sheets.js';

registerSheet(networksCss);

/**
 * Built-in marks of well-known networks, drawn (no request, nothing for a CSP to refuse): the brand colour
 * and a simple glyph. They live in the chunks of the views that show networks, not in the entry file.
 */
const MARKS: Record<string, { color: string; glyph?: string; letter?: string }> = {
  'eip155:1': { color: '#627eea', glyph: 'M12 4l-5 8.2 5 3 5-3zM7 13.4l5 6.6 5-6.6-5 3z' },
  'eip155:11155111': { color: '#8a92b2', glyph: 'M12 4l-5 8.2 5 3 5-3zM7 13.4l5 6.6 5-6.6-5 3z' },
  'eip155:10': { color: '#ff0420', letter: 'OP' },
  'eip155:56': { color: '#f0b90b', glyph: 'M12 5l2.2 2.2L12 9.4 9.8 7.2zM7.2 9.8L9.4 12l-2.2 2.2L5 12zM16.8 9.8L19 12l-2.2 2.2-2.2-2.2zM12 14.6l2.2 2.2L12 19l-2.2-2.2zM12 10l2 2-2 2-2-2z' },
  'eip155:100': { color: '#3e6957', letter: 'G' },
  'eip155:137': { color: '#8247e5', letter: 'P' },
  'eip155:8453': { color: '#0052ff', glyph: 'M12 5a7 7 0 106.9 8H9.5v-2h9.4A7 7 0 0012 5z' },
  'eip155:42161': { color: '#213147', letter: 'A' },
  'eip155:43114': { color: '#e84142', glyph: 'M12 6l5.5 10h-3.3L12 12l-2.2 4H6.5z' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { color: '#14f195', glyph: 'M7 8h11l-2 2H5zM7 11h11l-2 2H5zM7 14h11l-2 2H5z' },
};

/**
 * A colour of its own for something without a mark (a local chain, an unknown token), from its id: the golden
 * angle spreads ids that differ in one character (31337, 31338) to hues far apart.
 */
export function idHue(id: string): string {
  let h = 0;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return `hsl(${Math.round((h * 137.5) % 360)} 55% 40%)`;
}

/** The network's icon: the site owner's (`network-meta`), else the built-in mark, else its initial on a colour of its own. */
export function NetworkIcon({ network }: { network: { id: string; name: string; icon?: string | undefined } }) {
  if (network.icon) return <img className="network-icon network-image" src={network.icon} alt="" data-network-icon="custom" />;
  const mark = MARKS[network.id];
  const letter = mark?.letter ?? (mark?.glyph ? undefined : network.name.slice(0, 1).toUpperCase());
  return (
    <span className="network-icon network-mark" data-network-icon={mark ? 'built-in' : 'generic'} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <circle cx="12" cy="12" r="12" fill={mark?.color ?? idHue(network.id)} />
        {mark?.glyph ? <path d={mark.glyph} fill="#fff" /> : null}
        {letter ? <text x="12" y="16.2" textAnchor="middle" fontSize={letter.length > 1 ? 9 : 12} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">{letter}</text> : null}
      </svg>
    </span>
  );
}
