import type { SnapshotFrom } from 'xstate';
import type { OpenChannelMachine } from './open-channel.machine';
import type { ChannelHandle, OpenFailure } from './open-channel.types';

type Snapshot = SnapshotFrom<OpenChannelMachine>;

/** watching | ready | missing | failed, for data-state. */
export const selectOpenState = (snapshot: Snapshot): string => String(snapshot.value);
/** The watched channel once ready; null before. */
export const selectChannel = (snapshot: Snapshot): ChannelHandle | null =>
  snapshot.matches('ready') ? snapshot.context.channel : null;
export const selectFailure = (snapshot: Snapshot): OpenFailure | null => snapshot.context.failure;
