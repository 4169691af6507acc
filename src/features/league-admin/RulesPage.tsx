/**
 * The league's competition rules (`/league/rules`, its commissioner; decision 0039): points
 * deductions and additions, awarded results, and the order of teams still level after every rule
 * (a play-off). Each section lists what is recorded, with its reason, and the form to add one;
 * every change loads the table again, since each one can move teams.
 */
import { useTranslation } from '../../i18n/use-translation';
import { loadAdjustments, loadAwards, loadDecisions } from '../../lib/competition-rules-client';
import type { LeagueDetail } from '../../lib/league-client';
import { useResource } from '../../lib/use-resource';
import { AdjustmentsSection } from './AdjustmentsSection';
import { AdminScreen } from './AdminScreen';
import { AwardsSection } from './AwardsSection';
import { DecisionsSection } from './DecisionsSection';
import './rules.css';

export default function RulesPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={(league) => (league ? t('admin.rules.title', { league }) : t('admin.rules.titleNone'))}
      commissionerOnly
    >
      {(league, reload) => <Rules league={league} reload={reload} />}
    </AdminScreen>
  );
}

function Rules({ league, reload }: { league: LeagueDetail; reload: () => void }) {
  const { t } = useTranslation();
  const params = { leagueId: league.id };
  const adjustments = useResource(loadAdjustments, params);
  const awards = useResource(loadAwards, params);
  const decisions = useResource(loadDecisions, params);
  const after = (list: { reload: () => void }) => () => {
    list.reload();
    reload();
  };
  return (
    <>
      <p className="muted rules-intro">{t('admin.rules.intro')}</p>
      <AdjustmentsSection league={league} list={adjustments} onChanged={after(adjustments)} />
      <AwardsSection league={league} list={awards} onChanged={after(awards)} />
      <DecisionsSection league={league} list={decisions} onChanged={after(decisions)} />
    </>
  );
}
