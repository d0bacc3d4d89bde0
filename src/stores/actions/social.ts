import { INITIATE_ERRORS, openSocialPopup, SocialLoginError, type SocialPopup } from '../../connectors/auth/social-popup.js';
import { t } from '../../core/messages.js';
import '../../core/messages-social.js';
import { $config } from '../config.js';
import { $socialLogin } from '../social.js';

/** Turns the popup's ticket into the frame's session and the `auth` connections (the email login's code). */
export type CompleteSocialLogin = (ticket: string, provider: string) => Promise<void>;

let current: SocialPopup | undefined;

const messageFor = (error: unknown): string => {
  const code = error instanceof SocialLoginError ? error.code : undefined;
  if (code === 'popup_closed') return t('social.popupClosed');
  return t(code !== undefined && INITIATE_ERRORS.includes(code) ? 'social.initiateFailed' : 'social.connectFailed');
};

/**
 * Social login with `provider`. Call it straight from the click: the popup opens before the first await
 * (a popup opened later is blocked). A second click supersedes the first login (its popup closes).
 */
export async function startSocialLogin(provider: string, complete: CompleteSocialLogin): Promise<void> {
  const { authUrl } = $config.get();
  current?.cancel();
  current = undefined;
  if (!authUrl) {
    $socialLogin.set({ status: 'error', provider, error: t('social.initiateFailed') });
    return;
  }
  const login = openSocialPopup({ authUrl, provider });
  current = login;
  if (!login.popup) {
    login.result.catch(() => undefined);
    $socialLogin.set({ status: 'blocked', provider });
    return;
  }
  $socialLogin.set({ status: 'started', provider });
  try {
    const { ticket } = await login.result;
    $socialLogin.set({ status: 'requesting', provider });
    await complete(ticket, provider);
    if (current === login) current = undefined;
    $socialLogin.set({ status: 'success', provider });
  } catch (error) {
    if (current !== login) return; // superseded by another click, or cancelled
    current = undefined;
    $socialLogin.set({ status: 'error', provider, error: messageFor(error) });
  }
}

/** Stops a login under way (the modal closed or the visitor went back); its popup closes. */
export function cancelSocialLogin(): void {
  const login = current;
  current = undefined;
  login?.cancel();
  $socialLogin.set({ status: 'idle' });
}
