import { expect } from '@esm-bundle/chai';
import { TOAST_DURATION_MS, TOAST_REPLACE_DELAY_MS } from '../../../src/core/constants.js';
import { $toast, dismissToast, showToast } from '../../../src/stores/toasts.js';
import { installClock } from '../support/clock.js';

const shown = () => {
  const toast = $toast.get();
  return toast ? `${toast.variant}:${toast.message}` : undefined;
};

describe('stores/toasts', () => {
  let clock: ReturnType<typeof installClock> | undefined;

  beforeEach(() => {
    dismissToast();
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    dismissToast();
  });

  it('uses the constants of docs/specification.md#states', () => {
    expect(TOAST_REPLACE_DELAY_MS).to.equal(150);
  });

  it('shows a first toast at once', () => {
    clock = installClock();
    showToast('success', 'Address copied');
    expect(shown()).to.equal('success:Address copied');
  });

  it('hides a replaced toast at once and shows the new one only after 150 ms', () => {
    clock = installClock();
    showToast('loading', 'Switching');
    showToast('success', 'Switched');
    expect(shown()).to.equal(undefined);
    clock.tick(TOAST_REPLACE_DELAY_MS - 1);
    expect(shown()).to.equal(undefined);
    clock.tick(1);
    expect(shown()).to.equal('success:Switched');
  });

  it('keeps a loading toast until something replaces it', () => {
    clock = installClock();
    showToast('loading', 'Waiting for the wallet');
    clock.tick(10 * TOAST_DURATION_MS);
    expect(shown()).to.equal('loading:Waiting for the wallet');
  });

  it('takes success and error toasts away after TOAST_DURATION_MS', () => {
    clock = installClock();
    showToast('success', 'Address copied');
    clock.tick(TOAST_DURATION_MS - 1);
    expect(shown()).to.equal('success:Address copied');
    clock.tick(1);
    expect(shown()).to.equal(undefined);

    showToast('error', 'Something went wrong');
    clock.tick(TOAST_DURATION_MS - 1);
    expect(shown()).to.equal('error:Something went wrong');
    clock.tick(1);
    expect(shown()).to.equal(undefined);
  });

  it("counts a replacing toast's time from when it shows; the replaced toast's timer does not end it", () => {
    clock = installClock();
    showToast('success', 'First');
    clock.tick(TOAST_DURATION_MS - 100);
    showToast('success', 'Second');
    clock.tick(TOAST_REPLACE_DELAY_MS);
    expect(shown()).to.equal('success:Second');
    clock.tick(200); // past the first toast's own end
    expect(shown()).to.equal('success:Second');
    clock.tick(TOAST_DURATION_MS - 200 - 1);
    expect(shown()).to.equal('success:Second');
    clock.tick(1);
    expect(shown()).to.equal(undefined);
  });

  it('shows only the last of several quick replacements', () => {
    clock = installClock();
    showToast('loading', 'A');
    showToast('loading', 'B');
    showToast('success', 'C');
    clock.tick(TOAST_REPLACE_DELAY_MS);
    expect(shown()).to.equal('success:C');
  });

  it('keeps the 150 ms gap when a replacement is itself replaced while waiting', () => {
    // A is on screen; B replaces it (A hidden at t=0); C replaces B 50 ms later. C replaces the message the
    // visitor last saw, so it must not appear before t=150 either.
    clock = installClock();
    showToast('loading', 'A');
    showToast('loading', 'B');
    clock.tick(50);
    showToast('success', 'C');
    expect(shown(), 'C must wait: A disappeared only 50 ms ago').to.equal(undefined);
    clock.tick(TOAST_REPLACE_DELAY_MS - 50);
    expect(shown()).to.equal('success:C');
  });

  it('dismisses the toast by id, and ignores a stale id', () => {
    clock = installClock();
    showToast('loading', 'Waiting');
    const id = $toast.get()!.id;
    dismissToast(id + 1000);
    expect(shown()).to.equal('loading:Waiting');
    dismissToast(id);
    expect(shown()).to.equal(undefined);
  });

  it('waits 150 ms on real timers as well (measured; real timers may be late, never early)', async () => {
    showToast('loading', 'A');
    const shownAt = new Promise<number>((resolve) => {
      const stop = $toast.listen((toast) => {
        if (toast?.message === 'B') {
          stop();
          resolve(performance.now());
        }
      });
    });
    const replacedAt = performance.now();
    showToast('success', 'B');
    expect(shown()).to.equal(undefined);
    // performance.now() is coarsened to a fraction of a millisecond; allow that, not a shorter wait.
    expect((await shownAt) - replacedAt).to.be.at.least(TOAST_REPLACE_DELAY_MS - 1);
    expect(shown()).to.equal('success:B');
  });
});
