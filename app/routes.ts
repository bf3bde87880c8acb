import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * The route table, in the spec's order (§2). Every route here needs a row in
 * tests/e2e/permission-matrix.ts.
 */
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/callback", "routes/auth/auth-callback.tsx"),
  route("signin", "routes/auth/signin.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("complete-profile", "routes/auth/complete-profile.tsx"),
  route("select-role", "routes/auth/select-role.tsx"),
  route("signout", "routes/auth/signout.tsx"),
  route("equipment", "routes/catalog/catalog.tsx", { id: "catalog-equipment" }),
  route("buyer-catalog", "routes/catalog/catalog.tsx", { id: "catalog-buyer" }),
  route("catalog", "routes/catalog/catalog.tsx", { id: "catalog" }),
  route("parts", "routes/catalog/parts.tsx"),
  route("listing/:id", "routes/catalog/listing-detail.tsx"),
  route("watchlist", "routes/buyer/watchlist.tsx"),
  route("buyer-dashboard", "routes/buyer/buyer-dashboard.tsx"),
  route("feedback", "routes/feedback.tsx"),
  route("contact", "routes/contact.tsx"),
  route("seller-dashboard", "routes/seller/seller-dashboard.tsx"),
  route("seller/create", "routes/seller/seller-create.tsx"),
  route("seller/mandate/:listingId", "routes/seller/seller-mandate.tsx"),
  route("mandates/:agreementId/pdf", "routes/seller/mandate-pdf.ts"),
  route("notifications", "routes/notifications.tsx"),
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/admin-listings.tsx"),
    route("users", "routes/admin/admin-users.tsx"),
    route("users/:userId", "routes/admin/admin-user.tsx"),
    route("messages", "routes/admin/admin-messages.tsx"),
    route("requests", "routes/admin/admin-requests.tsx"),
    route("invitations", "routes/admin/admin-invitations.tsx"),
  ]),
  route("admin/listings/:id/edit", "routes/admin/admin-listing-edit.tsx"),
  route("admin/mailbox", "routes/admin/mailbox.tsx"),
  route("admin/mailbox/:id", "routes/admin/mailbox-message.tsx"),
  route("admin/mailbox/:id/attachments/:index", "routes/admin/mailbox-attachment.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/listings", "routes/api/listings.ts"),
  route("api/favourites", "routes/api/favourites.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
