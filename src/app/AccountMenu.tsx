/**
 * The account menu in the top bar: the member's name and picture, the interface language
 * (saved to the profile) and sign-out. A disclosure: Escape or a click outside closes it and
 * focus returns to its button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useEscapeKey } from '../components/ui/use-escape-key';
import { changeLanguage } from '../i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, pickLanguage } from '../i18n/languages';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useToast } from '../lib/toasts';
import type { SessionUser } from '../lib/user';

export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const user = session.user;

  useEscapeKey(open, () => {
    setOpen(false);
    button.current?.focus();
  });
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!user) return null;

  const saveLanguage = async (value: string) => {
    setSaving(true);
    try {
      const language = isLanguage(value) ? value : null;
      const updated = await api.put<Omit<SessionUser, 'token'>>(`/users/${user.id}`, { language });
      // Switch first, so the confirmation speaks the chosen language.
      await changeLanguage(pickLanguage(language, navigator.language));
      session.userUpdated({ ...user, ...updated });
      toast.success(i18n.t('nav.languageSaved'));
    } catch (error) {
      toast.error(t('nav.languageFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('nav.accountMenu', { name: user.name })}
        onClick={() => setOpen((value) => !value)}
      >
        {user.avatar_url ? (
          <img src={user.avatar_url} alt="" width={28} height={28} className="avatar" />
        ) : (
          <span className="avatar avatar-initial" aria-hidden="true">
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="account-menu-name">{user.name}</span>
      </button>
      <div ref={panel} id={id} className="account-menu-panel" hidden={!open}>
        {/* Its controls exist only while it is open: hidden, they would be rendered for nothing. */}
        {open && (
          <>
            <label htmlFor={`${id}-language`}>{t('nav.language')}</label>
            <select
              id={`${id}-language`}
              value={user.language ?? ''}
              disabled={saving}
              onChange={(event) => void saveLanguage(event.target.value)}
            >
              <option value="">{t('nav.browserLanguage')}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
            <Link to="/account" onClick={() => setOpen(false)}>
              {t('nav.account')}
            </Link>
            <button type="button" className="secondary" onClick={() => session.signOut()}>
              {t('nav.signOut')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
