/**
 * A `voiceRecording` attachment in a message: the player over its (http(s)) address, with its
 * duration and waveform as the sender's client measured them. Loaded on demand (Attachments.tsx).
 */
import type { Attachment } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { safeUrl } from '../shared/safe-url';
import { clockText } from '../../../../machines/voice-recorder/voice-recorder.rules';
import { VoicePlayer } from './VoicePlayer';
import './voice.css';

const levelsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.slice(0, 1_000).map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)) : [];

export function VoiceMessage({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const src = safeUrl(attachment.asset_url);
  const duration = typeof attachment.duration === 'number' ? attachment.duration : undefined;
  const label = t('chat.voice.message', { duration: clockText(duration ?? 0) });
  return (
    <figure
      className="chat-attachment chat-attachment-voice"
      data-part="attachment"
      data-type="voiceRecording"
      role="group"
      aria-label={label}
    >
      {src ? (
        <VoicePlayer
          src={src}
          mimeType={typeof attachment.mime_type === 'string' ? attachment.mime_type : undefined}
          duration={duration}
          waveform={levelsOf(attachment.waveform_data)}
        />
      ) : (
        <p className="voice-error" role="alert">
          {t('chat.voice.errors.playback')}
        </p>
      )}
    </figure>
  );
}

export default VoiceMessage;
