/**
 * Statements of spec sections 4, 5, 8 and 9 that no statechart implements, with where they are
 * implemented instead and the tests that exercise them (entry format: machines/shared/trace.ts).
 */
import type { ElsewhereClause } from '../../machines/shared/trace.js';

export const ELSEWHERE: ElsewhereClause[] = [];
