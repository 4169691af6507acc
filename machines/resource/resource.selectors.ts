import type { SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

export type ResourceStatus = 'loading' | 'ready' | 'failed';

export const selectStatus = (snapshot: SnapshotFrom<ResourceMachine>): ResourceStatus => snapshot.value;
export const selectData = (snapshot: SnapshotFrom<ResourceMachine>) => snapshot.context.data;
export const selectError = (snapshot: SnapshotFrom<ResourceMachine>) => snapshot.context.error;
