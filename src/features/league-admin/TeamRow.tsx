/**
 * One team of the teams screen: its colours (or crest) and name, opened in place to change its
 * name, colours, coach and crest, or removed after a confirmation. A refused removal keeps the
 * dialog open with the server's reason. Closing the editor gives focus back to its button.
 */
import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import { TeamMark } from '../../components/league/TeamMark';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { loadTeam, reasonOf, type TeamRef } from '../../lib/league-client';
import { changeTeam, deleteTeam, type MemberView } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { useResource } from '../../lib/use-resource';
import { CrestEditor } from './CrestEditor';
import { teamBody, teamSchema, type TeamValues } from './team-form';
import { TeamFields } from './TeamFields';

export function TeamRow({
  team,
  members,
  onChanged,
}: {
  team: TeamRef;
  members: readonly MemberView[] | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const editButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  const remove = async () => {
    setRemoval({ busy: true, error: null });
    try {
      await deleteTeam(team.id);
      setRemoving(false);
      toast.success(t('admin.teams.removed', { team: team.name }));
      onChanged();
    } catch (error) {
      setRemoval({ busy: false, error: t('admin.teams.removeFailed', { reason: reasonOf(error) }) });
    }
  };

  return (
    <li className="team-row" data-state={editing ? 'editing' : 'idle'}>
      <div className="team-row-head">
        <span className="team-row-name">
          <TeamMark team={team} /> {team.name}
        </span>
        <span className="team-row-actions">
          <button
            ref={editButton}
            type="button"
            className="secondary"
            aria-expanded={editing}
            onClick={() => (editing ? close() : setEditing(true))}
          >
            {t(editing ? 'admin.teams.closeEditor' : 'admin.teams.edit')}{' '}
            <span className="visually-hidden">{team.name}</span>
          </button>
          <button
            type="button"
            className="secondary danger"
            onClick={() => {
              setRemoval({ busy: false, error: null });
              setRemoving(true);
            }}
          >
            {t('admin.teams.remove')} <span className="visually-hidden">{team.name}</span>
          </button>
        </span>
      </div>
      {editing && <TeamEditor team={team} members={members} onSaved={onChanged} onClose={close} />}
      {removing && (
        <ConfirmDialog
          title={t('admin.teams.removeTitle', { team: team.name })}
          confirmLabel={t('admin.teams.removeConfirm')}
          cancelLabel={t('admin.cancel')}
          busy={removal.busy}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(false)}
        >
          <p>{t('admin.teams.removeText')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function TeamEditor({
  team,
  members,
  onSaved,
  onClose,
}: {
  team: TeamRef;
  members: readonly MemberView[] | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const detail = useResource(loadTeam, { teamId: team.id });
  const prefix = `team-${team.id}`;
  if (!detail.data)
    return detail.error ? (
      <p role="alert" className="form-error">
        {t('admin.teams.loadFailed', { reason: detail.error })}
      </p>
    ) : (
      <p className="muted">{t('admin.loading')}</p>
    );
  const initial: TeamValues = {
    name: detail.data.name,
    primary: detail.data.colour_primary,
    secondary: detail.data.colour_secondary,
    coach: detail.data.coach_user_id === null ? '' : String(detail.data.coach_user_id),
  };
  return (
    <div className="team-editor">
      <Formik
        initialValues={initial}
        validationSchema={teamSchema(t)}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          const body = teamBody(values);
          const before = teamBody(initial);
          try {
            await changeTeam(team.id, {
              ...(body.name !== before.name ? { name: body.name } : {}),
              colours: body.colours,
              ...(body.coach_user_id !== before.coach_user_id ? { coach_user_id: body.coach_user_id } : {}),
            });
            toast.success(t('admin.teams.saved', { team: body.name }));
            onSaved();
            onClose();
          } catch (error) {
            setStatus(t('admin.teams.saveFailed', { reason: reasonOf(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form team-form" aria-label={t('admin.teams.editorLabel', { team: team.name })}>
            <TeamFields idPrefix={prefix} members={members} />
            <FormError message={status as unknown} />
            <FocusFirstError />
            <div className="form-actions">
              <SubmitButton busy={isSubmitting} label={t('admin.teams.save')} busyLabel={t('admin.saving')} />
              <button type="button" className="secondary" onClick={onClose}>
                {t('admin.cancel')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <CrestEditor team={{ ...team, crest_url: detail.data.crest_url }} onChanged={onSaved} />
    </div>
  );
}
