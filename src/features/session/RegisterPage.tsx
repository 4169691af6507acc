import { Form, Formik } from 'formik';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../lib/api-client';
import { safeNext } from '../../lib/safe-next';
import { useSession } from '../../lib/session';
import type { SessionUser } from '../../lib/user';
import { registerSchema } from './auth-schemas';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';

/** Whole minutes (at least 1) in a Retry-After of seconds. */
const minutesOf = (seconds: string | null | undefined) => Math.max(1, Math.ceil(Number(seconds ?? 60) / 60));

export default function RegisterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (session.status === 'authenticated') return <Navigate to={next} replace />;

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      <Formik
        initialValues={{ name: '', email: '', password: '' }}
        validationSchema={registerSchema(t)}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          try {
            const user = await api.post<SessionUser>(
              '/auth/register',
              { name: values.name.trim(), email: values.email.trim(), password: values.password },
              { skipAuthRedirect: true },
            );
            session.signedIn(user);
            await navigate(next, { replace: true });
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) setStatus(t('register.emailTaken'));
            else if (error instanceof ApiError && error.status === 429)
              setStatus(t('register.tooMany', { minutes: minutesOf(error.headers?.get('Retry-After')) }));
            else if (error instanceof ApiError && error.status === 0) setStatus(t('errors.network'));
            else setStatus(t('register.failed', { reason: error instanceof Error ? error.message : String(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form">
            <FormField name="name" autoComplete="name" label={t('register.name')} />
            <FormField name="email" type="email" autoComplete="email" label={t('login.email')} />
            <FormField
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('login.password')}
              hint={t('register.passwordHint')}
            />
            <FormError message={status as unknown} />
            <SubmitButton busy={isSubmitting} label={t('register.submit')} busyLabel={t('register.submitting')} />
          </Form>
        )}
      </Formik>
      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <Link to={`/login${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`}>
          {t('register.signInLink')}
        </Link>
      </p>
    </section>
  );
}
