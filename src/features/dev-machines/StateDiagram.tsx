/** Draws a machine's diagram (diagram-layout.ts) as SVG, highlighting the active states. */
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { AnyStateMachine } from 'xstate';
import { globalTransitions, layoutMachine, type DiagramBox } from './diagram-layout';

/** Long labels are cut on the drawing; the whole label is the arrow's tooltip. */
const LABEL_MAX = 28;
const short = (label: string) => (label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label);

function anchor(from: DiagramBox, to: DiagramBox) {
  const forward = to.x >= from.x + from.width;
  const x1 = forward ? from.x + from.width : from.x + from.width / 2;
  const y1 = forward ? from.y + from.height / 2 : from.y + from.height;
  const x2 = forward ? to.x : to.x + to.width / 2;
  const y2 = forward ? to.y + to.height / 2 : to.y + to.height;
  return { x1, y1, x2, y2, forward };
}

export function StateDiagram({ machine, active }: { machine: AnyStateMachine; active: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const arrow = useId();
  const layout = layoutMachine(machine);
  const byId = new Map(layout.boxes.map((b) => [b.id, b]));
  const global = globalTransitions(machine);
  return (
    <figure className="state-diagram">
      <svg
        role="img"
        aria-label={t('dev.machines.diagramOf', { id: machine.id })}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        height={layout.height}
      >
        <defs>
          <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        </defs>
        {layout.edges.map((edge, i) => {
          const from = byId.get(edge.from);
          const to = byId.get(edge.to);
          if (!from || !to) return null;
          if (from === to) {
            const x = from.x + from.width - 12;
            return (
              <g key={i} className="edge">
                <title>{edge.label}</title>
                <path d={`M${x},${from.y} c10,-18 24,-10 12,4`} markerEnd={`url(#${arrow})`} />
                <text x={x + 14} y={from.y - 6}>
                  {short(edge.label)}
                </text>
              </g>
            );
          }
          const { x1, y1, x2, y2, forward } = anchor(from, to);
          const bend = forward ? 0 : 40;
          const d = `M${x1},${y1} C${x1 + 30 + bend},${y1 + bend} ${x2 - 30 + bend},${y2 + bend} ${x2},${y2}`;
          return (
            <g key={i} className="edge">
              <title>{edge.label}</title>
              <path d={d} markerEnd={`url(#${arrow})`} />
              <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 4 + (i % 3) * 10}>
                {short(edge.label)}
              </text>
            </g>
          );
        })}
        {layout.boxes.map((box) => (
          <g key={box.id} className="state" data-state={active.has(box.id) ? 'active' : 'inactive'}>
            <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.final ? 16 : 6} />
            <text x={box.x + 8} y={box.y + box.height / 2 + 4}>
              {box.label}
            </text>
          </g>
        ))}
      </svg>
      {global.length > 0 && (
        <figcaption>
          {t('dev.machines.fromAnyState')}{' '}
          {global.map((edge) => `${edge.label} → ${edge.to.split('.').slice(1).join('.') || edge.to}`).join(' · ')}
        </figcaption>
      )}
    </figure>
  );
}
