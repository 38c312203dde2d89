import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { clients, type ClientRow, type NewClientRow } from '../schema';

/** Pharmacies and admin accounts, as the patient routes and the seed need them. */
export function clientsRepository(db: Db) {
  return {
    async findByName(name: string): Promise<ClientRow | undefined> {
      return db.select().from(clients).where(eq(clients.name, name)).get();
    },
    async findById(id: number): Promise<ClientRow | undefined> {
      return db.select().from(clients).where(eq(clients.id, id)).get();
    },
    async findByEmail(email: string): Promise<ClientRow | undefined> {
      return db.select().from(clients).where(eq(clients.email, email)).get();
    },
    async insert(row: NewClientRow): Promise<ClientRow> {
      return db.insert(clients).values(row).returning().get();
    },
  };
}

export type ClientsRepository = ReturnType<typeof clientsRepository>;
