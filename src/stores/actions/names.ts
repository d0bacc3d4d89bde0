import '../../core/messages-names.js';
import { caip10, evmChainId } from '../../core/caip.js';
import { WidgetError, errorSummary, isWidgetError } from '../../core/errors.js';
import { isRejection } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { coinTypeOf, fullName, nameLabel, nameProblem, registrationMessage } from '../../core/names.js';
import { isNameRegistered, nameSuggestions, registerName } from '../../services/names-api.js';
import { rememberIdentity } from '../../services/wallet-api.js';
import { isEvmConnector } from '../../connectors/types.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $knownIdentity, setIdentity } from '../identity.js';
import { $nameForm, EMPTY_NAME_FORM, type NameCheck } from '../names.js';
import { $registeredName } from '../registered-name.js';
import { replaceRoute } from '../route.js';
import { showToast } from '../toasts.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';

/** Typing pauses this long before the name is checked: one request per pause, not per key. */
export const NAME_CHECK_DEBOUNCE_MS = 300;

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;
/** Each check's number: an answer to an older one is dropped (the visitor typed on meanwhile). */
let seq = 0;

const setCheck = (check: NameCheck) => $nameForm.set({ ...$nameForm.get(), check });

/** Starts the Names view afresh (nothing typed, nothing pending). */
export function resetNameForm(): void {
  clearTimeout(timer);
  inFlight?.abort();
  seq++;
  $nameForm.set(EMPTY_NAME_FORM);
}

/**
 * The visitor typed `input`: the rule is checked at once (nothing is sent for a name that breaks it), then,
 * after a pause in typing, whether the name is free; a taken one brings the service's free suggestions.
 */
export function typeName(input: string, { keepError = false } = {}): void {
  clearTimeout(timer);
  inFlight?.abort();
  const mine = ++seq;
  const label = nameLabel(input);
  const { registration: current } = $nameForm.get();
  const registration = current.status === 'signing' || (keepError && current.status === 'error') ? current : { status: 'idle' as const };
  const problem = label ? nameProblem(label) : undefined;
  const check: NameCheck = !label ? { status: 'empty' } : problem ? { status: 'invalid', label, problem } : { status: 'checking', label };
  $nameForm.set({ input, check, registration });
  if (check.status === 'checking') timer = setTimeout(() => void checkName(label, mine), NAME_CHECK_DEBOUNCE_MS);
}

async function checkName(label: string, mine: number): Promise<void> {
  const api = $walletApi.get();
  if (!api) return;
  const controller = (inFlight = new AbortController());
  let check: NameCheck;
  try {
    const taken = await isNameRegistered(api, fullName(label), controller.signal);
    check = taken
      ? { status: 'taken', label, suggestions: await nameSuggestions(api, label, controller.signal).catch((error: unknown) => { if (controller.signal.aborted) throw error; return []; }) }
      : { status: 'available', label };
  } catch (error) {
    if (controller.signal.aborted || mine !== seq) return;
    check = { status: 'error', label, error: errorSummary(isWidgetError(error) ? error : new WidgetError('UNKNOWN', t('names.checkFailed'))) };
  }
  if (inFlight === controller) inFlight = undefined; // done: nothing left to abort
  if (mine === seq) setCheck(check);
}

/**
 * Registers the checked name for the connected EVM account: one signature of the registration message (no
 * transaction), then `POST /v1/profile/account`. On success the identity (cache included), the Account view,
 * the button and the host's `wallet-name` event show the name at once. Every failure is shown in the view
 * and reported as a `wallet-error`; the view never stays waiting.
 */
export async function registerCheckedName(): Promise<void> {
  const form = $nameForm.get();
  const connection = $connected.get();
  const api = $walletApi.get();
  if (form.check.status !== 'available' || form.registration.status === 'signing' || !connection || !api || connection.namespace !== 'eip155') return;
  const { label } = form.check;
  const name = fullName(label);
  $nameForm.set({ ...form, registration: { status: 'signing', label } });
  try {
    const chainId = evmChainId(connection.chainId);
    const coinType = chainId === undefined ? undefined : coinTypeOf(chainId);
    const connector = findWallet(connection.walletId);
    if (coinType === undefined || !connector || !isEvmConnector(connector)) throw new WidgetError('NAME_REGISTER_FAILED', t('names.failed', { name }));
    const message = registrationMessage(name, Date.now());
    let signature: string;
    try {
      const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;
      signature = (await connector.getProvider().request({ method: 'personal_sign', params: [hex, connection.address] })) as string;
    } catch (cause) {
      throw isRejection(cause)
        ? new WidgetError('USER_REJECTED', t('names.rejected'), { cause })
        : new WidgetError('NAME_REGISTER_FAILED', t('names.failed', { name }), { details: (cause as Error)?.message, cause });
    }
    await registerName(api, name, { coin_type: coinType, address: connection.address, message, signature });
    const identity = { name, avatar: $knownIdentity.get()?.avatar ?? null };
    rememberIdentity(api, connection.address, identity);
    setIdentity(connection.address, identity);
    $registeredName.set({ name, address: connection.address, caipAddress: caip10(connection.chainId, connection.address) });
    resetNameForm();
    replaceRoute({ view: 'Account' });
    showToast('success', t('names.registered', { name }));
  } catch (cause) {
    const error = isWidgetError(cause) ? cause : new WidgetError('NAME_REGISTER_FAILED', t('names.failed', { name }), { cause });
    if ($nameForm.get().registration.status === 'signing') {
      $nameForm.set({ ...$nameForm.get(), registration: { status: 'error', label, error: errorSummary(error) } });
    }
    reportError(error);
    // Taken meanwhile: the field shows it, with free names to pick instead.
    if (error.code === 'NAME_TAKEN' && nameLabel($nameForm.get().input) === label) typeName($nameForm.get().input, { keepError: true });
  }
}
