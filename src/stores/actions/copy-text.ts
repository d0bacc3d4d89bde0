import { t } from '../../core/messages.js';
import { $config } from '../config.js';
import { showToast } from '../toasts.js';

/** Copies `text` to the clipboard and says so with `copied` (a toast); a refused clipboard says it failed. */
export async function copyText(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', copied);
  } catch {
    showToast('error', t('error.unknown', {}, $config.get().lang));
  }
}
