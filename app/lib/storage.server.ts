/**
 * File storage behind one interface. Keys are "public/..." (served at /media/)
 * or "private/..." (only through a guarded route). Local disk by default.
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export type Storage = {
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | undefined>;
  /** Stores a file from local disk without holding it in memory (a large ZIP). */
  putFile: (key: string, filePath: string, contentType: string) => Promise<void>;
  /** Reads a file as a stream, with its size; undefined when there is none. */
  open: (key: string) => Promise<{ stream: Readable; size: number } | undefined>;
  delete: (key: string) => Promise<void>;
  deletePrefix: (prefix: string) => Promise<void>;
  /** The folders directly under `prefix`, each with the time its newest file was written. */
  listFolders: (prefix: string) => Promise<{ name: string; modifiedAt: Date }[]>;
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
    async putFile(key, filePath) {
      const file = abs(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.copyFile(filePath, file);
    },
    async open(key) {
      const file = abs(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { stream: createReadStream(file), size: stat.size };
    },
    async delete(key) {
      await fs.rm(abs(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(abs(prefix.replace(/\/$/, "")), { recursive: true, force: true });
    },
    async listFolders(prefix) {
      const dir = abs(prefix.replace(/\/$/, ""));
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      const folders = [];
      for (const entry of entries) {
        if (!entry.isDirectory()) continue;
        const inside = path.join(dir, entry.name);
        const times = [(await fs.stat(inside)).mtime];
        for (const file of await fs.readdir(inside).catch(() => [])) {
          times.push((await fs.stat(path.join(inside, file)).catch(() => ({ mtime: new Date(0) }))).mtime);
        }
        folders.push({ name: entry.name, modifiedAt: new Date(Math.max(...times.map((t) => t.getTime()))) });
      }
      return folders;
    },
    publicUrl(key) {
      assertSafeKey(key);
      if (!key.startsWith("public/")) throw new Error("Private files have no public URL");
      return `/media/${key.slice("public/".length)}`;
    },
  };
}

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO…). Public files are
 * served from S3_PUBLIC_URL (a CDN or the bucket's public endpoint); private
 * ones only through the app's guarded routes.
 */
export async function createS3Storage(options: {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
}): Promise<Storage> {
  const {
    S3Client,
    PutObjectCommand,
    GetObjectCommand,
    DeleteObjectCommand,
    DeleteObjectsCommand,
    ListObjectsV2Command,
  } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    // S3-compatible stores (MinIO, R2, s3rver…) do not all read the SDK's default chunked uploads with
    // trailing checksums: checksums only where the operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const base = (
    options.publicUrl ??
    `${options.endpoint ?? `https://${Bucket}.s3.${options.region}.amazonaws.com`}/${options.endpoint ? Bucket : ""}`
  ).replace(/\/$/, "");
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: key.startsWith("public/") ? "public, max-age=3600" : "private, no-store",
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async putFile(key, filePath, contentType) {
      assertSafeKey(key);
      const { size } = await fs.stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: key.startsWith("public/") ? "public, max-age=3600" : "private, no-store",
        }),
      );
    },
    async open(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return undefined;
        return { stream: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix.replace(/\/$/, ""));
      const Prefix = `${prefix.replace(/\/$/, "")}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async listFolders(prefix) {
      assertSafeKey(prefix.replace(/\/$/, ""));
      const Prefix = `${prefix.replace(/\/$/, "")}/`;
      const newest = new Map<string, number>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const name = o.Key?.slice(Prefix.length).split("/")[0];
          if (!name || !o.Key!.slice(Prefix.length).includes("/")) continue;
          newest.set(name, Math.max(newest.get(name) ?? 0, o.LastModified?.getTime() ?? 0));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return [...newest].map(([name, t]) => ({ name, modifiedAt: new Date(t) }));
    },
    publicUrl(key) {
      assertSafeKey(key);
      if (!key.startsWith("public/")) throw new Error("Private files have no public URL");
      return `${base}/${key}`;
    },
  };
}

/** The configured storage: local disk unless STORAGE_DRIVER=s3. */
export async function createStorage(env: {
  STORAGE_DRIVER: "local" | "s3";
  STORAGE_DIR: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
}): Promise<Storage> {
  if (env.STORAGE_DRIVER !== "s3") return createLocalStorage(env.STORAGE_DIR);
  return createS3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL,
  });
}
