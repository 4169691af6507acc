/**
 * A player's position in the member's language. The API gives the sport's code (GK, DF, MF, FW in
 * football; G, F, C in basketball; G, D, F in hockey); members read the abbreviation their own
 * language's game uses (German TW, AB, MF, ST; French G, D, M, A; Spanish POR, DEF, CEN, DEL…) or
 * the full name. The texts are `league.position.<sport>.<code>.short` and `.name`; a code the
 * sport does not list (or one shown before the league's sport is known) shows as it is.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { Sport } from '../../lib/league-client';

export interface PositionText {
  short: string;
  name: string;
}

/** `(sport, code) => { short, name }` in the language shown. */
export function usePositionText(): (sport: Sport | null | undefined, code: string) => PositionText {
  const { t } = useTranslation();
  return (sport, code) =>
    sport
      ? {
          short: t(`league.position.${sport}.${code}.short`, { defaultValue: code }),
          name: t(`league.position.${sport}.${code}.name`, { defaultValue: code }),
        }
      : { short: code, name: code };
}

/**
 * The abbreviation, with the full name as its title (a tooltip for the pointer) and as the words a
 * screen reader reads (the abbreviation itself is hidden from it: "TW" read out helps nobody).
 */
export function PositionAbbr({ sport, code }: { sport: Sport | null | undefined; code: string }) {
  const { short, name } = usePositionText()(sport, code);
  return (
    <abbr className="position-abbr" title={name}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{name}</span>
    </abbr>
  );
}

/** The full name, where there is room for it (the player card, the position filter). */
export function PositionName({ sport, code }: { sport: Sport | null | undefined; code: string }) {
  return <>{usePositionText()(sport, code).name}</>;
}
