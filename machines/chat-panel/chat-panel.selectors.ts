import type { SnapshotFrom } from 'xstate';
import type { ChatPanelMachine } from './chat-panel.machine';

type Snapshot = SnapshotFrom<ChatPanelMachine>;

/** The panel covers the conversation (narrow screens only). */
export const selectIsOpen = (snapshot: Snapshot): boolean => snapshot.matches('open');
/** open | opening | closed, for data-state. */
export const selectPanelState = (snapshot: Snapshot): string => String(snapshot.value);
