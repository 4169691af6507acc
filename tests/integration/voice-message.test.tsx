// @vitest-environment jsdom
/**
 * Voice messages (issue #13 item 5) against the REAL chat sandbox with REAL stream-chat clients:
 * the recorder's upload actor stores the recording with `channel.sendFile` and the service serves
 * it back (as audio, with byte ranges for seeking); the message reaches the other member with its
 * duration and waveform; the player shows them, seeks with the keyboard, changes the speed, and
 * words the spec's playback, unsupported-format and seek errors. jsdom has no media engine, so
 * the audio element's `canPlayType`, `play` and `pause` stand in for the browser's (only those).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attachment } from 'stream-chat';
import { createActor, toPromise } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceAttachment } from '../../machines/voice-recorder/voice-recorder.types';
import { VoiceMessage } from '../../src/features/chat/voice/VoiceMessage';
import { createVoiceRecorderActors } from '../../src/lib/actors/voice-recorder-actors';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

// stream-chat's node build sends uploads as a node `form-data` body, which jsdom's XMLHttpRequest
// (axios's first choice under jsdom) does not send as multipart: uploads take node's transport.
beforeAll(() => {
  chat.alice.axiosInstance.defaults.adapter = 'http';
});
const waveform = Array.from({ length: 100 }, (_, i) => Math.round(Math.abs(Math.sin(i / 7)) * 1000) / 1000);

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
    type.startsWith('audio/webm') ? 'maybe' : '',
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());

/** Alice records (the upload actor, for real) and sends; Bob's copy of the attachment. */
async function sentVoiceMessage(id: string): Promise<{ mine: VoiceAttachment; bobs: Attachment }> {
  const { mine, bobs } = await chat.room(id);
  const bytes = new Blob(
    [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...Array.from({ length: 2044 }, (_, i) => i % 251)])],
    {
      type: 'audio/webm',
    },
  );
  const upload = createActor(createVoiceRecorderActors(mine, () => new Date(2026, 10, 27, 8, 5)).uploadRecording, {
    input: { recording: { blob: bytes, mimeType: 'audio/webm', size: bytes.size }, duration: 4.2, waveform },
  }).start();
  const attachment = await toPromise(upload);
  const sent = await mine.sendMessage({ attachments: [attachment] });
  await waitFor(() => expect(bobs.state.findMessage(sent.message.id)).toBeTruthy(), WAIT);
  return { mine: attachment, bobs: bobs.state.findMessage(sent.message.id)!.attachments![0]! };
}

async function renderPlayer(attachment: Attachment) {
  await renderInWorkspace(<VoiceMessage attachment={attachment} />, chat.workspace());
  const player = screen.getByRole('group', { name: /^Voice message, / });
  return {
    player,
    audio: player.querySelector('audio')!,
    slider: within(player).getByRole('slider', { name: 'Playback position' }),
  };
}

describe('a voice message', () => {
  it('is uploaded to the chat service and reaches the other member with its duration and waveform', async () => {
    const { mine, bobs } = await sentVoiceMessage('voice-upload');
    expect(mine).toMatchObject({
      type: 'voiceRecording',
      title: 'voice-message-2026-11-27-0805.webm',
      mime_type: 'audio/webm',
      file_size: 2048,
      duration: 4.2,
      waveform_data: waveform,
    });
    expect(bobs).toMatchObject({
      type: 'voiceRecording',
      asset_url: mine.asset_url,
      duration: 4.2,
      waveform_data: waveform,
    });

    const served = await fetch(mine.asset_url, { headers: { Range: 'bytes=4-7' } });
    expect(served.status).toBe(206);
    // Served as uploaded. (A browser declares the Blob's audio/webm; stream-chat's node build lets
    // `form-data` name the type from the .webm extension, video/webm: both play in <audio>.)
    expect(served.headers.get('content-type')).toMatch(/^(audio|video)\/webm$/);
    expect(served.headers.get('content-range')).toBe('bytes 4-7/2048');
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([0, 1, 2, 3]);
  });

  it('plays, seeks with the keyboard and cycles the speed', async () => {
    const { bobs } = await sentVoiceMessage('voice-play');
    const { player, audio, slider } = await renderPlayer(bobs);
    const user = userEvent.setup();
    expect(player.getAttribute('aria-label')).toBe('Voice message, 0:04');
    expect(audio.getAttribute('src')).toBe(bobs.asset_url);
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:04');
    expect(slider.getAttribute('aria-valuemax')).toBe('4.2');
    expect(player.querySelectorAll('.voice-bar')).toHaveLength(40);

    await user.click(within(player).getByRole('button', { name: 'Play voice message' }));
    expect(within(player).getByRole('button', { name: 'Pause voice message' })).toBeTruthy();
    await user.click(within(player).getByRole('button', { name: 'Pause voice message' }));

    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(audio.currentTime).toBe(2);
    expect(slider.getAttribute('aria-valuetext')).toBe('0:02 of 0:04');
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(4.2);
    await user.keyboard('{Home}');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');

    const speed = within(player).getByRole('button', { name: 'Playback speed: 1×' });
    await user.click(speed);
    expect(audio.playbackRate).toBe(1.5);
    expect(speed.getAttribute('aria-label')).toBe('Playback speed: 1.5×');
    await user.click(speed);
    expect(audio.playbackRate).toBe(2);
    await user.click(speed);
    expect(audio.playbackRate).toBe(1);
  });

  it('says when its format cannot be played, and then offers no playback', async () => {
    const { bobs } = await sentVoiceMessage('voice-format');
    const { player } = await renderPlayer({ ...bobs, mime_type: 'audio/amr' });
    expect(within(player).getByRole('alert').textContent).toBe(
      "This voice message's format (audio/amr) cannot be played in this browser.",
    );
    await userEvent.setup().click(within(player).getByRole('button', { name: 'Play voice message' }));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });

  it('words a playback failure and a failed seek', async () => {
    const { bobs } = await sentVoiceMessage('voice-errors');
    const { player, audio, slider } = await renderPlayer(bobs);
    act(() => void fireEvent.error(audio));
    await waitFor(() =>
      expect(within(player).getByRole('alert').textContent).toBe('The voice message could not be played.'),
    );

    Object.defineProperty(audio, 'currentTime', {
      configurable: true,
      get: () => 0,
      set: () => {
        throw new DOMException('The element has no supported sources.', 'InvalidStateError');
      },
    });
    slider.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(within(player).getByRole('alert').textContent).toBe('Could not jump to that point in the voice message.');
  });
});
