import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { errorForLog } from './errorForLog';

describe('errorForLog', () => {
  it('keeps a failed query’s SQL and cause, never its parameters', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = new DrizzleQueryError('select * from accounts where email = $1', ['zoe@exemple.fr'], cause);
    const logged = errorForLog(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select * from accounts where email = $1',
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    expect(JSON.stringify(logged)).not.toContain('zoe@exemple.fr');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: select \* from accounts where email = \$1\n\s+at /);
  });

  it('drops what PostgreSQL quotes of a row (detail, where) and the value of a type error', () => {
    const duplicate = Object.assign(
      new Error('duplicate key value violates unique constraint "accounts_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(zoe@exemple.fr) already exists.',
        where: 'SQL statement',
        constraint: 'accounts_email_unique',
        table: 'accounts',
      },
    );
    const logged = errorForLog(duplicate);
    expect(logged).toMatchObject({ code: '23505', constraint: 'accounts_email_unique', table: 'accounts' });
    expect(JSON.stringify(logged)).not.toContain('zoe@exemple.fr');
    const typed = errorForLog(new Error('invalid input syntax for type bigint: "06 12 34 56 78"'));
    expect(typed.message).toBe('invalid input syntax for type bigint: [masqué]');
  });

  it('leaves another error as it is: type, message, code, frames', () => {
    const logged = errorForLog(Object.assign(new TypeError('x is not a function'), { code: 'E_X' }));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function', code: 'E_X' });
    expect(logged.stack).toMatch(/^TypeError: x is not a function\n\s+at /);
  });
});
