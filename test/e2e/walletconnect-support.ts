// Helpers for the WalletConnect end-to-end tests: reading the URI back from the QR code on screen (so the
// test connects through exactly what a phone would scan), and waiting on the widget.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { inModal, openModal } from './harness.js';

/** Decodes the QR code the view shows, from a screenshot of it. */
export async function scanQr(page: Page): Promise<string> {
  const qr = inModal(page, '[part="qr-code"]');
  try {
    await qr.waitFor();
  } catch (error) {
    // Say what the modal showed instead (an error view, a status), so a failure on a slow machine explains itself.
    const shown = await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')?.shadowRoot;
      const events = (window as unknown as { __events?: { type: string; detail: unknown }[] }).__events ?? [];
      return { view: root?.querySelector('dialog')?.innerText.replace(/\s+/g, ' ').trim().slice(0, 300), errors: events.filter((e) => e.type === 'wallet-error').map((e) => e.detail) };
    }).catch(() => undefined);
    throw new Error(`no QR code on screen; the modal showed: ${JSON.stringify(shown)}`, { cause: error });
  }
  // The code may be drawn again as it settles (a new session's URI after Try again): a picture of a code that went
  // away is taken again, of the one now shown.
  let shot: Buffer | undefined;
  for (let attempt = 1; !shot; attempt++) {
    shot = await qr.screenshot().catch((error: unknown) => {
      if (attempt >= 3 || !/not attached/.test(String(error))) throw error;
      return undefined;
    });
  }
  const png = PNG.sync.read(shot);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  if (!code) throw new Error('the QR code on screen could not be decoded');
  return code.data;
}

/** Opens the modal and chooses WalletConnect; resolves with the URI of the QR code shown. */
export async function showWalletConnectQr(page: Page): Promise<string> {
  await openModal(page);
  await inModal(page, '[data-wallet-id="walletconnect"]').click();
  return scanQr(page);
}

/** A request through the host's provider, as a host page would make it. */
export const providerRequest = (page: Page, method: string, params?: unknown[]) =>
  page.evaluate(([m, p]) => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: m as string, params: p as unknown[] | undefined }), [method, params] as const);

/** The same, resolving with the error's code and message when it rejects. */
export const providerError = (page: Page, method: string, params?: unknown[]) =>
  page.evaluate(async ([m, p]) => {
    try {
      await document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: m as string, params: p as unknown[] | undefined });
      return undefined;
    } catch (error) {
      const { code, message } = error as { code: number; message: string };
      return { code, message };
    }
  }, [method, params] as const);

/**
 * Waits until the SDK has written the session into its IndexedDB database (it persists after approval
 * resolves; a reload before that write commits would lose the session, as it would for any web page).
 */
export const waitForStoredSession = (page: Page, namespace = 'eip155') =>
  page.waitForFunction(async (namespace) => {
    const stored = JSON.parse(localStorage.getItem('wallet-connect-modal:walletconnect-sides') ?? 'null') as { data?: { namespace: string; topic: string }[] } | null;
    const topic = stored?.data?.filter((side) => side.namespace === namespace).pop()?.topic;
    if (!topic) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('wallet-connect-modal');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('walletconnect').objectStore('walletconnect').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return values.some((value) => typeof value === 'string' && value.includes(`"topic":"${topic}"`) && value.includes('"acknowledged":true'));
    } finally {
      db.close();
    }
  }, namespace);
