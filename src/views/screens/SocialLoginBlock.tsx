import '../../core/messages-social.js';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $config } from '../../stores/config.js';
import { cancelSocialLogin, startSocialLogin } from '../../stores/actions/social.js';
import { completeSocialLogin } from '../../stores/actions/auth.js';
import { pushRoute } from '../../stores/route.js';
import { $socialLogin } from '../../stores/social.js';
import { SocialButtons } from '../parts/SocialButtons.js';
import { registerSheet } from '../sheets.js';
import socialCss from '../../../styles/social.css';
import { useT } from './use-t.js';

registerSheet(socialCss);

/**
 * Connect's social buttons (features=socials with `auth-url`; `socials` picks them): a click opens the popup
 * on the secure origin at once (Farcaster opens ConnectingFarcaster instead: a QR code, no popup); leaving
 * Connect (or closing the modal) stops a login under way.
 */
export default function SocialLoginBlock() {
  const t = useT();
  const { socials } = useStore($config);
  const state = useStore($socialLogin);
  useEffect(() => () => cancelSocialLogin(), []);
  return <SocialButtons providers={socials} state={state} t={t} onSelect={(provider) => (provider === 'farcaster' ? pushRoute({ view: 'ConnectingFarcaster' }) : void startSocialLogin(provider, completeSocialLogin))} />;
}
