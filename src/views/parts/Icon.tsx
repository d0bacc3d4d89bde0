/** The few line icons the views use, inline SVG (no requests, nothing for CSP to refuse). */
const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12l5 5 9-10',
  wallet: 'M3 7h15a2 2 0 012 2v8a2 2 0 01-2 2H3zM3 7l12-3v3M16 13h1',
  network: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  disconnect: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h9',
  warning: 'M12 4l9 16H3zM12 10v4M12 17v.5',
  send: 'M4 12l16-8-6 16-2-7zM12 13l8-9',
} as const;

export type IconName = keyof typeof paths;

/** Icons that point a direction: mirrored right to left (styles/dialog.css). */
const DIRECTIONAL = new Set<IconName>(['back', 'disconnect']);

export const Icon = ({ name }: { name: IconName }) => <PathIcon d={paths[name]} directional={DIRECTIONAL.has(name)} />;

/** A line icon from its path (24×24); lazily loaded views keep their own paths out of the entry file. */
export function PathIcon({ d, directional = false }: { d: string; directional?: boolean }) {
  return (
    <svg className={directional ? 'icon directional' : 'icon'} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
