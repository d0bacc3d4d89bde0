import { Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { WALLETCONNECT_ID } from '../../core/constants.js';
import { chooseWalletConnect, connect } from '../../stores/actions/index.js';
import { $config } from '../../stores/config.js';
import { $onMobile } from '../../stores/device.js';
import { pushRoute, type Route } from '../../stores/route.js';
import { lazyScreen } from './lazy-screen.js';
import { $recentWallets } from '../../stores/recent-wallets.js';
import { $solanaDiscovered, $wallets } from '../../stores/wallets.js';
import { LOADING_ANNOUNCE_DELAY, Spinner } from '../parts/Spinner.js';
import { type WalletListItem, WalletList } from '../parts/WalletList.js';
import { useT } from './use-t.js';

const NamespaceChooser = lazyScreen(() => import('./NamespaceChooser.js'));
/** Email (and social) login above the wallets, with `auth-url` and `features=email`: its code loads then. */
const AuthLoginBlock = lazyScreen(() => import('./AuthLoginBlock.js'));
/** Social buttons under it (auth-url, features=socials): their code loads then. */
const SocialLoginBlock = lazyScreen(() => import('./SocialLoginBlock.js'));

// The login blocks' code follows the views' as soon as the page asks for them, so that Connect shows them with
// its wallets in one piece: loaded only when Connect renders, they came in above a list already on screen and moved
// it under the visitor's pointer (a click aimed at a wallet landed beside it).
$config.subscribe(({ authUrl, features }) => {
  if (authUrl && features.includes('email')) AuthLoginBlock.preload().catch(() => {});
  if (authUrl && features.includes('socials')) SocialLoginBlock.preload().catch(() => {});
});

/** The list id of the All wallets entry (WalletConnect's is its wallet id). */
const ALL_WALLETS = 'all-wallets';

// Inline glyphs (data: URIs, allowed wherever wallet icons are): a QR code, and a grid of wallets.
const QR_GLYPH =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#3b82f6" stroke-width="2"><path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2"/></svg>',
  );
const GRID_GLYPH =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#3b82f6" stroke-width="2"><rect x="4" y="4" width="6" height="6" rx="2"/><rect x="14" y="4" width="6" height="6" rx="2"/><rect x="4" y="14" width="6" height="6" rx="2"/><rect x="14" y="14" width="6" height="6" rx="2"/></svg>',
  );

/** Connect: every announced wallet, the recent ones (at most 2) first and marked; then WalletConnect and All wallets. */
export function ConnectScreen({ route }: { route: Extract<Route, { view: 'Connect' }> }) {
  const t = useT();
  const { networks } = useStore($config);
  // The configured namespaces' wallets (or only `route.namespace`'s); a wallet announcing on both is one entry.
  const namespaces = route.namespace ? [route.namespace] : networks.map((id) => id.split(':')[0]);
  const discovering = !useStore($solanaDiscovered) && namespaces.includes('solana');
  const all = useStore($wallets).filter((w) => !discovering && namespaces.includes(w.namespace));
  // A wallet on both namespaces is one entry (its EVM side, as listed first); wallets of one namespace that share
  // a name are different wallets and stay apart.
  const onBoth = (w: (typeof all)[number]) => all.some((o) => o.name === w.name && o.namespace !== w.namespace);
  const wallets = all.filter((w) => !onBoth(w) || w === all.find((o) => o.name === w.name));
  // Choosing such a wallet asks which of its networks to connect: that question's code comes with the list, so a
  // press shows it at once rather than after a fetch.
  const offersChoice = wallets.some(onBoth);
  useEffect(() => {
    if (offersChoice) NamespaceChooser.preload().catch(() => {});
  }, [offersChoice]);
  const recent = useStore($recentWallets);
  // On a phone WalletConnect leads to the wallet list (each wallet's app opens), not to a QR code.
  const onMobile = useStore($onMobile);
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length);
  const installed: WalletListItem[] = [...wallets]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((w) => ({ id: w.id, name: w.name, icon: w.icon, tag: recent.includes(w.id) ? t('connect.recent') : t('connect.installed') }));
  const others: WalletListItem[] = [
    { id: WALLETCONNECT_ID, name: t('connect.walletConnect'), icon: QR_GLYPH, tag: onMobile ? undefined : t('connect.qrCode') },
    { id: ALL_WALLETS, name: t('connect.allWallets'), icon: GRID_GLYPH },
  ];
  const { termsUrl, privacyUrl, authUrl, features } = useStore($config);
  const legal = [
    [termsUrl, t('connect.terms')],
    [privacyUrl, t('connect.privacy')],
  ].filter(([href]) => href);
  const select = (id: string) => {
    if (id === WALLETCONNECT_ID) chooseWalletConnect();
    else if (id === ALL_WALLETS) pushRoute({ view: 'AllWallets' });
    else {
      const wallet = all.find((w) => w.id === id)!;
      if (onBoth(wallet)) pushRoute({ view: 'Connect', choose: wallet.name });
      else void connect(id).catch(() => {});
    }
  };
  if (route.choose) return <NamespaceChooser name={route.choose} />;

  return (
    // One boundary for the login blocks and the wallets: while a block's code is still on its way (preloaded above,
    // so rarely), the view waits for it rather than show the wallets and push them down when it arrives.
    <Suspense fallback={<Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} />}>
      {authUrl && features.includes('email') ? <AuthLoginBlock /> : null}
      {authUrl && features.includes('socials') ? <SocialLoginBlock /> : null}
      {discovering ? <Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} /> : installed.length === 0 ? <p className="hint no-wallets" role="status">{t('connect.noWallets')}</p> : null}
      <WalletList wallets={[...installed, ...others]} label={t('connect.walletsLabel')} onSelect={select} />
      <p className="legal" part="legal">
        <button type="button" part="help-button" onClick={() => pushRoute({ view: 'WhatIsAWallet' })}>{t('view.WhatIsAWallet')}</button>
        {legal.map(([href, text]) => (
          <a key={href} href={href} target="_blank" rel="noopener noreferrer">{text}</a>
        ))}
      </p>
    </Suspense>
  );
}
