/**
 * `tsx server/auth-frame/cli.ts`: the login service (email and social login, the secure frame holding the
 * embedded wallets) on its own, configured by environment variables (server/auth-frame/service.ts,
 * docs/services/login-service.md). A bad variable exits 1 naming it; SIGTERM stops gracefully and exits 0.
 */
import { runService } from '../service/run.js';
import { LOGIN_CONFIG, startLoginService } from './service.js';

await runService({ name: 'login', config: LOGIN_CONFIG, start: startLoginService });
