/**
 * Every statechart and the docs page it is documented on (docs/machines/<name>.md, from
 * machines/<name>/<name>.machine.ts and its notes). The path tests check that each machine
 * listed here has a path model, and that every machine folder has a page.
 */
import type { AnyStateMachine } from 'xstate';
import { channelListMachine } from '../../machines/channel-list/channel-list.machine.js';
import { channelSearchMachine } from '../../machines/channel-search/channel-search.machine.js';
import { openChannelMachine } from '../../machines/open-channel/open-channel.machine.js';
import { chatPanelMachine } from '../../machines/chat-panel/chat-panel.machine.js';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.js';
import { composerMachine } from '../../machines/composer/composer.machine.js';
import { slowModeCountdownMachine } from '../../machines/composer/countdown.machine.js';
import { composerDraftMachine } from '../../machines/composer/draft.machine.js';
import { composerTypingMachine } from '../../machines/composer/typing.machine.js';
import { chatSyncMachine } from '../../machines/chat-sync/chat-sync.machine.js';
import { dueRemindersMachine } from '../../machines/due-reminders/due-reminders.machine.js';
import { imagePreviewMachine } from '../../machines/image-preview/image-preview.machine.js';
import { linkPreviewMachine } from '../../machines/link-preview/link-preview.machine.js';
import { liveLocationMachine } from '../../machines/live-location/live-location.machine.js';
import { outboxMachine, outboxMessageMachine } from '../../machines/outbox/outbox.machine.js';
import { playerSearchMachine } from '../../machines/player-search/player-search.machine.js';
import { pollComposerMachine } from '../../machines/poll-composer/poll-composer.machine.js';
import { reminderMachine } from '../../machines/reminder/reminder.machine.js';
import { resourceMachine } from '../../machines/resource/resource.machine.js';
import { sessionMachine } from '../../machines/session/session.machine.js';
import { toastMachine, toasterMachine } from '../../machines/toasts/toasts.machine.js';
import { uploadMachine } from '../../machines/upload/upload.machine.js';
import { threadMachine } from '../../machines/thread/thread.machine.js';
import { messageListMachine } from '../../machines/message-list/message-list.machine.js';
import { voiceRecorderMachine } from '../../machines/voice-recorder/voice-recorder.machine.js';

export interface MachinePage {
  name: string;
  machines: AnyStateMachine[];
}

export const MACHINE_PAGES: MachinePage[] = [
  { name: 'channel-list', machines: [channelListMachine] },
  { name: 'channel-search', machines: [channelSearchMachine] },
  { name: 'session', machines: [sessionMachine] },
  { name: 'toasts', machines: [toasterMachine, toastMachine] },
  { name: 'image-preview', machines: [imagePreviewMachine] },
  { name: 'chat-panel', machines: [chatPanelMachine] },
  { name: 'open-channel', machines: [openChannelMachine] },
  { name: 'chat-connection', machines: [chatConnectionMachine] },
  {
    name: 'composer',
    machines: [composerMachine, composerTypingMachine, composerDraftMachine, slowModeCountdownMachine],
  },
  { name: 'reminder', machines: [reminderMachine] },
  { name: 'due-reminders', machines: [dueRemindersMachine] },
  { name: 'outbox', machines: [outboxMachine, outboxMessageMachine] },
  { name: 'poll-composer', machines: [pollComposerMachine] },
  { name: 'live-location', machines: [liveLocationMachine] },
  { name: 'upload', machines: [uploadMachine] },
  { name: 'link-preview', machines: [linkPreviewMachine] },
  { name: 'message-list', machines: [messageListMachine] },
  { name: 'resource', machines: [resourceMachine] },
  { name: 'player-search', machines: [playerSearchMachine] },
  { name: 'chat-sync', machines: [chatSyncMachine] },
  { name: 'thread', machines: [threadMachine] },
  { name: 'voice-recorder', machines: [voiceRecorderMachine] },
];
