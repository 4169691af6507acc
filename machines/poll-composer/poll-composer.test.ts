import { assign, createActor, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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
  const parent = setup({
    types: { context: {} as { heard: EventObject[] } },
    actors: { composer },
  }).createMachine({
    context: { heard: [] },
    invoke: { id: 'pollComposer', src: 'composer', input },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.pollComposer as ActorRefFrom<typeof composer>;
  const heard = () => root.getSnapshot().context.heard.filter((e) => e.type.startsWith('poll.'));
  return { actor, requests, heard };
}

const texts = (actor: ReturnType<typeof start>['actor']) =>
  selectValues(actor.getSnapshot()).options.map((o) => o.text);
const optionId = (actor: ReturnType<typeof start>['actor'], index: number) =>
  selectValues(actor.getSnapshot()).options.at(index)!.id;

function fill(actor: ReturnType<typeof start>['actor'], name: string, options: string[]) {
  actor.send({ type: 'poll.change', field: 'name', value: name });
  for (const text of options) actor.send({ type: 'poll.changeOption', id: optionId(actor, -1), text });
}

describe('poll composer', () => {
  it("starts with the spec's defaults and one empty option row; not creatable", () => {
    const { actor } = start();
    const values = selectValues(actor.getSnapshot());
    expect(values).toMatchObject({
      name: '',
      max_votes_allowed: '',
      enforce_unique_vote: true,
      allow_answers: false,
      allow_user_suggested_options: false,
      voting_visibility: 'public',
    });
    expect(values.options).toEqual([{ id: 'option:1', text: '' }]);
    expect(selectErrors(actor.getSnapshot())).toEqual({});
    expect(selectCanCreate(actor.getSnapshot())).toBe(false);
  });

  it('appends an empty last row while no option is empty, up to 100 options', () => {
    const { actor } = start();
    actor.send({ type: 'poll.changeOption', id: 'option:1', text: 'Mon' });
    expect(texts(actor)).toEqual(['Mon', '']);
    actor.send({ type: 'poll.changeOption', id: 'option:1', text: '  ' });
    expect(texts(actor)).toEqual(['  ', '']);
    actor.send({ type: 'poll.changeOption', id: 'option:1', text: 'Monday' });
    actor.send({ type: 'poll.changeOption', id: optionId(actor, -1), text: 'Tue' });
    expect(texts(actor)).toEqual(['Monday', 'Tue', '']);
    for (let i = 3; i <= MAX_POLL_OPTIONS; i++)
      actor.send({ type: 'poll.changeOption', id: optionId(actor, -1), text: `o${i}` });
    expect(texts(actor)).toHaveLength(MAX_POLL_OPTIONS);
    expect(texts(actor).at(-1)).toBe(`o${MAX_POLL_OPTIONS}`);
  });

  it('removes an option row and keeps the empty last row', () => {
    const { actor } = start();
    fill(actor, 'Q', ['A', 'B']);
    actor.send({ type: 'poll.removeOption', id: optionId(actor, 0) });
    expect(texts(actor)).toEqual(['B', '']);
    actor.send({ type: 'poll.removeOption', id: optionId(actor, -1) });
    expect(texts(actor)).toEqual(['B', '']);
  });

  it("the question: 'Question is required' once left blank or only spaces; typing clears it", () => {
    const { actor } = start();
    actor.send({ type: 'poll.change', field: 'name', value: '   ' });
    expect(selectErrors(actor.getSnapshot()).name).toBeUndefined();
    actor.send({ type: 'poll.blur', field: 'name' });
    expect(selectErrors(actor.getSnapshot()).name).toBe(POLL_ERRORS.nameRequired);
    actor.send({ type: 'poll.change', field: 'name', value: 'Kit colour?' });
    expect(selectErrors(actor.getSnapshot()).name).toBeUndefined();
    actor.send({ type: 'poll.change', field: 'name', value: '' });
    expect(selectErrors(actor.getSnapshot()).name).toBe(POLL_ERRORS.nameRequired);
  });

  it('max votes: unique vote conflict, digits only, 2 to 10 (a single digit is judged when the field is left)', () => {
    const { actor } = start();
    const error = () => selectErrors(actor.getSnapshot()).max_votes_allowed;
    const type = (value: string) => actor.send({ type: 'poll.change', field: 'max_votes_allowed', value });
    type('3');
    expect(error()).toBe(POLL_ERRORS.uniqueVoteEnabled);
    actor.send({ type: 'poll.change', field: 'enforce_unique_vote', value: false });
    expect(error()).toBeUndefined();
    type('3a');
    expect(error()).toBe(POLL_ERRORS.onlyNumbers);
    type(' 3');
    expect(error()).toBe(POLL_ERRORS.onlyNumbers);
    type('1');
    expect(error()).toBeUndefined();
    actor.send({ type: 'poll.blur', field: 'max_votes_allowed' });
    expect(error()).toBe(POLL_ERRORS.maxVotesRange);
    type('10');
    expect(error()).toBeUndefined();
    type('11');
    expect(error()).toBe(POLL_ERRORS.maxVotesRange);
    type('');
    expect(error()).toBeUndefined();
    type('4');
    actor.send({ type: 'poll.change', field: 'enforce_unique_vote', value: true });
    expect(error()).toBe(POLL_ERRORS.uniqueVoteEnabled);
  });

  it("options: a repeat (trimmed, any case) is 'Option already exists'; an empty row that is not last is 'Option is empty' once left", () => {
    const { actor } = start();
    fill(actor, 'Q', ['Ball', ' ball ', 'Bat']);
    const [first, second] = selectValues(actor.getSnapshot()).options.map((o) => o.id) as [string, string];
    expect(selectErrors(actor.getSnapshot()).options).toEqual({ [second]: POLL_ERRORS.optionExists });
    actor.send({ type: 'poll.changeOption', id: second, text: 'Net' });
    expect(selectErrors(actor.getSnapshot()).options).toBeUndefined();
    actor.send({ type: 'poll.changeOption', id: first, text: '  ' });
    expect(selectErrors(actor.getSnapshot()).options).toBeUndefined();
    actor.send({ type: 'poll.blurOption', id: first });
    expect(selectErrors(actor.getSnapshot()).options).toEqual({ [first]: POLL_ERRORS.optionEmpty });
    actor.send({ type: 'poll.blurOption', id: first });
    // The last row is empty by design and never an error.
    actor.send({ type: 'poll.blurOption', id: optionId(actor, -1) });
    expect(selectErrors(actor.getSnapshot()).options).toEqual({ [first]: POLL_ERRORS.optionEmpty });
    actor.send({ type: 'poll.changeOption', id: first, text: 'Glove' });
    expect(selectErrors(actor.getSnapshot()).options).toBeUndefined();
    expect(texts(actor)).toEqual(['Glove', 'Net', 'Bat', '']);
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
    const { actor } = start(undefined, { values: { ...values, options } });
    expect(selectCanCreate(actor.getSnapshot())).toBe(creatable);
  });

  it('a submit that is not creatable shows every error and stays editing', () => {
    const { actor, requests } = start(undefined, { values: { name: ' ', options: ['A', '', 'A'] } });
    expect(selectErrors(actor.getSnapshot())).toEqual({ options: { 'option:3': POLL_ERRORS.optionExists } });
    actor.send({ type: 'poll.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectErrors(actor.getSnapshot())).toEqual({
      name: POLL_ERRORS.nameRequired,
      options: { 'option:2': POLL_ERRORS.optionEmpty, 'option:3': POLL_ERRORS.optionExists },
    });
    expect(requests).toEqual([]);
  });

  it('creates the poll (trimmed, blanks dropped, max votes as a number) and tells the parent its id', async () => {
    const { actor, requests, heard } = start(() => Promise.resolve('poll-42'));
    fill(actor, '  Best day?  ', [' Mon ', 'Wed']);
    actor.send({ type: 'poll.changeOption', id: optionId(actor, 0), text: ' Mon ' });
    actor.send({ type: 'poll.change', field: 'enforce_unique_vote', value: false });
    actor.send({ type: 'poll.change', field: 'max_votes_allowed', value: '2' });
    actor.send({ type: 'poll.change', field: 'allow_answers', value: true });
    actor.send({ type: 'poll.change', field: 'voting_visibility', value: 'anonymous' });
    actor.send({ type: 'poll.change', field: 'description', value: '  ' });
    expect(selectCanCreate(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'poll.submit' });
    expect(selectIsCreating(actor.getSnapshot())).toBe(true);
    expect(selectCanCreate(actor.getSnapshot())).toBe(false);
    await settle();
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
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().output).toEqual({ pollId: 'poll-42' });
    expect(heard()).toEqual([{ type: 'poll.created', pollId: 'poll-42' }]);
  });

  it("a failed create goes back to editing with the values kept: 'Failed to create the poll due to …'", async () => {
    let fail: Error | null = new Error('poll name must be at most 255 characters');
    const { actor, heard } = start(() => (fail ? Promise.reject(fail) : Promise.resolve('poll-2')));
    fill(actor, 'Q', ['A']);
    const before = selectValues(actor.getSnapshot());
    actor.send({ type: 'poll.submit' });
    // Edits wait while the poll is being created.
    actor.send({ type: 'poll.change', field: 'name', value: 'changed' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectValues(actor.getSnapshot())).toEqual(before);
    expect(selectFailure(actor.getSnapshot())).toEqual({
      key: 'chat.pollComposer.createFailedWithReason',
      values: { reason: 'poll name must be at most 255 characters' },
      type: 'api:poll:create:failed',
    });
    fail = new Error('');
    actor.send({ type: 'poll.submit' });
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    await settle();
    expect(selectFailure(actor.getSnapshot())).toEqual({
      key: 'chat.pollComposer.createFailed',
      type: 'api:poll:create:failed',
    });
    fail = null;
    actor.send({ type: 'poll.submit' });
    await settle();
    expect(heard()).toEqual([{ type: 'poll.created', pollId: 'poll-2' }]);
  });

  it('a rejection that is not an Error still fails with the reason when it is text', async () => {
    const { actor } = start(() => Promise.reject(new Error('offline')));
    fill(actor, 'Q', ['A']);
    actor.send({ type: 'poll.submit' });
    await settle();
    expect(selectFailure(actor.getSnapshot())?.values).toEqual({ reason: 'offline' });

    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error rejection is the case under test
    const other = start(() => Promise.reject('timeout'));
    fill(other.actor, 'Q', ['A']);
    other.actor.send({ type: 'poll.submit' });
    await settle();
    expect(selectFailure(other.actor.getSnapshot())?.values).toEqual({ reason: 'timeout' });

    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error rejection is the case under test
    const silent = start(() => Promise.reject({ code: 4 }));
    fill(silent.actor, 'Q', ['A']);
    silent.actor.send({ type: 'poll.submit' });
    await settle();
    expect(selectFailure(silent.actor.getSnapshot())?.key).toBe('chat.pollComposer.createFailed');
  });

  it('cancel tells the parent and ends', () => {
    const { actor, heard } = start();
    actor.send({ type: 'poll.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().output).toEqual({ pollId: null });
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
