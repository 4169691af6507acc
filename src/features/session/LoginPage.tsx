import { Form, Formik } from 'formik';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../lib/api-client';
import { safeNext } from '../../lib/safe-next';
import { useSession } from '../../lib/session';
import type { SessionUser } from '../../lib/user';
import { signInSchema } from './auth-schemas';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';

export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (session.status === 'authenticated') return <Navigate to={next} replace />;

  const describeError = (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.status === 401) return t('login.wrongCredentials');
      if (error.status === 429) return t('login.tooMany', { seconds: error.headers?.get('Retry-After') ?? '60' });
      if (error.status === 0) return t('errors.network');
    }
    return t('login.failed', { reason: error instanceof Error ? error.message : String(error) });
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={signInSchema(t)}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          try {
            const user = await api.post<SessionUser>(
              '/auth/login',
              { email: values.email.trim(), password: values.password },
              { skipAuthRedirect: true },
            );
            session.signedIn(user);
            await navigate(next, { replace: true });
          } catch (error) {
            setStatus(describeError(error));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form">
            <FormField name="email" type="email" autoComplete="username" label={t('login.email')} />
            <FormField name="password" type="password" autoComplete="current-password" label={t('login.password')} />
            <FormError message={status as unknown} />
            <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
          </Form>
        )}
      </Formik>
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <Link to={`/register${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`}>
          {t('login.registerLink')}
        </Link>
      </p>
    </section>
  );
}
