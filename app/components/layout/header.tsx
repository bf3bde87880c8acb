import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { cn } from "#app/lib/utils.ts";

type NavItem = { to: string; label: string };

export function navItems(viewer: Viewer | null): NavItem[] {
  const items: NavItem[] = [
    { to: "/", label: "Home" },
    { to: "/equipment", label: "Catalog" },
  ];
  if (viewer?.role === "seller") items.push({ to: "/seller-dashboard", label: "Seller Dashboard" });
  if (viewer?.role === "buyer") items.push({ to: "/buyer-dashboard", label: "Buyer Dashboard" });
  if (viewer?.isAdmin) {
    items.push({ to: "/admin", label: "Admin Panel" });
    items.push({ to: "/email-test", label: "Email Test" });
  }
  if (viewer) items.push({ to: "/feedback", label: "Feedback" });
  return items;
}

function Logo() {
  const [broken, setBroken] = useState(false);
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Machinery Marketplace home">
      {broken ? (
        <span className="flex size-9 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white">
          DE
        </span>
      ) : (
        <img src="/logo.svg" alt="" width={36} height={36} className="size-9" onError={() => setBroken(true)} />
      )}
      <span className="leading-tight">
        <span className="block text-base font-bold text-gray-900">DealEquip</span>
        <span className="block text-xs text-gray-500">Machinery Marketplace</span>
      </span>
    </Link>
  );
}

function SignOutButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/signout";
  return (
    <Form method="post" action="/signout">
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? "Signing out..." : "Logout"}
      </Button>
    </Form>
  );
}

export function Header({ viewer, notificationSlot }: { viewer: Viewer | null; notificationSlot?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const items = navItems(viewer);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100",
                  isActive && "text-brand-700",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {viewer ? (
            <>
              {notificationSlot}
              <SignOutButton />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/signin">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">Sign Up</Link>
              </Button>
            </>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-gray-200 bg-white px-4 py-2 md:hidden">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100"
            >
              {item.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </header>
  );
}
