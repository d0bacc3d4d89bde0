// Send form steps shared by the end-to-end suites.
import type { Page } from 'playwright-core';
import { inModal } from './harness.js';

/** Opens the token drop-down and picks the token with this key (`eip155:31337:0x…`, `eip155:31337:native`). */
export async function chooseToken(page: Page, key: string): Promise<void> {
  await inModal(page, '#send-token').click();
  await inModal(page, `[role="option"][data-token-key="${key}"]`).click();
  await inModal(page, `#send-token[data-token-key="${key}"]`).waitFor();
}

/** The message under a field of the Send form (`token`, `amount`, `receiver`), once it shows. */
export async function fieldMessage(page: Page, field: 'token' | 'amount' | 'receiver'): Promise<string | null> {
  const message = inModal(page, `#send-${field}-error`);
  await message.waitFor();
  return message.textContent();
}
