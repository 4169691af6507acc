import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChannelShortcuts, type ShortcutTargets } from './use-shortcuts';

const press = (init: KeyboardEventInit) =>
  window.dispatchEvent(new KeyboardEvent('keydown', { ...init, cancelable: true }));

function mount(overrides: Partial<ShortcutTargets> = {}) {
  const targets: ShortcutTargets = {
    order: ['a', 'b'],
    isUnread: () => false,
    activeCid: 'a',
    blocked: false,
    onSwitcher: vi.fn(),
    onPrepare: vi.fn(),
    onGo: vi.fn(),
    ...overrides,
  };
  const view = renderHook(() => useChannelShortcuts(targets));
  return { targets, view };
}

describe('the chat’s global keys', () => {
  it('Ctrl or Cmd alone prepares the switcher; with K it opens', () => {
    const { targets, view } = mount();
    press({ key: 'Control', ctrlKey: true });
    press({ key: 'Meta', metaKey: true });
    expect(targets.onPrepare).toHaveBeenCalledTimes(2);
    expect(targets.onSwitcher).not.toHaveBeenCalled();
    press({ key: 'k', ctrlKey: true });
    expect(targets.onSwitcher).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('does nothing while a dialog of the list is open', () => {
    const { targets, view } = mount({ blocked: true });
    press({ key: 'Control', ctrlKey: true });
    press({ key: 'k', ctrlKey: true });
    press({ key: 'ArrowDown', altKey: true });
    expect(targets.onPrepare).not.toHaveBeenCalled();
    expect(targets.onSwitcher).not.toHaveBeenCalled();
    expect(targets.onGo).not.toHaveBeenCalled();
    view.unmount();
  });
});
