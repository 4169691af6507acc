import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/poll-composer/poll-composer.test.ts');
const machine = 'pollComposer';
const fields = [
  'editing --poll.change--> (stays)',
  'editing --poll.blur--> (stays)',
  'editing --poll.changeOption--> (stays)',
  'editing --poll.blurOption--> (stays)',
];

export const trace: TraceEntry[] = [
  {
    clause: '§4.14a',
    statement: 'Poll composer: revalidates on field change and blur.',
    machine,
    transitions: fields,
    tests: [
      test("the question: 'Question is required' once left blank or only spaces; typing clears it"),
      test('checks everything on submit, and only typing errors for untouched fields'),
    ],
  },
  {
    clause: '§4.14b',
    statement: 'A last option row is appended while fewer than 100 options exist and no option is empty.',
    machine,
    transitions: ['editing --poll.changeOption--> (stays)', 'editing --poll.removeOption--> (stays)'],
    tests: [
      test('appends an empty last row while no option is empty, up to 100 options'),
      test('removes an option row and keeps the empty last row'),
    ],
  },
  {
    clause: '§5.3a',
    statement:
      "Poll: name required ('Question is required'); max_votes_allowed digits only ('Only numbers are allowed') and 2 to 10 ('Type a number from 2 to 10'); with unique vote enforced, a max-votes value gives 'Enforce unique vote is enabled'; duplicate options 'Option already exists'; empty non-last option 'Option is empty'.",
    machine,
    transitions: fields,
    tests: [
      test("the question: 'Question is required' once left blank or only spaces; typing clears it"),
      test('max votes: unique vote conflict, digits only, 2 to 10 (a single digit is judged when the field is left)'),
      test(
        "options: a repeat (trimmed, any case) is 'Option already exists'; an empty row that is not last is 'Option is empty' once left",
      ),
    ],
  },
  {
    clause: '§5.3b',
    statement: 'Creatable only with a name, at least one non-blank option, valid or empty max votes and no errors.',
    machine,
    transitions: ['editing --poll.submit [canCreate]--> creating', 'editing --poll.submit--> (stays)'],
    tests: [
      test("starts with the spec's defaults and one empty option row; not creatable"),
      test('a submit that is not creatable shows every error and stays editing'),
    ],
  },
  {
    clause: '§5.3c',
    statement: 'Options are trimmed and blanks dropped. Fields cannot be empty or only spaces.',
    machine,
    transitions: ['editing --poll.submit [canCreate]--> creating', 'creating --done: createPoll--> created'],
    tests: [
      test('creates the poll (trimmed, blanks dropped, max votes as a number) and tells the parent its id'),
      test('composes the request without an empty description or a max votes under unique voting'),
    ],
  },
  {
    clause: '§8.10l',
    statement: "Failed to create the poll (optional 'due to {reason}'; type api:poll:create:failed).",
    machine,
    transitions: ['creating --error: createPoll--> editing'],
    tests: [
      test("a failed create goes back to editing with the values kept: 'Failed to create the poll due to …'"),
      test('a rejection that is not an Error still fails with the reason when it is text'),
    ],
  },
  {
    clause: '§9.4a',
    statement:
      'Poll: max options 100; max votes 2 to 10; defaults unique vote true, answers false, suggested options false, visibility public.',
    machine,
    transitions: ['editing --poll.changeOption--> (stays)', 'editing --poll.change--> (stays)'],
    tests: [
      test("starts with the spec's defaults and one empty option row; not creatable"),
      test('appends an empty last row while no option is empty, up to 100 options'),
      test('max votes: unique vote conflict, digits only, 2 to 10 (a single digit is judged when the field is left)'),
    ],
  },
];
