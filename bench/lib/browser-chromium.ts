/** The Debian Chromium and the flags the e2e suite uses (kept in one place: playwright.config.ts). */
import playwrightConfig from "../../playwright.config.ts";

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS: string[] = playwrightConfig.use?.launchOptions?.args ?? [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
