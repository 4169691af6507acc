import { useTranslation } from 'react-i18next';

const AREAS = ['dashboard', 'league', 'roster', 'chat', 'explore', 'account'] as const;
const KEYS = ['keyTab', 'keyEnter', 'keyEscape'] as const;
const CHAT = ['chatChannels', 'chatThreads', 'chatCommands'] as const;

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
      <h2>{t('help.languageTitle')}</h2>
      <p>{t('help.languageBody')}</p>
    </section>
  );
}
