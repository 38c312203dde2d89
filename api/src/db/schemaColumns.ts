import { integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

// The columns several tables of the schema are built with (schema.ts, staffSchema.ts).

export const createdAt = () => text('created_at').notNull();
export const expiresAt = () => text('expires_at').notNull();
export const usedAt = () => text('used_at');
export const idColumn = () => integer('id').primaryKey({ autoIncrement: true });
/** The row a row belongs to, and is deleted with. */
export const ownedBy = (column: string, owner: () => AnySQLiteColumn) =>
  integer(column).notNull().references(owner, { onDelete: 'cascade' });
/** The last columns of a single-use secret: until when it works, when it was used, when it was made. */
export const singleUse = () => ({ expiresAt: expiresAt(), usedAt: usedAt(), createdAt: createdAt() });
