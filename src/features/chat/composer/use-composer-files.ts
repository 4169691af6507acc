/**
 * Files reach the composer by the attach button (a hidden file input), Ctrl/Cmd+Shift+U, paste,
 * and drag and drop anywhere on the open channel (the composer's parent element): all become
 * `composer.addFiles`.
 */
import { useEffect, useRef, useState, type ClipboardEvent, type RefObject } from 'react';
import type { ComposerActor } from '../../../lib/chat/channel-machines';

export function addFiles(composer: ComposerActor, files: Iterable<File>) {
  const list = [...files];
  if (list.length === 0) return;
  composer.send({
    type: 'composer.addFiles',
    files: list.map((file) => ({ file: { name: file.name, size: file.size, type: file.type }, blob: file })),
  });
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** True while files are dragged over the channel; dropping them attaches them. */
export function useFileDrop(
  rootRef: RefObject<HTMLElement | null>,
  composer: ComposerActor,
  enabled: boolean,
): boolean {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    const zone = rootRef.current?.parentElement ?? rootRef.current;
    if (!zone || !enabled) return;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    };
    const overZone = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      addFiles(composer, event.dataTransfer?.files ?? []);
    };
    zone.addEventListener('dragenter', enter);
    zone.addEventListener('dragover', overZone);
    zone.addEventListener('dragleave', leave);
    zone.addEventListener('drop', drop);
    return () => {
      zone.removeEventListener('dragenter', enter);
      zone.removeEventListener('dragover', overZone);
      zone.removeEventListener('dragleave', leave);
      zone.removeEventListener('drop', drop);
      depth.current = 0;
      setOver(false);
    };
  }, [rootRef, composer, enabled]);
  return over;
}

/** Ctrl/Cmd+Shift+U anywhere on the page opens the file chooser (chat-ui.md §8). */
export function useUploadShortcut(inputRef: RefObject<HTMLInputElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.altKey) return;
      if (event.key.toLowerCase() !== 'u') return;
      event.preventDefault();
      inputRef.current?.click();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inputRef, enabled]);
}

/** Pasted files are attached; pasted text stays the browser's business. */
export function pasteHandler(composer: ComposerActor, enabled: boolean) {
  return (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (!enabled || files.length === 0) return;
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
    addFiles(composer, files);
  };
}
