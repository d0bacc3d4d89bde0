// Helpers for the WalletConnect end-to-end tests: reading the URI back from the QR code on screen (so the
// test connects through exactly what a phone would scan), and waiting on the widget.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { inModal, openModal } from './harness.js';

/** Decodes the QR code the view shows, from a screenshot of it. */
export async function scanQr(page: Page): Promise<string> {
  const qr = inModal(page, '[part="qr-code"]');
  await qr.waitFor();
  const png = PNG.sync.read(await qr.screenshot());
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

export const waitForStatus = (page: Page, status: string) =>
  page.waitForFunction((s) => document.querySelector('wallet-connect-modal')!.state.status === s, status);

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
