import type { SnapshotFrom } from 'xstate';
import type { PollComposerMachine } from './poll-composer.machine';
import type { PollCreateFailure, PollErrors, PollValues } from './poll-composer.types';
import { canCreatePoll } from './poll-validation';

type Snapshot = SnapshotFrom<PollComposerMachine>;

export const selectValues = (snapshot: Snapshot): PollValues => snapshot.context.values;
export const selectErrors = (snapshot: Snapshot): PollErrors => snapshot.context.errors;
/** The error key shown under one option row, if any. */
export const selectOptionError = (snapshot: Snapshot, optionId: string) => snapshot.context.errors.options?.[optionId];
/** The Create button: a name, a non-blank option, valid or empty max votes, no errors, not already creating. */
export const selectCanCreate = (snapshot: Snapshot): boolean =>
  snapshot.matches('editing') && canCreatePoll(snapshot.context.values);
export const selectIsCreating = (snapshot: Snapshot): boolean => snapshot.matches('creating');
/** 'Failed to create the poll' (with the reason when known), as an i18n key and values. */
export const selectFailure = (snapshot: Snapshot): PollCreateFailure | null => snapshot.context.failure;
export const selectPollId = (snapshot: Snapshot): string | null => snapshot.context.pollId;
/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);
