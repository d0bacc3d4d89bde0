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

/** The views' chunk (elements/modal-view.ts), loaded once; after a failed load (offline) the next call tries again. */
export function loadView(): Promise<ViewModule> {
  // The chunk the views share with the button is asked for at once, not once the views' chunk has come in.
  const load = (loading ??= Promise.all([import('./modal-view.js'), import('./view-shared.js')]).then(([views]) => views));
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}

/**
 * Renders the modal into `host`'s shadow root once it has something to show (the modal is open, or a toast
 * is up), loading the views' chunk then, never before; returns the function that unmounts it. A chunk that
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
  const stop = [
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
