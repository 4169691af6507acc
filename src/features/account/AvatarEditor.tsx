import { useRef, useState } from 'react';
import { UploadIcon } from '../../components/ui/icons';
import { useTranslation } from '../../i18n/use-translation';
import { AvatarButton } from '../../components/ui/AvatarButton';
import { api } from '../../lib/api-client';
import { useImagePreview } from '../../lib/image-preview';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toasts';
import type { SessionUser } from '../../lib/user';
import '../../components/ui/file-button.css';
import './account.css';

/**
 * The member's picture: view it full size, or upload a new one with progress. The file picker is
 * a button-like label ("Choose a picture…") for the native input, which stays in the page (focusable
 * by keyboard, named by the label) but is visually hidden: the browser's own picker shows "Choose
 * File / No file chosen" in the browser's language, cut off on a phone. The chosen file's name is
 * shown as text.
 */
export function AvatarEditor() {
  const { t } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const preview = useImagePreview();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const user = session.user;
  if (!user) return null;

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    setProgress(0);
    try {
      const updated = await api.upload<Omit<SessionUser, 'token'>>(`/users/${user.id}/avatar`, form, (fraction) =>
        setProgress(Math.round(fraction * 100)),
      );
      session.userUpdated({ ...user, ...updated });
      toast.success(t('account.avatarSaved'));
    } catch (error) {
      toast.error(t('account.avatarFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="avatar-editor" data-state={progress === null ? 'idle' : 'uploading'}>
      {user.avatar_url ? (
        <AvatarButton
          src={user.avatar_url}
          size={96}
          label={t('account.viewAvatar')}
          onOpen={() => preview.open(user.avatar_url!, user.name)}
        />
      ) : (
        <p className="muted">{t('account.noAvatar')}</p>
      )}
      <div className="avatar-editor-controls">
        <input
          ref={input}
          id="avatar-file"
          type="file"
          className="visually-hidden file-input"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-describedby={fileName ? 'avatar-file-name avatar-hint' : 'avatar-hint'}
          disabled={progress !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void upload(file);
          }}
        />
        <label htmlFor="avatar-file" className="file-button">
          <UploadIcon />
          {t('account.chooseAvatar')}
        </label>
        {fileName && (
          <p id="avatar-file-name" className="file-name">
            {t('account.chosenFile', { name: fileName })}
          </p>
        )}
        <p id="avatar-hint" className="field-hint">
          {t('account.avatarHint')}
        </p>
        {progress !== null && (
          <div role="status" className="avatar-progress">
            <progress max={100} value={progress} aria-label={t('account.uploading', { percent: progress })} />
            <span>{t('account.uploading', { percent: progress })}</span>
          </div>
        )}
      </div>
    </div>
  );
}
