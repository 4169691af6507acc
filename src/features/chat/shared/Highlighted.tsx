/**
 * A text with the words a search matched in `<mark>` elements (shared/highlight.ts). The pieces
 * are React text, so markup in a message or a channel name shows as typed, never rendered.
 */
import { useMemo } from 'react';
import { matchRanges, splitByRanges } from './highlight';

export function Highlighted({ text, query }: { text: string; query: string }) {
  const pieces = useMemo(() => splitByRanges(text, matchRanges(text, query)), [text, query]);
  return (
    <>
      {pieces.map((piece, index) =>
        piece.marked ? (
          <mark key={index} className="chat-match">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
