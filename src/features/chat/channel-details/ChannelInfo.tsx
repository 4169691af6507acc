/**
 * The channel's picture, name and description. With `update-channel` they are a form (formik +
 * yup: a name is required, the picture must be an http(s) address, lengths are limited); saving
 * sets what is filled and unsets what was cleared (a partial update). A refusal from the service
 * is shown under the form in words: not allowed (403), or what was wrong (400).
 */
import { ErrorMessage, Field, Form, Formik } from 'formik';
import { useId } from 'react';
import type { Channel } from 'stream-chat';
import * as yup from 'yup';
import { FormError, SubmitButton } from '../../../components/ui/FormStatus';
import { useTranslation } from '../../../i18n/use-translation';
import { Avatar } from '../shared/Avatar';
import { safeUrl } from '../shared/safe-url';
import { reasonOf, statusOf } from './member-actions';

/** The longest channel name and description the form takes. */
export const CHANNEL_NAME_MAX_LENGTH = 64;
export const CHANNEL_DESCRIPTION_MAX_LENGTH = 500;

type Values = { name: string; image: string; description: string };
const FIELDS = ['name', 'image', 'description'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function channelInfoSchema(t: (key: string, options?: Record<string, unknown>) => string) {
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('chat.details.info.nameRequired'))
      .max(CHANNEL_NAME_MAX_LENGTH, t('chat.details.info.tooLong', { max: CHANNEL_NAME_MAX_LENGTH })),
    image: yup
      .string()
      .trim()
      .test('http', t('chat.details.info.imageInvalid'), (value) => !value || safeUrl(value) !== null),
    description: yup
      .string()
      .trim()
      .max(CHANNEL_DESCRIPTION_MAX_LENGTH, t('chat.details.info.tooLong', { max: CHANNEL_DESCRIPTION_MAX_LENGTH })),
  });
}

export function ChannelInfo({ channel, editable }: { channel: Channel; editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const data: Record<string, unknown> = channel.data ?? {};
  const initial: Values = { name: text(data.name), image: text(data.image), description: text(data.description) };

  if (!editable) {
    return (
      <section className="chat-details-section chat-details-info" aria-label={t('chat.details.info.title')}>
        <Avatar id={channel.cid} name={initial.name || channel.cid} image={initial.image} size={64} />
        <div>
          <p className="chat-details-name">{initial.name || t('chat.details.info.noName')}</p>
          {initial.description && <p className="chat-details-description">{initial.description}</p>}
        </div>
      </section>
    );
  }

  const field = (name: keyof Values, label: string, multiline = false) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Field
        id={`${id}-${name}`}
        name={name}
        as={multiline ? 'textarea' : 'input'}
        type={multiline ? undefined : name === 'image' ? 'url' : 'text'}
        rows={multiline ? 3 : undefined}
        aria-describedby={`${id}-${name}-error`}
      />
      <ErrorMessage name={name}>
        {(message) => (
          <p className="field-error" id={`${id}-${name}-error`}>
            {message}
          </p>
        )}
      </ErrorMessage>
    </div>
  );

  return (
    <section className="chat-details-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="chat-details-heading">
        {t('chat.details.info.title')}
      </h3>
      <Formik
        initialValues={initial}
        enableReinitialize
        validationSchema={channelInfoSchema(t)}
        onSubmit={async (values, { setStatus, resetForm }) => {
          setStatus(null);
          const trimmed = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as Values;
          const set = Object.fromEntries(FIELDS.filter((f) => trimmed[f]).map((f) => [f, trimmed[f]]));
          const unset = FIELDS.filter((f) => !trimmed[f] && initial[f]);
          try {
            // `description` is a custom field; stream-chat's types name only its own.
            await channel.updatePartial({ set, unset: unset as never[] });
            resetForm({ values: trimmed });
            setStatus({ saved: true });
          } catch (error) {
            const status = statusOf(error);
            setStatus({
              error:
                status === 403
                  ? t('chat.details.info.notAllowed')
                  : status >= 400 && status < 500
                    ? t('chat.details.info.refused', { reason: reasonOf(error) })
                    : t('chat.details.info.failed'),
            });
          }
        }}
      >
        {({ isSubmitting, dirty, status, values }) => (
          <Form noValidate className="chat-details-form">
            <div className="chat-details-info">
              <Avatar id={channel.cid} name={values.name || channel.cid} image={values.image} size={64} />
              {field('name', t('chat.details.info.name'))}
            </div>
            {field('image', t('chat.details.info.image'))}
            {field('description', t('chat.details.info.description'), true)}
            <FormError message={(status as { error?: string } | null)?.error} />
            {(status as { saved?: boolean } | null)?.saved && !dirty && (
              <p role="status" className="chat-muted">
                {t('chat.details.info.saved')}
              </p>
            )}
            {dirty && (
              <SubmitButton
                busy={isSubmitting}
                label={t('chat.details.info.save')}
                busyLabel={t('chat.details.info.saving')}
              />
            )}
          </Form>
        )}
      </Formik>
    </section>
  );
}
