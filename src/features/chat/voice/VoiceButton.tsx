/**
 * The composer's "Record a voice message" button and the recorder it opens in place of the text
 * row. Only this button ships with the chat page; the recorder (machine, microphone, player,
 * texts) is fetched on first use, ahead when the button is pointed at or focused.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { preloadable } from '../../../lib/preloadable';
import { LauncherButton } from '../composer/LauncherButton';

const loadRecorder = withStrings('voice', () => import('./VoiceRecorder'));
const VoiceRecorder = preloadable(loadRecorder, null, { optional: true });

/** Whether the recorder is open, and the button that gets the focus back when it closes. */
export function useVoiceRecorder() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The text row gives way only once the recorder's code is there (offline, the button does
  // nothing); `preload` settles either way, the loader then says which.
  const start = useCallback(
    () =>
      void VoiceRecorder.preload()
        .then(loadRecorder)
        .then(
          () => setOpen(true),
          () => undefined,
        ),
    [],
  );
  const close = useCallback(() => setOpen(false), []);
  // Once the text row is back (the recorder closed), the focus returns to this button.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);
  return { open, start, close, buttonRef };
}

type Voice = ReturnType<typeof useVoiceRecorder>;

export function VoiceButton({ voice }: { voice: Voice }) {
  const { buttonRef, start } = voice;
  const { t } = useTranslation();
  return (
    <LauncherButton
      ref={buttonRef}
      label={t('chat.composer.recordVoice')}
      part="composer-voice"
      iconPath="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2Z"
      preload={() => VoiceRecorder.preload()}
      onOpen={start}
    />
  );
}

/** The recorder, while open (replaces the composer's text row). */
export function VoiceRecorderSlot({ voice }: { voice: Voice }) {
  const { open, close } = voice;
  return open ? <VoiceRecorder onClose={close} /> : null;
}
