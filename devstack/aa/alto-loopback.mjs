// Preloaded into the alto child (node --import): alto's RPC server listens on 0.0.0.0 with no option to
// change it; the local stack binds loopback only, so its listen() host is replaced by ALTO_HOST.
import net from 'node:net';

const host = process.env.ALTO_HOST || '127.0.0.1';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[0] && typeof args[0] === 'object' && args[0].host === '0.0.0.0') args[0] = { ...args[0], host };
  return listen.apply(this, args);
};
