import * as z from 'zod/mini';
import { type Caip2, isCaip2, parseCaip2 } from './caip.js';
import { WidgetError } from './errors.js';
import { t } from './messages.js';

/**
 * The element's configuration and how each attribute is read (docs/contract.md).
 * Attributes are primitives; `rpc-urls` also takes an object through its property.
 */
export const FEATURES = ['email', 'socials', 'send', 'swaps', 'onramp', 'history', 'names'] as const;
export type Feature = (typeof FEATURES)[number];
/** `socials`: which social buttons show with features=socials, in this order; absent: all of them. */
export const SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const;
export type Social = (typeof SOCIALS)[number];
/** `siwx-keep-session`: the connection changes that do NOT end the sign-in session (each ends it by default, docs/specification.md#validation). */
export const SIWX_KEEPS = ['account-change', 'network-change', 'disconnect'] as const;
export type SiwxKeep = (typeof SIWX_KEEPS)[number];
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** A site owner's name, icon, explorer and native currency for a network (`network-meta`, keyed by CAIP-2). */
export interface NetworkMeta {
  name?: string | undefined;
  /** An `https:` or `data:image/` URL. */
  icon?: string | undefined;
  /** The block explorer's `https:` base URL (transactions at `{explorer}/tx/{hash}`). */
  explorer?: string | undefined;
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined;
}

export interface WidgetConfig {
  networks: Caip2[];
  defaultNetwork: Caip2 | undefined;
  projectId: string | undefined;
  relayUrl: string;
  apiUrl: string | undefined;
  directoryUrl: string | undefined;
  authUrl: string | undefined;
  siwxUrl: string | undefined;
  /** The site's own analytics endpoint (opt-in): the widget's events and error reports are posted there. */
  analyticsUrl: string | undefined;
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
  siwxRequired: boolean;
  /** The sign-in backend offers data capture (`GET email-capture`): asked only when the site says so. */
  siwxEmailCapture: boolean;
  siwxKeepSession: SiwxKeep[];
  rpcUrls: Partial<Record<Caip2, string>>;
  networkMeta: Partial<Record<Caip2, NetworkMeta>>;
  features: Feature[];
  socials: Social[];
  theme: Theme;
  /** The account type an email or social login starts with until the visitor chooses (docs/specification.md#account-types). */
  defaultAccountType: 'eoa' | 'smartAccount';
  allowUnsupportedChain: boolean;
  lang: string;
}

export const DEFAULT_CONFIG: WidgetConfig = {
  networks: ['eip155:1'],
  defaultNetwork: undefined,
  projectId: undefined,
  relayUrl: 'wss://relay.walletconnect.org',
  apiUrl: undefined,
  directoryUrl: undefined,
  authUrl: undefined,
  siwxUrl: undefined,
  analyticsUrl: undefined,
  termsUrl: undefined,
  privacyUrl: undefined,
  siwxRequired: false,
  siwxEmailCapture: false,
  siwxKeepSession: [],
  rpcUrls: {},
  networkMeta: {},
  features: [],
  socials: [...SOCIALS],
  theme: 'system',
  defaultAccountType: 'eoa',
  allowUnsupportedChain: false,
  lang: 'en',
};

const caip2 = z.string().check(
  z.refine((v) => isCaip2(v) && ['eip155', 'solana'].includes(parseCaip2(v)!.namespace), 'not a CAIP-2 id of an eip155 or solana chain'),
);
const urlOf = (protocols: string[]) =>
  z.string().check(
    z.refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `not an absolute ${protocols.join(' or ')} URL`),
  );
const httpUrl = urlOf(['http:', 'https:']);
/**
 * docs/README.md: service URL attributes take an absolute URL or a path, resolved against the page (`base`, the
 * document's base URL). The result must still be an http(s) URL; without a page a path is refused.
 */
const againstPage = (raw: string, base?: string): string => {
  if (!base || raw === '' || /^[a-z][-a-z0-9+.]*:/i.test(raw)) return raw;
  try {
    return new URL(raw, base).href;
  } catch {
    return raw;
  }
};
const serviceUrlAttribute = { kind: 'string', accepts: 'an absolute http: or https: URL, or a path resolved against the page (e.g. "/api/")', schema: httpUrl, fromAttribute: againstPage } as const;
const networkMeta = z.record(
  caip2,
  z.strictObject({
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
    icon: z.optional(z.string().check(z.maxLength(100_000), z.refine((v) => /^(?:https:\/\/|data:image\/)\S+$/i.test(v), 'not an https: or data:image/ URL'))),
    explorer: z.optional(urlOf(['https:'])),
    nativeCurrency: z.optional(z.strictObject({
      name: z.string().check(z.minLength(1), z.maxLength(60)),
      symbol: z.string().check(z.minLength(1), z.maxLength(12)),
      decimals: z.number().check(z.refine((n) => Number.isInteger(n) && n >= 0 && n <= 36, 'not an integer from 0 to 36')),
    })),
  }),
) as z.ZodMiniType<Partial<Record<Caip2, NetworkMeta>>>;
const list = (raw: string) => raw.split(',').map((s) => s.trim()).filter(Boolean);
/** A comma list of known words (`features`, `socials`, `siwx-keep-session`). */
const listOf = <T extends readonly [string, ...string[]]>(values: T) => ({
  kind: 'string' as const, accepts: `a comma-separated list of: ${values.join(', ')}`, schema: z.array(z.enum(values)), fromAttribute: list,
});
const nonEmpty = z.string().check(z.minLength(1), z.maxLength(200));

type Kind = 'string' | 'boolean' | 'json';
interface AttributeSpec<K extends keyof WidgetConfig> {
  key: K;
  kind: Kind;
  /** The accepted form, for the console message when a value is refused. */
  accepts: string;
  /** From the attribute's text (or a property's value) to the configuration value. */
  schema: z.ZodMiniType<WidgetConfig[K]>;
  /** `base`: the page's base URL, against which URL attributes resolve a path. */
  fromAttribute?: (raw: string, base?: string) => unknown;
}

const spec = <K extends keyof WidgetConfig>(s: AttributeSpec<K>) => s;

export const ATTRIBUTES = {
  networks: spec({
    key: 'networks', kind: 'string', accepts: 'a comma-separated list of CAIP-2 ids, e.g. "eip155:1,eip155:137"',
    schema: z.array(caip2).check(z.minLength(1)) as z.ZodMiniType<Caip2[]>, fromAttribute: list,
  }),
  'default-network': spec({ key: 'defaultNetwork', kind: 'string', accepts: 'a CAIP-2 id listed in "networks"', schema: caip2 as unknown as z.ZodMiniType<Caip2 | undefined> }),
  'project-id': spec({ key: 'projectId', kind: 'string', accepts: 'a non-empty WalletConnect project id', schema: nonEmpty }),
  'relay-url': spec({ key: 'relayUrl', kind: 'string', accepts: 'an absolute ws:, wss:, http: or https: URL', schema: urlOf(['ws:', 'wss:', 'http:', 'https:']) }),
  'api-url': spec({ key: 'apiUrl', ...serviceUrlAttribute }),
  'directory-url': spec({ key: 'directoryUrl', ...serviceUrlAttribute }),
  'auth-url': spec({ key: 'authUrl', ...serviceUrlAttribute }),
  'siwx-url': spec({ key: 'siwxUrl', ...serviceUrlAttribute }),
  'analytics-url': spec({ key: 'analyticsUrl', ...serviceUrlAttribute }),
  'terms-url': spec({ key: 'termsUrl', ...serviceUrlAttribute }),
  'privacy-url': spec({ key: 'privacyUrl', ...serviceUrlAttribute }),
  'siwx-required': spec({ key: 'siwxRequired', kind: 'boolean', accepts: 'a boolean attribute (present or absent)', schema: z.boolean() }),
  'siwx-email-capture': spec({ key: 'siwxEmailCapture', kind: 'boolean', accepts: 'a boolean attribute (present or absent)', schema: z.boolean() }),
  'rpc-urls': spec({
    key: 'rpcUrls', kind: 'json', accepts: 'a JSON object from CAIP-2 id to http(s) RPC URL, e.g. {"eip155:1":"https://…"}',
    schema: z.record(caip2, httpUrl) as z.ZodMiniType<Partial<Record<Caip2, string>>>,
    fromAttribute: (raw) => JSON.parse(raw) as unknown,
  }),
  'network-meta': spec({
    key: 'networkMeta', kind: 'json',
    accepts: 'a JSON object from CAIP-2 id to { name?, icon? (https: or data:image/ URL), explorer? (https: URL), nativeCurrency?: { name, symbol, decimals } }',
    schema: networkMeta, fromAttribute: (raw) => JSON.parse(raw) as unknown,
  }),
  'siwx-keep-session': spec({ key: 'siwxKeepSession', ...listOf(SIWX_KEEPS) }),
  features: spec({ key: 'features', ...listOf(FEATURES) }),
  socials: spec({ key: 'socials', ...listOf(SOCIALS) }),
  theme: spec({ key: 'theme', kind: 'string', accepts: 'one of: light, dark, system', schema: z.enum(THEMES) }),
  'default-account-type': spec({ key: 'defaultAccountType', kind: 'string', accepts: 'one of: eoa, smartAccount', schema: z.enum(['eoa', 'smartAccount']) }),
  'allow-unsupported-chain': spec({ key: 'allowUnsupportedChain', kind: 'boolean', accepts: 'a boolean attribute (present or absent)', schema: z.boolean() }),
  lang: spec({
    key: 'lang', kind: 'string', accepts: 'a BCP 47 language tag, e.g. "en" or "pt-BR"',
    schema: z.string().check(z.refine((v) => { try { return Intl.getCanonicalLocales(v).length === 1; } catch { return false; } })),
  }),
} as const;

export type AttributeName = keyof typeof ATTRIBUTES;
export const ATTRIBUTE_NAMES = Object.keys(ATTRIBUTES) as AttributeName[];

/**
 * Reads one attribute's text; absent (null) gives the default. `base` is the page's base URL
 * (`document.baseURI`), for URL attributes given as a path. Throws `INVALID_CONFIG`.
 */
export function parseAttribute<N extends AttributeName>(name: N, raw: string | null, base?: string): WidgetConfig[(typeof ATTRIBUTES)[N]['key']] {
  const s = ATTRIBUTES[name] as AttributeSpec<keyof WidgetConfig>;
  if (s.kind === 'boolean') return (raw !== null) as never;
  if (raw === null) return DEFAULT_CONFIG[s.key] as never;
  return parseValue(name, s.fromAttribute ? safe(name, () => s.fromAttribute!(raw.trim(), base)) : raw.trim());
}

/** Checks a value given through a property (or read from an attribute). Throws `INVALID_CONFIG`. */
export function parseValue<N extends AttributeName>(name: N, value: unknown): WidgetConfig[(typeof ATTRIBUTES)[N]['key']] {
  const s = ATTRIBUTES[name] as AttributeSpec<keyof WidgetConfig>;
  const result = s.schema.safeParse(value);
  if (!result.success) throw invalidConfig(name, z.prettifyError(result.error).replace(/\n\s*→ at .*/g, '').replace(/^✖ /gm, ''));
  return result.data as never;
}

/** Fills defaults and applies the checks that span attributes. Returns the problems found, not thrown. */
export function resolveConfig(values: Partial<WidgetConfig>): { config: WidgetConfig; problems: WidgetError[] } {
  const config: WidgetConfig = { ...DEFAULT_CONFIG, ...values };
  const problems: WidgetError[] = [];
  if (config.defaultNetwork && !config.networks.includes(config.defaultNetwork)) {
    problems.push(invalidConfig('default-network', `"${config.defaultNetwork}" is not in networks`));
    config.defaultNetwork = undefined;
  }
  return { config, problems };
}

function safe<T>(name: AttributeName, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    throw invalidConfig(name, cause instanceof Error ? cause.message : String(cause), cause);
  }
}

export function invalidConfig(name: AttributeName, reason: string, cause?: unknown): WidgetError {
  return new WidgetError('INVALID_CONFIG', t('error.invalidConfig'), {
    details: `<wallet-connect-modal ${name}>: ${reason}. Expected ${ATTRIBUTES[name].accepts}.`,
    cause,
  });
}
