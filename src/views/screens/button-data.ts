/**
 * What <wallet-connect-button> shows of the account once the modal has been opened: loaded then (with the
 * stores' own code, shared with the Account view), so a page with the button loads one chunk before open.
 */
export { $knownBalance } from '../../stores/balance.js';
export { $knownIdentity } from '../../stores/identity.js';
export { formatTokenAmount } from '../../core/format.js';
export { networkInfo } from '../../core/networks.js';
