import { WidgetError } from '../src/core/errors.js';
import { t } from '../src/core/messages.js';
import { close } from '../src/stores/actions/close.js';
import { $connected } from '../src/stores/connection.js';
import { reportError } from '../src/stores/errors.js';
import { $modal, $viewsNeeded } from '../src/stores/modal.js';
import { $toast } from '../src/stores/toasts.js';
import { showShell } from './view-shell.js';

type ViewModule = typeof import('./modal-view.js');
let loading: Promise<ViewModule> | undefined;
let reported: Promise<ViewModule> | undefined;
/** The views' chunk once it has come in (fetched at idle or on an earlier open): the open renders at once. */
let loaded: ViewModule | undefined;

/** The views' chunk (elements/modal-view.ts), loaded once; after a failed load (offline) the next call tries again. */
export function loadView(): Promise<ViewModule> {
  // The chunk the views share with the button is asked for at once, not once the views' chunk has come in.
  const load = (loading ??= Promise.all([import('./modal-view.js'), import('./view-shared.js')]).then(([views]) => (loaded = views)));
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}

/**
 * Fetches and runs the views' chunk before the first open, so a click renders the real view at once rather than
 * the shell while the chunk comes in: when the browser is idle after the page's load (the page's own load is
 * not slowed), or sooner at the first sign of intent (a pointer down, a key, a touch anywhere on the page). Only
 * the widget's own chunks are asked for, from its own origin; a failed load (offline) is silent here and the
 * open tries again. Returns the function that cancels what has not started yet.
 */
export function prefetchViews(onLoaded?: () => void): () => void {
  let idle: number | undefined;
  const intents = ['pointerdown', 'keydown', 'touchstart'] as const;
  const cancel = () => {
    window.removeEventListener('load', whenLoaded);
    for (const type of intents) window.removeEventListener(type, now, true);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    idle = undefined;
  };
  const now = () => {
    cancel();
    loadView().then(() => onLoaded?.(), () => {});
  };
  function whenLoaded() {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(now);
    else void Promise.resolve().then(now);
  }
  for (const type of intents) window.addEventListener(type, now, { capture: true, passive: true });
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
  return cancel;
}

/**
 * Renders the modal into `host`'s shadow root once it has something to show (the modal is open, or a toast
 * is up), at once when the views' chunk is in (prefetchViews), else loading it then behind the entry's shell;
 * returns the function that unmounts it. A chunk that
 * cannot be loaded is a `wallet-error`, and the modal closes, so a later open starts afresh and tries again.
 */
export function showViews(shadow: ShadowRoot): () => void {
  let unmount: (() => void) | undefined;
  /** Takes away the entry's stand-in dialog (elements/view-shell.ts), shown while the views' chunk loads. */
  let shell: (() => void) | undefined;
  const hideShell = () => {
    shell?.();
    shell = undefined;
  };
  let live = true;
  const update = () => {
    if (!$modal.get().open) hideShell();
    if (unmount || !($modal.get().open || $toast.get() || $viewsNeeded.get())) return;
    // In already: the real dialog in this task, no shell in between.
    if (loaded) {
      unmount = loaded.mount(shadow);
      return;
    }
    const load = loadView();
    if ($modal.get().open) shell ??= showShell(shadow);
    load.then(
      (m) => {
        // The real dialog replaces the shell in one task: never two dialogs, nor two modal ones in the top layer.
        hideShell();
        if (live) unmount ??= m.mount(shadow);
      },
      (cause: unknown) => {
        hideShell();
        if (reported === load) return;
        reported = load;
        reportError(new WidgetError('RENDER_FAILED', t('error.viewLoadFailed'), { cause, details: String(cause) }));
        if ($modal.get().open) close();
      },
    );
  };
  // Once the chunk is in before any open, React and the closed, empty dialog are mounted when the browser is next
  // idle: the first click then renders only the view, into a root whose code has already run once.
  let idle: number | undefined;
  const warm = () => {
    idle = undefined;
    if (live && loaded && !unmount) unmount = loaded.mount(shadow);
  };
  const warmWhenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(warm);
  };
  const stop = [
    prefetchViews(() => warmWhenIdle()),
    () => idle !== undefined && window.cancelIdleCallback?.(idle),
    $modal.subscribe(update),
    $toast.subscribe(update),
    $viewsNeeded.subscribe(update),
    // With a connection (restored on reload), the Account view's code is made ready, as it was before it moved.
    $connected.subscribe((connected) => void (connected && loadView().then((m) => m.preloadAccount()).catch(() => {}))),
  ];
  return () => {
    live = false;
    hideShell();
    stop.forEach((off) => off());
    unmount?.();
    unmount = undefined;
  };
}
