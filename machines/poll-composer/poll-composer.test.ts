import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { describe, expect, it } from 'vitest';
import { POLL_DEFAULTS, pollComposerMachine } from './poll-composer.machine';
import {
  selectCanCreate,
  selectErrors,
  selectFailure,
  selectIsCreating,
  selectValues,
} from './poll-composer.selectors';
import type { ComposedPoll, PollComposerInput, PollValues } from './poll-composer.types';
import { MAX_POLL_OPTIONS, POLL_ERRORS, canCreatePoll, composePoll, validatePoll } from './poll-validation';

/** A composer with a fake createPoll, run as the child of a parent that records what it hears. */
function start(
  create: (poll: ComposedPoll) => Promise<string> = () => Promise.resolve('poll-1'),
  input?: PollComposerInput,
) {
  const requests: ComposedPoll[] = [];
  const composer = pollComposerMachine.provide({
    actors: {
      createPoll: fromPromise<string, ComposedPoll>(({ input: poll }) => {
        requests.push(poll);
        return create(poll);
      }),
    },
  });
  const run = machineTest(composer, { input, asChild: 'pollComposer' });
  const heard = () => run.told.filter((e) => e.type.startsWith('poll.'));
  return { run, requests, heard };
}

const texts = (run: ReturnType<typeof start>['run']) => selectValues(run.snapshot()).options.map((o) => o.text);
const optionId = (run: ReturnType<typeof start>['run'], index: number) =>
  selectValues(run.snapshot()).options.at(index)!.id;

function fill(run: ReturnType<typeof start>['run'], name: string, options: string[]) {
  run.send({ type: 'poll.change', field: 'name', value: name });
  for (const text of options) run.send({ type: 'poll.changeOption', id: optionId(run, -1), text });
}

describe('poll composer', () => {
  it("starts with the spec's defaults and one empty option row; not creatable", () => {
    const { run } = start();
    const values = selectValues(run.snapshot());
    expect(values).toMatchObject({
      name: '',
      max_votes_allowed: '',
      enforce_unique_vote: true,
      allow_answers: false,
      allow_user_suggested_options: false,
      voting_visibility: 'public',
    });
    expect(values.options).toEqual([{ id: 'option:1', text: '' }]);
    run.expectSelected(selectErrors, {}).expectSelected(selectCanCreate, false);
  });

  it('appends an empty last row while no option is empty, up to 100 options', () => {
    const { run } = start();
    run.send({ type: 'poll.changeOption', id: 'option:1', text: 'Mon' });
    expect(texts(run)).toEqual(['Mon', '']);
    run.send({ type: 'poll.changeOption', id: 'option:1', text: '  ' });
    expect(texts(run)).toEqual(['  ', '']);
    run
      .send({ type: 'poll.changeOption', id: 'option:1', text: 'Monday' })
      .send({ type: 'poll.changeOption', id: optionId(run, -1), text: 'Tue' });
    expect(texts(run)).toEqual(['Monday', 'Tue', '']);
    for (let i = 3; i <= MAX_POLL_OPTIONS; i++)
      run.send({ type: 'poll.changeOption', id: optionId(run, -1), text: `o${i}` });
    expect(texts(run)).toHaveLength(MAX_POLL_OPTIONS);
    expect(texts(run).at(-1)).toBe(`o${MAX_POLL_OPTIONS}`);
  });

  it('removes an option row and keeps the empty last row', () => {
    const { run } = start();
    fill(run, 'Q', ['A', 'B']);
    run.send({ type: 'poll.removeOption', id: optionId(run, 0) });
    expect(texts(run)).toEqual(['B', '']);
    run.send({ type: 'poll.removeOption', id: optionId(run, -1) });
    expect(texts(run)).toEqual(['B', '']);
  });

  it("the question: 'Question is required' once left blank or only spaces; typing clears it", () => {
    const { run } = start();
    run.send({ type: 'poll.change', field: 'name', value: '   ' });
    expect(selectErrors(run.snapshot()).name).toBeUndefined();
    run.send({ type: 'poll.blur', field: 'name' });
    expect(selectErrors(run.snapshot()).name).toBe(POLL_ERRORS.nameRequired);
    run.send({ type: 'poll.change', field: 'name', value: 'Kit colour?' });
    expect(selectErrors(run.snapshot()).name).toBeUndefined();
    run.send({ type: 'poll.change', field: 'name', value: '' });
    expect(selectErrors(run.snapshot()).name).toBe(POLL_ERRORS.nameRequired);
  });

  it('max votes: unique vote conflict, digits only, 2 to 10 (a single digit is judged when the field is left)', () => {
    const { run } = start();
    const error = () => selectErrors(run.snapshot()).max_votes_allowed;
    const type = (value: string) => run.send({ type: 'poll.change', field: 'max_votes_allowed', value });
    type('3');
    expect(error()).toBe(POLL_ERRORS.uniqueVoteEnabled);
    run.send({ type: 'poll.change', field: 'enforce_unique_vote', value: false });
    expect(error()).toBeUndefined();
    type('3a');
    expect(error()).toBe(POLL_ERRORS.onlyNumbers);
    type(' 3');
    expect(error()).toBe(POLL_ERRORS.onlyNumbers);
    type('1');
    expect(error()).toBeUndefined();
    run.send({ type: 'poll.blur', field: 'max_votes_allowed' });
    expect(error()).toBe(POLL_ERRORS.maxVotesRange);
    type('10');
    expect(error()).toBeUndefined();
    type('11');
    expect(error()).toBe(POLL_ERRORS.maxVotesRange);
    type('');
    expect(error()).toBeUndefined();
    type('4');
    run.send({ type: 'poll.change', field: 'enforce_unique_vote', value: true });
    expect(error()).toBe(POLL_ERRORS.uniqueVoteEnabled);
  });

  it("options: a repeat (trimmed, any case) is 'Option already exists'; an empty row that is not last is 'Option is empty' once left", () => {
    const { run } = start();
    fill(run, 'Q', ['Ball', ' ball ', 'Bat']);
    const [first, second] = selectValues(run.snapshot()).options.map((o) => o.id) as [string, string];
    expect(selectErrors(run.snapshot()).options).toEqual({ [second]: POLL_ERRORS.optionExists });
    run.send({ type: 'poll.changeOption', id: second, text: 'Net' });
    expect(selectErrors(run.snapshot()).options).toBeUndefined();
    run.send({ type: 'poll.changeOption', id: first, text: '  ' });
    expect(selectErrors(run.snapshot()).options).toBeUndefined();
    run.send({ type: 'poll.blurOption', id: first });
    expect(selectErrors(run.snapshot()).options).toEqual({ [first]: POLL_ERRORS.optionEmpty });
    run.send({ type: 'poll.blurOption', id: first });
    // The last row is empty by design and never an error.
    run.send({ type: 'poll.blurOption', id: optionId(run, -1) });
    expect(selectErrors(run.snapshot()).options).toEqual({ [first]: POLL_ERRORS.optionEmpty });
    run.send({ type: 'poll.changeOption', id: first, text: 'Glove' });
    expect(selectErrors(run.snapshot()).options).toBeUndefined();
    expect(texts(run)).toEqual(['Glove', 'Net', 'Bat', '']);
  });

  it.each<[string, Partial<PollValues>, string[], boolean]>([
    ['a name and an option', { name: 'Q' }, ['A'], true],
    ['no name', { name: '' }, ['A'], false],
    ['a name of spaces', { name: '   ' }, ['A'], false],
    ['no option', { name: 'Q' }, [], false],
    ['only blank options', { name: 'Q' }, ['  '], false],
    ['a valid max votes', { name: 'Q', enforce_unique_vote: false, max_votes_allowed: '5' }, ['A', 'B'], true],
    ['max votes out of range', { name: 'Q', enforce_unique_vote: false, max_votes_allowed: '1' }, ['A'], false],
    ['max votes with unique votes', { name: 'Q', max_votes_allowed: '3' }, ['A'], false],
    ['a repeated option', { name: 'Q' }, ['A', 'a'], false],
  ])('creatable with %s: %s', (_label, values, options, creatable) => {
    const { run } = start(undefined, { values: { ...values, options } });
    run.expectSelected(selectCanCreate, creatable);
  });

  it('a submit that is not creatable shows every error and stays editing', () => {
    const { run, requests } = start(undefined, { values: { name: ' ', options: ['A', '', 'A'] } });
    run
      .expectSelected(selectErrors, { options: { 'option:3': POLL_ERRORS.optionExists } })
      .send({ type: 'poll.submit' })
      .expectPaths('editing');
    expect(selectErrors(run.snapshot())).toEqual({
      name: POLL_ERRORS.nameRequired,
      options: { 'option:2': POLL_ERRORS.optionEmpty, 'option:3': POLL_ERRORS.optionExists },
    });
    expect(requests).toEqual([]);
  });

  it('creates the poll (trimmed, blanks dropped, max votes as a number) and tells the parent its id', async () => {
    const { run, requests, heard } = start(() => Promise.resolve('poll-42'));
    fill(run, '  Best day?  ', [' Mon ', 'Wed']);
    run
      .send({ type: 'poll.changeOption', id: optionId(run, 0), text: ' Mon ' })
      .send({ type: 'poll.change', field: 'enforce_unique_vote', value: false })
      .send({ type: 'poll.change', field: 'max_votes_allowed', value: '2' })
      .send({ type: 'poll.change', field: 'allow_answers', value: true })
      .send({ type: 'poll.change', field: 'voting_visibility', value: 'anonymous' })
      .send({ type: 'poll.change', field: 'description', value: '  ' })
      .expectSelected(selectCanCreate, true)
      .send({ type: 'poll.submit' })
      .expectSelected(selectIsCreating, true)
      .expectSelected(selectCanCreate, false);
    await run.settle();
    expect(requests).toEqual([
      {
        name: 'Best day?',
        options: [{ text: 'Mon' }, { text: 'Wed' }],
        enforce_unique_vote: false,
        max_votes_allowed: 2,
        allow_answers: true,
        allow_user_suggested_options: false,
        voting_visibility: 'anonymous',
      },
    ]);
    run.expectStatus('done');
    run.expectPaths('created');
    expect(run.snapshot().output).toEqual({ pollId: 'poll-42' });
    expect(heard()).toEqual([{ type: 'poll.created', pollId: 'poll-42' }]);
  });

  it("a failed create goes back to editing with the values kept: 'Failed to create the poll due to …'", async () => {
    let fail: Error | null = new Error('poll name must be at most 255 characters');
    const { run, heard } = start(() => (fail ? Promise.reject(fail) : Promise.resolve('poll-2')));
    fill(run, 'Q', ['A']);
    const before = selectValues(run.snapshot());
    run.send({ type: 'poll.submit' });
    // Edits wait while the poll is being created.
    run.send({ type: 'poll.change', field: 'name', value: 'changed' });
    (await run.settle()).expectPaths('editing').expectSelected(selectValues, before);
    expect(selectFailure(run.snapshot())).toEqual({
      key: 'chat.pollComposer.createFailedWithReason',
      values: { reason: 'poll name must be at most 255 characters' },
      type: 'api:poll:create:failed',
    });
    fail = new Error('');
    run.send({ type: 'poll.submit' }).expectSelected(selectFailure, null);
    await run.settle();
    expect(selectFailure(run.snapshot())).toEqual({
      key: 'chat.pollComposer.createFailed',
      type: 'api:poll:create:failed',
    });
    fail = null;
    run.send({ type: 'poll.submit' });
    await run.settle();
    expect(heard()).toEqual([{ type: 'poll.created', pollId: 'poll-2' }]);
  });

  it('a rejection that is not an Error still fails with the reason when it is text', async () => {
    const { run } = start(() => Promise.reject(new Error('offline')));
    fill(run, 'Q', ['A']);
    run.send({ type: 'poll.submit' });
    await run.settle();
    expect(selectFailure(run.snapshot())?.values).toEqual({ reason: 'offline' });

    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error rejection is the case under test
    const other = start(() => Promise.reject('timeout'));
    fill(other.run, 'Q', ['A']);
    other.run.send({ type: 'poll.submit' });
    await run.settle();
    expect(selectFailure(other.run.snapshot())?.values).toEqual({ reason: 'timeout' });

    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error rejection is the case under test
    const silent = start(() => Promise.reject({ code: 4 }));
    fill(silent.run, 'Q', ['A']);
    silent.run.send({ type: 'poll.submit' });
    await run.settle();
    expect(selectFailure(silent.run.snapshot())?.key).toBe('chat.pollComposer.createFailed');
  });

  it('cancel tells the parent and ends', () => {
    const { run, heard } = start();
    run.send({ type: 'poll.cancel' }).expectPaths('cancelled');
    expect(run.snapshot().output).toEqual({ pollId: null });
    expect(heard()).toEqual([{ type: 'poll.cancelled' }]);
  });
});

describe('poll validation (pure)', () => {
  const base: PollValues = { ...POLL_DEFAULTS, name: 'Q', options: [{ id: 'a', text: 'A' }] };

  it('checks everything on submit, and only typing errors for untouched fields', () => {
    const values: PollValues = {
      ...base,
      name: '',
      enforce_unique_vote: false,
      max_votes_allowed: '1',
      options: [
        { id: 'a', text: '' },
        { id: 'b', text: 'B' },
        { id: 'c', text: 'b' },
      ],
    };
    expect(validatePoll(values)).toEqual({
      name: POLL_ERRORS.nameRequired,
      max_votes_allowed: POLL_ERRORS.maxVotesRange,
      options: { a: POLL_ERRORS.optionEmpty, c: POLL_ERRORS.optionExists },
    });
    expect(validatePoll(values, { name: false, description: false, max_votes_allowed: false, options: [] })).toEqual({
      options: { c: POLL_ERRORS.optionExists },
    });
    expect(canCreatePoll(values)).toBe(false);
  });

  it('composes the request without an empty description or a max votes under unique voting', () => {
    expect(composePoll({ ...base, description: ' Friday ', max_votes_allowed: '' })).toEqual({
      name: 'Q',
      description: 'Friday',
      options: [{ text: 'A' }],
      enforce_unique_vote: true,
      allow_answers: false,
      allow_user_suggested_options: false,
      voting_visibility: 'public',
    });
  });
});
