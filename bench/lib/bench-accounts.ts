/**
 * Buyers and sellers for a bench, written straight to the database in one transaction with one
 * password hash (as the demo seed does), ready to sign in through the real form: the load test and
 * the cluster run both start from these.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type pg from "pg";

export type Person = { id: string; email: string; name: string };

export async function createBenchAccounts(
  db: pg.Client,
  options: { emailPrefix: string; password: string; buyers: number; sellers: number },
) {
  const hash = await hashPassword(options.password);
  const make = (role: "buyer" | "seller", i: number): Person => ({
    id: randomUUID().replace(/-/g, ""),
    email: `${options.emailPrefix}-${role}${i}@example.co.za`,
    name: `${role === "buyer" ? "Buyer" : "Seller"} ${i}`,
  });
  const buyers = Array.from({ length: options.buyers }, (_, i) => make("buyer", i));
  const sellers = Array.from({ length: options.sellers }, (_, i) => make("seller", i));
  await db.query("begin");
  for (const [role, people] of [
    ["buyer", buyers],
    ["seller", sellers],
  ] as const) {
    for (const p of people) {
      const phone = `+2782${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
      await db.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
        p.id,
        p.name,
        p.email,
      ]);
      await db.query(
        `insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`,
        [randomUUID(), p.id, hash],
      );
      await db.query(
        `insert into profiles (user_id, role, full_name, email, phone_number) values ($1, $2, $3, $4, $5)`,
        [p.id, role, p.name, p.email, phone],
      );
      if (role === "buyer")
        await db.query(`insert into buyers (user_id, phone_number, commission_accepted) values ($1, $2, true)`, [
          p.id,
          phone,
        ]);
      else
        await db.query(
          `insert into sellers (user_id, full_name, phone_number, seller_type, seller_role) values ($1, $2, $3, 'private', 'direct')`,
          [p.id, p.name, phone],
        );
    }
  }
  await db.query("commit");
  return { buyers, sellers };
}
