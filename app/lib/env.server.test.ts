import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("environment", () => {
  it("runs offline on embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.STORAGE_DIR).toBe("./data/uploads");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.googleEnabled).toBe(false);
    expect(env.GOOGLE_ISSUER).toBe("https://accounts.google.com");
  });

  it("treats empty strings as unset and trims a trailing slash from PUBLIC_URL", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: "", PUBLIC_URL: "https://machinery.co.za/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("https://machinery.co.za");
  });

  it("fails fast with every problem named", () => {
    const run = () => parseEnv({ DATABASE_URL: "mysql://x", PORT: "abc", SESSION_SECRET: "short" });
    expect(run).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(run).toThrow(/PORT must be a number between 1 and 65535/);
    expect(run).toThrow(/SESSION_SECRET must be at least 32 characters/);
  });

  it("needs bucket and keys for S3 storage, and a secret for production on PostgreSQL", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" })).toThrow(/SESSION_SECRET is required/);
  });

  it("turns Google on only with both client id and secret", () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id" }).googleEnabled).toBe(false);
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).googleEnabled).toBe(true);
  });
});
