import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { reasonOf } from './league-client';

const refused = (message: string) => new ApiError('409', 409, { message });

describe('reasonOf', () => {
  it("shows the server's message without a leading field path, which the form shows by the field", () => {
    expect(reasonOf(refused("body/shirt_number: Ola Nordmann already wears 4 in Harbour Rovers's squad"))).toBe(
      "Ola Nordmann already wears 4 in Harbour Rovers's squad",
    );
    expect(reasonOf(refused('querystring/team: no such team'))).toBe('no such team');
  });

  it('keeps a message whose field is its subject, and falls back to the error text', () => {
    expect(reasonOf(refused('body/weekday must be string'))).toBe('body/weekday must be string');
    expect(reasonOf(new ApiError('Network down', 0))).toBe('Network down');
    expect(reasonOf('plain')).toBe('plain');
  });
});
