/**
 * File storage behind one interface. Keys are "public/..." (served at /media/)
 * or "private/..." (only through a guarded route). Local disk by default.
 */
import fs from "node:fs/promises";
import path from "node:path";

export type Storage = {
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | undefined>;
  delete: (key: string) => Promise<void>;
  deletePrefix: (prefix: string) => Promise<void>;
  publicUrl: (key: string) => string;
};

function assertSafeKey(key: string) {
  if (!/^(public|private)\/[A-Za-z0-9._\-/]+$/.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function createLocalStorage(root: string): Storage {
  const abs = (key: string) => {
    assertSafeKey(key);
    return path.join(path.resolve(root), key);
  };
  return {
    async put(key, body) {
      const file = abs(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
    },
    async get(key) {
      try {
        return await fs.readFile(abs(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await fs.rm(abs(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(abs(prefix.replace(/\/$/, "")), { recursive: true, force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      if (!key.startsWith("public/")) throw new Error("Private files have no public URL");
      return `/media/${key.slice("public/".length)}`;
    },
  };
}
