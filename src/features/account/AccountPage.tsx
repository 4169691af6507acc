import { Form, Formik } from 'formik';
import { useTranslation } from '../../i18n/use-translation';
import { FormField } from '../../components/ui/FormField';
import { SubmitButton } from '../../components/ui/FormStatus';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toasts';
import type { SessionUser } from '../../lib/user';
import { AvatarEditor } from './AvatarEditor';
import { profileSchema } from './profile-schema';

export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const user = session.user;
  if (!user) return null;

  return (
    <section aria-labelledby="account-title" className="page">
      <h1 id="account-title">{t('account.title')}</h1>
      <h2>{t('account.avatar')}</h2>
      <AvatarEditor />
      <h2>{t('account.profile')}</h2>
      <p className="muted">
        {t('account.email')}: {user.email}
      </p>
      <Formik
        enableReinitialize
        initialValues={{ name: user.name, bio: user.bio, phone: user.phone ?? '', timezone: user.timezone ?? '' }}
        validationSchema={profileSchema(t)}
        onSubmit={async (values) => {
          try {
            const updated = await api.put<Omit<SessionUser, 'token'>>(`/users/${user.id}`, {
              name: values.name.trim(),
              bio: values.bio,
              phone: values.phone.trim() || null,
              timezone: values.timezone.trim() || null,
            });
            session.userUpdated({ ...user, ...updated });
            toast.success(t('account.saved'));
          } catch (error) {
            toast.error(t('account.saveFailed', { reason: error instanceof Error ? error.message : String(error) }));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="form">
            <FormField name="name" autoComplete="name" label={t('account.name')} />
            <FormField name="bio" label={t('account.bio')} hint={t('account.bioHint')} multiline />
            <FormField
              name="phone"
              type="tel"
              autoComplete="tel"
              label={t('account.phone')}
              hint={t('account.phoneHint')}
            />
            <FormField name="timezone" label={t('account.timezone')} hint={t('account.timezoneHint')} />
            <SubmitButton busy={isSubmitting} label={t('account.save')} busyLabel={t('account.saving')} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
