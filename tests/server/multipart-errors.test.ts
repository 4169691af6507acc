import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMultipartError } from '../../server/http/multipart-errors.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { png } from '../support/images.js';
import { startTestServer, storedAvatars, userRow, type TestServer } from '../support/test-server.js';

const BOUNDARY = 'sideline-test-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

function part(name: string, data: Buffer | string, filename?: string): Buffer {
  const disposition = `form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
  const type = filename ? 'image/png' : 'text/plain';
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const wholeForm = () => Buffer.concat([part('avatar', png(), 'me.png'), closing]);

const INCOMPLETE =
  /^The multipart\/form-data body is incomplete or does not use the boundary named in its Content-Type/;

/** [label, content type (null: none), body, status, message] */
const MALFORMED: [string, string | null, () => Buffer, number, RegExp][] = [
  ['multipart without a boundary', 'multipart/form-data', wholeForm, 400, /Content-Type has no boundary/],
  ['a boundary parameter without a value', 'multipart/form-data; boundary=', wholeForm, 400, INCOMPLETE],
  ['a boundary the body does not use', 'multipart/form-data; boundary=another-one', wholeForm, 400, INCOMPLETE],
  ['a body that is not multipart at all', FORM, () => Buffer.from('just some text, no parts'), 400, INCOMPLETE],
  ['a form without its closing boundary', FORM, () => part('avatar', png(), 'me.png'), 400, INCOMPLETE],
  ['a form cut off inside the file', FORM, () => wholeForm().subarray(0, 140), 400, INCOMPLETE],
  ['a form cut off inside a part header', FORM, () => wholeForm().subarray(0, 40), 400, INCOMPLETE],
  [
    'an over-long field name',
    FORM,
    () => Buffer.concat([part('n'.repeat(5000), 'x'), closing]),
    400,
    /^Unexpected form field 'n{40}…'; send only the file field avatar$/,
  ],
  [
    'an over-long field value',
    FORM,
    () => Buffer.concat([part('note', 'v'.repeat(200_000)), part('avatar', png(), 'me.png'), closing]),
    400,
    /^Unexpected form field 'note'/,
  ],
  [
    'two files',
    FORM,
    () => Buffer.concat([part('avatar', png(), 'a.png'), part('avatar', png(), 'b.png'), closing]),
    400,
    /^Send exactly one avatar file$/,
  ],
  [
    'a file over the size limit',
    FORM,
    () => Buffer.concat([part('avatar', Buffer.alloc(10_000), 'big.png'), closing]),
    413,
    /^The avatar is larger than the 4 KB limit$/,
  ],
  [
    'a field named __proto__',
    FORM,
    () => Buffer.concat([part('__proto__', 'x'), closing]),
    400,
    /may not be named like an object property/,
  ],
  ['multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`, wholeForm, 415, /multipart\/form-data/],
  ['no content type', null, wholeForm, 415, /multipart\/form-data/],
];

describe.each(ENGINES)('malformed multipart requests on $name', (engine) => {
  let server: TestServer;
  let member: Visitor;
  let memberId: number;
  let csrf: string;

  const row = (id: number) => userRow(server, id);
  const avatarFiles = () => storedAvatars(server);

  beforeAll(async () => {
    server = await startTestServer(engine, { AVATAR_MAX_BYTES: '4096' });
    member = new Visitor(server.url);
    memberId = (await member.register('lou@league.example', 'Lou Brandt')).body.id as number;
    csrf = await member.fetchCsrf();
  });
  afterAll(() => server.close());

  const put = (path: string, contentType: string | null, body: Buffer) =>
    fetch(`${server.url}${path}`, {
      method: 'PUT',
      headers: {
        cookie: member.cookieHeader(),
        'x-csrf-token': csrf,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body: new Uint8Array(body),
    });

  it('a well-formed upload works (the baseline every case below breaks)', async () => {
    const answer = await put(`/api/users/${memberId}/avatar`, FORM, wholeForm());
    expect(answer.status).toBe(200);
  });

  it.each(MALFORMED)('%s: a 4xx naming the problem, and nothing changes', async (_l, type, make, status, message) => {
    const before = await row(memberId);
    const filesBefore = await avatarFiles();
    const answer = await put(`/api/users/${memberId}/avatar`, type, make());
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status).toBe(status);
    expect(body).toEqual({ error: expect.any(String), message: expect.stringMatching(message), statusCode: status });
    expect(await row(memberId)).toEqual(before);
    expect(await avatarFiles()).toEqual(filesBefore);
  });

  it.each([
    ['PUT', '/api/users/:id'],
    ['POST', '/api/auth/register'],
  ])('a broken multipart body to the JSON route %s %s is a 4xx, never a 5xx', async (method, path) => {
    const answer = await fetch(`${server.url}${path.replace(':id', String(memberId))}`, {
      method,
      headers: { cookie: member.cookieHeader(), 'x-csrf-token': csrf, 'content-type': 'multipart/form-data' },
      body: 'not a form',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(((await answer.json()) as { message: string }).message.length).toBeGreaterThan(10);
  });

  it('a body shorter than its Content-Length is a 400 that says it was truncated', async () => {
    const before = await row(memberId);
    const body = wholeForm();
    const port = Number(new URL(server.url).port);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          [
            `PUT /api/users/${memberId}/avatar HTTP/1.1`,
            'Host: 127.0.0.1',
            `Cookie: ${member.cookieHeader()}`,
            `X-CSRF-Token: ${csrf}`,
            `Content-Type: ${FORM}`,
            `Content-Length: ${body.length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.end(body.subarray(0, 120)); // then the client stops sending
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Bad Request',
      message: 'The request ended before its body was complete (truncated); send the whole body',
      statusCode: 400,
    });
    expect(await row(memberId)).toEqual(before);
  });
});

describe('multipart parser errors for any later multipart route', () => {
  it.each([
    ['FST_PARTS_LIMIT', 413, /more parts/],
    ['FST_FILES_LIMIT', 413, /more files/],
    ['FST_FIELDS_LIMIT', 413, /more fields/],
    ['FST_REQ_FILE_TOO_LARGE', 413, /larger than/],
    ['FST_INVALID_MULTIPART_CONTENT_TYPE', 415, /multipart\/form-data/],
    ['FST_INVALID_JSON_FIELD_ERROR', 400, /not valid JSON/],
    ['FST_MP_PREMATURE_CLOSE', 400, /closed before its body was complete/],
  ])('%s is a %i', (code, status, message) => {
    const problem = describeMultipartError({ code, message: 'library text' });
    expect(problem?.status).toBe(status);
    expect(problem?.message).toMatch(message);
  });

  it('knows busboy’s messages and leaves every other error alone', () => {
    expect(describeMultipartError({ message: 'Malformed part header' })?.status).toBe(400);
    expect(describeMultipartError({ message: 'Unexpected end of form' })?.message).toMatch(INCOMPLETE);
    expect(
      describeMultipartError({ message: 'Part terminated early due to unexpected end of multipart data' }),
    ).toEqual(describeMultipartError({ message: 'Unexpected end of multipart data' }));
    expect(describeMultipartError({ message: 'connect ECONNREFUSED 127.0.0.1:5432' })).toBeNull();
    expect(describeMultipartError({ code: 'ECONNRESET', message: 'read ECONNRESET' })).toBeNull();
  });
});
