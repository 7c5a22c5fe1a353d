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

  it('writes a union of objects told apart by one property with the branch zod picks', () => {
    const schema = z.union([
      z.object({ kind: z.literal('file'), size: z.number() }),
      z.object({ kind: z.literal('folder') }),
      z.object({ kind: z.enum(['link', 'shortcut']), target: z.string().optional() }),
    ]);
    for (const checkAnswers of [false, true]) {
      const write = writerOf(schema, checkAnswers);
      expect(write({ kind: 'folder', size: 1 })).toBe('{"kind":"folder"}');
      expect(write({ kind: 'file', size: 2, name: 'x' })).toBe('{"kind":"file","size":2}');
      expect(write({ kind: 'shortcut', target: 't', size: 3 })).toBe(
        '{"kind":"shortcut","target":"t"}',
      );
      // A value no branch names is refused, as zod refuses it.
      expect(() => write({ kind: 'device' })).toThrow("doesn't match the schema");
      expect(() => write('folder')).toThrow("doesn't match the schema");
    }
    // The compiled writer, not zod, wrote it: only it writes a function as `undefined`.
    const withValue = z.union([
      z.object({ kind: z.literal('a'), value: z.unknown() }),
      z.object({ kind: z.literal('b') }),
    ]);
    expect(writerOf(withValue, false)({ kind: 'a', value: () => 1 })).toBe(
      '{"kind":"a","value":undefined}',
    );
  });

  it('keeps zod for alternatives no single property tells apart', () => {
    const schema = z.union([
      z.object({ kind: z.literal('file'), size: z.number() }),
      z.object({ kind: z.enum(['file', 'folder']) }),
    ]);
    expect(writerOf(schema, false)({ kind: 'folder', size: 1 })).toBe('{"kind":"folder"}');
    expect(writerOf(schema, false)({ kind: 'file', size: 1 })).toBe('{"kind":"file","size":1}');
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
