import { FRAME_LOAD_TIMEOUT_MS, type FrameClient, openFrame } from '../../connectors/auth/frame-client.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import { $approving } from '../auth.js';
import { $config } from '../config.js';
import { $modal, $viewsNeeded, setModalOpen } from '../modal.js';
import { $history, $route, type Route, pushRoute } from '../route.js';

/*
 * The secure frame (`auth-url`, inside the widget's shadow root): loaded once, closed when a login ends. While it
 * shows a request to approve, the modal shows ApproveTransaction with the frame over its body; then it goes back to
 * where it was.
 */

/** The theme the frame takes: the site's own choice; with `system` the frame follows the system as the modal does. */
const themeOf = (theme: string): 'light' | 'dark' | undefined => (theme === 'light' || theme === 'dark' ? theme : undefined);

let frame: Promise<FrameClient> | undefined;

/**
 * The modal's dialog in the widget's shadow root: the frame lives there (shown over the body when approving). The
 * views (and their dialog) load when the modal first opens; a frame wanted before that (a reload restoring the
 * login) asks for them and waits, at most the frame's own load time. Never the entry's stand-in dialog.
 */
async function frameContainer(): Promise<HTMLElement> {
  const root = document.querySelector('wallet-connect-modal')?.shadowRoot;
  const missing = (details: string) => new WidgetError('PROVIDER_NOT_FOUND', t('auth.noConnector'), { details });
  if (!root) throw missing('no <wallet-connect-modal> to hold the secure frame');
  const find = () => root.querySelector<HTMLElement>('dialog.dialog:not([data-shell])');
  const found = find();
  if (found) return found;
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const dialog = find();
      if (!dialog) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(dialog);
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(missing('the modal views did not load'));
    }, FRAME_LOAD_TIMEOUT_MS);
    // Asked for once the observer listens: views already loaded (prefetched at idle) render in this very task.
    $viewsNeeded.set(true);
    const now = find();
    if (now) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(now);
    }
  });
}

/** The frame, loaded once (20 s at most); a failed load is tried afresh next time. */
export function ensureFrame(): Promise<FrameClient> {
  const authUrl = $config.get().authUrl;
  if (!authUrl) return Promise.reject(new WidgetError('PROVIDER_NOT_FOUND', t('auth.noConnector'), { details: 'auth-url is not set' }));
  frame ??= Promise.resolve()
    .then(frameContainer)
    .then((container) => openFrame({ authUrl, container, onApprove, lang: $config.get().lang, theme: themeOf($config.get().theme), title: t('auth.frameTitle', {}, $config.get().lang) }))
    .then((client) => {
      client.iframe.className = 'auth-frame';
      return client;
    });
  frame.catch(() => (frame = undefined));
  return frame;
}

/** Closes the frame (a login ended); the next `ensureFrame` loads it afresh. */
export function closeFrame(): void {
  void frame?.then((client) => client.close(), () => {});
  frame = undefined;
}

// ApproveTransaction: the views and modal state to go back to once the frame is done.
let before: { history: Route[]; open: boolean } | undefined;

function onApprove(open: boolean): void {
  if (open) {
    before ??= { history: $history.get(), open: $modal.get().open };
    $approving.set(true);
    if ($route.get().view !== 'ApproveTransaction') pushRoute({ view: 'ApproveTransaction' });
    if (!$modal.get().open) setModalOpen(true);
    return;
  }
  $approving.set(false);
  void frame?.then((client) => (client.iframe.hidden = true), () => {});
  const saved = before;
  before = undefined;
  if (!saved || $route.get().view !== 'ApproveTransaction') return;
  // Closed first, so wallet-close names the view the visitor saw.
  if (!saved.open && $modal.get().open) setModalOpen(false);
  $history.set(saved.history);
}

// Closing the modal while the frame asks for approval refuses the request (EIP-1193 4001 to whoever asked); the
// service marks it rejected, so it is never signed later. The frame then says it is done (onApprove(false)).
$modal.listen((modal) => {
  if (!modal.open && $approving.get()) void frame?.then((client) => client.request('rpc_cancel')).catch(() => {});
});

/**
 * Shows the frame over `slot` (ApproveTransaction's body), following its size; null hides it. The frame is
 * never moved in the DOM (that would reload it): it is positioned over the slot inside the dialog.
 */
export function placeFrame(slot: HTMLElement | null): () => void {
  let observer: ResizeObserver | undefined;
  let unlisten: (() => void) | undefined;
  let stopped = false;
  void frame?.then((client) => {
    if (stopped) return;
    const { iframe } = client;
    if (!slot) {
      iframe.hidden = true;
      return;
    }
    const place = () => {
      const dialog = iframe.parentElement;
      if (!dialog) return;
      const d = dialog.getBoundingClientRect();
      const s = slot.getBoundingClientRect();
      Object.assign(iframe.style, { top: `${s.top - d.top - dialog.clientTop}px`, left: `${s.left - d.left - dialog.clientLeft}px`, width: `${s.width}px`, height: `${s.height}px` });
      iframe.hidden = !$approving.get() || s.width === 0;
    };
    observer = new ResizeObserver(place);
    observer.observe(slot);
    // The body scrolls under a short viewport: the frame follows the slot, so Approve is never left clipped or misplaced.
    const dialog = iframe.parentElement;
    dialog?.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place, { passive: true });
    unlisten = () => {
      dialog?.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
    place();
  }, () => {});
  return () => {
    stopped = true;
    observer?.disconnect();
    unlisten?.();
    void frame?.then((client) => (client.iframe.hidden = true), () => {});
  };
}
