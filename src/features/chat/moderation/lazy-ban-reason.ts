/** The ban's reason line (BanReason.tsx) with its strings, fetched only when a ban is shown. */
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';

export const BanReason = preloadable(
  withStrings('moderation', () => import('./BanReason').then((m) => ({ default: m.BanReason }))),
  null,
  { optional: true },
);
