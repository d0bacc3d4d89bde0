import { direction } from '../../core/locale.js';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import { close, goBack, recoverView, reportRenderFailure } from '../../stores/actions/index.js';
import { $connected } from '../../stores/connection.js';
import { $wallets } from '../../stores/wallets.js';
import { $dismissible } from '../../stores/dismissible.js';
import { $modal } from '../../stores/modal.js';
import { $canGoBack, $history, $route, type Route } from '../../stores/route.js';
import { $toast } from '../../stores/toasts.js';
import { Announcer } from '../parts/Announcer.js';
import { Dialog } from '../parts/Dialog.js';
import { ErrorBoundary } from '../parts/ErrorBoundary.js';
import { LOADING_ANNOUNCE_DELAY, Spinner } from '../parts/Spinner.js';
import { Toast } from '../parts/Toast.js';
import { ConnectScreen } from './ConnectScreen.js';
import { ConnectingExternalScreen } from './ConnectingExternalScreen.js';
import { lazyScreen } from './lazy-screen.js';
import { useLang, useT } from './use-t.js';

// Views past Connect load on demand: their code (and viem) stays out of the entry file.
export const AccountScreen = lazyScreen(() => import('./AccountScreen.js'));
const SwitchNetworkScreen = lazyScreen(() => import('./SwitchNetworkScreen.js'));
const UnsupportedChainScreen = lazyScreen(() => import('./UnsupportedChainScreen.js'));
const SendScreen = lazyScreen(() => import('./SendScreen.js'));
const SendReviewScreen = lazyScreen(() => import('./SendReviewScreen.js'));
const SendResultScreen = lazyScreen(() => import('./SendResultScreen.js'));
const ReceiveScreen = lazyScreen(() => import('./ReceiveScreen.js'));
const AllWalletsScreen = lazyScreen(() => import('./AllWalletsScreen.js'));
const ConnectingWalletConnectScreen = lazyScreen(() => import('./ConnectingWalletConnectScreen.js'));
const SwitchActiveChainScreen = lazyScreen(() => import('./SwitchActiveChainScreen.js'));
const HelpScreen = lazyScreen(() => import('./HelpScreen.js'));
/** Preloaded with the sign-in chunk (elements/reactions.ts), so it shows at once after a connection. */
export const SiwxSignMessageScreen = lazyScreen(() => import('./SiwxSignMessageScreen.js'));
const DataCaptureScreen = lazyScreen(() => import('./DataCaptureScreen.js'));
const OnRampScreen = lazyScreen(() => import('./OnRampScreen.js'));
const RegisterAccountNameScreen = lazyScreen(() => import('./RegisterAccountNameScreen.js'));
const SwapScreen = lazyScreen(() => import('./SwapScreen.js'));
const AuthScreen = lazyScreen(() => import('./AuthScreen.js'));
const ConnectingFarcasterScreen = lazyScreen(() => import('./ConnectingFarcasterScreen.js'));
const UpdateEmailWalletScreen = lazyScreen(() => import('./UpdateEmailWalletScreen.js'));
const AccountSettingsScreen = lazyScreen(() => import('./AccountSettingsScreen.js'));
const ProfileWalletsScreen = lazyScreen(() => import('./ProfileWalletsScreen.js'));
const SmartSessionListScreen = lazyScreen(() => import('./SmartSessionListScreen.js'));

function Screen({ route }: { route: Route }) {
  switch (route.view) {
    case 'Connect':
      return <ConnectScreen route={route} />;
    case 'AllWallets':
      return <AllWalletsScreen />;
    case 'ConnectingExternal':
      return <ConnectingExternalScreen route={route} />;
    case 'ConnectingWalletConnect':
      return <ConnectingWalletConnectScreen route={route} />;
    case 'Account':
      return <AccountScreen route={route} />;
    case 'SwitchNetwork':
      return <SwitchNetworkScreen route={route} />;
    case 'SwitchActiveChain':
      return <SwitchActiveChainScreen route={route} />;
    case 'UnsupportedChain':
      return <UnsupportedChainScreen route={route} />;
    case 'Send':
      return <SendScreen route={route} />;
    case 'SendReview':
      return <SendReviewScreen route={route} />;
    case 'SendResult':
      return <SendResultScreen route={route} />;
    case 'Receive':
      return <ReceiveScreen />;
    case 'WhatIsAWallet':
    case 'GetAWallet':
      return <HelpScreen route={route} />;
    case 'SIWXSignMessage':
      return <SiwxSignMessageScreen />;
    case 'DataCapture':
      return <DataCaptureScreen route={route} />;
    case 'EmailLogin':
    case 'ApproveTransaction':
      return <AuthScreen route={route} />;
    case 'UpdateEmailWallet':
      return <UpdateEmailWalletScreen route={route} />;
    case 'AccountSettings':
      return <AccountSettingsScreen />;
    case 'ProfileWallets':
      return <ProfileWalletsScreen />;
    case 'SmartSessionList':
      return <SmartSessionListScreen />;
    case 'ConnectingFarcaster':
      return <ConnectingFarcasterScreen />;
    case 'OnRampProviders':
    case 'OnRampTokenSelect':
    case 'OnRampFiatSelect':
    case 'BuyInProgress':
      return <OnRampScreen route={route} />;
    case 'RegisterAccountName':
      return <RegisterAccountNameScreen />;
    case 'Swap':
    case 'SwapSelectToken':
    case 'SwapPreview':
      return <SwapScreen route={route} />;
    default:
      return route satisfies never;
  }
}

/** The wallet's name as the title; subscribing here keeps discovery from starting before it is needed. */
function WalletName({ walletId }: { walletId: string }) {
  return <>{useStore($wallets).find((w) => w.id === walletId)?.name ?? walletId}</>;
}

/** The root the element mounts: the modal bound to its stores. State lives in stores, not here. */
export function App() {
  const t = useT();
  const lang = useLang();
  const modal = useStore($modal);
  const route = useStore($route);
  const dismissible = useStore($dismissible);
  const canGoBack = useStore($canGoBack);
  const depth = useStore($history).length;
  const toast = useStore($toast);
  const address = useStore($connected)?.address;
  const connected = address !== undefined;
  // With a connection (made in the open modal, or restored from a stored session) the Account view is
  // the next thing shown: have its code ready, so opening it never waits on a loading state.
  useEffect(() => {
    if (connected) void AccountScreen.preload().catch(() => {});
  }, [connected]);
  // Transactions sent before a reload are watched again once the modal opens (never before: no request then).
  useEffect(() => {
    if (modal.open && address) void import('../../stores/actions/track-transactions.js').then((m) => m.resumePendingTransactions(), () => {});
  }, [modal.open, address]);
  const title =
    route.view === 'ConnectingExternal' ? (
      <WalletName walletId={route.walletId} />
    ) : route.view === 'ConnectingWalletConnect' && route.wallet ? (
      route.wallet.name
    ) : route.view === 'UpdateEmailWallet' && route.step ? (
      t(route.step === 'current' ? 'view.UpdateEmailPrimaryOtp' : 'view.UpdateEmailSecondaryOtp')
    ) : (
      t(`view.${route.view}`)
    );
  const floating = !modal.open && toast && toast.variant !== 'loading';
  return (
    <>
    {/* An outcome that arrives while the modal is closed (a send approved after closing) still shows. */}
    {floating ? <div className="toast-dock" lang={lang} dir={direction(lang)}><Toast key={toast.id} variant={toast.variant} message={toast.message} /></div> : null}
    <Dialog
      open={modal.open}
      viewKey={route.view === 'Connect' && route.choose ? 'NamespaceChooser' : route.view}
      lang={lang}
      dir={direction(lang)}
      depth={depth}
      dismissible={dismissible}
      title={title}
      canGoBack={canGoBack && route.view !== 'UnsupportedChain'}
      labels={{ close: t('action.close'), back: t('action.back') }}
      onDismiss={close}
      onBack={goBack}
      footer={toast && !floating ? <Toast key={toast.id} variant={toast.variant} message={toast.message} /> : null}
    >
      <Announcer>
        <ErrorBoundary resetKey={route} labels={{ message: t('error.unknown'), recover: t('action.startOver') }} onError={reportRenderFailure} onRecover={recoverView}>
          <Suspense fallback={<div className="loading"><Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} /></div>}>
            <Screen route={route} />
          </Suspense>
        </ErrorBoundary>
      </Announcer>
    </Dialog>
    </>
  );
}
