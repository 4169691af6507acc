/**
 * One member of the league: name, role and team. The commissioner changes the role and team in
 * place (a team only for players and coaches) or removes the member after a confirmation; the
 * server's reason shows when it refuses (the last commissioner, a team of another league).
 */
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type LeagueRole, type TeamRef } from '../../lib/league-client';
import { changeMember, removeMember, type MemberView } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { ROLES, TEAM_ROLES } from './roles';

export function MemberRow({
  leagueId,
  member,
  teams,
  manages,
  onChanged,
}: {
  leagueId: number;
  member: MemberView;
  teams: readonly TeamRef[];
  /** The caller may change and remove this member. */
  manages: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const changeButton = useRef<HTMLButtonElement>(null);
  const role = t(`league.role.${member.role}`);
  const close = () => {
    setEditing(false);
    changeButton.current?.focus();
  };
  const remove = async () => {
    setRemoval({ busy: true, error: null });
    try {
      await removeMember(leagueId, member.user_id);
      setRemoving(false);
      toast.success(t('admin.members.removed', { name: member.name }));
      onChanged();
    } catch (error) {
      setRemoval({ busy: false, error: t('admin.members.removeFailed', { reason: reasonOf(error) }) });
    }
  };
  return (
    <li className="member-row">
      <div className="member-row-head">
        <span className="member-name">
          <strong>{member.name}</strong>
          <span className="muted">{member.team ? t('league.roleInTeam', { role, team: member.team.name }) : role}</span>
          {member.in_squad === false && <span className="member-squad-mark">{t('admin.members.notInSquad')}</span>}
        </span>
        {manages && (
          <span className="member-actions">
            <button
              ref={changeButton}
              type="button"
              className="secondary"
              aria-expanded={editing}
              onClick={() => (editing ? close() : setEditing(true))}
            >
              {t('admin.members.change')} <span className="visually-hidden">{member.name}</span>
            </button>
            <button
              type="button"
              className="secondary danger"
              onClick={() => {
                setRemoval({ busy: false, error: null });
                setRemoving(true);
              }}
            >
              {t('admin.members.remove')} <span className="visually-hidden">{member.name}</span>
            </button>
          </span>
        )}
      </div>
      {editing && <RoleForm leagueId={leagueId} member={member} teams={teams} onDone={onChanged} onClose={close} />}
      {removing && (
        <ConfirmDialog
          title={t('admin.members.removeTitle', { name: member.name })}
          confirmLabel={t('admin.members.removeConfirm')}
          cancelLabel={t('admin.cancel')}
          busy={removal.busy}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(false)}
        >
          <p>{t('admin.members.removeText')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function RoleForm({
  leagueId,
  member,
  teams,
  onDone,
  onClose,
}: {
  leagueId: number;
  member: MemberView;
  teams: readonly TeamRef[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [role, setRole] = useState<LeagueRole>(member.role);
  const [teamId, setTeamId] = useState<string>(member.team ? String(member.team.id) : '');
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const hasTeam = TEAM_ROLES.includes(role);
  const save = async () => {
    setState({ busy: true, error: null });
    try {
      await changeMember(leagueId, member.user_id, { role, team_id: hasTeam && teamId ? Number(teamId) : null });
      toast.success(t('admin.members.changed', { name: member.name }));
      onDone();
      onClose();
    } catch (error) {
      setState({ busy: false, error: t('admin.members.changeFailed', { reason: reasonOf(error) }) });
    }
  };
  return (
    <form
      className="role-form"
      aria-label={t('admin.members.changeLabel', { name: member.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !state.busy) onClose();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-role`}>{t('admin.members.role')}</label>
        <select
          id={`${id}-role`}
          value={role}
          autoFocus
          onChange={(event) => setRole(event.target.value as LeagueRole)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`league.role.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-team`}>{t('admin.members.team')}</label>
        <select
          id={`${id}-team`}
          value={hasTeam ? teamId : ''}
          disabled={!hasTeam}
          aria-describedby={`${id}-team-hint`}
          onChange={(event) => setTeamId(event.target.value)}
        >
          <option value="">{t('admin.members.noTeam')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
        <p className="field-hint" id={`${id}-team-hint`}>
          {t('admin.members.teamHint')}
        </p>
      </div>
      {state.error && (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={state.busy} aria-busy={state.busy}>
          {t('admin.members.save')}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t('admin.cancel')}
        </button>
      </div>
    </form>
  );
}
