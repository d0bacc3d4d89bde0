import { fileURLToPath } from 'node:url';

/**
 * The project root (the folder holding package.json), resolved from this file's location rather than
 * process.cwd(), so the stack finds demo/ and dist/ no matter where it is started from.
 */
export const PROJECT_ROOT: string = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
