import type { FrameMessageId } from '../frame-messages.js';

/**
 * One locale's words for the secure frame: every message of the English catalogue (server/auth-frame/frame-messages.ts),
 * plus the plural forms the language has beyond `one` and `other` (Intl.PluralRules' `zero`, `two`, `few`, `many`).
 */
export type FrameTranslation = Record<FrameMessageId, string> &
  Partial<Record<`export.wrongCodeLeft.${'zero' | 'two' | 'few' | 'many'}`, string>>;
