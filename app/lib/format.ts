/** One formatter for money and dates (spec §9). */
const zar = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", maximumFractionDigits: 0 });

export function formatPrice(amount: number) {
  return zar.format(amount);
}

export function formatShortDate(value: Date | string) {
  return new Date(value).toLocaleDateString("en-ZA");
}

export function formatAdminDate(value: Date | string) {
  return new Date(value).toLocaleString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

const CATEGORY_LABELS: Record<string, string> = {
  excavators: "Excavators",
  cranes: "Cranes",
  bulldozers: "Bulldozers",
  loaders: "Loaders",
  dump_trucks: "Dump Trucks",
  generators: "Generators",
  compressors: "Compressors",
  welding_equipment: "Welding Equipment",
  other: "Other",
};

export function categoryLabel(category: string | null | undefined) {
  return (category && CATEGORY_LABELS[category]) || "Uncategorized";
}
