// @vitest-environment jsdom
/**
 * The forms refuse what the product API refuses (docs/api.md, "Text fields"), before sending
 * anything, with the message for the reason in the member's language: the same hostile names as
 * the server's test (tests/support/hostile-texts.ts), checked in German through the yup schemas,
 * then typed into the registration and profile screens.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { TextReason } from '../../shared/text-policy';
import AccountPage from '../../src/features/account/AccountPage';
import { profileSchema } from '../../src/features/account/profile-schema';
import { registerSchema, signInSchema } from '../../src/features/session/auth-schemas';
import RegisterPage from '../../src/features/session/RegisterPage';
import { ImagePreviewProvider } from '../../src/lib/image-preview';
import { SessionProvider } from '../../src/lib/session';
import { ToastProvider } from '../../src/lib/toasts';
import type { SessionUser } from '../../src/lib/user';
import { initTestI18n } from '../support/chat-ui';
import { HOSTILE_NAMES, WORLD_NAMES } from '../support/hostile-texts';
import { stringsFor } from '../support/locale-strings';
import type deCore from '../../src/i18n/locales/de.json';
import type dePages from '../../src/i18n/locales/pages/de.json';

const de = stringsFor('de') as unknown as typeof deCore & typeof dePages;

/** The German text the form shows for each reason on a name field (register.* or account.*). */
const germanFor = (reason: TextReason, screen: 'register' | 'account'): string =>
  ({
    malformed: de.text.malformed,
    control: de.text.control,
    bidi: de.text.bidi,
    invisible: de.text.invisible,
    empty: de[screen].nameRequired,
    too_long: de[screen].nameTooLong,
    too_short: de.text.tooShort,
  })[reason];

const validationMessage = async (validate: () => Promise<unknown>): Promise<string | null> =>
  validate().then(
    () => null,
    (error: unknown) => (error as Error).message,
  );

let t: TFunction;

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('de', 'translation', de, true, true);
  await i18next.changeLanguage('de');
  t = i18next.getFixedT('de');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

describe('the yup schemas refuse what the server refuses, in German', () => {
  const register = { name: 'Alex Morgan', email: 'alex@sideline.example', password: 'correct horse battery' };
  const profile = { name: 'Alex Morgan', bio: '', phone: '', timezone: '' };

  it.each(HOSTILE_NAMES.map((hostile) => [hostile.label, hostile] as const))(
    'a name with %s',
    async (_label, { value, reason }) => {
      const registerSays = await validationMessage(() =>
        registerSchema(t).validateAt('name', { ...register, name: value }),
      );
      expect(registerSays).toBe(germanFor(reason, 'register'));
      const profileSays = await validationMessage(() =>
        profileSchema(t).validateAt('name', { ...profile, name: value }),
      );
      expect(profileSays).toBe(germanFor(reason, 'account'));
    },
  );

  it.each(WORLD_NAMES)('accepts the name %s', async (name) => {
    await expect(registerSchema(t).validate({ ...register, name })).resolves.toBeTruthy();
    await expect(profileSchema(t).validate({ ...profile, name })).resolves.toBeTruthy();
  });

  it.each([
    ['a tab', 'Linker\tVerteidiger', de.text.controlMultiline],
    ['a carriage return', 'Links.\r\nKapitän', de.text.controlMultiline],
    ['a right-to-left override', 'Links \u202Ekcab', de.text.bidi],
    ['only zero-width characters', '\u200b\u200d', de.text.invisible],
    ['281 characters', 'b'.repeat(281), de.account.bioTooLong],
  ])('a bio with %s', async (_label, bio, message) => {
    expect(await validationMessage(() => profileSchema(t).validateAt('bio', { ...profile, bio }))).toBe(message);
  });

  it('accepts a bio with line feeds, and an empty one', async () => {
    await expect(profileSchema(t).validate({ ...profile, bio: 'Links.\nKapitän.' })).resolves.toBeTruthy();
    await expect(profileSchema(t).validate({ ...profile, bio: '' })).resolves.toBeTruthy();
  });

  it.each([
    ['NUL', 'alex\u0000@sideline.example', de.text.control],
    ['a right-to-left override', 'alex@\u202Eelpmaxe.eniledis', de.text.bidi],
    ['a space inside', 'alex morgan@sideline.example', de.text.emailSpaces],
    ['a double dot', 'alex@sideline..example', de.login.emailInvalid],
    ['no top-level domain', 'alex@localhost', de.login.emailInvalid],
    ['nothing', '   ', de.login.emailRequired],
  ])('an email with %s, on registration and sign-in', async (_label, email, message) => {
    expect(await validationMessage(() => registerSchema(t).validateAt('email', { ...register, email }))).toBe(message);
    expect(await validationMessage(() => signInSchema(t).validateAt('email', { email, password: 'x' }))).toBe(message);
  });

  it('accepts an address in capitals, with surrounding spaces, or with an international domain', async () => {
    for (const email of [' Alex@Sideline.EXAMPLE ', 'jörg@bücher.example'])
      await expect(signInSchema(t).validate({ email, password: 'x' })).resolves.toBeTruthy();
  });
});

const member: SessionUser = {
  id: 7,
  name: 'Robin Vale',
  email: 'robin@league.example',
  avatar_url: null,
  language: 'de',
  bio: '',
  phone: null,
  timezone: null,
  token: '',
};

/** A screen under a session that is signed in as `member`, or signed out. */
function renderScreen(screenElement: ReactNode, signedIn: boolean) {
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(() =>
        signedIn ? Promise.resolve(member) : Promise.reject(Object.assign(new Error('HTTP 401'), { status: 401 })),
      ),
      endServerSession: fromPromise(() => Promise.resolve()),
    },
  });
  return render(
    <SessionProvider machine={machine}>
      <ToastProvider>
        <ImagePreviewProvider>
          <MemoryRouter>{screenElement}</MemoryRouter>
        </ImagePreviewProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the screens say what is wrong before anything is sent', () => {
  // Until the member's own language is known (and when signed out), the app follows the browser's.
  beforeEach(() => void vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE'));

  it('registration: a name with a right-to-left override and an email with a space', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    renderScreen(<RegisterPage />, false);
    await screen.findByRole('heading', { name: de.register.title });
    change(de.register.name, 'Alex\u202Enagrom');
    change(de.login.email, 'alex morgan@sideline.example');
    change(de.login.password, 'correct horse battery');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: de.register.submit })));
    await waitFor(() => expect(screen.getByText(de.text.bidi)).toBeTruthy());
    expect(screen.getByLabelText(de.register.name).getAttribute('aria-describedby')).toContain('name-error');
    expect(screen.getByText(de.text.emailSpaces)).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });

  it('profile: a name of zero-width spaces and a bio with a tab', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    renderScreen(<AccountPage />, true);
    await screen.findByRole('heading', { name: de.account.title });
    change(de.account.name, '\u200b\u200b');
    change(de.account.bio, 'Linker\tVerteidiger');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: de.account.save })));
    await waitFor(() => expect(screen.getByText(de.text.invisible)).toBeTruthy());
    expect(screen.getByText(de.text.controlMultiline)).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });
});
