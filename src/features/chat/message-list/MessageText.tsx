/**
 * A message's text as React text nodes, with no element of its own (the message's article holds
 * them, so a plain message costs no extra element in the list): web addresses found by linkifyjs become links (http and
 * https only, opened in a new tab without an opener), and @mentions of the message's mentioned
 * users are highlighted (mentions of me more strongly). Never HTML: the service's `html` is not used.
 */
import { find } from 'linkifyjs';
import { memo, type ReactNode } from 'react';
import type { UserResponse } from 'stream-chat';
import { safeUrl } from '../shared/safe-url';

interface Props {
  text: string;
  mentioned?: readonly UserResponse[];
  userId: string;
}

interface Piece {
  start: number;
  end: number;
  node: (key: string) => ReactNode;
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each `@name` / `@id` of a mentioned user, longest first so "@Sam Lee" wins over "@Sam". */
function mentionPieces(text: string, mentioned: readonly UserResponse[], userId: string): Piece[] {
  const handles = mentioned
    .flatMap((user) => [user.name, user.id].filter((h): h is string => !!h).map((handle) => ({ handle, user })))
    .sort((a, b) => b.handle.length - a.handle.length);
  if (handles.length === 0) return [];
  const pattern = new RegExp(`@(${handles.map((h) => escape(h.handle)).join('|')})`, 'giu');
  const pieces: Piece[] = [];
  for (const match of text.matchAll(pattern)) {
    const found = handles.find((h) => h.handle.toLocaleLowerCase() === match[1]!.toLocaleLowerCase())!;
    const value = match[0];
    pieces.push({
      start: match.index,
      end: match.index + value.length,
      node: (key) => (
        <span key={key} className="chat-mention" data-mine={found.user.id === userId || undefined}>
          {value}
        </span>
      ),
    });
  }
  return pieces;
}

/**
 * Whether linkifyjs could find an address in `text`: every address it finds has a dot between
 * two characters or a colon (scheme, port). Most chat lines have neither, and skip its tokenizer.
 */
const MAY_LINK = /[^\s.]\.[^\s.]|:/u;

function linkPieces(text: string): Piece[] {
  if (!MAY_LINK.test(text)) return [];
  return find(text, 'url').flatMap((link): Piece[] => {
    const href = safeUrl(link.href);
    if (!href) return [];
    return [
      {
        start: link.start,
        end: link.end,
        node: (key) => (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer">
            {link.value}
          </a>
        ),
      },
    ];
  });
}

export const MessageText = memo(function MessageText({ text, mentioned = [], userId }: Props) {
  const links = linkPieces(text);
  // A mention inside a link stays part of the link.
  const mentions = mentionPieces(text, mentioned, userId).filter(
    (m) => !links.some((l) => m.start < l.end && l.start < m.end),
  );
  const pieces = [...links, ...mentions].sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  for (const piece of pieces) {
    if (piece.start < at) continue;
    if (piece.start > at) out.push(text.slice(at, piece.start));
    out.push(piece.node(`${piece.start}`));
    at = piece.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
});
