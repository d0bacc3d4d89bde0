import type { MessageId } from '../../core/messages.js';
import type { SocialLoginState } from '../../core/social-login.js';
import { BrandIcon } from './brand-icons.js';
import { Spinner } from './Spinner.js';

/**
 * The social buttons under the email field (features=socials) and the login's state (docs/specification.md#states),
 * laid out as the leading modals do: the first provider a full-width "Continue with …" button, the others their brand
 * marks in one row (wrapping on a narrow or zoomed screen; all seven fit a 320 px phone, so none is hidden behind a
 * "more" button). A click
 * must open the popup synchronously, so `onSelect` is called straight from the click, also for the button
 * that reopens a blocked popup.
 */
export function SocialButtons({ providers, state, onSelect, t }: { providers: readonly string[]; state: SocialLoginState; onSelect(provider: string): void; t(id: MessageId, values?: Record<string, string>): string }) {
  const name = (provider: string) => t(`social.${provider}` as MessageId);
  const busy = state.status === 'started' || state.status === 'requesting';
  const [first, ...rest] = providers;
  const button = (provider: string, wide: boolean) => (
    <button
      key={provider}
      type="button"
      className={wide ? 'button secondary social-button social-first' : 'button secondary social-button social-icon'}
      part="button social-button"
      data-social={provider}
      aria-label={t('social.continueWith', { provider: name(provider) })}
      title={wide ? undefined : name(provider)}
      disabled={state.status === 'requesting'}
      aria-pressed={busy && state.provider === provider ? true : undefined}
      onClick={() => onSelect(provider)}
    >
      <BrandIcon provider={provider} />
      {/* The first reads "Continue with Google"; the others are their marks, with the name kept in the text. */}
      {wide ? <span>{t('social.continueWith', { provider: name(provider) })}</span> : <span className="visually-hidden">{name(provider)}</span>}
    </button>
  );
  return (
    <div className="social-login" data-auth="socials">
      <div className="social-buttons" role="group" aria-label={t('social.label')}>
        {first ? button(first, true) : null}
        {rest.length > 0 ? <div className="social-icons">{rest.map((provider) => button(provider, false))}</div> : null}
      </div>
      {state.status === 'started' || state.status === 'requesting' ? (
        <div className="hint social-progress">
          <Spinner label={state.status === 'started' ? t('social.started', { provider: name(state.provider) }) : t('social.requesting')} />
          <span data-social-state={state.status} aria-hidden="true">
            {state.status === 'started' ? t('social.started', { provider: name(state.provider) }) : t('social.requesting')}
          </span>
        </div>
      ) : null}
      {state.status === 'success' ? <p className="status" role="status" data-social-state="success">{t('social.success', { provider: name(state.provider) })}</p> : null}
      {state.status === 'error' ? <p className="status error" role="alert" data-social-state="error">{state.error}</p> : null}
      {state.status === 'blocked' ? (
        <div data-social-state="blocked">
          <p className="status error" role="alert">{t('social.blocked', { provider: name(state.provider) })}</p>
          <button type="button" className="button primary" part="button" data-action="social-reopen" onClick={() => onSelect(state.provider)}>
            {t('social.reopen', { provider: name(state.provider) })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
