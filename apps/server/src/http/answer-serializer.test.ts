import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerMismatchError, answerSerializerCompiler } from './answer-serializer';

const profile = z.object({
  sub: z.string(),
  status: z.enum(['active', 'blocked']),
  quota: z.number().int(),
  picture: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
  note: z.string().optional(),
});

function writerOf(schema: unknown, checkAnswers: boolean) {
  return answerSerializerCompiler({ checkAnswers })({
    schema: schema as z.ZodType,
    method: 'GET',
    url: '/v1/user/me',
    httpStatus: '200',
  });
}

const answer = {
  sub: 'u1',
  status: 'active',
  quota: 3,
  picture: null,
  tags: [{ name: 'a', secret: 'x' }],
  password_hash: 'never sent',
};

describe('answers written from their catalogue schema', () => {
  it('writes the fields of the schema and nothing else, as zod does', () => {
    for (const checkAnswers of [false, true]) {
      const text = writerOf(profile, checkAnswers)(answer);
      expect(JSON.parse(text)).toEqual({
        sub: 'u1',
        status: 'active',
        quota: 3,
        picture: null,
        tags: [{ name: 'a' }],
      });
      expect(text).toBe(JSON.stringify(profile.parse(answer)));
    }
  });

  it('fails an answer that breaks its schema when answers are checked', () => {
    const write = writerOf(profile, true);
    expect(() => write({ ...answer, status: 'gone' })).toThrow();
    expect(() => write({ ...answer, quota: 1.5 })).toThrow();
  });

  it('fails an answer the compiled writer would send differently when answers are checked', () => {
    // JSON.stringify leaves out a field holding a function; the compiled writer writes
    // `undefined`, which is not JSON.
    const schema = z.object({ value: z.unknown(), id: z.string() });
    const answer = { value: () => 1, id: 'a' };
    expect(writerOf(schema, false)(answer)).toBe('{"value":undefined,"id":"a"}');
    expect(() => writerOf(schema, true)(answer)).toThrow(AnswerMismatchError);
  });

  it('leaves out a missing field that has a default, as zod does when it encodes', () => {
    const schema = z.object({ a: z.string().optional().default('x'), b: z.number() });
    for (const checkAnswers of [false, true]) {
      expect(writerOf(schema, checkAnswers)({ b: 1 })).toBe('{"b":1}');
    }
  });

  it('keeps zod for an answer with alternatives', () => {
    const schema = z.union([
      z.object({ kind: z.literal('file'), size: z.number() }),
      z.object({ kind: z.literal('folder') }),
    ]);
    expect(writerOf(schema, false)({ kind: 'folder', size: 1 })).toBe('{"kind":"folder"}');
    expect(() => writerOf(schema, false)({ kind: 'link' })).toThrow("doesn't match the schema");
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const write = writerOf(
      z.object({ at: z.string() }).transform((value) => value.at),
      false,
    );
    expect(() => write({ at: 'x' })).toThrow();
  });

  it('accepts the schema under properties, as Fastify passes some', () => {
    expect(writerOf({ properties: profile }, false)(answer)).toBe(
      JSON.stringify(profile.parse(answer)),
    );
  });
});
