import { type ReactNode, useEffect, useRef } from 'react';

/** The nearest scrolling ancestor: the box whose bottom edge the end of the list approaches. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/**
 * The end of a list that loads more (the directory's wallets, the activity): while `active`, `onEnd` fires
 * when this comes within reach of the scrolled box's bottom. It watches afresh whenever `active` or
 * `watchKey` changes (a page loaded, a load finished), and a fresh watch reports at once if the end is still
 * in reach: so a page too short to scroll asks for the next one by itself, until the list scrolls or ends.
 */
export function ListEnd({ active, watchKey, onEnd, className, children }: { active: boolean; watchKey: number; onEnd(): void; className: string; children?: ReactNode }) {
  const end = useRef<HTMLDivElement>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    const target = end.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root: scrollParent(target), rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, watchKey]);
  return <div ref={end} className={className}>{children}</div>;
}
