import * as z from 'zod/mini';
import type { Eip1193Provider, SolanaHostProvider } from '../src/connectors/types.js';
import { isEvmConnector, isSolanaConnector } from '../src/connectors/types.js';
import { type Caip2, isCaip2, type Namespace } from '../src/core/caip.js';
import { ATTRIBUTE_NAMES, ATTRIBUTES, type AttributeName, type NetworkMeta, type WidgetConfig, parseAttribute, parseValue, resolveConfig } from '../src/core/config.js';
import { WidgetError, isWidgetError } from '../src/core/errors.js';
import type { ViewName, WalletEventMap, WidgetState } from '../src/core/events.js';
import type { SiwxSession } from '../src/core/siwx-rules.js';
import { languageOf, observeLanguage } from '../src/core/locale.js';
import { loadLocale } from '../src/core/locale-loader.js';
import { setLanguage, t } from '../src/core/messages.js';
import * as actions from '../src/stores/actions/index.js';
import { $config } from '../src/stores/config.js';
import { $connections } from '../src/stores/connection.js';
import { hostProvider } from '../src/stores/host-provider.js';
import { reportError } from '../src/stores/errors.js';
import { $modal } from '../src/stores/modal.js';
import { $widgetState } from '../src/stores/state.js';
import { findWallet } from '../src/stores/wallets.js';
import { attachHost, loadSiwx } from './reactions.js';
import { adoptStyles } from './styles.js';
import { showViews } from './view-host.js';

// Every view name the `open()` type accepts (docs/contract.md lists them); views that need a choice made in the modal open the view that fits.
const VIEWS = ['Connect', 'AllWallets', 'ConnectingExternal', 'ConnectingWalletConnect', 'Account', 'SwitchNetwork', 'SwitchActiveChain', 'UnsupportedChain', 'Send', 'SendReview', 'SendResult', 'Receive', 'WhatIsAWallet', 'GetAWallet', 'SIWXSignMessage', 'DataCapture', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress', 'RegisterAccountName', 'Swap', 'SwapSelectToken', 'SwapPreview', 'EmailLogin', 'ConnectingFarcaster', 'UpdateEmailWallet', 'AccountSettings', 'ProfileWallets', 'SmartSessionList', 'ApproveTransaction'] as const satisfies readonly ViewName[];
const _everyView: Exclude<ViewName, (typeof VIEWS)[number]> extends never ? true : false = true;
const openOptions = z.optional(z.object({ view: z.optional(z.enum(VIEWS)), namespace: z.optional(z.enum(['eip155', 'solana'])) }));
const namespaceArg = z.optional(z.enum(['eip155', 'solana']));

let restoreStarted = false;

const propertyName = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * `<wallet-connect-modal>`: connect a wallet from any page.
 *
 * @customElement wallet-connect-modal
 *
 * @attr {string} networks - comma-separated CAIP-2 ids (`eip155:…`, `solana:…`); the first is the default unless `default-network`
 * @attr {string} default-network - a CAIP-2 id, one of `networks`
 * @attr {string} project-id - WalletConnect Cloud project id (only for the public relay)
 * @attr {string} relay-url - WalletConnect relay URL (ws:, wss:, http: or https:)
 * @attr {string} api-url - wallet data API: an absolute http(s) URL or a path resolved against the page
 * @attr {string} directory-url - wallet directory: an absolute http(s) URL or a path resolved against the page
 * @attr {string} auth-url - origin of the secure frame for email and social login (with `features` email or socials)
 * @attr {string} siwx-url - base URL of an Auth.js sign-in backend: sign in with the wallet after connecting (EVM or Solana)
 * @attr {string} analytics-url - the site's own endpoint for the widget's events and error reports (opt-in; nothing is sent without it)
 * @attr {boolean} siwx-required - sign-in is mandatory (cancel disconnects; Escape and the backdrop do not dismiss)
 * @attr {boolean} siwx-email-capture - the sign-in backend may require a confirmed email first (asks its `GET email-capture`)
 * @attr {string} siwx-keep-session - comma list of account-change, network-change, disconnect: changes that do not end the session
 * @attr {string} terms-url - terms of service: an http(s) URL or a path resolved against the page; a link in the Connect view's footer
 * @attr {string} privacy-url - privacy policy: the same form; a link beside it
 * @attr {string} rpc-urls - JSON object CAIP-2 → http(s) RPC URL (the `rpcUrls` property takes the object)
 * @attr {string} network-meta - JSON object CAIP-2 → { name?, icon?, explorer?, nativeCurrency? } (the `networkMeta` property takes the object)
 * @attr {string} features - comma list of email, socials, send, swaps, onramp, history, names
 * @attr {string} socials - comma list of google, x, farcaster, discord, apple, github, facebook: the social buttons with features=socials (default all)
 * @attr {'light' | 'dark' | 'system'} theme - light, dark or system (default system)
 * @attr {'eoa' | 'smartAccount'} default-account-type - the EVM account an email or social login starts with (default eoa)
 * @attr {boolean} allow-unsupported-chain - a wallet on a chain outside `networks` is not stopped
 * @attr {string} lang - language (BCP 47) of the words, numbers and dates: else the nearest ancestor's `lang`, else the browser's; followed when it changes
 * @attr {boolean} open - reflects whether the modal is open; setting it opens the modal
 *
 * @prop {Caip2[]} networks - the `networks` attribute, parsed; setting it sets the attribute
 * @prop {Caip2 | undefined} defaultNetwork - reflects `default-network`
 * @prop {string | undefined} projectId - reflects `project-id`
 * @prop {string} relayUrl - reflects `relay-url`
 * @prop {string | undefined} apiUrl - reflects `api-url`
 * @prop {string | undefined} directoryUrl - reflects `directory-url`
 * @prop {string | undefined} authUrl - reflects `auth-url`
 * @prop {string | undefined} siwxUrl - reflects `siwx-url`
 * @prop {string | undefined} analyticsUrl - reflects `analytics-url`
 * @prop {string | undefined} termsUrl - reflects `terms-url`
 * @prop {string | undefined} privacyUrl - reflects `privacy-url`
 * @prop {boolean} siwxRequired - reflects `siwx-required`
 * @prop {boolean} siwxEmailCapture - reflects `siwx-email-capture`
 * @prop {SiwxKeep[]} siwxKeepSession - reflects `siwx-keep-session`
 * @prop {Feature[]} features - reflects `features`
 * @prop {Social[]} socials - reflects `socials`
 * @prop {Theme} theme - reflects `theme`
 * @prop {'eoa' | 'smartAccount'} defaultAccountType - reflects `default-account-type`
 * @prop {boolean} allowUnsupportedChain - reflects `allow-unsupported-chain`
 * @prop {string} lang - reflects `lang`
 *
 * @fires {CustomEvent<WalletEventDetails['wallet-open']>} wallet-open - the modal opened: `{ view }`
 * @fires {CustomEvent<WalletEventDetails['wallet-close']>} wallet-close - the modal closed: `{ view }`
 * @fires {CustomEvent<WalletEventDetails['wallet-connect']>} wallet-connect - `{ address, caipAddress, chainId, namespace, connector: { id, name, type } }`
 * @fires {CustomEvent<WalletEventDetails['wallet-disconnect']>} wallet-disconnect - `{ namespace, connector? }`
 * @fires {CustomEvent<WalletEventDetails['wallet-account-change']>} wallet-account-change - `{ address, caipAddress, namespace }`
 * @fires {CustomEvent<WalletEventDetails['wallet-network-change']>} wallet-network-change - `{ chainId, namespace, supported }`
 * @fires {CustomEvent<WalletEventDetails['wallet-session']>} wallet-session - `{ status: 'authenticated', session }` or `{ status: 'unauthenticated' }`
 * @fires {CustomEvent<WalletEventDetails['wallet-transaction']>} wallet-transaction - `{ status, hash, chainId, kind, userOpHash? }`: a transaction sent from the modal
 * @fires {CustomEvent<WalletEventDetails['wallet-name']>} wallet-name - `{ name, address, caipAddress }`: the connected account registered a name
 * @fires {CustomEvent<WalletEventDetails['wallet-error']>} wallet-error - `{ code, message }`
 *
 * @csspart dialog - the `<dialog>`
 * @csspart panel - the modal's card inside it
 * @csspart header - the title row
 * @csspart title - the view's title
 * @csspart close-button - the close button
 * @csspart back-button - the back button
 * @csspart body - the view's content
 * @csspart wallet-list - the wallets of Connect
 * @csspart wallet-button - one wallet (Connect and All wallets)
 * @csspart directory-list - All wallets' grid
 * @csspart search-input - a search field
 * @csspart network-list - the networks of Switch network
 * @csspart network-button - one network
 * @csspart button - every button of the views
 * @csspart social-button - a social login button (also a `button`)
 * @csspart avatar - the account's avatar
 * @csspart profile-name - the account's name
 * @csspart address - the short address
 * @csspart balance - the native balance
 * @csspart total-value - the account's total value
 * @csspart account-email - an email login's email
 * @csspart account-type - an email login's account type
 * @csspart tabs - Account's tabs
 * @csspart token-list - Account's tokens
 * @csspart activity-list - Account's activity
 * @csspart qr-code - the QR cards of WalletConnect and Receive (keep it dark on light for scanners)
 * @csspart toast - a notice
 * @csspart legal - the Connect view's footer (terms and privacy links)
 * @csspart help-button - Connect's "What is a wallet?"
 * @csspart install-link - a row of Get a wallet
 *
 * @cssprop --wallet-modal-background - background (default #ffffff / #18191b)
 * @cssprop --wallet-modal-foreground - text (default #141414 / #f1f2f4)
 * @cssprop --wallet-modal-muted - secondary text (default #5f6368 / #a4a8ae)
 * @cssprop --wallet-modal-surface - rows and cards (default #f2f3f5 / #25272a)
 * @cssprop --wallet-modal-border - borders (default #e1e3e6 / #34373b)
 * @cssprop --wallet-modal-accent - primary actions and focus (default #2957d8 / #7fa2ff)
 * @cssprop --wallet-modal-accent-foreground - text on the accent (default #ffffff / #0b1020)
 * @cssprop --wallet-modal-danger - errors (default #c5221f / #ff8a80)
 * @cssprop --wallet-modal-radius - corner radius (default 16px)
 * @cssprop --wallet-modal-width - the modal's width (default 360px)
 * @cssprop --wallet-modal-backdrop - the backdrop (default rgb(0 0 0 / 0.45))
 * @cssprop --wallet-modal-font-family - font (default system-ui, …)
 * @cssprop --wallet-modal-font-size - base font size (default 15px)
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below types the accessors defined at runtime
export class WalletConnectModalElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return [...ATTRIBUTE_NAMES, 'open'];
  }

  /** The last valid value of each attribute or property; an invalid one never replaces a valid one. */
  #values: Partial<WidgetConfig> = {};
  /** Refusals not yet reported as `wallet-error` (they are reported once the element is connected). */
  #refused: WidgetError[] = [];
  /** The cross-attribute problems last reported, so one problem is reported once, not on every change. */
  #reportedProblems = new Set<string>();
  #checkQueued = false;
  #detach: (() => void) | undefined;
  /** Stops following `lang` changes on the element's ancestors. */
  #unobserveLanguage: (() => void) | undefined;

  #unstyle: (() => void) | undefined;
  /** Unmounts the views (elements/view-host.ts: React and the views load at idle after load, or on the first open). */
  #hide: (() => void) | undefined;

  constructor() {
    super();
    this.#unstyle = adoptStyles(this.attachShadow({ mode: 'open' }));
  }

  connectedCallback(): void {
    // Properties set on the element before it was upgraded are kept (web.dev custom element best practices).
    for (const name of ATTRIBUTE_NAMES.map(propertyName)) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }
    // Read before attachHost, which makes the attribute mirror the modal's state.
    const openRequested = this.hasAttribute('open');
    this.#detach ??= attachHost(this);
    this.#unobserveLanguage ??= observeLanguage(this, () => this.#apply());
    // Shared sheets, re-adopted as lazily loaded views register theirs.
    this.#unstyle ??= adoptStyles(this.shadowRoot!);
    this.#apply();
    this.#hide ??= showViews(this.shadowRoot!);
    if (!restoreStarted) {
      restoreStarted = true;
      void actions.reconnect();
    }
    if (openRequested && !$modal.get().open) actions.open();
  }

  disconnectedCallback(): void {
    this.#hide?.();
    this.#hide = undefined;
    this.#detach?.();
    this.#detach = undefined;
    this.#unobserveLanguage?.();
    this.#unobserveLanguage = undefined;
    this.#unstyle?.();
    this.#unstyle = undefined;
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    if (name === 'open') {
      if (!this.isConnected || (value !== null) === $modal.get().open) return;
      if (value !== null) actions.open();
      else actions.close();
      return;
    }
    const attribute = name as AttributeName;
    try {
      // URL attributes may be paths, resolved against the page (docs/README.md).
      this.#set(attribute, parseAttribute(attribute, value, this.ownerDocument.baseURI));
    } catch (error) {
      this.#refuse(error);
    }
  }

  #set(name: AttributeName, value: unknown) {
    (this.#values as Record<string, unknown>)[ATTRIBUTES[name].key] = value;
    this.#apply();
  }

  #apply() {
    if (!this.isConnected) return;
    const { config } = resolveConfig(this.#values);
    // The language: the element's own `lang` (its last valid value), else its ancestors', else the browser's.
    const lang = this.getAttribute('lang')?.trim() ? config.lang : languageOf(this);
    setLanguage(lang);
    $config.set({ ...config, lang });
    // Its messages load beside the script; English shows until they are in, then the views render again.
    loadLocale(lang).catch(() => {});
    this.#queueCheck();
  }

  /**
   * Rules that span attributes are checked once the current task's attribute changes are all in: the HTML
   * parser upgrades `<wallet-connect-modal default-network="…" networks="…">` one attribute at a time.
   * Refusals are reported in the same microtask, so a listener added right after the element still hears them.
   */
  #queueCheck() {
    if (this.#checkQueued) return;
    this.#checkQueued = true;
    queueMicrotask(() => {
      if (this.isConnected) {
        const { problems } = resolveConfig(this.#values);
        const reported = this.#reportedProblems;
        this.#reportedProblems = new Set(problems.map((problem) => problem.message));
        for (const problem of problems) if (!reported.has(problem.message)) this.#refuse(problem);
        const refused = this.#refused;
        this.#refused = [];
        refused.forEach(reportError);
      }
      this.#checkQueued = false;
    });
  }

  /**
   * An invalid value: a console message now, naming the attribute and the accepted form (the details), and a
   * `wallet-error` like every other (`{ code, message }`, the short message) through the one reaction module.
   */
  #refuse(error: unknown) {
    const widgetError = isWidgetError(error) ? error : new WidgetError('INVALID_CONFIG', t('error.invalidConfig'), { cause: error });
    console.error(`[wallet-connect-modal] ${widgetError.details ?? widgetError.message}`);
    this.#refused.push(widgetError);
    this.#queueCheck();
  }

  /** Objects for the JSON attributes (`rpc-urls`, `network-meta`), without going through JSON. */
  #setObject(name: 'rpc-urls' | 'network-meta', value: unknown) {
    if (value === null || value === undefined) {
      this.removeAttribute(name);
      this.#set(name, {});
      return;
    }
    try {
      this.#set(name, parseValue(name, value));
    } catch (error) {
      this.#refuse(error);
    }
  }
  /** Per network (CAIP-2): the http(s) RPC URL its chain reads go to (the `rpc-urls` attribute as an object). */
  get rpcUrls(): Partial<Record<Caip2, string>> {
    return { ...(this.#values.rpcUrls ?? {}) };
  }
  set rpcUrls(value: Partial<Record<Caip2, string>> | null | undefined) {
    this.#setObject('rpc-urls', value);
  }
  /** Per network (CAIP-2): `{ name?, icon?, explorer?, nativeCurrency? }`, over the built-in metadata. */
  get networkMeta(): Partial<Record<Caip2, NetworkMeta>> {
    return structuredClone(this.#values.networkMeta ?? {});
  }
  set networkMeta(value: Partial<Record<Caip2, NetworkMeta>> | null | undefined) {
    this.#setObject('network-meta', value);
  }

  /**
   * Opens the modal, on `view` when given (views that need a connection fall back to Connect). `Send` answers a promise:
   * `{ hash }` once a transfer is sent from the modal, or a rejection `MODAL_CLOSED` ("Modal closed") when the visitor
   * closes the modal first.
   */
  open(options: { view: 'Send'; namespace?: Namespace }): Promise<{ hash: string }>;
  open(options?: { view?: ViewName; namespace?: Namespace }): void;
  open(options?: { view?: ViewName; namespace?: Namespace }): Promise<{ hash: string }> | void {
    const parsed = openOptions.safeParse(options);
    if (!parsed.success) throw this.#badArgument(`open(): options must be { view?: ${VIEWS.join(' | ')}, namespace?: 'eip155' | 'solana' }`);
    if (parsed.data?.view === 'Send') return actions.openSend(parsed.data);
    actions.open(parsed.data ?? {});
  }

  close(): void {
    actions.close();
  }

  disconnect(namespace?: Namespace): Promise<void> {
    if (!namespaceArg.safeParse(namespace).success) return Promise.reject(this.#badArgument(`disconnect(): namespace must be 'eip155' or 'solana'`));
    return actions.disconnect(namespace);
  }

  switchNetwork(chainId: Caip2): Promise<void> {
    if (typeof chainId !== 'string' || !isCaip2(chainId)) return Promise.reject(this.#badArgument(`switchNetwork(): "${String(chainId)}" is not a CAIP-2 id such as "eip155:1"`));
    return actions.switchNetwork(chainId);
  }

  /**
   * `eip155`: the connected wallet's EIP-1193 provider, for viem or ethers, or undefined when not connected;
   * chain reads go to an RPC for the chain, everything else to the wallet (`hostProvider`).
   * `solana`: `{ publicKey, signMessage, signTransaction, signAndSendTransaction }`, or undefined when not connected.
   */
  getProvider(namespace: 'solana'): SolanaHostProvider | undefined;
  getProvider(namespace?: 'eip155'): Eip1193Provider | undefined;
  getProvider(namespace: Namespace = 'eip155'): Eip1193Provider | SolanaHostProvider | undefined {
    const connection = $connections.get()[namespace];
    const connector = connection && findWallet(connection.walletId);
    if (namespace === 'solana') {
      // Without a connection both namespaces answer undefined (what hosts check for), never a throw.
      return connector && isSolanaConnector(connector) ? connector.hostProvider : undefined;
    }
    return connector && isEvmConnector(connector) ? hostProvider(connector.getProvider()) : undefined;
  }

  /** Sign in with the wallet (`siwx-url`): one signature; resolves with the session. Rejects "SIWX is not enabled" without `siwx-url`. */
  signIn(): Promise<SiwxSession> {
    return loadSiwx().then((m) => m.signIn());
  }

  /** Ends the sign-in session at the backend; `wallet-session { status: 'unauthenticated' }`. */
  signOut(): Promise<void> {
    return loadSiwx().then((m) => m.signOut());
  }

  /** The backend's session for the connected EVM account and chain, or undefined. */
  getSession(): Promise<SiwxSession | undefined> {
    return loadSiwx().then((m) => m.getSession());
  }

  /** The modal and the active connection: `{ open, view, status, namespace, address, chainId, connector, connections, session, … }`. */
  get state(): WidgetState {
    return { ...$widgetState.get() };
  }

  static {
    // A property for each attribute (camelCase) that reflects to the attribute, so the attribute stays the
    // one source of truth; reading gives this element's own value (pages may hold more than one element).
    for (const name of ATTRIBUTE_NAMES) {
      const prop = propertyName(name);
      if (prop === 'rpcUrls' || prop === 'networkMeta') continue;
      const { key, kind } = ATTRIBUTES[name];
      Object.defineProperty(this.prototype, prop, {
        configurable: true,
        enumerable: true,
        get(this: WalletConnectModalElement) {
          return kind === 'boolean' ? this.hasAttribute(name) : resolveConfig(this.#values).config[key];
        },
        set(this: WalletConnectModalElement, value: unknown) {
          if (kind === 'boolean') this.toggleAttribute(name, Boolean(value));
          else if (value === null || value === undefined) this.removeAttribute(name);
          else this.setAttribute(name, Array.isArray(value) ? value.join(',') : String(value));
        },
      });
    }
  }

  #badArgument(details: string): WidgetError {
    const error = new WidgetError('INVALID_ARGUMENT', t('error.invalidArgument'), { details });
    reportError(error);
    return error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- types the accessors the class's static block defines
export interface WalletConnectModalElement extends Omit<WidgetConfig, 'rpcUrls' | 'networkMeta'> {
  addEventListener<K extends keyof WalletEventMap>(type: K, listener: (this: WalletConnectModalElement, event: WalletEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof WalletEventMap>(type: K, listener: (this: WalletConnectModalElement, event: WalletEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
