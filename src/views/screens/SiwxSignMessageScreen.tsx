import '../../core/messages-siwx.js';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { cancelSignIn, signInFromModal } from '../../stores/actions/siwx.js';
import { $config } from '../../stores/config.js';
import { $siwxSession } from '../../stores/siwx-session.js';
import { Spinner } from '../parts/Spinner.js';
import { useT } from './use-t.js';
import siwxCss from '../../../styles/siwx.css';
import { registerSheet } from '../sheets.js';

registerSheet(siwxCss);

/**
 * SIWXSignMessage (docs/specification.md#states): the site's name and domain, what signing does, Sign and Cancel. With
 * `siwx-required` and no session, the visitor is told beforehand that cancelling disconnects.
 */
export default function SiwxSignMessageScreen() {
  const t = useT();
  const required = useStore($config).siwxRequired && !useStore($siwxSession);
  const [signing, setSigning] = useState(false);
  const name = document.title.trim() || location.host;
  const sign = () => {
    setSigning(true);
    void signInFromModal().finally(() => setSigning(false));
  };
  return (
    <div className="siwx" data-view="SIWXSignMessage">
      <p className="siwx-title">{t('siwx.needsConnect', { name })}</p>
      <p className="hint" data-siwx="domain">{location.host}</p>
      <p>{t('siwx.explain')}</p>
      {required ? <p className="hint" data-siwx="cancel-disconnects">{t('siwx.cancelDisconnects')}</p> : null}
      {signing ? <Spinner label={t('siwx.signing')} /> : null}
      <div className="actions">
        <button type="button" className="button secondary" part="button" data-action="cancel" onClick={() => void cancelSignIn()}>
          {t('siwx.cancel')}
        </button>
        <button type="button" className="button primary" part="button" data-action="sign" disabled={signing} onClick={sign}>
          {t('siwx.sign')}
        </button>
      </div>
    </div>
  );
}
