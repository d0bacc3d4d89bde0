import '../../core/messages-auth.js';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { placeFrame } from '../../stores/actions/auth-frame.js';
import { $approving } from '../../stores/auth.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import authCss from '../../../styles/auth.css';
import { useT } from './use-t.js';

registerSheet(authCss);

/**
 * ApproveTransaction (docs/specification.md#views): the secure frame shows what is to be signed, with Approve and Reject, over
 * this view's body. The page never sees the key; the answer goes from the frame to the widget.
 */
export default function ApproveTransactionScreen() {
  const t = useT();
  const approving = useStore($approving);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => placeFrame(approving ? slot.current : null), [approving]);
  return (
    <div className="approve" data-view="ApproveTransaction">
      <p className="hint">{t('auth.approveHint')}</p>
      <div ref={slot} className="approve-slot" data-approve-slot="">
        {approving ? null : <Spinner label={t('auth.frameLoading')} />}
      </div>
    </div>
  );
}
