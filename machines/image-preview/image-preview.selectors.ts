import type { SnapshotFrom } from 'xstate';
import type { ImagePreviewMachine } from './image-preview.machine';

export const selectPreview = (snapshot: SnapshotFrom<ImagePreviewMachine>) => snapshot.context;
export const selectIsOpen = (snapshot: SnapshotFrom<ImagePreviewMachine>) => snapshot.matches('open');
