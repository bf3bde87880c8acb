import { z } from "zod";
import { PRODUCT_NAME } from "./brand.ts";

/**
 * Every setting the server reads, validated once at start-up. Each has an
 * offline default (embedded PGlite, dev mailbox, local disk) or a clear error.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "PORT must be a number between 1 and 65535" })
    .int()
    .min(1, "PORT must be a number between 1 and 65535")
    .max(65535, "PORT must be a number between 1 and 65535")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ message: "PUBLIC_URL must be a full URL such as http://localhost:3000" }).optional(),
  /** Empty = embedded PGlite in DATA_DIR. Otherwise a postgres:// URL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters long").optional(),
  /** Empty = e-mails go to the dev mailbox (database outbox shown to admins). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@machinery.local>`),
  ADMIN_EMAIL: z.email().default("admin@machinery.local"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID issuer used for "Continue with Google"; a local provider in tests. */
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default("auto"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Rate limits (in the database): sign-in, sign-up, password reset, /api/auth/*, and per-user requests, purchases, uploads and live-notification connections; the e2e suite turns them off (one IP, many users). */
  AUTH_RATE_LIMIT: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Seconds between two confirmation e-mails to one address (the sign-up's own, then each "Resend"); always applied. */
  CONFIRMATION_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Photo folders without a listing are removed once this old (an upload in progress is never touched). */
  UPLOAD_CLEANUP_GRACE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /**
   * Two-factor sign-in for admins: "required" sends an admin without it to set it up before any admin page, and
   * admin access is granted only to accounts that have it. Unset: required when PUBLIC_URL is https://, optional
   * otherwise (a localhost demo keeps its one-password admin).
   */
  ADMIN_TWO_FACTOR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["required", "optional"], { message: 'ADMIN_TWO_FACTOR must be "required" or "optional"' }).optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = ReturnType<typeof parseEnv>;

export function parseEnv(source: Record<string, string | undefined> = process.env) {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.STORAGE_DRIVER === "s3" && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid environment configuration:\n  - STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new Error(
      "Invalid environment configuration:\n  - SESSION_SECRET is required when running on an external DATABASE_URL in production",
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const adminTwoFactor = e.ADMIN_TWO_FACTOR ?? (publicUrl.startsWith("https://") ? "required" : "optional");
  return {
    ...e,
    PUBLIC_URL: publicUrl,
    ADMIN_TWO_FACTOR: adminTwoFactor,
    /** Why ADMIN_TWO_FACTOR has its value (the start-up banner says it). */
    adminTwoFactorSource: e.ADMIN_TWO_FACTOR ? ("setting" as const) : ("default" as const),
    SESSION_SECRET: e.SESSION_SECRET ?? "dev-only-secret-change-me-please-0123456789abcdef",
    STORAGE_DIR: e.STORAGE_DIR ?? `${e.DATA_DIR}/uploads`,
    googleEnabled: Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
