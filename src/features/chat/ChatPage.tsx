import { useTranslation } from 'react-i18next';
import { ConnectionNotice } from './ConnectionNotice';

export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="chat-title" className="page">
      <h1 id="chat-title">{t('chat.title')}</h1>
      <ConnectionNotice />
      <p className="empty-state">{t('chat.empty')}</p>
    </section>
  );
}
