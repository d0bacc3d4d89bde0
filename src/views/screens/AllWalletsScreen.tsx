import '../../core/messages-directory.js';

/** AllWallets: the wallet directory (placeholder until the directory view lands). */
export default function AllWalletsScreen() {
  return null;
}
