/**
 * The floor the widget is measured against: the least a React 19 + r2wc custom element can do to show a
 * native modal <dialog> in an open shadow root. Bundled by bench/floor.ts into .cache/bench/floor/.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

let isOpen = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  isOpen = next;
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function FloorModal() {
  const open = useSyncExternalStore(subscribe, () => isOpen);
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);
  return (
    <dialog ref={ref} onClose={() => setOpen(false)}>
      <h2>Connect a wallet</h2>
      <ul>
        <li>
          <button type="button">Browser wallet</button>
        </li>
        <li>
          <button type="button">WalletConnect</button>
        </li>
        <li>
          <button type="button">Email</button>
        </li>
      </ul>
    </dialog>
  );
}

export class FloorModalElement extends (r2wc(FloorModal, { shadow: 'open' }) as { new (): HTMLElement }) {
  open(): void {
    setOpen(true);
  }
}

if (!customElements.get('floor-modal')) customElements.define('floor-modal', FloorModalElement);
