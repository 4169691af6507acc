/**
 * A team's crest: the one it has, a chosen picture previewed before it is sent, the upload's
 * progress in percent, and removing it. The server decodes and re-encodes the picture (like an
 * avatar) and refuses what is not one, with its reason. The preview is this browser's own `blob:`
 * address, released when it is no longer shown.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { UploadIcon } from '../../components/ui/icons';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type TeamRef } from '../../lib/league-client';
import { removeCrest, uploadCrest } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import '../../components/ui/file-button.css';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** A chosen picture and its `blob:` address, released once another is chosen or the editor closes. */
function useChosenPicture() {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );
  const choose = (file: File | null) => setChosen(file ? { file, url: URL.createObjectURL(file) } : null);
  return { file: chosen?.file ?? null, preview: chosen?.url ?? null, choose };
}

export function CrestEditor({ team, onChanged }: { team: TeamRef; onChanged: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [crest, setCrest] = useState(team.crest_url);
  const { file, preview, choose } = useChosenPicture();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    choose(null);
    setProgress(null);
    if (input.current) input.current.value = '';
  };
  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const updated = await uploadCrest(team.id, file, (fraction) => setProgress(Math.round(fraction * 100)));
      setCrest(updated.crest_url);
      reset();
      toast.success(t('admin.crest.saved', { team: team.name }));
      onChanged();
    } catch (failure) {
      setProgress(null);
      setError(t('admin.crest.failed', { reason: reasonOf(failure) }));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      const updated = await removeCrest(team.id);
      setCrest(updated.crest_url);
      toast.success(t('admin.crest.removed', { team: team.name }));
      onChanged();
    } catch (failure) {
      setError(t('admin.crest.failed', { reason: reasonOf(failure) }));
    }
  };

  return (
    <section
      className="crest-editor"
      aria-labelledby={`${id}-title`}
      data-state={progress === null ? 'idle' : 'uploading'}
    >
      <h3 id={`${id}-title`}>{t('admin.crest.title')}</h3>
      <div className="crest-pictures">
        {crest ? (
          <img className="crest-current" src={crest} alt={t('admin.crest.current', { team: team.name })} />
        ) : (
          <p className="muted">{t('admin.crest.none')}</p>
        )}
        {preview && <img className="crest-preview" src={preview} alt={t('admin.crest.preview')} />}
      </div>
      <div className="crest-controls">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          className="visually-hidden file-input"
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          disabled={progress !== null}
          onChange={(event) => {
            setError(null);
            choose(event.target.files?.[0] ?? null);
          }}
        />
        <label htmlFor={`${id}-file`} className="file-button">
          <UploadIcon />
          {t('admin.crest.choose')}
        </label>
        {file && (
          <>
            <button type="button" onClick={() => void upload()} disabled={progress !== null}>
              {t('admin.crest.upload')}
            </button>
            <button type="button" className="secondary" onClick={reset} disabled={progress !== null}>
              {t('admin.cancel')}
            </button>
          </>
        )}
        {crest && !file && (
          <button type="button" className="secondary" onClick={() => void remove()}>
            {t('admin.crest.remove')}
          </button>
        )}
      </div>
      {file && <p className="file-name">{t('admin.crest.chosen', { name: file.name })}</p>}
      <p id={`${id}-hint`} className="field-hint">
        {t('admin.crest.hint')}
      </p>
      {progress !== null && (
        <div role="status" className="upload-progress">
          <progress max={100} value={progress} aria-label={t('admin.crest.uploading', { percent: progress })} />
          <span>{t('admin.crest.uploading', { percent: progress })}</span>
        </div>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
