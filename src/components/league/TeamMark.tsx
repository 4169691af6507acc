/**
 * A team's crest, or its colours as a small two-colour badge, beside its name (decorative: the
 * name is text). Only the API's own crest addresses reach an image.
 */
import type { TeamRef } from '../../lib/league-client';
import './league-parts.css';

const HEX = /^#[0-9a-f]{6}$/i;

const CREST = /^\/api\/teams\/\d+\/crest(\?[\w=&.-]*)?$/;

export function TeamMark({ team }: { team: TeamRef }) {
  if (team.crest_url && CREST.test(team.crest_url))
    return <img className="team-crest" src={team.crest_url} alt="" width={18} height={18} />;
  // Colours come from the API; only plain hex colours reach the style.
  const primary = HEX.test(team.colour_primary) ? team.colour_primary : '#888888';
  const secondary = HEX.test(team.colour_secondary) ? team.colour_secondary : '#ffffff';
  return (
    <span
      className="team-mark"
      aria-hidden="true"
      style={{ background: `linear-gradient(135deg, ${primary} 50%, ${secondary} 50%)` }}
    />
  );
}
