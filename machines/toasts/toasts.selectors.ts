import type { SnapshotFrom } from 'xstate';
import type { ToasterMachine, toastMachine } from './toasts.machine';

export const selectToasts = (snapshot: SnapshotFrom<ToasterMachine>) => snapshot.context.toasts;
export const selectToastKind = (snapshot: SnapshotFrom<typeof toastMachine>) => snapshot.context.kind;
export const selectToastMessage = (snapshot: SnapshotFrom<typeof toastMachine>) => snapshot.context.message;
export const selectToastState = (snapshot: SnapshotFrom<typeof toastMachine>) => String(snapshot.value);
