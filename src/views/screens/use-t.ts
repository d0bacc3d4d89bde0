import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { useSyncExternalStore } from 'react';
import { cataloguesVersion, type MessageId, onMessagesRegistered, t } from '../../core/messages.js';
import { $config } from '../../stores/config.js';

const $lang = computed($config, (config) => config.lang);

/** `t` bound to the modal's language (or to `own`, a button's). */
export function useT(own?: string): (id: MessageId, values?: Record<string, string>) => string {
  const modalLang = useStore($lang);
  const lang = own ?? modalLang;
  useSyncExternalStore(onMessagesRegistered, cataloguesVersion); // a string registered by a chunk loaded later shows once it is there
  return (id, values) => t(id, values, lang);
}

export const useLang = () => useStore($lang);
