/**
 * The player card (the spec's player detail modal): any signed-in screen opens it with
 * `usePlayerCard().open(playerId)`, from the roster, explore, fixtures or the dashboard. One card
 * at a time; closing gives focus back to what opened it. The dialog's code loads on first use.
 */
import { withStrings } from '../i18n/bundles';
import { createContext, Suspense, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from './lazy-part';

const PlayerCardDialog = lazyPart(
  withStrings('pages', () =>
    import('../components/league/PlayerCardDialog').then((m) => ({ default: m.PlayerCardDialog })),
  ),
);

interface PlayerCardApi {
  open: (playerId: number) => void;
  close: () => void;
}

const PlayerCardContext = createContext<PlayerCardApi | null>(null);

export function PlayerCardProvider({ children }: { children: ReactNode }) {
  const [playerId, setPlayerId] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const api = useMemo<PlayerCardApi>(
    () => ({
      open: (id) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setPlayerId(id);
      },
      close: () => {
        setPlayerId(null);
        // Back to what opened the card, once the dialog is gone.
        queueMicrotask(() => opener.current?.focus());
      },
    }),
    [],
  );
  return (
    <PlayerCardContext.Provider value={api}>
      {children}
      {playerId !== null && (
        <Suspense fallback={null}>
          <PlayerCardDialog playerId={playerId} onClose={api.close} />
        </Suspense>
      )}
    </PlayerCardContext.Provider>
  );
}

export function usePlayerCard(): PlayerCardApi {
  const api = useContext(PlayerCardContext);
  if (!api) throw new Error('usePlayerCard must be used inside PlayerCardProvider');
  return api;
}
