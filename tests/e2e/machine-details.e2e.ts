/**
 * Machines as data in the browser: a seller lists a machine with its make, model, year, hours,
 * serial and VAT on a phone, is told what a wrong year should be, and sees the details in the
 * preview; once approved, a visitor narrows the catalogue by make and year to find it, reads year
 * and hours on its card and the serial's last four characters on its page.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { jpeg } from "./support/images.ts";
import { clientFor, gotoReady, sessionPage } from "./support/personas.ts";

const origin = { Origin: BASE_URL };
const nextYear = new Date().getFullYear() + 1;

function specValue(page: Page, label: string) {
  return page.getByRole("table").getByRole("row", { name: new RegExp(`^${label}\\b`) }).getByRole("cell");
}

test("a seller lists a machine with its details on a phone; a visitor finds it by make and year", async ({ browser }) => {
  test.setTimeout(180_000);
  const model = `336-${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const seller = await sessionPage(browser, "otherSeller", { viewport: { width: 360, height: 800 } });
  await gotoReady(seller, "/seller/create");

  await seller.getByLabel("Description *").fill("One owner, full dealer service history, new undercarriage.");
  await seller.getByLabel("Category *").selectOption("excavators");
  await seller.getByLabel("Condition *").selectOption("used");
  // The make list follows the category: a welder maker is not offered for an excavator.
  const make = seller.getByLabel("Make", { exact: true });
  await expect(make.locator("option", { hasText: "Lincoln Electric" })).toHaveCount(0);
  await make.selectOption("Caterpillar");
  await seller.getByLabel("Model").fill(model);
  await seller.getByLabel("Year of manufacture").fill("1890");
  await seller.getByLabel("Hours on the meter").fill("7 450");
  await seller.getByLabel("Operating weight (kg)").fill("36 000");
  await seller.getByLabel("Power (kW)").fill("232");
  await seller.getByLabel("Serial number / PIN / VIN").fill("CAT00336XEBA01975");
  await seller.getByLabel("Attachments and extras").fill("Rock bucket\nQuick coupler");
  await seller.getByLabel("VAT").selectOption("exclusive");
  await seller.getByLabel("Price (R) *").fill("2 350 000");
  await seller.getByLabel("Location", { exact: true }).fill("Rustenburg, North West");
  await seller.getByLabel("Bargain").check();
  await seller.getByLabel(/Photos \*/).setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 230, g: 180, b: 20 }) },
  ]);
  await expect(seller.getByRole("list", { name: "Selected photos" }).getByRole("listitem")).toHaveCount(1);

  // A wrong year is named, with the years that are allowed.
  await seller.getByRole("button", { name: "Upload Machinery" }).click();
  await expect(seller.getByRole("alert").filter({ hasText: `Year must be between 1950 and ${nextYear}.` })).toBeVisible();

  // The title, left empty, comes from year, make and model.
  await seller.getByLabel("Year of manufacture").fill("2018");
  const title = `2018 Caterpillar ${model}`;
  await expect(seller.getByText(`Left empty, the title will be “${title}”.`)).toBeVisible();
  await seller.getByRole("button", { name: "Upload Machinery" }).click();
  await expect(seller).toHaveURL(/\/seller\/mandate\/[0-9a-f-]{36}/);
  const listingId = /\/seller\/mandate\/([0-9a-f-]{36})/.exec(seller.url())![1]!;

  // The preview shows every detail; the seller sees the whole serial, and the VAT on the price.
  await gotoReady(seller, `/listing/${listingId}`);
  await expect(seller.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(specValue(seller, "Make")).toHaveText("Caterpillar");
  await expect(specValue(seller, "Model")).toHaveText(model);
  await expect(specValue(seller, "Year")).toHaveText("2018");
  await expect(specValue(seller, "Hours")).toHaveText("7,450 hours");
  await expect(specValue(seller, "Serial number")).toHaveText("CAT00336XEBA01975");
  await expect(specValue(seller, "Operating weight")).toHaveText("36,000 kg");
  await expect(specValue(seller, "Attachments")).toHaveText("Rock bucket, Quick coupler");
  const breakdown = seller.getByLabel("Price breakdown");
  await expect(breakdown).toContainText("Listing price (excl. VAT)");
  await expect(breakdown).toContainText(/VAT \(15%\)\s*R\s352\s500/);
  await expect(breakdown).toContainText(/You pay\s*R\s2\s761\s250/);
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Signed and approved, it is public.
  const signed = await seller.request.post(`/seller/mandate/${listingId}`, {
    headers: origin,
    form: { intent: "sign", accept: "on" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  const admin = await clientFor("admin");
  expect((await admin.post("/admin?index", { headers: origin, form: { intent: "approve", listingId } })).status()).toBe(200);
  await admin.dispose();
  await seller.context().close();

  // A visitor on a phone narrows the catalogue by make and year.
  const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await gotoReady(visitor, "/equipment");
  await visitor.getByText("Filters", { exact: true }).click();
  const makeFilter = visitor.getByLabel("Make", { exact: true });
  // Each make offered says how many machines it has; the makes with none are not offered.
  await expect(makeFilter.locator("option", { hasText: /^Caterpillar \(\d+\)$/ })).toHaveCount(1);
  await expect(makeFilter.locator("option", { hasText: "Kobelco" })).toHaveCount(0);
  await makeFilter.selectOption({ value: "Caterpillar" });
  await visitor.getByLabel("Year from").fill("2018");
  await visitor.getByLabel("Year to").fill("2018");
  await visitor.getByRole("button", { name: "Search" }).click();
  await expect(visitor).toHaveURL(/make=Caterpillar/);
  await expect(visitor).toHaveURL(/yearFrom=2018/);
  const cards = visitor.getByRole("list", { name: "Listings" }).getByRole("article");
  await expect(cards.filter({ hasText: title })).toHaveCount(1);
  await expect(cards.filter({ hasText: title })).toContainText("2018 · 7,450 h · Rustenburg, North West");
  // Every card found is a Caterpillar from 2018, and the count says how many.
  const count = await cards.count();
  await expect(visitor.getByText(new RegExp(`^${count} machines?$`))).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toContain("2018 ·");
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Its page shows the visitor the serial's last four characters only.
  await gotoReady(visitor, `/listing/${listingId}`);
  await expect(specValue(visitor, "Serial number")).toHaveText("••••••••1975");
  await expect(visitor.getByText("CAT00336XEBA01975")).toHaveCount(0);
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({
    brand: { "@type": "Brand", name: "Caterpillar" },
    model,
    productionDate: "2018",
    additionalProperty: [{ "@type": "PropertyValue", name: "Hours", value: 7450, unitCode: "HUR" }],
  });
  await visitor.close();
});

test("without JavaScript the catalogue's machine filters and sorts still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/equipment?make=cat&sort=usage_asc");
  // "cat" is read as the make Caterpillar, and the form says so.
  await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Caterpillar");
  await expect(page.getByLabel("Sort by")).toHaveValue("usage_asc");
  const cards = page.getByRole("list", { name: "Listings" }).getByRole("article");
  const texts = await cards.allInnerTexts();
  expect(texts.length).toBeGreaterThan(1);
  const hours = texts.map((t) => Number(/· ([\d,]+) h ·/.exec(t)?.[1]?.replace(/,/g, "") ?? Number.NaN));
  const known = hours.filter((h) => !Number.isNaN(h));
  expect(known).toEqual([...known].sort((a, b) => a - b));
  await page.getByLabel("Year from").fill("2012");
  await page.getByLabel("VAT-registered sellers").check();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/yearFrom=2012/);
  await expect(page).toHaveURL(/vatRegistered=1/);
  await expect(page.getByLabel("VAT-registered sellers")).toBeChecked();
  await context.close();
});

test("the admin's edit form follows the category: its meter field and makes change, a chosen make stays", async ({ browser }) => {
  const admin = await sessionPage(browser, "admin", { viewport: { width: 360, height: 800 } });
  await gotoReady(admin, "/admin?status=all");
  const edit = admin.locator('a[href$="/edit"]').first();
  await gotoReady(admin, (await edit.getAttribute("href"))!);
  const category = admin.getByLabel("Category");
  await category.selectOption("excavators");
  await expect(admin.getByLabel("Hours on the meter")).toBeVisible();
  await admin.getByLabel("Make", { exact: true }).selectOption("Caterpillar");
  // A listed make: no typed-make field.
  await expect(admin.getByLabel("Make (typed)")).toHaveCount(0);
  await category.selectOption("dump_trucks");
  await expect(admin.getByLabel("Kilometres on the odometer")).toBeVisible();
  await expect(admin.getByLabel("Hours on the meter")).toHaveCount(0);
  await category.selectOption("welding_equipment");
  await expect(admin.getByLabel(/on the (meter|odometer)/)).toHaveCount(0);
  // Welders are not made by Caterpillar, but the make chosen is kept rather than silently dropped.
  await expect(admin.getByLabel("Make", { exact: true })).toHaveValue("Caterpillar");
  await admin.getByLabel("Make", { exact: true }).selectOption("other");
  await expect(admin.getByLabel("Make (typed)")).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await admin.context().close();
});
