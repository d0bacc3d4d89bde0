// Shared by the phone suites (phone.test.ts, directory.test.ts): an iPhone context, and the wallets' universal
// links pointed at https://wallet.example/ so each navigation to a wallet is a request the test can count.
import type { Page } from 'playwright-core';

export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** Browser context options of a phone (touch, the iPhone's user agent and screen). */
export const PHONE = { isMobile: true, hasTouch: true, userAgent: IPHONE, viewport: { width: 390, height: 844 } };

/** Every navigation of the page to `https://wallet.example/…` (answered 204, so the page stays), in order. */
export async function countWalletOpens(page: Page) {
  const opened: string[] = [];
  const waiters: (() => void)[] = [];
  await page.route('https://wallet.example/**', async (route) => {
    opened.push(route.request().url());
    waiters.splice(0).forEach((wake) => wake());
    await route.fulfill({ status: 204 });
  });
  const next = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (opened.length >= count ? resolve() : waiters.push(check));
      check();
      setTimeout(() => reject(new Error(`expected ${count} navigations to a wallet, saw ${opened.length}`)), 10_000).unref();
    });
  return { opened, next };
}

/** The directory answers with the given wallets' mobile links replaced (universal links the test can count). */
export async function withMobileLinks(page: Page, directoryUrl: string, links: Record<string, string>) {
  await page.route(`${directoryUrl}getWallets**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { id: string; mobile_link?: string | null }[]; count: number };
    body.data = body.data.map((w) => (links[w.id] ? { ...w, mobile_link: links[w.id] } : w));
    await route.fulfill({ response, json: body });
  });
}

