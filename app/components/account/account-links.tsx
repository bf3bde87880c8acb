import { ChevronRight, Download, KeyRound, Search, ShieldCheck, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { VERIFICATION_STATUS_LABELS, type VerificationStatus } from "#db/vocabulary.ts";

type LinkRow = {
  to: string;
  label: string;
  status?: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
};

/** The other account pages, each with where it stands. */
export function AccountLinks({
  twoFactorEnabled,
  verificationStatus,
  isBuyer,
}: {
  twoFactorEnabled: boolean;
  /** A seller's identity check; null for other accounts. */
  verificationStatus: VerificationStatus | null;
  isBuyer: boolean;
}) {
  const rows: LinkRow[] = [
    {
      to: "/account/two-factor",
      label: "Two-factor authentication",
      status: twoFactorEnabled ? "On" : "Off",
      icon: KeyRound,
    },
    ...(verificationStatus
      ? [
          {
            to: "/account/verification",
            label: "Seller verification",
            status: VERIFICATION_STATUS_LABELS[verificationStatus],
            icon: ShieldCheck,
          },
        ]
      : []),
    ...(isBuyer ? [{ to: "/saved-searches", label: "Saved searches and alerts", icon: Search }] : []),
    { to: "/account/data", label: "Download my data", icon: Download },
    { to: "/account/delete", label: "Delete my account", icon: Trash2 },
  ];
  return (
    <ul className="divide-y divide-gray-200 rounded-md border border-gray-200">
      {rows.map((row) => (
        <li key={row.to}>
          <Link
            to={row.to}
            className="flex min-h-12 items-center gap-3 px-3 py-2.5 text-sm hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <row.icon aria-hidden className="size-5 shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1 font-medium text-gray-900">
              {row.label}
              {row.status ? <span className="font-normal text-gray-600">: {row.status}</span> : null}
            </span>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-gray-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
