/** "Saved and reminders" with its strings, fetched when opened (or when its link is pointed at). */
import { withStrings } from '../../../i18n/bundles';
import { lazyPart } from '../../../lib/lazy-part';

export const RemindersView = lazyPart(withStrings('reminders', () => import('./RemindersView')));
