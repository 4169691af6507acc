/**
 * The competition rules' API calls (docs/api.md, "Competition rules"; decision 0031): points
 * adjustments, awarded results and the commissioner's decisions, typed by the server's contracts
 * (type-only imports). Reads take an AbortSignal for use-resource; writes fail with an ApiError
 * whose reason `reasonOf` gives.
 */
import type { AdjustmentView, DecisionView } from '../../server/api/league/rules-writes';
import { api } from './api-client';
import { reasoned, type AwardedFixtures, type FixtureSummary } from './league-client';

export type { AdjustmentView, DecisionView };

export const loadAdjustments = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(
    api.get<{ adjustments: AdjustmentView[]; max_points: number }>(`/leagues/${leagueId}/adjustments`, {
      signal,
      cacheBust: true,
    }),
  );

export const addAdjustment = (leagueId: number, body: { team_id: number; points: number; reason: string }) =>
  api.post<AdjustmentView>(`/leagues/${leagueId}/adjustments`, body);

export const deleteAdjustment = (leagueId: number, id: number) =>
  api.delete<void>(`/leagues/${leagueId}/adjustments/${id}`);

export const loadDecisions = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(api.get<{ decisions: DecisionView[] }>(`/leagues/${leagueId}/decisions`, { signal, cacheBust: true }));

export const addDecision = (leagueId: number, body: { team_ids: number[]; reason: string }) =>
  api.post<DecisionView>(`/leagues/${leagueId}/decisions`, body);

export const deleteDecision = (leagueId: number, id: number) =>
  api.delete<void>(`/leagues/${leagueId}/decisions/${id}`);

export const loadAwards = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(api.get<AwardedFixtures>(`/leagues/${leagueId}/awards`, { signal, cacheBust: true }));

export const awardFixture = (fixtureId: number, body: { home_score: number; away_score: number; reason: string }) =>
  api.put<FixtureSummary>(`/fixtures/${fixtureId}/award`, body);

export const withdrawAward = (fixtureId: number) => api.delete<FixtureSummary>(`/fixtures/${fixtureId}/award`);
