/**
 * Demo data for a fresh database: an admin, two sellers, two buyers and ~40
 * listings across every category with generated photos (some urgent, some
 * bargain, some pending, one rejected). Runs once, when the user table is empty.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import sharp from "sharp";
import { logger } from "#app/lib/logger.server.ts";
import { processListingImage, writeVariants, type Variant } from "#app/lib/images.server.ts";
import type { Runtime } from "#app/lib/runtime.server.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import {
  account,
  adminAccess,
  buyers,
  type CATEGORIES,
  listingImages,
  listings,
  profiles,
  sellers,
  user,
} from "./schema.ts";

type Category = (typeof CATEGORIES)[number];

const CATALOG: Record<Category, { title: string; price: number; description: string }[]> = {
  excavators: [
    { title: "2019 CAT 320D Excavator", price: 1_450_000, description: "20-ton hydraulic excavator, 6 800 hours, new undercarriage in 2023, full service history with Barloworld." },
    { title: "Komatsu PC200-8 Excavator", price: 1_150_000, description: "Reliable 20-ton excavator with 1.0 m³ bucket, air-conditioned cab, ready to work." },
    { title: "Volvo EC140 Crawler Excavator", price: 890_000, description: "14-ton excavator with quick hitch and two buckets. Ideal for civil and plumbing contractors." },
    { title: "JCB JS130 Excavator", price: 720_000, description: "Compact 13-ton machine, hydraulic hammer piping fitted, 9 200 hours." },
    { title: "Hitachi ZX350 Excavator", price: 2_100_000, description: "35-ton mining spec excavator with rock bucket and guarding." },
  ],
  cranes: [
    { title: "Liebherr LTM 1060 Mobile Crane", price: 6_800_000, description: "60-ton all-terrain crane, 48 m boom, load certificate valid until 2027." },
    { title: "Tadano GR-500EX Rough Terrain Crane", price: 4_250_000, description: "50-ton rough terrain crane, low hours, recently serviced." },
    { title: "Hiab 288 Truck-Mounted Crane", price: 980_000, description: "Loader crane on Isuzu FVZ chassis, remote control, 10 m reach." },
    { title: "Potain Tower Crane MC 85", price: 1_750_000, description: "Self-erecting tower crane, 40 m jib, dismantled and ready for transport." },
  ],
  bulldozers: [
    { title: "CAT D6R Bulldozer", price: 2_350_000, description: "Semi-U blade with ripper, 11 000 hours, engine rebuilt 2022." },
    { title: "Komatsu D65EX Dozer", price: 1_980_000, description: "Straight tilt blade, good tracks, used on farm dams only." },
    { title: "Shantui SD16 Bulldozer", price: 950_000, description: "160 hp dozer, 3 800 hours, excellent for road construction." },
    { title: "CAT D8T Dozer", price: 4_900_000, description: "Mining spec D8T with single shank ripper and canopy." },
  ],
  loaders: [
    { title: "CAT 950H Wheel Loader", price: 1_650_000, description: "3.3 m³ bucket, ride control, 14 000 hours, tyres at 70%." },
    { title: "Bell L1806E Front-End Loader", price: 1_200_000, description: "South African built loader, weighing system fitted." },
    { title: "JCB 3CX Backhoe Loader", price: 685_000, description: "4x4 TLB with extendable dipper and four buckets." },
    { title: "Bobcat S650 Skid Steer", price: 420_000, description: "Skid steer with pallet forks and general purpose bucket." },
    { title: "Volvo L90F Wheel Loader", price: 1_100_000, description: "Quarry loader in good condition, central greasing." },
  ],
  dump_trucks: [
    { title: "Bell B40D Articulated Dump Truck", price: 2_750_000, description: "40-ton ADT, 18 000 hours, new tyres, tailgate fitted." },
    { title: "Volvo A30E ADT", price: 2_150_000, description: "30-ton articulated hauler, well maintained fleet unit." },
    { title: "Mercedes-Benz Actros 3340 Tipper", price: 1_350_000, description: "10-cube tipper, 2018 model, roadworthy certificate." },
    { title: "CAT 773E Rigid Dump Truck", price: 3_900_000, description: "55-ton rigid hauler from a Limpopo mine, rebuilt gearbox." },
  ],
  generators: [
    { title: "Cummins 500 kVA Diesel Generator", price: 780_000, description: "Silent canopy, 2 100 hours, auto transfer switch included." },
    { title: "Perkins 100 kVA Generator", price: 195_000, description: "Trailer-mounted, ideal for load shedding backup on site." },
    { title: "Atlas Copco QAS 250 Generator", price: 520_000, description: "250 kVA mobile generator, fuel tank for 24 hours run time." },
    { title: "Caterpillar C18 750 kVA Genset", price: 1_450_000, description: "Prime power genset, containerised, low hours." },
    { title: "Honda EU70is Inverter Generator", price: 65_000, description: "7 kVA portable inverter generator, brand new in box." },
  ],
  compressors: [
    { title: "Atlas Copco XAS 185 Compressor", price: 245_000, description: "Portable diesel compressor, 185 cfm, with hoses." },
    { title: "Ingersoll Rand P185 Compressor", price: 210_000, description: "Towable compressor, serviced, ready for jackhammer work." },
    { title: "Kaeser M100 Mobile Compressor", price: 320_000, description: "10 m³/min compressor with generator option." },
    { title: "Doosan 7/41 Air Compressor", price: 275_000, description: "Road-towable compressor with low operating hours." },
  ],
  welding_equipment: [
    { title: "Lincoln Vantage 500 Welder Generator", price: 185_000, description: "Engine-driven welder, 500 A, suitable for pipeline work." },
    { title: "Miller Big Blue 400 Pro", price: 165_000, description: "Diesel welder generator, 400 A, low hours." },
    { title: "ESAB Warrior 500i MIG Welder", price: 85_000, description: "Industrial MIG/MMA inverter, brand new." },
    { title: "Hypertherm Powermax 85 Plasma Cutter", price: 72_000, description: "Plasma cutter with hand torch and consumables." },
  ],
  other: [
    { title: "Dynapac CA250 Smooth Drum Roller", price: 690_000, description: "10-ton vibratory roller for road building." },
    { title: "CAT 140K Motor Grader", price: 2_600_000, description: "Grader with ripper, 9 000 hours, municipal maintained." },
    { title: "Toyota 3-Ton Diesel Forklift", price: 185_000, description: "Forklift with side shift, solid tyres, warehouse use." },
    { title: "Wacker Neuson Plate Compactor", price: 28_000, description: "Reversible plate compactor, petrol engine." },
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
  "Pretoria, Gauteng",
  "Durban, KwaZulu-Natal",
  "Cape Town, Western Cape",
  "Rustenburg, North West",
  "Polokwane, Limpopo",
  "Gqeberha, Eastern Cape",
  "Mbombela, Mpumalanga",
];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function illustration(category: Category, label: string, shade: number) {
  const colour = COLOURS[category];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <rect width="1200" height="900" fill="${colour}" opacity="${0.75 + shade * 0.1}"/>
  <rect y="640" width="1200" height="260" fill="#3f3f46"/>
  <rect x="260" y="430" width="460" height="190" rx="18" fill="#facc15"/>
  <rect x="520" y="330" width="190" height="130" rx="12" fill="#fde68a" stroke="#1f2937" stroke-width="8"/>
  <path d="M720 440 L900 270 L980 330 L860 470" stroke="#facc15" stroke-width="48" fill="none" stroke-linejoin="round"/>
  <rect x="220" y="610" width="540" height="70" rx="35" fill="#111827"/>
  <circle cx="290" cy="645" r="26" fill="#6b7280"/><circle cx="690" cy="645" r="26" fill="#6b7280"/>
  <text x="600" y="790" font-family="Arial, sans-serif" font-size="54" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(label)}</text>
</svg>`);
}

export async function seedDemo(runtime: Pick<Runtime, "db" | "storage">) {
  const started = Date.now();
  const { db, storage } = runtime;
  const passwordHash = await hashPassword(DEMO_ACCOUNTS.password);

  // Photos: one processed set per category and shade, copied under each listing's folder.
  const categories = Object.keys(CATALOG) as Category[];
  const processed = new Map<string, Record<Variant, Buffer>>();
  for (const category of categories) {
    for (const shade of [0, 1]) {
      const png = await sharp(illustration(category, category.replace(/_/g, " ").toUpperCase(), shade)).png().toBuffer();
      processed.set(`${category}:${shade}`, (await processListingImage(png)).variants);
    }
  }

  const phones = ["082 410 2231", "083 557 8810", "071 902 3344", "072 118 4409", "084 303 7765"];
  const ids = new Map<string, string>();
  const sellerIds: string[] = [];
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const plannedImages: { listingId: string; key: string; position: number }[] = [];

  await db.transaction(async (tx) => {
    for (const [i, demo] of DEMO_ACCOUNTS.users.entries()) {
      const id = randomUUID();
      ids.set(demo.email, id);
      await tx.insert(user).values({
        id,
        name: demo.fullName,
        email: demo.email,
        emailVerified: true,
        role: demo.role === "admin" ? "admin" : "user",
      });
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
      await tx.insert(profiles).values({
        userId: id,
        role: demo.role,
        fullName: demo.fullName,
        email: demo.email,
        phoneNumber: phones[i],
        companyName: demo.role === "buyer" ? (i === 3 ? "Dlamini Civils (Pty) Ltd" : null) : i === 1 ? "Van der Merwe Plant Hire" : null,
        sellerType: demo.role === "seller" ? (i === 1 ? "company" : "private") : null,
        sellerRole: demo.role === "seller" ? (i === 1 ? "direct" : "agent") : null,
      });
      if (demo.role === "admin") {
        await tx.insert(adminAccess).values({ userId: id, notes: "Demo administrator" });
      }
      if (demo.role === "seller") {
        const [s] = await tx
          .insert(sellers)
          .values({
            userId: id,
            fullName: demo.fullName,
            phoneNumber: phones[i],
            sellerType: i === 1 ? "company" : "private",
            sellerRole: i === 1 ? "direct" : "agent",
            isVerified: i === 1,
          })
          .returning({ id: sellers.id });
        sellerIds.push(s!.id);
      }
      if (demo.role === "buyer") {
        await tx.insert(buyers).values({
          userId: id,
          phoneNumber: phones[i],
          commissionAccepted: true,
          companyName: i === 3 ? "Dlamini Civils (Pty) Ltd" : null,
        });
      }
    }

    let n = 0;
    for (const category of categories) {
      for (const item of CATALOG[category]) {
        const createdOn = new Date(now - ((n * 37) % 60) * day - n * 3_600_000);
        // ~34 approved, 5 pending, 1 rejected.
        const state = n % 8 === 7 ? "pending" : n === 12 ? "rejected" : "approved";
        const isUrgent = n % 3 === 0;
        const isBargain = !isUrgent || n % 6 === 0;
        const [row] = await tx
          .insert(listings)
          .values({
            sellerId: sellerIds[n % sellerIds.length]!,
            title: item.title,
            description: item.description,
            price: String(item.price),
            category,
            condition: n % 5 === 0 ? "new" : n % 5 === 3 ? "refurbished" : "used",
            location: LOCATIONS[n % LOCATIONS.length]!,
            isUrgent,
            isBargain,
            status: state === "approved" ? "approved" : "pending",
            adminStatus: state,
            createdOn,
            expiresOn: new Date(createdOn.getTime() + 90 * day),
          })
          .returning({ id: listings.id });
        const photos = 1 + (n % 3);
        for (let p = 0; p < photos; p++) plannedImages.push({ listingId: row!.id, key: `${category}:${p % 2}`, position: p });
        n++;
      }
    }

    for (const img of plannedImages) {
      const storageKey = await writeVariants({ storage, listingId: img.listingId, variants: processed.get(img.key)! });
      await tx.insert(listingImages).values({ listingId: img.listingId, position: img.position, storageKey, width: 1200, height: 900 });
    }
  });

  logger.info(
    { users: DEMO_ACCOUNTS.users.length, listings: new Set(plannedImages.map((i) => i.listingId)).size, ms: Date.now() - started },
    "demo data seeded",
  );
}
