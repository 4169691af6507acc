/**
 * A member's or channel's round picture: the image when its address is http(s), otherwise the
 * initials on a colour derived from the id (the same id always gets the same colour). Decorative
 * by default (the name is always written next to it); pass `label` when it stands alone.
 */
import { safeUrl } from './safe-url';
import './avatar.css';

const HUES = [4, 28, 122, 174, 199, 231, 262, 291, 338];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase()).join('') || '?';
}

export function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return HUES[hash % HUES.length]!;
}

export function Avatar({
  id,
  name,
  image,
  size = 32,
  label,
}: {
  id: string;
  name: string;
  image?: unknown;
  size?: number;
  label?: string;
}) {
  const src = safeUrl(image);
  const style = { width: size, height: size, ['--avatar-hue' as string]: hueOf(id) };
  // One element either way (a list shows many): the picture itself, or the initials.
  if (src)
    return (
      <img
        className="chat-avatar"
        data-part="avatar"
        src={src}
        alt={label ?? ''}
        aria-hidden={label ? undefined : true}
        width={size}
        height={size}
        loading="lazy"
        style={style}
      />
    );
  return (
    <span
      className="chat-avatar"
      data-part="avatar"
      style={{ ...style, fontSize: Math.round(size * 0.4) }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {initialsOf(name)}
    </span>
  );
}
