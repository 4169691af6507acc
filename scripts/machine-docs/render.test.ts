import { describe, expect, it } from 'vitest';
import { composerMachine } from '../../machines/composer/composer.machine.js';
import { slowModeCountdownMachine } from '../../machines/composer/countdown.machine.js';
import { composerDraftMachine } from '../../machines/composer/draft.machine.js';
import { composerTypingMachine } from '../../machines/composer/typing.machine.js';
import { messageListMachine } from '../../machines/message-list/message-list.machine.js';
import { sessionMachine } from '../../machines/session/session.machine.js';
import { toastMachine, toasterMachine } from '../../machines/toasts/toasts.machine.js';
import { uploadMachine } from '../../machines/upload/upload.machine.js';
import { linkPreviewMachine } from '../../machines/link-preview/link-preview.machine.js';
import { delayValue, guardInWords, invocationRows, stateRows, transitionRows } from './graph.js';
import { mermaidDiagram } from './mermaid.js';
import { renderIndex, renderMachine } from './render.js';

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

  it('lists eventless transitions, names combined guards, and says when a transition re-enters', () => {
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
    expect(transitionRows(slowModeCountdownMachine)).toContainEqual({
      from: 'coolingDown.counting',
      event: 'after cooldownTick',
      guard: '',
      to: 'coolingDown.counting (re-entered)',
      actions: 'tick',
    });
  });

  it('draws nested states and parallel regions with their start markers, and a root transition once', () => {
    const { diagram, staying } = mermaidDiagram(composerMachine);
    expect(diagram).toContain('  [*] --> composer\n  state composer {\n    state composition {\n');
    expect(diagram).toContain('      [*] --> composition_composing\n');
    // Regions of the parallel machine are separated, nested states drawn inside their parent.
    expect(diagram.match(/^ {4}--$/gm)).toHaveLength(2);
    expect(diagram).toContain('cooldown_ready --> cooldown_coolingDown: composer.composed [has cooldown]');
    // Defined on the region for all its states: one arrow from its "any" node.
    expect(diagram).toContain('state "any composition state" as composition_any');
    expect(diagram.match(/composition_any --> composition_editing/g)).toHaveLength(1);
    const typing = mermaidDiagram(composerTypingMachine).diagram;
    expect(typing).toContain(
      '    state active {\n      [*] --> active_announced\n      state "announced" as active_announced\n',
    );
    expect(typing).toContain('idle --> active: typing.keystroke');
    expect(staying).toBe(transitionRows(composerMachine).filter((r) => r.to === '(stays)').length);

    const session = mermaidDiagram(sessionMachine).diagram;
    expect(session.match(/session\.setStatus/g)).toHaveLength(3);
    expect(session).toContain('session_any --> loading: session.setStatus [wants loading]');
    // From a nested state to one outside its block: declared in the common parent's block.
    expect(mermaidDiagram(messageListMachine).diagram).toMatch(
      /\n {6}view_settling_placing --> view_browsing: after settleDelay\n/,
    );
  });

  it('lists states with their initial state, entry and exit actions, but not xstate’s delay bookkeeping', () => {
    expect(stateRows(slowModeCountdownMachine)).toContainEqual({
      state: 'coolingDown',
      type: 'compound',
      initial: 'counting',
      entry: '',
      exit: '',
    });
    expect(stateRows(composerDraftMachine)).toContainEqual({
      state: 'deleting',
      type: 'atomic',
      initial: '',
      entry: 'forgetDraft',
      exit: '',
    });
    expect(stateRows(sessionMachine).find((s) => s.state === 'retrying')).toMatchObject({ entry: '', exit: '' });
  });

  it('ends every invocation somewhere: its done and error targets, or what happens without one', () => {
    expect(invocationRows(sessionMachine)).toContainEqual({
      state: 'loading',
      actor: 'fetchCurrentUser',
      onDone: 'authenticated',
      onError: '[is unauthorized] unauthenticated; retrying',
    });
    expect(invocationRows(composerTypingMachine)).toContainEqual({
      state: 'active.announced',
      actor: 'startTyping',
      onDone: '(runs while the state lasts)',
      onError: 'active.quiet',
    });
    expect(invocationRows(composerMachine)).toContainEqual({
      state: 'cooldown.coolingDown',
      actor: 'countdown',
      onDone: 'cooldown.ready',
      onError: '(not handled)',
    });
  });

  it('gives delays their values, computed ones their formula, and guards in words', () => {
    expect(delayValue(2000)).toBe('2000 ms');
    expect(delayValue(slowModeCountdownMachine.implementations.delays.cooldownPeriod)).toMatch(
      /^computed: `.*context\.seconds.*COOLDOWN_GRACE_MS`$/,
    );
    expect(guardInWords('hasUploadsInProgress')).toBe('has uploads in progress');
    expect(guardInWords('not(isPreviewable)')).toBe('not (is previewable)');
    expect(renderMachine(composerTypingMachine)).toContain('| typingThrottle | 2000 ms |');
    expect(renderMachine(composerDraftMachine)).toContain('| isEmptyWithDraft | is empty with draft |');
  });

  it('renders the table and the machine’s actors', () => {
    const page = renderMachine(sessionMachine);
    expect(page).toContain('| authenticated | session.signOut |   | signingOut |   |');
    expect(page).toContain('Actors it can run (invoked or spawned): `fetchCurrentUser`, `endServerSession`.');
    expect(renderMachine(toasterMachine)).toContain(
      '| active | toast.show | isFull | (stays) | dropOldest, forgetOldest, addToast |',
    );
  });

  it('indexes every machine with its size and coverage, and says when a machine has no path model', () => {
    const index = renderIndex(
      [
        { name: 'session', machines: [sessionMachine] },
        { name: 'upload', machines: [uploadMachine] },
      ],
      new Map([['session', { taken: 12, defined: 24 }]]),
    );
    expect(index).toContain('| [session](session.md) | 6 | 7 | 24 | 50% (12/24) |');
    expect(index).toContain('| [upload](upload.md) | 6 | 3 | 7 | no path model |');
    // A second machine of a page links to its own section there.
    const shared = renderIndex([{ name: 'toasts', machines: [toasterMachine, toastMachine] }], new Map());
    expect(shared).toContain('| [toaster](toasts.md) |');
    expect(shared).toContain('| [toast](toasts.md#toast) |');
  });
});
