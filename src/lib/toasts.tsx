/** The app's toaster (machines/toasts) and `useToast()` for any screen to show a message. */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ActorRefFrom } from 'xstate';
import { toasterMachine, type ToastRef } from '../../machines/toasts/toasts.machine';
import {
  selectToastKind,
  selectToastMessage,
  selectToasts,
  selectToastState,
} from '../../machines/toasts/toasts.selectors';
import { Toast } from '../components/ui/Toast';
import { registerDevActor } from './dev/actor-registry';

type ToasterActor = ActorRefFrom<typeof toasterMachine>;
const ToasterContext = createContext<ToasterActor | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(toasterMachine);
  useEffect(() => registerDevActor('toaster', actor), [actor]);
  return (
    <ToasterContext.Provider value={actor}>
      {children}
      <ToastRegion actor={actor} />
    </ToasterContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastRef; onDismiss: () => void }) {
  const { t } = useTranslation();
  const kind = useSelector(toast, selectToastKind);
  const message = useSelector(toast, selectToastMessage);
  const state = useSelector(toast, selectToastState);
  return (
    <Toast
      kind={kind}
      message={message}
      state={state}
      dismissLabel={t('toast.dismiss')}
      onDismiss={onDismiss}
      onPause={() => toast.send({ type: 'toast.pause' })}
      onResume={() => toast.send({ type: 'toast.resume' })}
    />
  );
}

function ToastRegion({ actor }: { actor: ToasterActor }) {
  const toasts = useSelector(actor, selectToasts);
  return (
    <div className="toast-region" aria-live="polite">
      {toasts.map(({ id, ref }) => (
        <ToastItem key={id} toast={ref} onDismiss={() => actor.send({ type: 'toast.dismiss', id })} />
      ))}
    </div>
  );
}

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

export function useToast(): Toaster {
  const actor = useContext(ToasterContext);
  if (!actor) throw new Error('useToast must be used inside ToastProvider');
  return useMemo(
    () => ({
      success: (message: string) => actor.send({ type: 'toast.show', toast: { kind: 'success', message } }),
      error: (message: string) => actor.send({ type: 'toast.show', toast: { kind: 'error', message } }),
      info: (message: string) => actor.send({ type: 'toast.show', toast: { kind: 'info', message } }),
    }),
    [actor],
  );
}
