/**
 * "Edit" on a squad row, for the commissioner and the team's coach: a dialog with the player's
 * name (only for a player without an account: a member goes by their display name), position and
 * shirt number, under the add form's rules (squad-form.ts). Only what changed is sent; the
 * server's refusal (a number worn, a position the sport lacks) shows in the dialog, which stays
 * open. Closing gives focus back to the row's Edit button (ModalDialog).
 */
import { Form, Formik } from 'formik';
import { useId, useRef } from 'react';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { ModalDialog } from '../../components/ui/ModalDialog';
import { useTranslation } from '../../i18n/use-translation';
import { editPlayer, reasonOf, type Sport, type SquadPlayer } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';
import { PositionAndShirt } from './PlayerFields';
import { nameEditable, newPlayerSchema, playerChanges, playerValues } from './squad-form';

export function EditPlayer({
  player,
  positions,
  sport,
  onSaved,
  onClose,
}: {
  player: SquadPlayer;
  positions: string[];
  sport: Sport;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  // The form's first field has focus first (the name, else the position).
  const first = useRef<HTMLElement | null>(null);
  const editable = nameEditable(player);
  return (
    <ModalDialog titleId={titleId} className="edit-player" initialFocus={first} onClose={onClose}>
      <h2 id={titleId} className="cl-dialog-title">
        {t('roster.edit.title', { name: player.name })}
      </h2>
      <Formik
        initialValues={playerValues(player)}
        validationSchema={newPlayerSchema(t)}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          const changes = playerChanges(player, values);
          if (Object.keys(changes).length === 0) return onClose();
          try {
            const saved = await editPlayer(player.id, changes);
            toast.success(t('roster.edit.saved', { name: saved.name }));
            onSaved();
          } catch (error) {
            setStatus(t('roster.edit.failed', { reason: reasonOf(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form
            noValidate
            className="form edit-player-form"
            ref={(form) => {
              first.current = form?.querySelector<HTMLElement>('input, select') ?? null;
            }}
          >
            {editable ? (
              <FormField id="edit-player-name" name="name" label={t('roster.add.name')} autoComplete="off" />
            ) : (
              <p className="muted">{t('roster.edit.memberName')}</p>
            )}
            <PositionAndShirt idPrefix="edit-player" positions={positions} sport={sport} />
            <FormError message={status as unknown} />
            <FocusFirstError />
            <div className="cl-dialog-actions">
              <button type="button" className="secondary" onClick={onClose}>
                {t('roster.edit.cancel')}
              </button>
              <SubmitButton busy={isSubmitting} label={t('roster.edit.save')} busyLabel={t('roster.edit.saving')} />
            </div>
          </Form>
        )}
      </Formik>
    </ModalDialog>
  );
}
