/**
 * Fault: the app process is killed (SIGKILL) in the middle of a
 * listing creation with photos. After a restart there are no orphans: every
 * photo folder belongs to a listing, every listing photo row has its files,
 * and the half-finished upload left nothing behind (the abandoned-upload
 * cleanup runs at start-up; its grace period is 0 for the restart).
 * Runs on PostgreSQL (TEST_POSTGRES_URL; CI provides one).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { signIn, startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";

const serverUrl = process.env.TEST_POSTGRES_URL;
const PORT = 4621;
const DATA_DIR = `.e2e-kill-${PORT}`;
const PHOTOS = path.join(DATA_DIR, "uploads", "public", "listings");

const start = (databaseUrl: string, graceMinutes: number) =>
  startAppServer({ port: PORT, databaseUrl, seed: true, dataDir: DATA_DIR, env: { UPLOAD_CLEANUP_GRACE_MINUTES: String(graceMinutes) } });

const folders = () => (fs.existsSync(PHOTOS) ? fs.readdirSync(PHOTOS) : []);

test("killed mid-upload: after a restart no photo folder lacks its listing and no listing lacks its photos", async () => {
  test.skip(!serverUrl, "needs TEST_POSTGRES_URL (a PostgreSQL server); CI provides one");
  test.setTimeout(300_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const database = await createThrowawayDatabase({ prefix: "mm_e2e" });
  const db = new pg.Client({ connectionString: database.url });
  // The first start seeds the demo photos (files before rows): the normal grace period protects them.
  let server: AppServer | undefined;
  try {
    server = await start(database.url, 60);
    const before = new Set(folders());
    expect(before.size).toBeGreaterThan(0);

    const seller = DEMO_ACCOUNTS.users.find((u) => u.role === "seller")!;
    const cookie = await signIn(server.url, seller.email, DEMO_ACCOUNTS.password);

    // Five big noisy photos: the server spends a while encoding them, one after another.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const body = new FormData();
    for (const [k, v] of Object.entries({ title: "Killed upload", description: "Never finished.", category: "cranes", condition: "used", price: "100000", location: "Durban", isUrgent: "on" })) body.set(k, v);
    for (let i = 0; i < 5; i++) body.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `${i}.jpg`);
    const upload = fetch(`http://127.0.0.1:${PORT}/api/listings`, { method: "POST", body, headers: { cookie, origin: `http://localhost:${PORT}` } }).catch(() => "killed");

    // The moment the first photo of the new listing is on disk, kill the process.
    const deadline = Date.now() + 60_000;
    while (!folders().some((f) => !before.has(f)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await server.kill();
    await upload;
    const leftBehind = folders().filter((f) => !before.has(f));
    expect(leftBehind, "the upload had started writing photos").toHaveLength(1);

    // Restart on the same database and folder; the start-up cleanup removes the orphan.
    server = await start(database.url, 0);
    await db.connect();
    await expect
      .poll(
        async () => {
          const { rows } = await db.query<{ id: string }>("select id::text from listings");
          const ids = new Set(rows.map((r) => r.id));
          return folders().filter((f) => !ids.has(f));
        },
        { timeout: 30_000 },
      )
      .toEqual([]);
    const { rows: killed } = await db.query("select id from listings where title = 'Killed upload'");
    if (killed.length) {
      // The rows committed just before the kill: then every photo row has its files.
      const { rows: images } = await db.query<{ storage_key: string }>("select storage_key from listing_images where listing_id = $1", [killed[0].id]);
      expect(images.length).toBeGreaterThan(0);
    }
    const { rows: allImages } = await db.query<{ storage_key: string }>("select storage_key from listing_images");
    for (const { storage_key } of allImages) {
      expect(fs.existsSync(path.join(DATA_DIR, "uploads", `${storage_key}-card.webp`)), storage_key).toBe(true);
    }
  } catch (error) {
    console.log(server?.output());
    throw error;
  } finally {
    await server?.stop();
    await db.end().catch(() => {});
    await database.drop();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
