import { createContext, useContext, useEffect, useMemo, useRef, useState, type Context, type ReactNode } from 'react';

interface Speaker {
  say(owner: object, text: string): void;
  stop(owner: object): void;
}

// Made at the first render, not when the module loads: React itself may arrive after this module (the entry loads it
// on demand).
let context: Context<Speaker | null> | undefined;
const announceContext = () => (context ??= createContext<Speaker | null>(null));

/**
 * One live region for the modal's progress (`role="status"`, shown to assistive technology only), present from the
 * first render so that what is put in it is announced: a region inserted together with its text, or a spinner whose
 * words are only an `aria-label`, is not read by every screen reader. The latest progress is spoken; the region
 * empties when it ends.
 */
export function Announcer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  const speaker = useMemo<Speaker>(() => {
    let current: object | undefined;
    return {
      say(owner, words) {
        current = owner;
        setText(words);
      },
      stop(owner) {
        if (current !== owner) return;
        current = undefined;
        setText('');
      },
    };
  }, []);
  const Provider = announceContext().Provider;
  return (
    <Provider value={speaker}>
      {children}
      <div className="visually-hidden" role="status" data-announcer="">{text}</div>
    </Provider>
  );
}

/**
 * Announces `text` (progress: "Checking the code…") in the modal's live region while the calling component shows it;
 * after `delay` ms only, if given (a view's "Loading" that is usually gone at once is not worth saying).
 * Returns false outside an Announcer (the caller then makes itself the live region).
 */
export function useAnnouncement(text: string | undefined, delay = 0): boolean {
  const speaker = useContext(announceContext());
  const owner = useRef({}).current;
  useEffect(() => {
    if (!speaker || !text) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (delay > 0) timer = setTimeout(() => speaker.say(owner, text), delay);
    else speaker.say(owner, text);
    return () => {
      clearTimeout(timer);
      speaker.stop(owner);
    };
  }, [speaker, owner, text, delay]);
  return speaker !== null;
}
