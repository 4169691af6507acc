/**
 * A location drawn without any map service: a pin over a neutral grid whose lines shift with the
 * coordinates (so two places, or a live share that moves, look different). Decorative: the
 * coordinates and the map link beside it say where it is.
 */
import type { Place } from './location-format';

/** Grid spacing in the drawing's units (the drawing is 160 × 96). */
const CELL = 16;
/** How far the ground and grid reach beyond the drawing's sides, for boxes wider than 5:3. */
const BLEED = 400;

/** Where in a cell a coordinate falls (0..CELL): its thousandths, so a few metres move the grid. */
const offset = (value: number) => (((value * 1000) % CELL) + CELL) % CELL;

export function LocationMap({ place, live = false }: { place: Place; live?: boolean }) {
  const dx = offset(place.longitude);
  const dy = offset(-place.latitude);
  const lines = [];
  for (let x = -dx - BLEED; x <= 160 + BLEED; x += CELL)
    lines.push(<line key={`x${x}`} x1={x} y1={0} x2={x} y2={96} />);
  for (let y = -dy; y <= 96; y += CELL) lines.push(<line key={`y${y}`} x1={-BLEED} y1={y} x2={160 + BLEED} y2={y} />);
  return (
    <svg
      className="location-map"
      viewBox="0 0 160 96"
      aria-hidden="true"
      focusable="false"
      data-live={live || undefined}
    >
      <rect x={-BLEED} width={160 + 2 * BLEED} height="96" className="location-map-ground" />
      <g className="location-map-grid">{lines}</g>
      {live && <circle cx="80" cy="62" r="14" className="location-map-halo" />}
      <path className="location-map-pin" d="M80 64c-1.5-6-10-13-10-21a10 10 0 0 1 20 0c0 8-8.5 15-10 21Z" />
      <circle cx="80" cy="43" r="3.5" className="location-map-pin-dot" />
    </svg>
  );
}
