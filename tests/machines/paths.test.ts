/**
 * Path tests derived from every machine's graph (machines/<name>/<name>.paths.ts): each must
 * reach every state, take every transition it defines, and produce on every path what its model's
 * outcomes say for the state the path ends in. The run prints the coverage table.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exercisePaths,
  formatCoverage,
  type CoverageReport,
  type PathModel,
} from '../../machines/shared/path-coverage';
import { MACHINE_PAGES } from '../../scripts/machine-docs/pages';

const modules = import.meta.glob<{ pathModel?: PathModel; pathModels?: PathModel[] }>('../../machines/*/*.paths.ts', {
  eager: true,
});
const models = Object.values(modules).flatMap((m) => m.pathModels ?? (m.pathModel ? [m.pathModel] : []));
const reports: CoverageReport[] = [];

describe('machine paths', () => {
  it('has a path model for every documented machine, and a docs page for every machine folder', () => {
    const modelled = models.map((m) => m.machine.id).sort();
    const documented = MACHINE_PAGES.flatMap((page) => page.machines.map((m) => m.id)).sort();
    expect(modelled).toEqual(documented);
    const folders = readdirSync(new URL('../../machines', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'shared')
      .map((d) => d.name)
      .sort();
    expect(MACHINE_PAGES.map((page) => page.name).sort()).toEqual(folders);
  });

  for (const model of models) {
    it(`${model.name}: the paths reach every state and take every transition`, () => {
      const report = exercisePaths(model);
      reports.push(report);
      expect(report.states.missed).toEqual([]);
      expect(report.transitions.missed).toEqual([]);
      expect(report.transitions.taken).toBe(report.transitions.defined);
      expect(report.transitions.defined).toBeGreaterThan(0);
      expect(report.outcomes.failed).toEqual([]);
      expect(report.outcomes.unchecked, 'paths ending where the model states no outcome').toEqual([]);
      expect(report.outcomes.checked).toBeGreaterThanOrEqual(report.paths);
    });
  }

  afterAll(() => {
    console.log(formatCoverage(reports.sort((a, b) => a.name.localeCompare(b.name))));
  });
});
