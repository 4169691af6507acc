import { useTranslation } from 'react-i18next';

export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="chat-title" className="page">
      <h1 id="chat-title">{t('chat.title')}</h1>
      <p className="empty-state">{t('chat.empty')}</p>
    </section>
  );
}
