/**
 * The channel list's place while the addressed conversation renders first: its title and the
 * loading state it would show anyway (its first page waits for the conversation too).
 */
import { useTranslation } from '../../../i18n/use-translation';

export function ChannelListPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="cl-panel" data-part="channel-list-placeholder" aria-busy="true">
      <div className="cl-header">
        <h2 className="cl-title">{t('chat.channelList.title')}</h2>
      </div>
      <p className="cl-status cl-loading" role="status">
        {t('chat.channelList.loading')}
      </p>
    </div>
  );
}
