/**
 * A count on a control (unread messages): a badge the eye reads, and `label`, the same count in
 * words, for screen readers (the badge's digits alone would say nothing). Nothing below 1.
 */
export function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true" data-part="unread-badge">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
