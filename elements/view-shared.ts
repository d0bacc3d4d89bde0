/**
 * A handle on the chunk the modal's views share with `<wallet-connect-button>` (React and the view code both
 * use; rollup.config.mjs puts it there): elements/view-host.ts imports it beside the views' own chunk, so on a
 * page without the button both are requested at once when the modal opens, not one after the other.
 */
export { createElement } from 'react';
