/**
 * Traceability from the product spec to the statecharts: each machine folder may hold
 * `<name>.trace.ts` exporting `trace: TraceEntry[]`, the spec statements (sections 4, 5, 8, 9)
 * the machine implements, with the transitions that implement each and the tests that exercise
 * them. `npm run docs:machines` checks every entry against the machines and the test files and
 * writes docs/machines/traceability.md (scripts/machine-docs/trace.ts). Statements no machine
 * implements are listed in scripts/machine-docs/spec-elsewhere.ts with where they are
 * implemented instead.
 *
 * Notation. A clause id is `§<section>.<bullet>` plus a letter per statement of that bullet,
 * e.g. `§4.1c` (section 4, first bullet, third statement). A transition is written as its row
 * in the machine's generated page reads: `from --event--> to`, with the guard in brackets when
 * it has one, `from --event [guard]--> to` (e.g. `loading --error: fetchCurrentUser
 * [isUnauthorized]--> unauthenticated`, `(session) --session.setStatus [wantsLoading]--> loading`,
 * `ready --composer.typed--> (stays)`). A test is `<file> › <title>` with the `it`/`test` title
 * as written (a template literal's `${…}` matches anything).
 */

/** A statement a machine implements. */
export interface MachineClause {
  /** `§4.1c` */
  clause: string;
  /** The spec's words (quoted, may be shortened). */
  statement: string;
  /** The machine id (`session`, `outboxMessage`), as the docs index lists it. */
  machine: string;
  /** At least one; each must exist in the machine. */
  transitions: string[];
  /** At least one; each must exist. */
  tests: string[];
  /** How the machine reads the statement, when that is not plain. */
  note?: string;
}

/** A statement implemented outside the statecharts (server, API client, components). */
export interface ElsewhereClause {
  clause: string;
  statement: string;
  /**
   * Files (repository paths) that implement it, each must exist; or `package:<name>` for a
   * dependency in package.json that does (e.g. the stream-chat client's own behaviour).
   */
  implementedIn: string[];
  /** Tests that exercise it (`<file> › <title>`, or a whole `<file>`); each must exist. */
  tests: string[];
  /** Why nothing implements it (e.g. a server-side-only call Sideline never makes); only with no `implementedIn`. */
  notImplemented?: string;
  note?: string;
}

export type TraceEntry = MachineClause | ElsewhereClause;

export const isMachineClause = (entry: TraceEntry): entry is MachineClause => 'machine' in entry;

/** `testIn('machines/x/x.test.ts')('title')` → `machines/x/x.test.ts › title`. */
export const testIn =
  (file: string) =>
  (title: string): string =>
    `${file} › ${title}`;
