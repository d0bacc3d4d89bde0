import type { MessageId } from '../core/messages.js';

/** A complete translation: every message id the widget can show, with the same `{placeholders}` as English. */
export type Catalogue = Record<MessageId, string>;
