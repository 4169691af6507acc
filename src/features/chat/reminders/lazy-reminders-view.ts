/** "Saved and reminders" with its strings, fetched when opened (or when its link is pointed at). */
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';

export const RemindersView = preloadable(withStrings('reminders', () => import('./RemindersView')));
