import { atom } from 'nanostores';
import { type WidgetConfig, DEFAULT_CONFIG } from '../core/config.js';

/** The resolved configuration; written by the element from its attributes and properties. */
export const $config = atom<WidgetConfig>(DEFAULT_CONFIG);
