/**
 * A screen's h1, focused when the screen opens: after a change of route a screen reader starts
 * reading at the new screen's title, and Tab goes on from there. Focus does not move when the
 * title only changes its text (the league's name arriving).
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
