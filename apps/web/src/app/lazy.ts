import { withTimeout } from '../lib/chunks';

/**
 * The signed-in shell's lazy chunk (frame, navigation, data client). Each feature's chunk is named by its manifest
 * (`features/<feature>/manifest.ts`, listed in `app/features.ts`).
 */
export const loadShell = withTimeout(() => import('./shell/layouts'));
