import * as z from 'zod/mini';
import type { Eip1193Provider, SolanaHostProvider } from '../src/connectors/types.js';
import { isEvmConnector, isSolanaConnector } from '../src/connectors/types.js';
import { type Caip2, isCaip2, type Namespace } from '../src/core/caip.js';
import { ATTRIBUTE_NAMES, ATTRIBUTES, type AttributeName, type NetworkMeta, type WidgetConfig, parseAttribute, parseValue, resolveConfig } from '../src/core/config.js';
import { WidgetError, isWidgetError } from '../src/core/errors.js';
import type { ViewName, WalletEventMap, WidgetState } from '../src/core/events.js';
import type { SiwxSession } from '../src/core/siwx-rules.js';
import { t } from '../src/core/messages.js';
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

// Every view name the `open()` type accepts (README lists them); views that need a choice made in the modal open the view that fits.
const VIEWS = ['Connect', 'AllWallets', 'ConnectingExternal', 'ConnectingWalletConnect', 'Account', 'SwitchNetwork', 'SwitchActiveChain', 'UnsupportedChain', 'Send', 'SendReview', 'SendResult', 'Receive', 'WhatIsAWallet', 'GetAWallet', 'SIWXSignMessage', 'DataCapture', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress', 'RegisterAccountName', 'Swap', 'SwapSelectToken', 'SwapPreview', 'EmailLogin', 'ConnectingFarcaster', 'UpdateEmailWallet', 'AccountSettings', 'ProfileWallets', 'SmartSessionList', 'ApproveTransaction'] as const satisfies readonly ViewName[];
const _everyView: Exclude<ViewName, (typeof VIEWS)[number]> extends never ? true : false = true;
const openOptions = z.optional(z.object({ view: z.optional(z.enum(VIEWS)), namespace: z.optional(z.enum(['eip155', 'solana'])) }));
const namespaceArg = z.optional(z.enum(['eip155', 'solana']));

let restoreStarted = false;

const propertyName = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * `<wallet-connect-modal>`: connect a wallet from any page.
 *
 * @attr networks - comma-separated CAIP-2 ids; the first is the default unless `default-network`
 * @attr default-network - CAIP-2 id
 * @attr project-id - WalletConnect Cloud project id
 * @attr relay-url - WalletConnect relay URL
 * @attr api-url - wallet data API
 * @attr directory-url - wallet directory
 * @attr auth-url - origin of the secure frame for email/social login (accepted, not used yet)
 * @attr siwx-url - base URL of an Auth.js sign-in backend: sign in with the wallet after connecting (EVM or Solana)
 * @attr analytics-url - the site's own endpoint for the widget's events and error reports (opt-in; nothing is sent without it)
 * @attr siwx-required - boolean: sign-in is mandatory (cancel disconnects; Escape and the backdrop do not dismiss)
 * @attr siwx-email-capture - boolean: the sign-in backend may require a confirmed email first (asks its `GET email-capture`)
 * @attr siwx-keep-session - comma list of account-change, network-change, disconnect: changes that do not end the session
 * @attr terms-url - terms of service: an http(s) URL or a path resolved against the page; a link in the Connect view's footer
 * @attr privacy-url - privacy policy: the same form; a link beside it
 * @attr rpc-urls - JSON object CAIP-2 → RPC URL (also the `rpcUrls` property, which takes an object)
 * @attr network-meta - JSON object CAIP-2 → { name?, icon?, explorer?, nativeCurrency? } (also the `networkMeta` property)
 * @attr features - comma list: send, history, names (email, socials, swaps, onramp: accepted, not used yet)
 * @attr socials - comma list of google, x, discord, apple, github, facebook: the social buttons with features=socials (default all)
 * @attr theme - light, dark or system
 * @attr allow-unsupported-chain - boolean
 * @attr lang - locale (BCP 47)
 * @attr open - boolean, reflects whether the modal is open; setting it opens the modal
 *
 * @event wallet-open / wallet-close - `{ view }`
 * @event wallet-connect - `{ address, caipAddress, chainId, namespace, connector: { id, name, type } }`
 * @event wallet-disconnect - `{ namespace }`
 * @event wallet-account-change - `{ address, caipAddress, namespace }`
 * @event wallet-network-change - `{ chainId, namespace, supported }`
 * @event wallet-session - `{ status: 'authenticated', session: { address, chainId, expires } }` or `{ status: 'unauthenticated' }`
 * @event wallet-name - `{ name, address, caipAddress }`: the connected account registered a name (Get a name)
 * @event wallet-error - `{ code, message }`
 *
 * @csspart dialog, panel, header, title, close-button, back-button, body, wallet-list, wallet-button,
 *   network-list, network-button, button, address, balance, toast, qr-code, directory-list, search-input
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
      // URL attributes may be paths, resolved against the page (DESIGN.md).
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
    $config.set(resolveConfig(this.#values).config);
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
