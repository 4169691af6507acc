import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session/session.machine.js';
import { toasterMachine } from '../../machines/toasts/toasts.machine.js';
import { uploadMachine } from '../../machines/upload/upload.machine.js';
import { linkPreviewMachine } from '../../machines/link-preview/link-preview.machine.js';
import { renderMachine, transitionRows } from './render.js';

describe('machine docs', () => {
  it('lists every transition of the session machine with readable events', () => {
    const rows = transitionRows(sessionMachine);
    expect(rows).toHaveLength(24);
    expect(rows).toContainEqual({ from: 'retrying', event: 'after retryDelay', guard: '', to: 'loading', actions: '' });
    expect(rows).toContainEqual({
      from: 'loading',
      event: 'error: fetchCurrentUser',
      guard: 'isUnauthorized',
      to: 'unauthenticated',
      actions: 'clearUser',
    });
    expect(rows.filter((r) => r.from === '(session)').map((r) => r.guard)).toEqual([
      'wantsLoading',
      'canBeAuthenticated',
      'wantsUnauthenticated',
    ]);
  });

  it('lists eventless transitions, names combined guards, and draws root transitions from non-final states only', () => {
    expect(transitionRows(uploadMachine)).toContainEqual({
      from: 'pending',
      event: 'always',
      guard: 'isBlocked',
      to: 'blocked',
      actions: 'recordBlock',
    });
    expect(transitionRows(linkPreviewMachine)).toContainEqual({
      from: 'pending',
      event: 'always',
      guard: 'not(isPreviewable)',
      to: 'failed',
      actions: 'refuseUrl',
    });
    const page = renderMachine(uploadMachine);
    expect(page).toContain('  blocked --> removed: upload.remove');
    expect(page).not.toContain('removed --> removed');
  });

  it('renders a diagram, the table, delays and actors', () => {
    const page = renderMachine(sessionMachine);
    expect(page).toContain('```mermaid\nstateDiagram-v2\n  [*] --> loading');
    expect(page).toContain('| authenticated | session.signOut |   | signingOut |   |');
    expect(page).toContain('Delays: `retryDelay`. Actors: `fetchCurrentUser`, `endServerSession`.');
    expect(renderMachine(toasterMachine)).toContain(
      '| active | toast.show | isFull | (stays) | dropOldest, forgetOldest, addToast |',
    );
  });
});
