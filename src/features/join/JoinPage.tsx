/**
 * The page an invitation link opens (`/join/:token`), signed in or not. It shows what the link
 * offers (the league, its sport and season, the role and team, who invited, until when). Signed
 * out, "Create an account" and "Sign in" come back here afterwards (`next`); signed in, "Join"
 * accepts it. Joined (or already a member), the league is selected and the league page opens.
 * A member opening any link of their league (their own used one too) is offered the league. A
 * player invited to a team is told whether they are in its squad or wait for a place.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../components/ui/PageHeading';
import { useTranslation } from '../../i18n/use-translation';
import { joinPath } from '../../lib/invitation-link';
import { loadMyLeagues, reasonOf } from '../../lib/league-client';
import { acceptInvitation, previewInvitation, type InvitationPreview } from '../../lib/league-setup-client';
import { selectionFor, setSelectedLeague } from '../../lib/selected-league';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toasts';
import { useResource } from '../../lib/use-resource';
import '../../components/league/league-parts.css';
import './join.css';

export default function JoinPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const preview = useResource(previewInvitation, { token });
  const offer = preview.data;
  return (
    <section className="auth-card join-card" aria-labelledby="join-title" data-state={preview.status}>
      <PageHeading id="join-title">
        {offer ? t('join.title', { league: offer.league.name }) : t('join.titleUnknown')}
      </PageHeading>
      {!offer && preview.status === 'loading' && <p className="muted">{t('join.loading')}</p>}
      {preview.error && (
        <div role="alert" className="join-problem">
          <p className="form-error">{t('join.failed', { reason: preview.error })}</p>
          <p>
            <Link to="/dashboard">{t('join.home')}</Link>
          </p>
        </div>
      )}
      {offer && (
        <>
          <Offer offer={offer} />
          <JoinActions token={token} offer={offer} />
        </>
      )}
    </section>
  );
}

function Offer({ offer }: { offer: InvitationPreview }) {
  const { t, i18n } = useTranslation();
  const role = t(`league.role.${offer.role}`);
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(offer.expires_at),
  );
  return (
    <>
      <p>
        {offer.invited_by
          ? t('join.invitedBy', { name: offer.invited_by, league: offer.league.name })
          : t('join.invited', { league: offer.league.name })}
      </p>
      <dl className="join-facts">
        <dt>{t('join.league')}</dt>
        <dd>{t('join.leagueLine', { sport: t(`league.sport.${offer.league.sport}`), season: offer.league.season })}</dd>
        <dt>{t('join.role')}</dt>
        <dd>{offer.team ? t('league.roleInTeam', { role, team: offer.team.name }) : role}</dd>
        <dt>{t('join.expires')}</dt>
        <dd>{expires}</dd>
      </dl>
      <p className="muted">{t(`join.roleText.${offer.role}`)}</p>
    </>
  );
}

function JoinActions({ token, offer }: { token: string; offer: InvitationPreview }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const next = encodeURIComponent(joinPath(token));

  if (session.status !== 'authenticated')
    return (
      <div className="join-actions">
        <p>{t('join.signedOut')}</p>
        <p className="join-buttons">
          <Link className="button-link" to={`/register?next=${next}`}>
            {t('join.register')}
          </Link>
          <Link className="button-link secondary" to={`/login?next=${next}`}>
            {t('join.signIn')}
          </Link>
        </p>
      </div>
    );

  /** Lands in the league: selected (the member's team, if any), then its page. */
  const land = async (work: () => Promise<Parameters<typeof selectionFor>[0]>, welcome: boolean) => {
    setState({ busy: true, error: null });
    try {
      const league = await work();
      setSelectedLeague(selectionFor(league));
      if (welcome) toast.success(t('join.welcome', { league: league.name }));
      await navigate('/league', { replace: true });
    } catch (error) {
      setState({ busy: false, error: t('join.joinFailed', { reason: reasonOf(error) }) });
    }
  };
  const member = offer.league_id;
  const openLeague = () =>
    land(async () => {
      const leagues = await loadMyLeagues(null, new AbortController().signal);
      const league = leagues.find((entry) => entry.id === member);
      if (!league) throw new Error(t('join.notFound'));
      return league;
    }, false);
  const join = () =>
    land(async () => {
      const { league, placement } = await acceptInvitation(token);
      // A player invited to a team is told whether they are in its squad (a full one waits for a place).
      if (placement?.placed) toast.success(t('join.placed', { team: placement.team.name }));
      if (placement && !placement.placed) toast.info(t('join.notPlaced', { team: placement.team.name }));
      return league;
    }, true);

  return (
    <div className="join-actions">
      {member !== null && <p>{t('join.alreadyMember')}</p>}
      {state.error && (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      )}
      <button
        type="button"
        disabled={state.busy}
        aria-busy={state.busy}
        onClick={() => void (member !== null ? openLeague() : join())}
      >
        {member !== null ? t('join.open') : t('join.join', { league: offer.league.name })}
      </button>
    </div>
  );
}
