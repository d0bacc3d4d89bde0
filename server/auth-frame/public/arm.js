// Arming the approval's buttons in the secure frame (frame.js).

// The approval's buttons arm only once it has been seen. Approve answers only a deliberate act: it is never
// focused for the visitor (Enter typed into the host page does nothing here), and it stays disabled until the
// approval has been on screen for ARM_MS. Where the browser has IntersectionObserver v2 (trackVisibility), those
// ARM_MS must be spent visible and unobscured: any report of the frame hidden (opacity, transform, filter on it or
// an ancestor, or something drawn over it) disarms and restarts the delay, and a click first reads the reports not
// yet delivered. Elsewhere the delay counts from when the approval is laid out in the page's viewport (the frame
// shown), which is all such a browser can tell. Reject is armed with Approve: while a frame watches its own
// visibility (IntersectionObserver v2), Chromium drops its clicks for 500 ms after it moves into place, so a Reject
// that looked ready then would do nothing, and the request would wait on. (The key export, export.js, watches
// nothing, so Chromium does not hold its clicks back.)
const ARM_MS = 800;
const TRACKS_VISIBILITY = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** Arms `buttons` once `main` has been seen for ARM_MS; returns a stop and the check a click on the first must pass. */
export function armWhenSeen(main, buttons) {
  let timer;
  let seen = false;
  const arm = (on) => buttons.forEach((button) => (button.disabled = !on));
  arm(false);
  const onEntries = (entries) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    const now = TRACKS_VISIBILITY ? last.isVisible : last.isIntersecting;
    if (now && !seen) timer = setTimeout(() => arm(true), ARM_MS);
    if (!now) {
      clearTimeout(timer);
      arm(false);
    }
    seen = now;
  };
  const observer = new IntersectionObserver(onEntries, TRACKS_VISIBILITY ? { trackVisibility: true, delay: 100 } : {});
  observer.observe(main);
  return {
    stop: () => {
      clearTimeout(timer);
      observer.disconnect();
    },
    ready: () => {
      onEntries(observer.takeRecords());
      return seen && !buttons[0].disabled;
    },
  };
}
