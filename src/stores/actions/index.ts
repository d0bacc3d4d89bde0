/** The verbs the element and the views call. */
export { open, openSend, type OpenOptions } from './open.js';
export { close } from './close.js';
export { cancelConnect } from './connect-attempt.js';
export { connect } from './connect.js';
export { disconnect } from './disconnect.js';
export { switchNetwork } from './switch-network.js';
export { reconnect } from './reconnect.js';
export { goBack } from './go-back.js';
export { chooseWalletConnect } from './choose-walletconnect.js';
export { recoverView, reportRenderFailure } from './recover.js';
