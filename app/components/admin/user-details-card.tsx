import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { AdminUserDetails } from "#app/domain/user/find-users.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { VERIFICATION_STATUS_LABELS } from "#db/vocabulary.ts";

/** Dates as the loader sends them (ISO strings). */
export type AdminUserView = Omit<AdminUserDetails, "createdAt" | "admin" | "sellerApproval"> & {
  createdAt: string;
  admin: (Omit<NonNullable<AdminUserDetails["admin"]>, "since"> & { since: string }) | null;
  sellerApproval: { approvedAt: string } | null;
};

const NOT_PROVIDED = "Not provided";
const yesNo = (value: boolean) => (value ? "Yes" : "No");
export const capitalise = (value: string | null | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : null;

/** Everything the admin may see about one user, as label and value rows. */
export function UserDetailsCard({ user }: { user: AdminUserView }) {
  const website = user.website && /^https?:\/\//i.test(user.website) ? user.website : null;
  const fields: [string, ReactNode][] = [
    ["Full name", user.fullName ?? NOT_PROVIDED],
    ["E-mail", <span className="break-all">{user.email}</span>],
    ["User ID", <code className="break-all text-xs">{user.id}</code>],
    ["Registered", formatAdminDate(user.createdAt)],
    ["Role", capitalise(user.role)],
    ["Phone", user.phone ?? NOT_PROVIDED],
    ["Company", user.company ?? NOT_PROVIDED],
    [
      "Website",
      website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-brand-700 underline"
        >
          {website}
        </a>
      ) : (
        (user.website ?? NOT_PROVIDED)
      ),
    ],
    ["Admin", user.admin ? `Yes, since ${formatAdminDate(user.admin.since)}` : "No"],
    ["Admin notes", user.admin ? (user.admin.notes ?? NOT_PROVIDED) : "Not an admin"],
    [
      "Seller approval",
      user.sellerApproval ? `Approved on ${formatAdminDate(user.sellerApproval.approvedAt)}` : "Not approved",
    ],
    ["Seller type", user.seller ? (capitalise(user.seller.sellerType) ?? NOT_PROVIDED) : "Not a seller"],
    ["Seller role", user.seller ? (capitalise(user.seller.sellerRole) ?? NOT_PROVIDED) : "Not a seller"],
    ["E-mail verified", yesNo(user.emailVerified)],
    ["Seller verified", user.seller ? VERIFICATION_STATUS_LABELS[user.seller.verificationStatus] : "Not a seller"],
    [
      "Verification documents",
      user.seller ? (user.seller.documentCount ? `${user.seller.documentCount} uploaded` : "Not uploaded") : "Not a seller",
    ],
    ["Commission accepted", user.buyer ? yesNo(user.buyer.commissionAccepted) : "Not a buyer"],
    ["Listings", String(user.counts.listings)],
    ["Transactions", String(user.counts.transactions)],
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>User details</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]" aria-label="User details">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-medium text-gray-600">{label}</dt>
              <dd className="text-sm text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
