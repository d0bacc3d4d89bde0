import '../../core/messages-wallet-views.js';
import '../../core/messages-account.js';
import '../../core/messages-activity.js';
import '../../core/messages-onramp.js';
import '../../core/messages-names.js';
import type { CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { avatarHues } from '../../core/avatar.js';
import { truncateAddress } from '../../core/caip.js';
import { formatTokenAmount } from '../../core/format.js';
import { disconnect } from '../../stores/actions/index.js';
import { $nativeBalance } from '../../stores/balance.js';
import { $config } from '../../stores/config.js';
import { $connected } from '../../stores/connection.js';
import { $identity } from '../../stores/identity.js';
import { type AccountTab, type Route, pushRoute, replaceRoute } from '../../stores/route.js';
import { $walletApi } from '../../stores/wallet-api-config.js';
import { $authUser } from '../../stores/auth.js';
import { $accountType } from '../../stores/account-type.js';
import '../../core/messages-auth.js';
import '../../core/messages-wallets.js';
import { $wallets } from '../../stores/wallets.js';
import { Icon, PathIcon } from '../parts/Icon.js';
import { NetworkIcon } from '../parts/NetworkIcon.js';
import { Spinner } from '../parts/Spinner.js';
import { Tabs } from '../parts/Tabs.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { ActivityTab } from './ActivityTab.js';
import { PortfolioTotal, TokensTab } from './TokensTab.js';
import { useNetworkInfo } from './networks.js';
import { useLang, useT } from './use-t.js';
import accountCss from '../../../styles/account.css';
import namesCss from '../../../styles/names.css';
import { registerSheet } from '../sheets.js';
import { copyText } from '../../stores/actions/copy-text.js';

registerSheet(accountCss);
registerSheet(namesCss);

/** The namespaces whose Send is built (docs/specification.md#validation: EVM and Solana); others would only fail with "Unsupported chain". */
const SEND_NAMESPACES: readonly string[] = ['eip155', 'solana'];

/** The Buy action's icon: a card. */
const BUY_ICON = 'M3 6h18v12H3zM3 10h18M7 15h4';

/** Buy with card loads on demand (its own chunk), then shows OnRampProviders. */
const openBuy = () => void import('../../stores/actions/onramp.js').then((m) => m.openBuy());

/** Get a name's icon: a tag. */
const NAME_ICON = 'M3 12V4h8l10 10-8 8L3 12zM7.5 8.5h.01';

/** The Receive action's icon: an arrow down into a tray. */
const RECEIVE_ICON = 'M12 4v11M7 10l5 5 5-5M5 19h14';

/** The Swap action's icon: two arrows, down and up. */
/** A slider: Account settings. */
const SETTINGS_ICON = 'M4 7h10M18 7h2M4 17h2M10 17h10M14 5v4M6 15v4';
/** Two stacked cards: Wallets. */
const WALLETS_ICON = 'M4 8h14v11H4zM7 5h13v11';
const KEY_ICON = 'M8 14a4 4 0 1 1 3.5-6H21v4h-2v2h-3v-2h-4.5A4 4 0 0 1 8 14z';
/** An envelope: Update email. */
const MAIL_ICON = 'M3 6h18v12H3zM3 6l9 7 9-7';
const SWAP_ICON = 'M8 4v15M4 15l4 4 4-4M16 20V5M12 9l4-4 4 4';

/** The avatar and name from the wallet data API when there is one, else the wallet's icon; then the address. */
function Profile({ address, walletName, walletIcon }: { address: string; walletName: string; walletIcon: string | undefined }) {
  const identity = useStore($identity);
  const hues = avatarHues(address);
  return (
    <>
      {identity?.avatar ? <img className="avatar" part="avatar" src={identity.avatar} alt="" /> : (
        // The account button's gradient for this address, with the wallet's logo as a badge.
        <span className="avatar-stack">
          <span className="avatar generated" part="avatar" aria-hidden="true" style={{ '--_hue-a': hues[0], '--_hue-b': hues[1] } as CSSProperties} />
          {walletIcon ? <WalletIcon name={walletName} icon={walletIcon} /> : null}
        </span>
      )}
      {identity?.name ? <p className="profile-name" part="profile-name">{identity.name}</p> : null}
      <p className={identity?.name ? 'address secondary' : 'address'} part="address" title={address} data-address={address} dir="ltr">
        {truncateAddress(address)}
      </p>
    </>
  );
}

/**
 * Account: identity, address (truncated; copy gives it whole), native balance, total value, network,
 * disconnect; with a wallet data API, the Tokens and (feature "history") Activity tabs. The same for an EVM
 * and a Solana account (base58 address, SOL); the name and avatar are EVM-only (stores/identity.ts).
 */
export default function AccountScreen({ route }: { route: Extract<Route, { view: 'Account' }> }) {
  const t = useT();
  const lang = useLang();
  const connection = useStore($connected);
  const balance = useStore($nativeBalance);
  const config = useStore($config);
  const api = useStore($walletApi);
  const wallet = useStore($wallets).find((w) => w.id === connection?.walletId);
  const network = useNetworkInfo(connection?.chainId);
  const identity = useStore($identity);
  const user = useStore($authUser);
  const accountType = useStore($accountType);
  if (!connection || !network) return null;
  // The email or social login's smart account is the connected address: say so, and whether it is deployed yet.
  const smart = connection.connector.type === 'auth' && accountType?.smartAccount?.address.toLowerCase() === connection.address.toLowerCase() ? accountType.smartAccount : undefined;
  const tabs = [{ id: 'tokens', label: t('account.tokens') }, ...(config.features.includes('history') ? [{ id: 'activity', label: t('account.activity') }] : [])];
  const tab: AccountTab = route.tab === 'activity' && tabs.length > 1 ? 'activity' : 'tokens';
  const copy = () => copyText(connection.address, t('account.copied'));
  return (
    <div className="account">
      <Profile address={connection.address} walletName={connection.connector.name} walletIcon={wallet?.icon} />
      {connection.connector.type === 'auth' && user?.email ? <p className="hint" part="account-email" data-email={user.email}>{t('auth.accountEmail', { email: user.email })}</p> : null}
      {smart ? <p className="hint" part="account-type" data-smart-account-deployed={String(smart.deployed)}>{smart.deployed ? t('smartAccount.badgeDeployed') : t('smartAccount.badgeNotDeployed')}</p> : null}
      <p className="balance" part="balance" aria-live="polite">
        {/* "Balance:" only with its value: the region is not heard saying it alone while the balance loads. */}
        {balance.status === 'ready' || balance.status === 'error' ? <span className="visually-hidden">{t('account.balance')}: </span> : null}
        {balance.status === 'ready' ? (
          <span data-balance={balance.value.toString()} dir="ltr">{`${formatTokenAmount(balance.value, network.nativeCurrency.decimals, lang)} ${network.nativeCurrency.symbol}`}</span>
        ) : balance.status === 'error' ? (
          t('account.unknownBalance')
        ) : (
          <Spinner label={t('account.balanceLoading')} />
        )}
      </p>
      {api ? <PortfolioTotal /> : null}
      <ul className="list actions">
        <li>
          <button type="button" className="list-button" part="button" data-action="copy" onClick={() => void copy()}>
            <span className="network-icon"><Icon name="copy" /></span>
            <span className="list-label">{t('action.copyAddress')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="list-button" part="button" data-action="receive" onClick={() => pushRoute({ view: 'Receive' })}>
            <span className="network-icon"><PathIcon d={RECEIVE_ICON} /></span>
            <span className="list-label">{t('action.receive')}</span>
          </button>
        </li>
        {config.features.includes('send') && SEND_NAMESPACES.includes(connection.namespace) ? (
          <li>
            <button type="button" className="list-button" part="button" data-action="send" onClick={() => pushRoute({ view: 'Send' })}>
              <span className="network-icon"><Icon name="send" /></span>
              <span className="list-label">{t('action.send')}</span>
            </button>
          </li>
        ) : null}
        {/* Swap is EVM only (the service's convert endpoints; reference network gate): absent on Solana. */}
        {config.features.includes('swaps') && api && connection.namespace === 'eip155' ? (
          <li>
            <button type="button" className="list-button" part="button" data-action="swap" onClick={() => pushRoute({ view: 'Swap' })}>
              <span className="network-icon"><PathIcon d={SWAP_ICON} /></span>
              <span className="list-label">{t('action.swap')}</span>
            </button>
          </li>
        ) : null}
        {config.features.includes('onramp') && api && SEND_NAMESPACES.includes(connection.namespace) ? (
          <li>
            <button type="button" className="list-button" part="button" data-action="buy" onClick={openBuy}>
              <span className="network-icon"><PathIcon d={BUY_ICON} /></span>
              <span className="list-label">{t('action.buy')}</span>
            </button>
          </li>
        ) : null}
        {config.features.includes('names') && api && connection.namespace === 'eip155' && identity?.address === connection.address && !identity.name ? (
          <li>
            <button type="button" className="list-button" part="button" data-action="get-name" onClick={() => pushRoute({ view: 'RegisterAccountName' })}>
              <span className="network-icon"><PathIcon d={NAME_ICON} /></span>
              <span className="list-label">{t('names.getName')}</span>
            </button>
          </li>
        ) : null}
        {/* Every connected wallet, several per namespace: ProfileWallets. */}
        <li>
          <button type="button" className="list-button" part="button" data-action="wallets" onClick={() => pushRoute({ view: 'ProfileWallets' })}>
            <span className="network-icon"><PathIcon d={WALLETS_ICON} /></span>
            <span className="list-label">{t('wallets.entry')}</span>
          </button>
        </li>
        {/* An email or social login's account types (the EOA or its smart account): AccountSettings. */}
        {connection.connector.type === 'auth' && connection.namespace === 'eip155' ? (
          <li className="action-row">
            <button type="button" className="list-button" part="button" data-action="account-settings" onClick={() => pushRoute({ view: 'AccountSettings' })}>
              <span className="network-icon"><PathIcon d={SETTINGS_ICON} /></span>
              <span className="list-label">{t('smartAccount.settings')}</span>
            </button>
          </li>
        ) : null}
        {/* The smart account's permissions granted to sites (ERC-7715 smart sessions): SmartSessionList. */}
        {smart && api ? (
          <li className="action-row">
            <button type="button" className="list-button" part="button" data-action="smart-sessions" onClick={() => pushRoute({ view: 'SmartSessionList' })}>
              <span className="network-icon"><PathIcon d={KEY_ICON} /></span>
              <span className="list-label">{t('sessions.entry')}</span>
            </button>
          </li>
        ) : null}
        {/* An email login can change its address (UpdateEmailWallet); a social login without an email cannot. */}
        {connection.connector.type === 'auth' && user?.email ? (
          <li className="action-row">
            <button type="button" className="list-button" part="button" data-action="update-email" onClick={() => pushRoute({ view: 'UpdateEmailWallet' })}>
              <span className="network-icon"><PathIcon d={MAIL_ICON} /></span>
              <span className="list-label">{t('emailUpdate.edit')}</span>
            </button>
          </li>
        ) : null}
        <li className="action-row">
          <button type="button" className="list-button" part="button" data-action="switch-network" onClick={() => pushRoute({ view: 'SwitchNetwork' })}>
            <NetworkIcon network={network} />
            <span className="list-label">{network.name}</span>
            <span className="tag">{t('view.SwitchNetwork')}</span>
          </button>
        </li>
        <li className="action-row">
          <button type="button" className="list-button" part="button" data-action="disconnect" onClick={() => void disconnect(connection?.namespace)}>
            <span className="network-icon"><Icon name="disconnect" /></span>
            <span className="list-label">{t('action.disconnect')}</span>
          </button>
        </li>
      </ul>
      {api ? (
        <Tabs tabs={tabs} selected={tab} onSelect={(id) => replaceRoute({ view: 'Account', tab: id as AccountTab })}>
          {tab === 'activity' ? <ActivityTab /> : <TokensTab />}
        </Tabs>
      ) : null}
    </div>
  );
}
