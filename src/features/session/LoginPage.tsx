import { Formik, Form, Field, ErrorMessage } from 'formik';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { ApiError, api } from '../../lib/api-client';
import { safeNext } from '../../lib/safe-next';
import { useSession } from '../../lib/session-context';
import type { SessionUser } from '../../lib/user';

interface Values {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (session.status === 'authenticated') return <Navigate to={next} replace />;

  const schema = yup.object({
    email: yup.string().trim().required(t('login.emailRequired')).email(t('login.emailInvalid')),
    password: yup.string().required(t('login.passwordRequired')),
  });

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
      <Formik<Values>
        initialValues={{ email: '', password: '' }}
        validationSchema={schema}
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
            <label htmlFor="email">{t('login.email')}</label>
            <Field id="email" name="email" type="email" autoComplete="username" aria-describedby="email-error" />
            <ErrorMessage name="email" component="p" className="field-error" id="email-error" />
            <label htmlFor="password">{t('login.password')}</label>
            <Field
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-describedby="password-error"
            />
            <ErrorMessage name="password" component="p" className="field-error" id="password-error" />
            {typeof status === 'string' && (
              <p role="alert" className="form-error">
                {status}
              </p>
            )}
            <button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('login.submitting') : t('login.submit')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}
