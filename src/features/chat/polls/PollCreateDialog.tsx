/**
 * Creating a poll (issue #13 item 2) over the composer's poll-composer child: the question, an
 * optional description, the options (a new empty row appears below the last one that is filled,
 * up to 100), one vote per person or a limit of 2–10 votes, comments, suggested options and
 * anonymous voting, with the spec's texts under the fields once they are left. Create sends the
 * poll as its own message; Cancel, Escape or the backdrop close it and keep nothing.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pollComposerMachine } from '../../../../machines/poll-composer/poll-composer.machine';
import {
  selectCanCreate,
  selectErrors,
  selectFailure,
  selectIsCreating,
  selectValues,
} from '../../../../machines/poll-composer/poll-composer.selectors';
import type { PollFlagField, PollTextField } from '../../../../machines/poll-composer/poll-composer.types';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../channel-list/ModalDialog';
import './polls.css';
import { CloseIcon } from '../../../components/ui/icons';

type PollComposerActor = ActorRefFrom<typeof pollComposerMachine>;

const FLAGS: [PollFlagField, string][] = [
  ['allow_answers', 'chat.poll.allowComments'],
  ['allow_user_suggested_options', 'chat.poll.allowSuggestions'],
];

export function PollCreateDialog({ poll, onClose }: { poll: PollComposerActor; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const values = useSelector(poll, selectValues);
  const errors = useSelector(poll, selectErrors);
  const canCreate = useSelector(poll, selectCanCreate);
  const creating = useSelector(poll, selectIsCreating);
  const failure = useSelector(poll, selectFailure);
  const text = (field: PollTextField, label: string, error?: string, inputMode?: 'numeric') => {
    const id = `${titleId}-${field}`;
    return (
      <div className="poll-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          ref={field === 'name' ? nameRef : undefined}
          value={values[field]}
          inputMode={inputMode}
          disabled={field === 'max_votes_allowed' && values.enforce_unique_vote}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => poll.send({ type: 'poll.change', field, value: event.target.value })}
          onBlur={() => poll.send({ type: 'poll.blur', field })}
        />
        {error && (
          <p id={`${id}-error`} className="poll-error">
            {t(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog titleId={titleId} className="poll-dialog" initialFocus={nameRef} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          poll.send({ type: 'poll.submit' });
        }}
      >
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.poll.create')}
        </h2>
        {text('name', t('chat.poll.question'), errors.name)}
        {text('description', t('chat.poll.description'))}
        <fieldset className="poll-field">
          <legend>{t('chat.poll.options')}</legend>
          {values.options.map((option, index) => {
            const error = errors.options?.[option.id];
            const last = index === values.options.length - 1;
            return (
              <div key={option.id} className="poll-option-row">
                <input
                  aria-label={t('chat.poll.optionN', { n: index + 1 })}
                  value={option.text}
                  placeholder={last ? t('chat.poll.addOption') : undefined}
                  aria-invalid={Boolean(error)}
                  onChange={(event) =>
                    poll.send({ type: 'poll.changeOption', id: option.id, text: event.target.value })
                  }
                  onBlur={() => poll.send({ type: 'poll.blurOption', id: option.id })}
                />
                {!last && (
                  <button
                    type="button"
                    className="chat-icon-button"
                    aria-label={t('chat.poll.removeOption', { n: index + 1 })}
                    onClick={() => poll.send({ type: 'poll.removeOption', id: option.id })}
                  >
                    <CloseIcon />
                  </button>
                )}
                {error && <p className="poll-error">{t(error)}</p>}
              </div>
            );
          })}
        </fieldset>
        <label className="poll-check-field">
          <input
            type="checkbox"
            checked={values.enforce_unique_vote}
            onChange={(event) =>
              poll.send({ type: 'poll.change', field: 'enforce_unique_vote', value: event.target.checked })
            }
          />
          {t('chat.poll.oneVote')}
        </label>
        {text('max_votes_allowed', t('chat.poll.maxVotes'), errors.max_votes_allowed, 'numeric')}
        {FLAGS.map(([field, key]) => (
          <label key={field} className="poll-check-field">
            <input
              type="checkbox"
              checked={values[field]}
              onChange={(event) => poll.send({ type: 'poll.change', field, value: event.target.checked })}
            />
            {t(key)}
          </label>
        ))}
        <label className="poll-check-field">
          <input
            type="checkbox"
            checked={values.voting_visibility === 'anonymous'}
            onChange={(event) =>
              poll.send({
                type: 'poll.change',
                field: 'voting_visibility',
                value: event.target.checked ? 'anonymous' : 'public',
              })
            }
          />
          {t('chat.poll.anonymousVoting')}
        </label>
        {failure && (
          <p role="alert" className="poll-error">
            {t(failure.key, failure.values)}
          </p>
        )}
        <div className="cl-dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('chat.poll.cancel')}
          </button>
          <button type="submit" aria-disabled={!canCreate || creating}>
            {creating ? t('chat.poll.creating') : t('chat.poll.createButton')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
