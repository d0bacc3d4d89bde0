import { ensureFrame } from './auth-frame.js';

/**
 * The visitor's own wallet keys: the secure frame shows its export panel (a warning, a code mailed to the
 * current address, then the keys) over ApproveTransaction. The keys stay in the frame; the page learns only
 * whether they were shown.
 */
export async function exportWalletKeys(): Promise<boolean> {
  const client = await ensureFrame();
  const answer = (await client.request('export_keys')) as { shown?: unknown } | null;
  return answer?.shown === true;
}
