import { describe, expect, it } from 'vitest';
import { baseMimeType, recordingMimeType, startFailureKind } from './voice-recorder-actors';

describe('voice recorder actors', () => {
  it('words why the microphone could not start by the browser error’s name', () => {
    const named = (name: string) => new DOMException('x', name);
    expect(startFailureKind(named('NotAllowedError'))).toBe('permissionDenied');
    expect(startFailureKind(named('SecurityError'))).toBe('permissionDenied');
    expect(startFailureKind(named('NotFoundError'))).toBe('noMicrophone');
    expect(startFailureKind(named('NotReadableError'))).toBe('noMicrophone');
    expect(startFailureKind(named('NotSupportedError'))).toBe('unsupported');
    expect(startFailureKind(new Error('boom'))).toBe('recordingStart');
    expect(startFailureKind(undefined)).toBe('recordingStart');
  });

  it('keeps the base MIME type and finds no format where MediaRecorder is missing', () => {
    expect(baseMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(baseMimeType(' Audio/MP4 ')).toBe('audio/mp4');
    // jsdom, like an old browser, has no MediaRecorder.
    expect(recordingMimeType()).toBeNull();
  });
});
