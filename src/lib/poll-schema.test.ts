import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pollComposerMachine } from '../../machines/poll-composer/poll-composer.machine';
import { selectCanCreate, selectErrors, selectValues } from '../../machines/poll-composer/poll-composer.selectors';
import type { PollComposerInput } from '../../machines/poll-composer/poll-composer.types';
import { POLL_ERRORS } from '../../machines/poll-composer/poll-validation';
import { createPollSchema, pollSchema, schemaErrors } from './poll-schema';

type Row = [label: string, values: NonNullable<PollComposerInput['values']>];

const table: Row[] = [
  ['a question and two options', { name: 'Best day?', options: ['Mon', 'Wed'] }],
  ['no question', { name: '', options: ['Mon'] }],
  ['a question of spaces', { name: '   ', options: ['Mon'] }],
  ['no options', { name: 'Q', options: [] }],
  ['only blank options', { name: 'Q', options: ['  ', ' '] }],
  ['a blank option between two', { name: 'Q', options: ['A', '  ', 'B'] }],
  ['a repeated option', { name: 'Q', options: ['Ball', 'ball '] }],
  ['a repeat and a blank', { name: '', options: ['A', '', 'A'] }],
  ['max votes 2', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '2' }],
  ['max votes 10', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '10' }],
  ['max votes 1', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '1' }],
  ['max votes 11', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '11' }],
  ['max votes 02', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '02' }],
  ['max votes in letters', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: 'two' }],
  ['max votes of spaces', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '  ' }],
  ['max votes with unique votes', { name: 'Q', options: ['A'], enforce_unique_vote: true, max_votes_allowed: '3' }],
  ['no max votes, unique votes off', { name: 'Q', options: ['A'], enforce_unique_vote: false, max_votes_allowed: '' }],
  [
    'every setting changed',
    {
      name: 'Q',
      description: 'Vote by Friday',
      options: ['A', 'B'],
      allow_answers: true,
      allow_user_suggested_options: true,
      voting_visibility: 'anonymous',
    },
  ],
];

/** The machine after a submit: every rule applied, as the schema applies them. */
function machineVerdict(values: Row[1]) {
  const actor = createActor(pollComposerMachine, { input: { values } }).start();
  const creatable = selectCanCreate(actor.getSnapshot());
  actor.send({ type: 'poll.submit' });
  const snapshot = actor.getSnapshot();
  // A creatable form moves on to creating (the placeholder actor rejects later); the errors are those it had.
  return { values: selectValues(snapshot), errors: selectErrors(snapshot), creatable };
}

describe('poll schema (yup) and the poll composer machine agree', () => {
  it.each(table)('%s', (_label, input) => {
    const machine = machineVerdict(input);
    expect(schemaErrors(machine.values)).toEqual(machine.errors);
    expect(pollSchema.isValidSync(machine.values)).toBe(machine.creatable);
  });

  it('the table covers every validation text and both verdicts', () => {
    const verdicts = table.map(([, input]) => machineVerdict(input));
    const keys = new Set(
      verdicts.flatMap((v) => [v.errors.name, v.errors.max_votes_allowed, ...Object.values(v.errors.options ?? {})]),
    );
    expect([...keys].filter(Boolean).sort()).toEqual(Object.values(POLL_ERRORS).sort());
    expect(new Set(verdicts.map((v) => v.creatable))).toEqual(new Set([true, false]));
  });

  it("says 'Option is empty' at form level when no option has text, and uses translated texts when given t", () => {
    const values = machineVerdict({ name: '', options: [] }).values;
    const messages: string[] = [];
    try {
      createPollSchema((key) => `t(${key})`).validateSync(values, { abortEarly: false });
    } catch (error) {
      messages.push(...(error as { errors: string[] }).errors);
    }
    expect(messages.sort()).toEqual([`t(${POLL_ERRORS.nameRequired})`, `t(${POLL_ERRORS.optionEmpty})`].sort());
  });

  it('refuses a visibility other than public or anonymous, and more than 100 options', () => {
    const values = machineVerdict({ name: 'Q', options: ['A'] }).values;
    expect(pollSchema.isValidSync({ ...values, voting_visibility: 'secret' })).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `o${i}`, text: `o${i}` }));
    expect(pollSchema.isValidSync({ ...values, options: many })).toBe(false);
  });
});
