import { useAnnouncement } from './Announcer.js';

/** How long a view's generic "Loading" shows before it is announced (most are gone sooner). */
export const LOADING_ANNOUNCE_DELAY = 1000;

/**
 * A spinner; its `label` (what is under way) is its name and is announced once in the modal's live region
 * (Announcer), at once or, with `announceAfter`, only if it still shows then. Outside the modal's live region it is a
 * live region of its own.
 */
export function Spinner({ label, announceAfter = 0 }: { label?: string; announceAfter?: number }) {
  const announced = useAnnouncement(label, announceAfter);
  return <span className="spinner" role={label ? (announced ? 'img' : 'status') : undefined} aria-label={label} />;
}
