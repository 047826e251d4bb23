import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TIMINGS } from '../../shared/limits';
import { config } from './config';

const saved = { floor: process.env.AUTH_ANSWER_FLOOR_MS, endpoint: process.env.DYNAMODB_ENDPOINT };
afterEach(() => {
  for (const [name, value] of [
    ['AUTH_ANSWER_FLOOR_MS', saved.floor],
    ['DYNAMODB_ENDPOINT', saved.endpoint],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the answer floors of registration and forgot-password', () => {
  it('are the product’s unless a test stack shortens them', () => {
    delete process.env.AUTH_ANSWER_FLOOR_MS;
    expect(config.authAnswerFloors).toEqual({ registrationMs: AUTH_TIMINGS.registrationResponseMs, forgotPasswordMs: AUTH_TIMINGS.forgotPasswordResponseMs });
  });

  it('are shortened on a local table only, never lengthened', () => {
    process.env.AUTH_ANSWER_FLOOR_MS = '50';
    delete process.env.DYNAMODB_ENDPOINT;
    expect(() => config.authAnswerFloors).toThrow(/local test stacks only/);
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:8000';
    expect(config.authAnswerFloors).toEqual({ registrationMs: 50, forgotPasswordMs: 50 });
    process.env.AUTH_ANSWER_FLOOR_MS = '5000';
    expect(config.authAnswerFloors).toEqual({ registrationMs: AUTH_TIMINGS.registrationResponseMs, forgotPasswordMs: AUTH_TIMINGS.forgotPasswordResponseMs });
    process.env.AUTH_ANSWER_FLOOR_MS = 'soon';
    expect(() => config.authAnswerFloors).toThrow(/whole number/);
  });
});
