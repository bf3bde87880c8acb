import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * At each width (360 and 1280 unless given), 800 high: no sideways scroll, and the part looked at fits the
 * page; a full-page screenshot per width into `shotsDir` when set. The viewport is put back afterwards.
 */
export async function expectFits(
  page: Page,
  name: string,
  part: Locator,
  options: { widths?: number[]; shotsDir?: string } = {},
) {
  const before = page.viewportSize();
  for (const width of options.widths ?? [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
    const box = await part.boundingBox();
    expect(box, `${name} at ${width}`).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    if (options.shotsDir) {
      mkdirSync(options.shotsDir, { recursive: true });
      await page.screenshot({ path: `${options.shotsDir}/${name}-${width}.png`, fullPage: true });
    }
  }
  if (before) await page.setViewportSize(before);
}
