/**
 * Demo data for a fresh database: the five demo accounts (an admin, two
 * sellers, two buyers) and 40 listings across every category with generated
 * photos — some urgent, some bargains, five pending review, one rejected.
 *
 * Photos go through the real upload pipeline (storeListingImages) and are
 * written first; every row is then inserted in one transaction. If anything
 * fails, the photo folders are removed again. Runs on an empty user table
 * (startRuntime, `npm run db:seed`); if a demo account exists it does nothing.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { storeListingImages, type StoredImage } from "#app/lib/images.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { mandateTermsText } from "#app/domain/mandate/mandate-terms.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import {
  account,
  adminAccess,
  buyers,
  listingImages,
  listings,
  mandateAgreements,
  profiles,
  sellers,
  user,
} from "./schema.ts";
import { CATEGORIES, type Category, type Condition } from "./vocabulary.ts";
import { DEMO_SPECS } from "./seed-specs.ts";

type DemoListing = { title: string; price: number; condition: Condition; description: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo listing's machine details as columns (every demo title has them). */
function demoSpecs(title: string) {
  const s = DEMO_SPECS[title];
  if (!s) throw new Error(`No machine details for the demo listing "${title}"`);
  return {
    make: s.make,
    model: s.model,
    year: s.year,
    usage: s.usage ?? null,
    serial: s.serial ?? null,
    weightKg: s.weightKg ?? null,
    powerKw: s.powerKw ?? null,
    attachments: s.attachments ?? [],
    vat: s.vat,
  };
}
export const DEMO_LISTING_DAYS = 90;

export const DEMO_CATALOG: Record<Category, DemoListing[]> = {
  excavators: [
    {
      title: "2019 CAT 320D Excavator",
      price: 1_450_000,
      condition: "used",
      description:
        "20-ton hydraulic excavator with 6 800 hours on the clock. Undercarriage replaced in 2023, full service history with Barloworld Equipment. Comes with a 1.0 m³ general purpose bucket and quick hitch.",
    },
    {
      title: "Komatsu PC200-8 Excavator",
      price: 1_150_000,
      condition: "used",
      description:
        "Reliable 20-ton excavator with air-conditioned cab and hammer piping. Engine and pumps recently checked, minor wear on the bucket teeth. Ready to work on your next civils contract.",
    },
    {
      title: "Volvo EC140DL Crawler Excavator",
      price: 890_000,
      condition: "refurbished",
      description:
        "14-ton excavator refurbished by our workshop: new seals, repainted boom and arm, fresh service. Supplied with a trenching bucket and a 900 mm cleaning bucket — ideal for plumbing and fibre contractors.",
    },
    {
      title: "JCB JS130 Tracked Excavator",
      price: 720_000,
      condition: "used",
      description:
        "Compact 13-ton machine with 9 200 hours. Hydraulic hammer lines fitted, tracks at about 60%. Starts first time, no leaks, viewing welcome at our yard.",
    },
    {
      title: "Hitachi ZX350LC-5 Excavator",
      price: 2_100_000,
      condition: "used",
      description:
        "35-ton mining-spec excavator with rock bucket, FOPS guarding and auto-lube. Came off a platinum mine contract, oil samples available on request.",
    },
  ],
  cranes: [
    {
      title: "Liebherr LTM 1060 Mobile Crane",
      price: 6_800_000,
      condition: "used",
      description:
        "60-ton all-terrain crane with 48 m telescopic boom and 19 m fly jib. Load test certificate valid until 2027, operator manuals and LMI in full working order.",
    },
    {
      title: "Tadano GR-500EX Rough Terrain Crane",
      price: 4_250_000,
      condition: "used",
      description:
        "50-ton rough terrain crane, low hours for its age, recently serviced with new wire rope. Four-wheel steer makes it easy to place on tight sites.",
    },
    {
      title: "Hiab 288 Truck-Mounted Crane on Isuzu FVZ",
      price: 980_000,
      condition: "used",
      description:
        "Loader crane on a 2016 Isuzu FVZ 1400 chassis with radio remote control and 10 m hydraulic reach. Roadworthy and licensed, ready for deliveries and site lifts.",
    },
    {
      title: "Potain Igo 32 Self-Erecting Tower Crane",
      price: 1_750_000,
      condition: "refurbished",
      description:
        "Self-erecting tower crane with 26 m jib, refurbished electrics and new slewing motor. Dismantled and ready for transport anywhere in Gauteng.",
    },
    {
      title: "Manitou MRT 2150 Rotating Telehandler",
      price: 2_950_000,
      condition: "new",
      description:
        "Brand new 5-ton rotating telehandler with 21 m lift height, winch and personnel basket. Full manufacturer warranty and first two services included.",
    },
  ],
  bulldozers: [
    {
      title: "CAT D6R Bulldozer",
      price: 2_350_000,
      condition: "used",
      description:
        "Semi-U blade with multi-shank ripper, 11 000 hours. Engine rebuilt in 2022 with receipts, new sprockets and idlers. Strong machine for road building and bulk earthworks.",
    },
    {
      title: "Komatsu D65EX-15 Dozer",
      price: 1_980_000,
      condition: "used",
      description:
        "Straight tilt blade, good tracks, used mainly for farm dam construction. Cab with AC, one owner since new.",
    },
    {
      title: "Shantui SD16 Bulldozer",
      price: 950_000,
      condition: "used",
      description:
        "160 hp dozer with only 3 800 hours, excellent value for road construction and landfill work. Spare parts readily available locally.",
    },
    {
      title: "CAT D8T Dozer",
      price: 4_900_000,
      condition: "refurbished",
      description:
        "Mining-spec D8T with single shank ripper and ROPS canopy. Powertrain overhauled at 20 000 hours by a certified dealer; six-month warranty on major components.",
    },
  ],
  loaders: [
    {
      title: "CAT 950H Wheel Loader",
      price: 1_650_000,
      condition: "used",
      description:
        "3.3 m³ bucket, ride control and 14 000 hours. Tyres at roughly 70%, transmission shifts smoothly. Suitable for quarry and aggregate yards.",
    },
    {
      title: "Bell L1806E Front-End Loader",
      price: 1_200_000,
      condition: "used",
      description:
        "South African built loader with on-board weighing system and 3.0 m³ bucket. Serviced every 250 hours at Bell Equipment, records available.",
    },
    {
      title: "JCB 3CX Backhoe Loader (TLB)",
      price: 685_000,
      condition: "used",
      description:
        "4x4 TLB with extendable dipper, four buckets and pallet forks. A reliable all-rounder for municipal and building work.",
    },
    {
      title: "Bobcat S650 Skid Steer Loader",
      price: 420_000,
      condition: "refurbished",
      description:
        "Skid steer with pallet forks and general purpose bucket, new tyres and hoses. Compact enough for landscaping and demolition inside buildings.",
    },
    {
      title: "Volvo L90F Wheel Loader",
      price: 1_100_000,
      condition: "used",
      description:
        "Quarry loader in good condition with central greasing and a reversing camera. 12 500 hours, no known defects.",
    },
  ],
  dump_trucks: [
    {
      title: "Bell B40D Articulated Dump Truck",
      price: 2_750_000,
      condition: "used",
      description:
        "40-ton ADT with 18 000 hours, new tyres all round and tailgate fitted. Gearbox serviced last year; a dependable hauler for open-pit work.",
    },
    {
      title: "Volvo A30E Articulated Hauler",
      price: 2_150_000,
      condition: "used",
      description:
        "30-ton articulated hauler from a well-maintained fleet. Full service book, bin liners in good condition.",
    },
    {
      title: "Mercedes-Benz Actros 3340 Tipper",
      price: 1_350_000,
      condition: "used",
      description:
        "10-cube tipper, 2018 model with 410 000 km. Roadworthy certificate, new clutch and recent tyres. Ideal for sand and stone deliveries.",
    },
    {
      title: "CAT 773E Rigid Dump Truck",
      price: 3_900_000,
      condition: "refurbished",
      description:
        "55-ton rigid hauler from a Limpopo mine with rebuilt gearbox and final drives. Body relined in Hardox; available for inspection in Polokwane.",
    },
  ],
  generators: [
    {
      title: "Cummins C500 D5 500 kVA Diesel Generator",
      price: 780_000,
      condition: "used",
      description:
        "Silent canopy genset with 2 100 hours and an automatic transfer switch. Perfect standby power for load shedding at factories and shopping centres.",
    },
    {
      title: "Perkins 100 kVA Trailer Generator",
      price: 195_000,
      condition: "used",
      description:
        "Trailer-mounted 100 kVA set with distribution board. Tows behind a bakkie to any construction site.",
    },
    {
      title: "Atlas Copco QAS 250 Mobile Generator",
      price: 520_000,
      condition: "refurbished",
      description:
        "250 kVA mobile generator with fuel tank for 24 hours run time, new alternator bearings and load bank tested at full rated power.",
    },
    {
      title: "Caterpillar C18 750 kVA Containerised Genset",
      price: 1_450_000,
      condition: "used",
      description:
        "Prime power genset in a 20 ft container with bunded fuel tank, low hours, synchronising panel included.",
    },
    {
      title: "Honda EU70is 7 kVA Inverter Generator",
      price: 65_000,
      condition: "new",
      description:
        "Brand new 7 kVA portable inverter generator, still in the box. Quiet enough for events and home backup.",
    },
  ],
  compressors: [
    {
      title: "Atlas Copco XAS 185 Compressor",
      price: 245_000,
      condition: "used",
      description:
        "Portable diesel compressor delivering 185 cfm, supplied with two 15 m hoses. Serviced and ready for jackhammer work.",
    },
    {
      title: "Ingersoll Rand P185 Towable Compressor",
      price: 210_000,
      condition: "used",
      description: "Towable compressor with Kubota engine, 3 400 hours, new air filter and separator element.",
    },
    {
      title: "Kaeser M100 Mobile Compressor",
      price: 320_000,
      condition: "refurbished",
      description:
        "10 m³/min compressor with integrated 8.5 kVA generator option. Refurbished screw element, repainted canopy.",
    },
    {
      title: "Doosan 7/41 Portable Air Compressor",
      price: 275_000,
      condition: "new",
      description: "New road-towable compressor with full warranty. Low fuel consumption and easy service access.",
    },
  ],
  welding_equipment: [
    {
      title: "Lincoln Vantage 500 Welder Generator",
      price: 185_000,
      condition: "used",
      description:
        "Engine-driven welder with 500 A output, suitable for pipeline and structural work. Leads and clamps included.",
    },
    {
      title: "Miller Big Blue 400 Pro Welder",
      price: 165_000,
      condition: "used",
      description:
        "Diesel welder generator, 400 A, low hours. Runs stick and TIG; auxiliary power for grinders on site.",
    },
    {
      title: "ESAB Warrior 500i MIG Welder",
      price: 85_000,
      condition: "new",
      description: "Industrial MIG/MMA inverter welder, brand new with wire feeder and gas regulator.",
    },
    {
      title: "Hypertherm Powermax 85 Plasma Cutter",
      price: 72_000,
      condition: "used",
      description: "Plasma cutter with hand torch, 7.6 m lead and a box of consumables. Cuts 25 mm mild steel cleanly.",
    },
  ],
  other: [
    {
      title: "Dynapac CA250D Smooth Drum Roller",
      price: 690_000,
      condition: "used",
      description: "10-ton vibratory roller for road building and layer works. Drum in good shape, 6 100 hours.",
    },
    {
      title: "CAT 140K Motor Grader",
      price: 2_600_000,
      condition: "used",
      description:
        "Motor grader with rear ripper and 9 000 hours, maintained by a municipal workshop. Moldboard and cutting edges in good order.",
    },
    {
      title: "Toyota 3-Ton Diesel Forklift",
      price: 185_000,
      condition: "refurbished",
      description:
        "Forklift with side shift and solid tyres, refurbished mast chains and new seat. Warehouse use only.",
    },
    {
      title: "Wacker Neuson DPU6555 Plate Compactor",
      price: 128_000,
      condition: "new",
      description:
        "Brand new reversible diesel plate compactor, 500 kg class. Remote-ready with compaction meter, ideal for trenches and paving.",
    },
  ],
};

const COLOURS: Record<Category, string> = {
  excavators: "#d97706",
  cranes: "#2563eb",
  bulldozers: "#b45309",
  loaders: "#059669",
  dump_trucks: "#7c3aed",
  generators: "#dc2626",
  compressors: "#0891b2",
  welding_equipment: "#4b5563",
  other: "#65a30d",
};

const LOCATIONS = [
  "Johannesburg, Gauteng",
  "Durban, KwaZulu-Natal",
  "Cape Town, Western Cape",
  "Pretoria, Gauteng",
  "Rustenburg, North West",
  "Polokwane, Limpopo",
  "Gqeberha, Eastern Cape",
  "Mbombela, Mpumalanga",
  "Bloemfontein, Free State",
  "Kimberley, Northern Cape",
  "Witbank (eMalahleni), Mpumalanga",
  "Richards Bay, KwaZulu-Natal",
];

/** South African mobile numbers, in the demo accounts' order. */
const PHONES = ["+27 82 410 2231", "+27 83 557 8810", "+27 71 902 3344", "+27 72 118 4409", "+27 84 303 7765"];

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const categoryLabel = (category: Category) => category.replace(/_/g, " ").toUpperCase();

/** A simple machine shape per category, drawn in the 1200x900 frame above the ground line (y=640). */
const MACHINE: Record<Category, string> = {
  excavators: `<rect x="240" y="560" width="520" height="80" rx="40" fill="#111827"/>
    <rect x="280" y="420" width="400" height="140" rx="16" fill="#facc15"/>
    <rect x="300" y="330" width="160" height="110" rx="10" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <path d="M640 460 L860 260 L980 380" stroke="#facc15" stroke-width="46" fill="none" stroke-linejoin="round"/>
    <path d="M950 360 L1040 470 L940 500 Z" fill="#374151"/>`,
  cranes: `<rect x="200" y="500" width="620" height="110" rx="14" fill="#facc15"/>
    <rect x="640" y="420" width="170" height="100" rx="10" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <path d="M330 500 L980 120" stroke="#f59e0b" stroke-width="40" stroke-linecap="round"/>
    <path d="M980 120 L980 420" stroke="#111827" stroke-width="6"/>
    <path d="M960 420 h40 v30 a20 20 0 0 1 -40 0 Z" fill="#111827"/>
    <circle cx="300" cy="620" r="38" fill="#111827"/><circle cx="460" cy="620" r="38" fill="#111827"/><circle cx="720" cy="620" r="38" fill="#111827"/>`,
  bulldozers: `<rect x="300" y="560" width="520" height="80" rx="40" fill="#111827"/>
    <rect x="330" y="420" width="440" height="140" rx="12" fill="#facc15"/>
    <rect x="520" y="320" width="200" height="110" rx="10" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <path d="M220 380 L260 380 L280 640 L200 640 Z" fill="#374151"/>
    <path d="M260 520 L330 500" stroke="#374151" stroke-width="22"/>`,
  loaders: `<rect x="360" y="440" width="440" height="130" rx="14" fill="#facc15"/>
    <rect x="560" y="320" width="190" height="130" rx="10" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <path d="M380 480 L240 520" stroke="#f59e0b" stroke-width="34"/>
    <path d="M150 470 L270 470 L270 600 L170 600 Z" fill="#374151"/>
    <circle cx="440" cy="590" r="56" fill="#111827"/><circle cx="720" cy="590" r="56" fill="#111827"/>`,
  dump_trucks: `<path d="M260 300 L740 300 L800 470 L300 470 Z" fill="#facc15"/>
    <rect x="780" y="360" width="170" height="150" rx="12" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <rect x="260" y="470" width="700" height="60" fill="#374151"/>
    <circle cx="360" cy="590" r="58" fill="#111827"/><circle cx="520" cy="590" r="58" fill="#111827"/><circle cx="860" cy="590" r="58" fill="#111827"/>`,
  generators: `<rect x="250" y="330" width="700" height="280" rx="18" fill="#e5e7eb" stroke="#1f2937" stroke-width="8"/>
    <g stroke="#6b7280" stroke-width="10">${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="300" y1="${380 + i * 36}" x2="520" y2="${380 + i * 36}"/>`).join("")}</g>
    <path d="M740 360 L660 480 L720 480 L680 580 L800 440 L735 440 L780 360 Z" fill="#facc15"/>`,
  compressors: `<rect x="300" y="380" width="560" height="200" rx="100" fill="#facc15"/>
    <rect x="380" y="330" width="140" height="60" rx="8" fill="#374151"/>
    <path d="M300 500 L140 560" stroke="#374151" stroke-width="18"/>
    <circle cx="580" cy="600" r="52" fill="#111827"/>`,
  welding_equipment: `<rect x="330" y="360" width="420" height="250" rx="16" fill="#facc15"/>
    <circle cx="430" cy="450" r="34" fill="#1f2937"/><circle cx="540" cy="450" r="34" fill="#1f2937"/>
    <rect x="400" y="520" width="280" height="40" rx="8" fill="#374151"/>
    <path d="M750 520 C 860 520 860 380 960 380" stroke="#111827" stroke-width="14" fill="none"/>
    <g stroke="#fde047" stroke-width="8">${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="970" y1="370" x2="${970 + 60 * Math.cos(i)}" y2="${370 - 60 * Math.sin(i)}"/>`).join("")}</g>`,
  other: `<rect x="380" y="400" width="400" height="150" rx="14" fill="#facc15"/>
    <rect x="560" y="300" width="180" height="110" rx="10" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
    <rect x="160" y="460" width="240" height="170" rx="85" fill="#6b7280" stroke="#111827" stroke-width="10"/>
    <circle cx="700" cy="580" r="56" fill="#111827"/>`,
};

/** A 1200x900 SVG: category colour, the machine's shape, the category and (optionally) the title. */
export function demoIllustration(
  category: Category,
  options: { title?: string; caption?: string; tint?: number } = {},
) {
  const colour = COLOURS[category];
  const text = options.title ?? categoryLabel(category);
  const fontSize = Math.min(64, Math.floor(1100 / (text.length * 0.6)));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <rect width="1200" height="900" fill="${colour}"/>
  <rect width="1200" height="900" fill="#ffffff" opacity="${(options.tint ?? 0) * 0.18}"/>
  <circle cx="1040" cy="150" r="80" fill="#fef3c7" opacity="0.85"/>
  <rect y="640" width="1200" height="260" fill="#3f3f46"/>
  ${MACHINE[category]}
  <rect x="40" y="40" rx="12" width="${categoryLabel(category).length * 25 + 40}" height="60" fill="#111827" opacity="0.75"/>
  <text x="60" y="82" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="bold" fill="#ffffff">${escapeXml(categoryLabel(category))}</text>
  <text x="600" y="770" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(text)}</text>
  ${options.caption ? `<text x="600" y="840" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" text-anchor="middle" fill="#e5e7eb">${escapeXml(options.caption)}</text>` : ""}
</svg>`);
}

const renderPng = (svg: Buffer) => sharp(svg).png({ compressionLevel: 1 }).toBuffer();

/** Runs `task` over `items` with at most `limit` at once; on failure waits for the running ones, then rethrows. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

export type SeedSummary = { seeded: boolean; users: number; listings: number; images: number; ms: number };

export async function seedDemo(runtime: Pick<Runtime, "db" | "storage">): Promise<SeedSummary> {
  const started = Date.now();
  const { db, storage } = runtime;

  const emails = DEMO_ACCOUNTS.users.map((u) => u.email);
  const existing = await db.select({ email: user.email }).from(user).where(inArray(user.email, emails));
  if (existing.length > 0) {
    logger.info({ existing: existing.map((e) => e.email) }, "demo accounts already exist: nothing seeded");
    return { seeded: false, users: 0, listings: 0, images: 0, ms: Date.now() - started };
  }

  // ---- plan every row (ids chosen here, so photos can be written first)
  const now = new Date();
  const people = DEMO_ACCOUNTS.users.map((demo, i) => ({
    ...demo,
    id: randomUUID(),
    phone: PHONES[i]!,
    index: i,
  }));
  const sellerRows = people
    .filter((p) => p.role === "seller")
    .map((p, i) => ({
      id: randomUUID(),
      userId: p.id,
      fullName: p.fullName,
      phoneNumber: p.phone,
      // The first seller is a verified plant-hire company selling its own fleet; the second a private agent.
      sellerType: i === 0 ? ("company" as const) : ("private" as const),
      sellerRole: i === 0 ? ("direct" as const) : ("agent" as const),
      verificationStatus: i === 0 ? ("verified" as const) : ("unverified" as const),
      companyName: i === 0 ? "Van der Merwe Plant Hire (Pty) Ltd" : null,
    }));

  // 40 listings: 5 pending review (recent), 1 rejected, 34 approved; every one urgent, a bargain or both.
  const PENDING = new Set([3, 10, 19, 26, 35]);
  const REJECTED = 14;
  const catalog = CATEGORIES.flatMap((category) => DEMO_CATALOG[category].map((item) => ({ category, ...item })));
  const planned = catalog.map((item, n) => {
    const adminStatus = PENDING.has(n) ? "pending" : n === REJECTED ? "rejected" : "approved";
    const daysAgo = adminStatus === "pending" ? 1 + (n % 6) : (n * 37) % 60;
    const createdOn = new Date(now.getTime() - daysAgo * DAY_MS - ((n * 7) % 24) * 3_600_000 - n * 60_000);
    const isUrgent = n % 3 === 0;
    return {
      id: randomUUID(),
      sellerId: sellerRows[n % sellerRows.length]!.id,
      title: item.title,
      description: item.description,
      price: String(item.price),
      category: item.category,
      condition: item.condition,
      location: LOCATIONS[(n * 5) % LOCATIONS.length]!,
      isUrgent,
      isBargain: !isUrgent || n % 6 === 0,
      ...demoSpecs(item.title),
      status: adminStatus === "approved" ? ("approved" as const) : ("pending" as const),
      adminStatus: adminStatus as "pending" | "approved" | "rejected",
      createdOn,
      expiresOn: new Date(createdOn.getTime() + DEMO_LISTING_DAYS * DAY_MS),
      updatedAt: createdOn,
      photoCount: 1 + ((n * 2) % 3),
    };
  });

  // ---- photos: a per-listing cover with its title, plus two per-category views rendered once
  const extraViews = new Map<Category, Buffer[]>();
  await Promise.all(
    CATEGORIES.map(async (category) => {
      extraViews.set(category, [
        await renderPng(demoIllustration(category, { caption: "Side view", tint: 1 })),
        await renderPng(demoIllustration(category, { caption: "On site", tint: 2 })),
      ]);
    }),
  );

  const images: (StoredImage & { listingId: string })[] = [];
  const written: string[] = [];
  const removePhotos = () =>
    Promise.allSettled(written.map((listingId) => storage.deletePrefix(`public/listings/${listingId}`)));
  try {
    await eachLimited(planned, 3, async (listing) => {
      const cover = await renderPng(
        demoIllustration(listing.category, { title: listing.title, caption: `${listing.location}` }),
      );
      const photos = [cover, ...extraViews.get(listing.category)!].slice(0, listing.photoCount);
      written.push(listing.id);
      const stored = await storeListingImages({ storage, listingId: listing.id, images: photos });
      images.push(...stored.map((s) => ({ ...s, listingId: listing.id })));
    });

    const passwordHash = await hashPassword(DEMO_ACCOUNTS.password);
    const admin = people.find((p) => p.role === "admin");

    await db.transaction(async (tx) => {
      await tx.insert(user).values(
        people.map((p) => ({
          id: p.id,
          name: p.fullName,
          email: p.email,
          emailVerified: true,
        })),
      );
      await tx.insert(account).values(
        people.map((p) => ({
          id: randomUUID(),
          accountId: p.id,
          providerId: "credential",
          userId: p.id,
          password: passwordHash,
        })),
      );
      await tx.insert(profiles).values(
        people.map((p) => {
          const seller = sellerRows.find((s) => s.userId === p.id);
          return {
            userId: p.id,
            role: p.role,
            fullName: p.fullName,
            email: p.email,
            phoneNumber: p.phone,
            companyName: seller?.companyName ?? (p.index === 3 ? "Dlamini Civils (Pty) Ltd" : null),
            website: seller?.companyName ? "https://vdmplanthire.co.za" : null,
            sellerType: seller?.sellerType ?? null,
            sellerRole: seller?.sellerRole ?? null,
          };
        }),
      );
      await tx.insert(sellers).values(sellerRows.map(({ companyName: _, ...row }) => row));
      await tx.insert(buyers).values(
        people
          .filter((p) => p.role === "buyer")
          .map((p) => ({
            userId: p.id,
            phoneNumber: p.phone,
            commissionAccepted: true,
            companyName: p.index === 3 ? "Dlamini Civils (Pty) Ltd" : null,
          })),
      );
      if (admin) {
        await tx.insert(adminAccess).values({ userId: admin.id, notes: "Demo administrator", isActive: true });
      }
      await tx.insert(listings).values(planned.map(({ photoCount: _, ...row }) => row));
      await tx.insert(listingImages).values(images);
      // Every demo listing was submitted with its exclusive sales mandate signed (by checkbox, at creation),
      // so the pending ones can be approved.
      await tx.insert(mandateAgreements).values(
        planned.map((listing) => {
          const seller = sellerRows.find((s) => s.id === listing.sellerId)!;
          const email = people.find((p) => p.id === seller.userId)!.email;
          const sellerName = seller.fullName ?? email;
          return {
            listingId: listing.id,
            userId: seller.userId,
            listingTitle: listing.title,
            termsText: mandateTermsText({
              listingTitle: listing.title,
              listingId: listing.id,
              sellerName,
              sellerEmail: email,
              signedAt: listing.createdOn,
              ipAddress: "127.0.0.1",
            }),
            signatureMethod: "checkbox" as const,
            status: "signed" as const,
            ipAddress: "127.0.0.1",
            userEmail: email,
            signedAt: listing.createdOn,
            createdAt: listing.createdOn,
          };
        }),
      );
    });
  } catch (error) {
    await removePhotos();
    throw error;
  }

  const summary: SeedSummary = {
    seeded: true,
    users: people.length,
    listings: planned.length,
    images: images.length,
    ms: Date.now() - started,
  };
  logger.info(
    summary,
    `demo data seeded: ${summary.users} users, ${summary.listings} listings, ${summary.images} photos in ${summary.ms} ms`,
  );
  return summary;
}
