import { useTranslation } from '../../i18n/use-translation';

const AREAS = ['dashboard', 'league', 'roster', 'chat', 'explore', 'account'] as const;
const KEYS = ['keyTab', 'keyEnter', 'keyEscape'] as const;
const CHAT = [
  'chatChannels',
  'chatThreads',
  'chatPinned',
  'chatPolls',
  'chatReminders',
  'chatLocation',
  'chatVoice',
  'chatDetails',
  'chatCommands',
] as const;
/** The chat's keyboard map (docs: shared design chat-ui.md §8); key names are the same in every language. */
const CHAT_KEYS = [
  ['Ctrl/⌘ + K', 'switcher'],
  ['Alt + ↑ / Alt + ↓', 'prevNext'],
  ['Alt + Shift + ↑ / ↓', 'prevNextUnread'],
  ['Esc', 'escape'],
  ['↑', 'editLast'],
  ['Ctrl/⌘ + Shift + U', 'upload'],
  ['Enter', 'pollNext'],
  ['Ctrl/⌘ + Enter', 'pollCreate'],
  ['Page Up / Page Down', 'page'],
] as const;

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="help-title" className="page help">
      <h1 id="help-title">{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <h2>{t('help.areasTitle')}</h2>
      <ul>
        {AREAS.map((area) => (
          <li key={area}>{t(`help.${area}`)}</li>
        ))}
      </ul>
      <h2>{t('help.keysTitle')}</h2>
      <ul>
        {KEYS.map((key) => (
          <li key={key}>{t(`help.${key}`)}</li>
        ))}
      </ul>
      <h2>{t('help.chatTitle')}</h2>
      <ul>
        {CHAT.map((key) => (
          <li key={key}>{t(`help.${key}`)}</li>
        ))}
      </ul>
      <h2>{t('help.chatKeysTitle')}</h2>
      <table className="help-keys">
        <thead>
          <tr>
            <th scope="col">{t('help.chatKeysKeys')}</th>
            <th scope="col">{t('help.chatKeysDoes')}</th>
          </tr>
        </thead>
        <tbody>
          {CHAT_KEYS.map(([keys, action]) => (
            <tr key={action}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{t(`help.chatKeys.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('help.languageTitle')}</h2>
      <p>{t('help.languageBody')}</p>
    </section>
  );
}
