/**
 * What a member who belongs to no league sees instead of an empty page (dashboard, league page):
 * the way to start a league, and a field that takes the invitation link (or its code) they were
 * sent and opens its page.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import { invitationToken, joinPath } from '../../lib/invitation-link';
import './league-parts.css';

export function NoLeagueYet({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card no-league" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t('noLeague.title')}</Heading>
      <p>{t('noLeague.text')}</p>
      <p>
        <Link className="button-link" to="/leagues/new">
          {t('noLeague.start')}
        </Link>
      </p>
      <form
        className="join-link-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const token = invitationToken(link);
          if (token) void navigate(joinPath(token));
          else setError(t(link.trim() ? 'noLeague.notALink' : 'noLeague.linkMissing'));
        }}
      >
        <label htmlFor={`${id}-link`}>{t('noLeague.joinLabel')}</label>
        <p className="field-hint" id={`${id}-hint`}>
          {t('noLeague.joinHint')}
        </p>
        <div className="join-link-row">
          <input
            id={`${id}-link`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={link}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setLink(event.target.value);
              setError(null);
            }}
          />
          <button type="submit">{t('noLeague.join')}</button>
        </div>
        {error && (
          <p role="alert" className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
