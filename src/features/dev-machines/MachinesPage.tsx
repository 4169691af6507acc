/**
 * /dev/machines (development builds only): every running actor the app registered — roots and
 * their children — with its current state, a readable context summary, the last events it
 * received, and its statechart drawn locally.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { AnyActorRef } from 'xstate';
import { useDevActors, type DevActor } from '../../lib/dev/actor-registry';
import { contextRows, stateLabel } from './context-summary';
import { StateDiagram } from './StateDiagram';
import './dev-machines.css';

interface SnapshotLike {
  status?: string;
  value?: unknown;
  context?: unknown;
  _nodes?: { id: string }[];
}

const snapshotOf = (ref: AnyActorRef) => ref.getSnapshot() as SnapshotLike;

function ActorCard({ actor }: { actor: DevActor }) {
  const { t, i18n } = useTranslation();
  const snapshot = snapshotOf(actor.ref);
  const state = stateLabel(snapshot.value) || snapshot.status || '';
  const rows = contextRows(snapshot.context);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  return (
    <article className="dev-actor" aria-labelledby={`dev-${actor.sessionId}`} data-state={state}>
      <h2 id={`dev-${actor.sessionId}`}>
        {actor.name} <small>{actor.machine ? `#${actor.machine.id}` : t('dev.machines.notAMachine')}</small>
      </h2>
      <p>
        {t('dev.machines.state')}: <code>{state}</code> · {t('dev.machines.status')}: <code>{snapshot.status}</code>
        {actor.root !== actor.name && <> · {t('dev.machines.childOf', { root: actor.root })}</>}
      </p>
      <h3>{t('dev.machines.context')}</h3>
      {rows.length === 0 ? (
        <p>{t('dev.machines.noContext')}</p>
      ) : (
        <dl className="dev-context">
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.key}</dt>
              <dd>
                <code>{row.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <h3>{t('dev.machines.lastEvents')}</h3>
      {actor.events.length === 0 ? (
        <p>{t('dev.machines.noEvents')}</p>
      ) : (
        <ol className="dev-events" reversed>
          {[...actor.events].reverse().map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <code>{event.type}</code> <time dateTime={new Date(event.at).toISOString()}>{time.format(event.at)}</time>
            </li>
          ))}
        </ol>
      )}
      {actor.machine && (
        <details>
          <summary>{t('dev.machines.diagram')}</summary>
          <StateDiagram machine={actor.machine} active={new Set((snapshot._nodes ?? []).map((n) => n.id))} />
        </details>
      )}
    </article>
  );
}

export default function MachinesPage() {
  const { t } = useTranslation();
  const actors = useDevActors();
  return (
    <section aria-labelledby="dev-machines-title" className="page dev-machines">
      <h1 id="dev-machines-title">{t('dev.machines.title')}</h1>
      <p>{t('dev.machines.intro')}</p>
      {actors.length === 0 ? (
        <p>{t('dev.machines.empty')}</p>
      ) : (
        actors.map((actor) => <ActorCard key={actor.sessionId} actor={actor} />)
      )}
    </section>
  );
}
