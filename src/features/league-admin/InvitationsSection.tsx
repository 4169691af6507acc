/**
 * Inviting people by link (the commissioner): a link grants a role (and a team for a player or a
 * coach), expires after some days and admits a number of people. The new link is shown once,
 * with a button that copies it; the list shows every link's state, and an open one can be
 * revoked at once.
 */
import { Field, Form, Formik, useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import * as yup from 'yup';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { joinPath } from '../../lib/invitation-link';
import { reasonOf, type LeagueDetail, type TeamRef } from '../../lib/league-client';
import {
  createInvitation,
  loadInvitations,
  revokeInvitation,
  type CreatedInvitation,
  type InvitationView,
  type InvitedRole,
} from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { useResource } from '../../lib/use-resource';
import { CopyLink } from './CopyLink';
import { INVITED_ROLES, TEAM_ROLES } from './roles';

interface InviteValues {
  role: InvitedRole;
  team: string;
  uses: number | '';
  days: number | '';
}

export function InvitationsSection({ league, teams }: { league: LeagueDetail; teams: readonly TeamRef[] }) {
  const { t } = useTranslation();
  const invitations = useResource(loadInvitations, { leagueId: league.id });
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const whole = (min: number) =>
    yup
      .number()
      .typeError(t('admin.settings.wholeNumber'))
      .required(t('admin.settings.wholeNumber'))
      .integer(t('admin.settings.wholeNumber'))
      .min(min, t('admin.settings.atLeast', { min }));
  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('admin.invite.title')}</h2>
      <p className="muted">{t('admin.invite.intro')}</p>
      <Formik<InviteValues>
        initialValues={{ role: 'player', team: '', uses: 1, days: 7 }}
        validationSchema={yup.object({ uses: whole(1), days: whole(1) })}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          try {
            const answer = await createInvitation(league.id, {
              role: values.role,
              team_id: TEAM_ROLES.includes(values.role) && values.team ? Number(values.team) : null,
              max_uses: Number(values.uses),
              expires_in_days: Number(values.days),
            });
            setCreated(answer);
            invitations.reload();
          } catch (error) {
            setStatus(t('admin.invite.failed', { reason: reasonOf(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form invite-form">
            <InviteFields teams={teams} />
            <FormError message={status as unknown} />
            <FocusFirstError />
            <SubmitButton busy={isSubmitting} label={t('admin.invite.create')} busyLabel={t('admin.invite.creating')} />
          </Form>
        )}
      </Formik>
      {created && <CreatedLinkBox invitation={created} />}
      <h3 id="invitations-title" ref={listHeading} tabIndex={-1}>
        {t('admin.invite.listTitle')}
      </h3>
      {invitations.error && <p className="form-error">{t('admin.invite.listFailed', { reason: invitations.error })}</p>}
      {invitations.data?.length === 0 && <p className="muted">{t('admin.invite.none')}</p>}
      <ul className="invitation-list" aria-labelledby="invitations-title">
        {invitations.data?.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            leagueId={league.id}
            invitation={invitation}
            onRevoked={() => {
              invitations.reload();
              listHeading.current?.focus();
            }}
          />
        ))}
      </ul>
    </section>
  );
}

function InviteFields({ teams }: { teams: readonly TeamRef[] }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<InviteValues>();
  const hasTeam = TEAM_ROLES.includes(values.role);
  return (
    <>
      <div className="number-row">
        <div className="field">
          <label htmlFor="invite-role">{t('admin.invite.role')}</label>
          <Field as="select" id="invite-role" name="role">
            {INVITED_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`league.role.${role}`)}
              </option>
            ))}
          </Field>
        </div>
        <div className="field">
          <label htmlFor="invite-team">{t('admin.invite.team')}</label>
          <Field as="select" id="invite-team" name="team" disabled={!hasTeam}>
            <option value="">{t('admin.members.noTeam')}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </Field>
        </div>
      </div>
      <p className="field-hint">{t(`admin.invite.roleHint.${values.role}`)}</p>
      <div className="number-row">
        <FormField name="uses" type="number" min={1} label={t('admin.invite.uses')} hint={t('admin.invite.usesHint')} />
        <FormField name="days" type="number" min={1} label={t('admin.invite.days')} hint={t('admin.invite.daysHint')} />
      </div>
    </>
  );
}

/** The link just made: the only time its address is shown. */
function CreatedLinkBox({ invitation }: { invitation: CreatedInvitation }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${joinPath(invitation.token)}`;
  return (
    <div className="created-link" role="status">
      <p>
        <strong>{t('admin.invite.created', { role: t(`league.role.${invitation.role}`) })}</strong>
      </p>
      <CopyLink url={url} label={t('admin.invite.link')} />
      <p className="field-hint">{t('admin.invite.onlyNow')}</p>
    </div>
  );
}

function InvitationRow({
  leagueId,
  invitation,
  onRevoked,
}: {
  leagueId: number;
  invitation: InvitationView;
  onRevoked: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const role = t(`league.role.${invitation.role}`);
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(invitation.expires_at),
  );
  const revoke = async () => {
    setBusy(true);
    try {
      await revokeInvitation(leagueId, invitation.id);
      toast.success(t('admin.invite.revoked'));
      onRevoked();
    } catch (error) {
      toast.error(t('admin.invite.revokeFailed', { reason: reasonOf(error) }));
      setBusy(false);
    }
  };
  return (
    <li className="invitation-row" data-state={invitation.status}>
      <span className="invitation-what">
        <strong>{invitation.team ? t('league.roleInTeam', { role, team: invitation.team.name }) : role}</strong>
        <span className={`invitation-status status-${invitation.status}`}>
          {t(`admin.invite.status.${invitation.status}`)}
        </span>
      </span>
      <span className="muted">
        {t('admin.invite.usage', { uses: invitation.uses, max: invitation.max_uses })} ·{' '}
        {t('admin.invite.expires', { date: expires })}
      </span>
      {invitation.status === 'active' && (
        <button type="button" className="secondary danger" disabled={busy} onClick={() => void revoke()}>
          {t('admin.invite.revoke')}{' '}
          <span className="visually-hidden">{t('admin.invite.revokeWhich', { role, date: expires })}</span>
        </button>
      )}
    </li>
  );
}
